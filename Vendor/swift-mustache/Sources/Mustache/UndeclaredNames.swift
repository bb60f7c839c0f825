//
// Added for sitegen: see Vendor/README.md.
//

import Foundation

/// The names that tags looked up and that no value declares: not the value of an optional that
/// is empty (a declared child without a value), but a name no value on the context stack has at
/// all, or a part of a dotted name (`artist.nmae`) that the value before it does not have. Mustache
/// renders both as nothing, so a mistyped name leaves a hole in a page without a word; a library
/// given one of these reports each such name with the template it asked to render.
///
/// A value that is not a parent (a string, a number, a list) declares nothing; a custom
/// representation, whose children are not known, declares every name; a value read through
/// `Mirror` declares its labelled children. Shared by the renders of a build, on any thread.
public final class MustacheUndeclaredNames: @unchecked Sendable {
    public struct Name: Hashable, Sendable, Comparable {
        /// The template the library was asked to render.
        public let template: String
        /// The partial or parent whose tags were rendering, nil in the template itself. A block
        /// that the template fills in its parent renders inside the parent: its tags are the
        /// template's, not the parent's.
        public let partial: String?
        /// The name as the tag wrote it, without transforms.
        public let name: String

        public static func < (left: Name, right: Name) -> Bool {
            (left.template, left.partial ?? "", left.name) < (right.template, right.partial ?? "", right.name)
        }
    }

    private let lock = NSLock()
    private var names: Set<Name> = []

    public init() {}

    func add(_ name: String, rendering template: String, in partial: String?) {
        let name = Name(template: template, partial: partial, name: name)
        lock.withLock { _ = names.insert(name) }
    }

    /// The names reported since the last call, sorted, and forgets them.
    public func take() -> [Name] {
        lock.withLock {
            defer { names = [] }
            return names.sorted()
        }
    }
}
