import SitegenCore

/// archive.org's URLs for an item, whose identifier may hold any character; a file's name below
/// the download prefix is `PercentEncoding.encodedPath(name)`.
public enum ArchiveURL {
    /// "https://archive.org/download/<identifier>/": what every file link of a recording starts
    /// with, escaped once per recording (each of its tracks has a link per format).
    public static func downloadPrefix(_ identifier: String) -> String {
        "https://archive.org/download/" + PercentEncoding.encoded(identifier) + "/"
    }

    /// The item's page on archive.org.
    public static func details(_ identifier: String) -> String {
        "https://archive.org/details/" + PercentEncoding.encoded(identifier)
    }
}
