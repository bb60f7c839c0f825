//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//
// Modified for sitegen: fewer dynamic casts (some remembered by type in `CastCache`), no name
// splitting on the common paths, and one output string per render; the output is unchanged.
// Names no value declares are reported (`MustacheUndeclaredNames`). See Vendor/README.md.
//

import Foundation

extension MustacheTemplate {
    /// Render template using object
    /// - Parameters:
    ///   - stack: Object
    ///   - context: Context that render is occurring in. Contains information about position in sequence
    ///   - indentation: indentation of partial
    /// - Returns: Rendered text
    func render(context: MustacheContext) -> String {
        var string = ""
        self.render(context: context, into: &string)
        return string
    }

    /// Appends the rendered text to `output`. Sections, partials and blocks render into their
    /// caller's string rather than into strings of their own that the caller then copies.
    func render(context: MustacheContext, into output: inout String) {
        if let indentation = context.indentation, indentation != "" {
            // Whether a token rendered anything, and this render's own text so far (not its
            // caller's), decide where the indentation goes: each token renders into a string of
            // its own here.
            var string = ""
            self.renderIndented(from: 0, context: context, indentation: indentation, into: &string)
            output += string
        } else {
            self.render(from: 0, context: context, into: &output)
        }
    }

    /// Renders the tokens from `start` on. A content-type token changes the context of the
    /// tokens after it, which are then rendered with a context of their own: the context is not
    /// copied into a variable for every render (a copy retains each of its parts, and every
    /// section and item renders through here).
    private func render(from start: Int, context: MustacheContext, into output: inout String) {
        var index = start
        while index < tokens.count {
            if case .contentType(let contentType) = tokens[index] {
                self.render(from: index + 1, context: context.withContentType(contentType), into: &output)
                return
            }
            self.renderToken(tokens[index], context: context, into: &output)
            index += 1
        }
    }

    /// `render(from:context:into:)` with indentation: `string` is this render's own text so far.
    private func renderIndented(from start: Int, context: MustacheContext, indentation: String, into string: inout String) {
        var index = start
        while index < tokens.count {
            if case .contentType(let contentType) = tokens[index] {
                self.renderIndented(from: index + 1, context: context.withContentType(contentType), indentation: indentation, into: &string)
                return
            }
            var renderedString = ""
            self.renderToken(tokens[index], context: context, into: &renderedString)
            // if rendered string is not empty and we are on a new line
            if !renderedString.isEmpty, string.last == "\n" {
                string += indentation
            }
            string += renderedString
            index += 1
        }
    }

