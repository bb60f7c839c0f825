/// The `image` lists of Last.fm answers (user, album and artist getInfo), read the same way for
/// charts and for headliners: chosen by `size` or by the size in the URL (never by position),
/// with empty URLs and Last.fm's grey star placeholder, which means "no image", dropped.
public enum LastFMImages {
    /// The two hashes of the placeholder's file names.
    static let placeholderHashes = ["2a96cbd8b46e442fc41c2b86b821562f", "c6f59c1e5e7240a4c0d427abd71f3dbb"]

    /// Pixel sizes of Last.fm's size names, used when the URL does not say.
    static let sizePixels = ["small": 34, "medium": 64, "large": 174, "extralarge": 300, "mega": 300]

    /// One URL per pixel size, smallest first (the first entry of each size wins). Entries whose
    /// size is unknown ("" or a new name) count as the largest, the way clients take the last entry.
    public static func bySize(_ images: JSONCursor, warnings: WarningLog) -> [(pixels: Int, url: String)] {
        var bySize: [Int: String] = [:]
        for image in images.list {
            guard let url = image.webURL("#text", warnings: warnings),
                  !placeholderHashes.contains(where: { url.contains($0) }) else { continue }
            let pixels = pixels(inURL: url) ?? image.text("size").flatMap { sizePixels[$0.lowercased()] } ?? 300
            if bySize[pixels] == nil { bySize[pixels] = url }
        }
        return bySize.sorted { $0.key < $1.key }.map { (pixels: $0.key, url: $0.value) }
    }

    /// "…/i/u/34s/…" → 34, "…/i/u/300x300/…" → 300.
    static func pixels(inURL url: String) -> Int? {
        for part in url.split(separator: "/") {
            if part.hasSuffix("s"), let size = Int(part.dropLast()), size > 0 { return size }
            let pair = part.split(separator: "x")
            if pair.count == 2, let width = Int(pair[0]), Int(pair[1]) == width, width > 0 { return width }
        }
        return nil
    }
}
