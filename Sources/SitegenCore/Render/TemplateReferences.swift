import Foundation

/// Reads the tags of template text for the checks made before anything renders: which templates
/// a template names (`{{>partial}}`, `{{<parent}}`, `{{{cached.partial}}}`), how its sections
/// pair up, and where a tag is left open. The engine parses for rendering; these say where the
/// author wrote something, with its line and column.
enum TemplateReferences {
    struct Reference {
        let name: String
        let line: Int
        let column: Int
    }

    /// One tag: its first character when that says what it is (`#`, `^`, `/`, `>`, `<`, `$`,
    /// `{`, `&`; nil for a variable) and the name after it.
    struct Tag {
        let marker: Character?
        let reference: Reference
        var name: String { reference.name }
    }

    /// The tags of `text` in order, comments left out. `delimitersChanged` when a `{{=…=}}` tag
    /// sets other delimiters: what follows it is not read (this scan does not follow them). Lines
    /// end at LF or CRLF.
    static func tags(in text: String) -> (tags: [Tag], delimitersChanged: Bool) {
        var tags: [Tag] = []
        // The place of `index`, carried forward: counting each tag's column from its line's start
        // would go over a long line again for every tag on it.
        var line = 1
        var column = 1
        var index = text.startIndex
        func pass(to end: String.Index) {
            while let newline = text[index..<end].firstIndex(where: \.isNewline) {
                line += 1
                column = 1
                index = text.index(after: newline)
            }
            column += text.distance(from: index, to: end)
            index = end
        }
        while let open = text[index...].range(of: "{{") {
            pass(to: open.lowerBound)
            let after = text[open.upperBound...]
            let triple = after.first == "{"
            guard let close = after.range(of: triple ? "}}}" : "}}") else { break }
            let inside = after[..<close.lowerBound]
            let marker = inside.first.flatMap { "#^/<>$&{!=".contains($0) ? $0 : nil }
            if marker == "=" { return (tags, true) }
            if marker != "!" {
                let name = (marker == nil ? inside : inside.dropFirst()).trimmingCharacters(in: .whitespaces)
                tags.append(Tag(marker: marker, reference: Reference(name: name, line: line, column: column)))
            }
            pass(to: close.upperBound)
        }
        return (tags, false)
    }

    /// The templates `text` names, where it names them: partials, parents and cached partials.
    static func scan(_ text: String) -> [Reference] {
        tags(in: text).tags.compactMap { tag -> Reference? in
            switch tag.marker {
            case ">", "<":
                return tag.name.isEmpty ? nil : tag.reference
            case nil, "{", "&":
                guard tag.name.hasPrefix(CachedPartials.prefix), tag.name.count > CachedPartials.prefix.count else { return nil }
                let name = CachedPartials.template(String(tag.name.dropFirst(CachedPartials.prefix.count)))
                return Reference(name: name, line: tag.reference.line, column: tag.reference.column)
            default:
                return nil
            }
        }
    }

    /// How a template's sections fail to pair up, for a message that names them and points
    /// where the author wrote them.
    enum SectionMismatch {
        /// The innermost section (`{{#name}}`, `{{^name}}`, `{{$name}}`, `{{<name}}`) opened and
        /// never closed.
        case unclosed(Reference)
        /// `{{/close}}` where the innermost open section is `open`.
        case closedAs(open: Reference, close: Reference)
        /// `{{/close}}` where no section is open.
        case closedUnopened(Reference)
    }

    /// The first way the sections of `text` fail to pair up; nil when they pair up (or
    /// delimiters are changed, which this scan does not follow).
    static func sectionMismatch(in text: String) -> SectionMismatch? {
        let (tags, delimitersChanged) = tags(in: text)
        guard !delimitersChanged else { return nil }
        var open: [Reference] = []
        for tag in tags {
            switch tag.marker {
            case "#", "^", "$", "<":
                open.append(tag.reference)
            case "/":
                guard let innermost = open.popLast() else { return .closedUnopened(tag.reference) }
                if innermost.name != tag.name { return .closedAs(open: innermost, close: tag.reference) }
            default:
                break
            }
        }
        return open.last.map { .unclosed($0) }
    }

    /// The first tag of `text` that is not closed: no `}}` (or `}}}` after `{{{`) before the
    /// next tag or the end (a tag may span lines, as the engine reads it). The parser notices
    /// only at the end of the file; the place to name is where the tag opened.
    /// Nil when every tag is closed, or delimiters are changed, which this scan does not follow.
    static func unclosedTag(in text: String) -> (line: Int, column: Int, missing: String)? {
        guard !text.contains("{{=") else { return nil }
        var index = text.startIndex
        while let open = text[index...].range(of: "{{") {
            let triple = text[open.upperBound...].first == "{"
            let closer = triple ? "}}}" : "}}"
            let body = triple ? text.index(after: open.upperBound) : open.upperBound
            let close = text[body...].range(of: closer)?.lowerBound ?? text.endIndex
            let next = text[body...].range(of: "{{")?.lowerBound ?? text.endIndex
            guard close < next else {
                let before = text[..<open.lowerBound]
                let lineStart = before.lastIndex(where: \.isNewline).map { text.index(after: $0) } ?? text.startIndex
                return (before.filter(\.isNewline).count + 1, text.distance(from: lineStart, to: open.lowerBound) + 1, closer)
            }
            index = text.index(close, offsetBy: closer.count)
        }
        return nil
    }
}
