/// A link with its text, for any section's templates (`{{title}}`, `{{href}}`); `href` is
/// site-relative.
public struct LinkModel: Sendable, Hashable {
    public var title: String
    public var href: String

    public init(title: String, href: String) {
        self.title = title
        self.href = href
    }
}
