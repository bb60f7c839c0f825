import SitegenCore

/// What user.getInfo says about a listener.
public struct ListenerProfile: Sendable {
    public let name: String
    public let realName: String?
    public let playcount: Int?
    /// Unix seconds, from `registered.unixtime` (`#text` is an int or a date string by endpoint).
    public let registered: Int?
    public let avatar: Artwork?
    public let url: String?
    public let country: String?
}
