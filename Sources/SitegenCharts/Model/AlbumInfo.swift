import SitegenCore

/// An image Last.fm offers in several sizes, with the placeholder star and empty URLs removed.
public struct Artwork: Sendable, Hashable {
    public struct Variant: Sendable, Hashable {
        public let url: String
        /// Pixel width and height (Last.fm's images are square).
        public let pixels: Int
    }

    /// Usable variants, smallest first.
    public let variants: [Variant]

    /// The smallest variant at least `pixels` wide (for a sharp picture at twice the display
    /// size), else the largest there is.
    public func best(forAtLeast pixels: Int) -> Variant? {
        variants.first { $0.pixels >= pixels } ?? variants.last
    }
}

/// What album.getInfo says about an album that the pages use.
public struct AlbumInfo: Sendable {
    public let name: String
    /// nil when album.getInfo names no artist.
    public let artist: String?
    public let url: String?
    public let artwork: Artwork?
    public let tags: [String]
    public let trackCount: Int
    /// The wiki summary as plain text, "Read more on Last.fm" removed.
    public let summary: String?
    public let file: String
}
