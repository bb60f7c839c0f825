import Foundation

/// A piece of a page that many pages show the same way — a post in a list, a concert cell — put
/// into a view model to be rendered once per build and reused (Hugo's `partialCached`). Where a
/// template would loop `{{#posts}}{{>partials/post-summary}}{{/posts}}`, it writes
/// `{{#posts}}{{{html}}}{{/posts}}`, and the engine renders `partial` with `model` the first
/// time it meets `key` (per link depth, since links are relative).
public struct CachedPartial: Sendable {
    public let partial: String
    /// Unique within one build for this partial: the same key means the same model.
    public let key: String
    public let model: any Sendable

    public init(partial: String, key: String, model: any Sendable) {
        self.partial = partial
        self.key = key
        self.model = model
    }
}

/// The fragments rendered during one build, shared by the rendering threads.
final class FragmentCache: @unchecked Sendable {
    private var fragments: [String: String] = [:]
    private let lock = NSLock()

    func fragment(_ key: String, render: () -> String) -> String {
        if let cached = lock.withLock({ fragments[key] }) { return cached }
        let text = render()
        lock.withLock { fragments[key] = text }
        return text
    }
}

/// Templates a render looked for and did not find.
final class MissingTemplates: @unchecked Sendable {
    private var names: [String] = []
    private let lock = NSLock()

    func add(_ name: String) { lock.withLock { names.append(name) } }
    var first: String? { lock.withLock { names.first } }
}