    /// Renders a token other than a content type's, which `render` applies to the context of
    /// the tokens after it.
    func renderToken(_ token: Token, context: MustacheContext, into output: inout String) {
        switch token {
        case .text(let text):
            output += text

        case .variable(let variable, let transforms):
            if let child = getChild(named: variable, transforms: transforms, context: context) {
                // Custom renderables first: they are most printed values, and a template is not one.
                if let renderable = context.casts.asRenderable(child) {
                    output += context.contentType.escapeText(renderable.renderText)
                } else if let template = child as? MustacheTemplate {
                    template.render(context: context, into: &output)
                } else if let lambda = child as? MustacheLambda {
                    output += self.renderLambda(lambda, parameter: "", context: context)
                } else {
                    output += context.contentType.escapeText(String(describing: unwrapIfAnyContainsOptional(child)))
                }
            }

        case .unescapedVariable(let variable, let transforms):
            if let child = getChild(named: variable, transforms: transforms, context: context) {
                if let renderable = context.casts.asRenderable(child) {
                    output += renderable.renderText
                } else if let lambda = child as? MustacheLambda {
                    output += self.renderUnescapedLambda(lambda, parameter: "", context: context)
                } else {
                    output += String(describing: unwrapIfAnyContainsOptional(child))
                }
            }

        case .section(let variable, let transforms, let template):
            let child = self.getChild(named: variable, transforms: transforms, context: context)
            self.renderSection(child, with: template, context: context, lambdaParameter: template.text, into: &output)

        case .invertedSection(let variable, let transforms, let template):
            let child = self.getChild(named: variable, transforms: transforms, context: context)
            self.renderInvertedSection(child, with: template, context: context, into: &output)

        case .blockExpansion(let name, let defaultTemplate, let indented):
            if let override = context.inherited?[name] {
                override.render(context: context.withBlockExpansion(indented: indented), into: &output)
            } else {
                defaultTemplate.render(context: context.withBlockExpansion(indented: indented), into: &output)
            }

        case .partial(let name, let indentation, let overrides):
            if var template = context.library?.getTemplate(named: name) {
                #if DEBUG
                if context.reloadPartials {
                    guard let filename = template.filename else {
                        preconditionFailure("Can only use reload if template was generated from a file")
                    }
                    do {
                        guard let partialTemplate = try MustacheTemplate(filename: filename) else {
                            output += "Cannot find template at \(filename)"
                            return
                        }
                        template = partialTemplate
                    } catch {
                        output += "\(error)"
                        return
                    }
                }
                #endif
                context.state.inPartial(name) {
                    template.render(context: context.withPartial(indented: indentation, inheriting: overrides), into: &output)
                }
            }

        case .dynamicNamePartial(let name, let indentation, let overrides):
            let child = self.getChild(named: name, transforms: [], context: context)
            guard let childName = child as? String else {
                return
            }
            if var template = context.library?.getTemplate(named: childName) {
                #if DEBUG
                if context.reloadPartials {
                    guard let filename = template.filename else {
                        preconditionFailure("Can only use reload if template was generated from a file")
                    }
                    do {
                        guard let partialTemplate = try MustacheTemplate(filename: filename) else {
                            output += "Cannot find template at \(filename)"
                            return
                        }
                        template = partialTemplate
                    } catch {
                        output += "\(error)"
                        return
                    }
                }
                #endif
                context.state.inPartial(childName) {
                    template.render(context: context.withPartial(indented: indentation, inheriting: overrides), into: &output)
                }
            }

        case .contentType:
            break

        case .blockDefinition:
            fatalError("Should not be rendering block definitions")
        }
    }

    /// Render a section
    /// - Parameters:
    ///   - child: Object to render section for
    ///   - parent: Current object being rendered
    ///   - template: Template to render with
    ///   - lambdaParameter: when not nil, a lambda `child` is called with it rather than pushed
    ///   - output: the text the section is appended to
    func renderSection(_ child: Any?, with template: MustacheTemplate, context: MustacheContext, lambdaParameter: String? = nil,
                       into output: inout String) {
        // The release's switch of casts, in its order, with the casts answered by `CastCache`.
        guard let value = child else { return }
        if let array = context.casts.asSequence(value) {
            array.renderSection(with: template, context: context, into: &output)
        } else if let bool = context.casts.asBool(value) {
            if bool { template.render(context: context, into: &output) }
        } else if let null = context.casts.asRenderable(value), null.isNull {
            return
        } else if let lambdaParameter, let lambda = context.casts.asLambda(value) {
            // After the casts above, which a lambda fails, so that the values they find skip this one.
            output += self.renderUnescapedLambda(lambda, parameter: lambdaParameter, context: context)
        } else {
            template.render(context: context.withObject(value), into: &output)
        }
    }

    /// Render a section
    func renderSection(_ child: Any?, with template: MustacheTemplate, context: MustacheContext) -> String {
        var string = ""
        self.renderSection(child, with: template, context: context, into: &string)
        return string
    }

    /// Render an inverted section
    /// - Parameters:
    ///   - child: Object to render section for
    ///   - parent: Current object being rendered
    ///   - template: Template to render with
    ///   - output: the text the section is appended to
    func renderInvertedSection(_ child: Any?, with template: MustacheTemplate, context: MustacheContext, into output: inout String) {
        guard let value = child else {
            template.render(context: context, into: &output)
            return
        }
        if let array = context.casts.asSequence(value) {
            array.renderInvertedSection(with: template, context: context, into: &output)
        } else if let bool = context.casts.asBool(value) {
            if !bool { template.render(context: context, into: &output) }
        } else if let null = context.casts.asRenderable(value), null.isNull {
            template.render(context: context, into: &output)
        }
    }

