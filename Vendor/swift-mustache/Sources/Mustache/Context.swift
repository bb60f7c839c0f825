//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//
// Modified for sitegen: the context carries the render's `CastCache`, and its stack is a list
// that holds with each value the parent its names are looked up in; the render's state names
// the template and partial rendering (`MustacheUndeclaredNames`). See Vendor/README.md.
//

/// Added for sitegen: a value on the context stack, with what `CastCache.stackParent` found for
/// it when it was pushed (a lookup climbs the stack past several values for each tag; casting
/// each value once when it is pushed, not at every lookup that passes it, saves most of the
/// casts), and the entry below it. The stack is a list of these rather than an array: each push
/// copied the whole array, retaining every value in it again, and each lookup copied each entry
/// it passed.
final class MustacheStackEntry {
    let object: Any
    let parent: MustacheParent?
    let below: MustacheStackEntry?

    init(object: Any, parent: MustacheParent?, below: MustacheStackEntry?) {
        self.object = object
        self.parent = parent
        self.below = below
    }
}

/// Added for sitegen: what stays the same for a whole render, held by one reference so that
/// each context made on the way (one for every section and item) retains it once.
final class MustacheRenderState {
    let library: MustacheLibrary?
    let reloadPartials: Bool
    /// The casts of this render, by type.
    let casts: CastCache
    /// The name of the template the library was asked to render, and of the partial or parent
    /// rendering now (nil in the template itself), for `MustacheUndeclaredNames`.
    let rendering: String?
    private(set) var partial: String?

    init(library: MustacheLibrary?, reloadPartials: Bool, rendering: String?) {
        self.library = library
        self.reloadPartials = reloadPartials
        self.casts = CastCache()
        self.rendering = rendering
    }

    /// Runs `render` with `name` as the partial rendering. A block a child template fills is
    /// rendered inside its parent, so its tags are named with the parent's name.
    func inPartial(_ name: String, _ render: () -> Void) {
        let outer = partial
        partial = name
        render()
        partial = outer
    }
}

/// Context while rendering mustache tokens
struct MustacheContext {
    /// The top of the stack.
    let stack: MustacheStackEntry
    let sequenceContext: MustacheSequenceContext?
    let indentation: String?
    let inherited: [String: MustacheTemplate]?
    let contentType: MustacheContentType
    let state: MustacheRenderState

    var library: MustacheLibrary? { state.library }
    var reloadPartials: Bool { state.reloadPartials }
    var casts: CastCache { state.casts }

    /// initialize context with a single objectt
    init(_ object: Any, library: MustacheLibrary? = nil, reloadPartials: Bool = false, rendering: String? = nil) {
        let state = MustacheRenderState(library: library, reloadPartials: reloadPartials, rendering: rendering)
        self.stack = MustacheStackEntry(object: object, parent: state.casts.stackParent(object), below: nil)
        self.sequenceContext = nil
        self.indentation = nil
        self.inherited = nil
        self.contentType = HTMLContentType()
        self.state = state
    }

    private init(
        stack: MustacheStackEntry,
        sequenceContext: MustacheSequenceContext?,
        indentation: String?,
        inherited: [String: MustacheTemplate]?,
        contentType: MustacheContentType,
        state: MustacheRenderState
    ) {
        self.stack = stack
        self.sequenceContext = sequenceContext
        self.indentation = indentation
        self.inherited = inherited
        self.contentType = contentType
        self.state = state
    }

    /// The stack with `object` pushed.
    private func pushing(_ object: Any) -> MustacheStackEntry {
        MustacheStackEntry(object: object, parent: casts.stackParent(object), below: self.stack)
    }

    /// return context with object add to stack
    func withObject(_ object: Any) -> MustacheContext {
        .init(
            stack: pushing(object),
            sequenceContext: nil,
            indentation: self.indentation,
            inherited: self.inherited,
            contentType: self.contentType,
            state: self.state
        )
    }

    /// return context with indent and parameter information for invoking a partial
    func withPartial(indented: String?, inheriting: [String: MustacheTemplate]?) -> MustacheContext {
        let indentation: String?
        if let indented {
            indentation = (self.indentation ?? "") + indented
        } else {
            indentation = self.indentation
        }
        let inherits: [String: MustacheTemplate]?
        if let inheriting {
            if let originalInherits = self.inherited {
                inherits = originalInherits.merging(inheriting) { value, _ in value }
            } else {
                inherits = inheriting
            }
        } else {
            inherits = self.inherited
        }
        return .init(
            stack: self.stack,
            sequenceContext: nil,
            indentation: indentation,
            inherited: inherits,
            contentType: HTMLContentType(),
            state: self.state
        )
    }

    /// return context with indent information for invoking an inheritance block
    func withBlockExpansion(indented: String?) -> MustacheContext {
        let indentation: String?
        if let indented {
            indentation = (self.indentation ?? "") + indented
        } else {
            indentation = self.indentation
        }
        return .init(
            stack: self.stack,
            sequenceContext: nil,
            indentation: indentation,
            inherited: self.inherited,
            contentType: self.contentType,
            state: self.state
        )
    }

    /// return context with sequence info and sequence element added to stack
    func withSequence(_ object: Any, sequenceContext: MustacheSequenceContext) -> MustacheContext {
        .init(
            stack: pushing(object),
            sequenceContext: sequenceContext,
            indentation: self.indentation,
            inherited: self.inherited,
            contentType: self.contentType,
            state: self.state
        )
    }

    /// return context with sequence info and sequence element added to stack
    func withContentType(_ contentType: MustacheContentType) -> MustacheContext {
        .init(
            stack: self.stack,
            sequenceContext: self.sequenceContext,
            indentation: self.indentation,
            inherited: self.inherited,
            contentType: contentType,
            state: self.state
        )
    }
}