    func renderLambda(_ lambda: MustacheLambda, parameter: String, context: MustacheContext) -> String {
        var lambda = lambda
        while true {
            guard let result = lambda(parameter) else { return "" }
            if let string = result as? String {
                do {
                    let newTemplate = try MustacheTemplate(string: context.contentType.escapeText(string))
                    return self.renderSection(context.stack.object, with: newTemplate, context: context)
                } catch {
                    return ""
                }
            } else if let lambda2 = result as? MustacheLambda {
                lambda = lambda2
                continue
            } else {
                return context.contentType.escapeText(String(describing: unwrapIfAnyContainsOptional(result)))
            }
        }
    }

    func renderUnescapedLambda(_ lambda: MustacheLambda, parameter: String, context: MustacheContext) -> String {
        var lambda = lambda
        while true {
            guard let result = lambda(parameter) else { return "" }
            if let string = result as? String {
                do {
                    let newTemplate = try MustacheTemplate(string: string)
                    return self.renderSection(context.stack.object, with: newTemplate, context: context)
                } catch {
                    return ""
                }
            } else if let lambda2 = result as? MustacheLambda {
                lambda = lambda2
                continue
            } else {
                return String(describing: unwrapIfAnyContainsOptional(result))
            }
        }
    }

    /// Get child object from variable name
    func getChild(named name: String, transforms: [String], context: MustacheContext) -> Any? {
        func _getImmediateChild(named name: String, from object: Any) -> Any? {
            // Without an `Any?` copy of the object: copying and destroying one goes through the
            // runtime's generic witnesses of `Optional`.
            if let custom = context.casts.asRepresentation(object) {
                guard let representation = custom.representation else { return nil }
                return _getImmediateChild(named: name, fromResolved: representation)
            }
            return _getImmediateChild(named: name, fromResolved: object)
        }

        /// The child of a value that is not a custom representation (or is what one represents).
        func _getImmediateChild(named name: String, fromResolved object: Any) -> Any? {
            if let customBox = context.casts.asParent(object) {
                return customBox.child(named: name)
            }
            let mirror = Mirror(reflecting: object)
            return mirror.getValue(forKey: name)
        }

        /// The child of a stack entry: from the parent found when it was pushed, if any.
        func _getImmediateChild(named name: String, in entry: MustacheStackEntry) -> Any? {
            if let parent = entry.parent { return parent.child(named: name) }
            return _getImmediateChild(named: name, from: entry.object)
        }

        /// The child found in the entry nearest the top of the stack that has one.
        func _getChildInStack(named name: String) -> (child: Any, entry: MustacheStackEntry)? {
            var entry: MustacheStackEntry? = context.stack
            while let current = entry {
                if let child = _getImmediateChild(named: name, in: current) { return (child, current) }
                entry = current.below
            }
            return nil
        }

        func _getChild(named names: ArraySlice<String>, from object: Any) -> Any? {
            guard let name = names.first else { return object }
            var object = object
            if let lambda = object as? MustacheLambda {
                guard let result = lambda("") else { return nil }
                object = result
            }
            guard let childObject = _getImmediateChild(named: name, from: object) else { return nil }
            let names2 = names.dropFirst()
            return _getChild(named: names2, from: childObject)
        }

        func _getChildInStack(named names: ArraySlice<String>) -> Any? {
            guard let name = names.first else { return context.stack.object }
            guard let (childObject, _) = _getChildInStack(named: name) else { return nil }
            return _getChild(named: names.dropFirst(), from: childObject)
        }

        /// Whether `object` (`parent` when the stack found it) has `name` among its children,
        /// with or without a value (see `MustacheUndeclaredNames`).
        func _declares(_ name: String, in object: Any, parent: MustacheParent?) -> Bool {
            if let parent { return parent.declaresChild(named: name) }
            if context.casts.asRepresentation(object) != nil { return true }
            if let parent = context.casts.asParent(object) { return parent.declaresChild(named: name) }
            let mirror = Mirror(reflecting: object)
            // An optional in an `Any` (upstream prints an empty one as "nil"): what it would hold is not known.
            if mirror.displayStyle == .optional { return true }
            return mirror.children.contains { $0.label == name }
        }

        /// For a lookup that found nothing: whether no value on the stack declares the name's
        /// first part, or the value found for one part does not declare the next. A part
        /// declared without a value ends the question: what comes after it is not known. A name
        /// with a leading dot (`.title`) is looked up in the current value only.
        func _isUndeclared() -> Bool {
            // A plain name, as most are, without an array of its parts.
            let parts = Self.hasDot(name) ? Self.split(name) : nil
            let first = parts?.first ?? name
            let local = name.utf8.first == UInt8(ascii: ".")
            var entry: MustacheStackEntry? = context.stack
            var declared = false
            var object: Any?
            while let current = entry, object == nil {
                if _declares(first, in: current.object, parent: current.parent) {
                    declared = true
                    object = _getImmediateChild(named: first, in: current)
                }
                entry = local ? nil : current.below
            }
            guard declared else { return true }
            for part in (parts ?? []).dropFirst() {
                guard let value = object, !(value is MustacheLambda) else { return false }
                guard _declares(part, in: value, parent: nil) else { return true }
                object = _getImmediateChild(named: part, from: value)
            }
            return false
        }

        // work out which object to access. "." means the current object, if the variable name is ""
        // and we have a transform to run on the variable then we need the context object, otherwise
        // the name is split by "." and we use mirror to get the correct child object. If we cannot find
        // the root object we look up the context stack until we can find one with a matching name. The
        // stack climbing can be disabled by prefixing the variable name with a "."
        var child: Any?
        if name == "." {
            child = context.stack.object
        } else if name == "", !transforms.isEmpty {
            child = context.sequenceContext
        } else if name.utf8.first == UInt8(ascii: "."), name.first == "." {
            let nameSplit = Self.split(name)
            child = _getChild(named: nameSplit[...], from: context.stack.object)
        } else if !name.isEmpty, !Self.hasDot(name) {
            // A plain name, as most are: looked up as it is, without splitting it into a new array.
            child = _getChildInStack(named: name)?.child
        } else {
            let nameSplit = Self.split(name)
            child = _getChildInStack(named: nameSplit[...])
        }

        // skip transforms if child is already nil
        guard var child else {
            if let undeclared = context.library?.undeclaredNames, let rendering = context.state.rendering,
               !name.isEmpty, name != ".", _isUndeclared() {
                undeclared.add(name, rendering: rendering, in: context.state.partial)
            }
            return nil
        }
        if let custom = context.casts.asRepresentation(child) {
            guard let representation = custom.representation else { return nil }
            child = representation
        }

        // if we want to run a transform and the current child can have transforms applied to it then
        // run transform on the current child
        for transform in transforms.reversed() {
            if let runnable = child as? MustacheTransformable,
                let transformed = runnable.transform(transform)
            {
                child = transformed
                continue
            }

            // return nil if transform is unsuccessful or has returned nil
            return nil
        }
        return child
    }

    /// The parts of a dotted name, split on its bytes: splitting by `Character` runs grapheme
    /// breaking on every byte, and `page.title` or `site.title` are looked up on every page. The
    /// parser accepts only ASCII names, whose bytes are their characters.
    private static func split(_ name: String) -> [String] {
        // On the contiguous bytes: the generic `split` of a UTF-8 view walks it one index at a
        // time.
        var name = name
        return name.withUTF8 { bytes in
            var parts: [String] = []
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: ".") {
                if index > start { parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            if bytes.count > start { parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)) }
            return parts
        }
    }

    /// Whether `name` holds a ".", read from its bytes at once: the generic `contains` walks a
    /// string's UTF-8 view an index at a time, and every tag's name is asked.
    private static func hasDot(_ name: String) -> Bool {
        name.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: ".")) } ?? name.utf8.contains(UInt8(ascii: "."))
    }

    private func unwrapIfAnyContainsOptional(_ value: Any) -> Any {
        guard let opt = value as? AnyOptional else { return value }
        return opt.anyWrapped ?? value  // nil? keep the original Optional.none
    }
}
