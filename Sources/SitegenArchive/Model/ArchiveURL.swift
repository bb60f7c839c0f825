import SitegenCore

/// archive.org URLs for identifiers and file names that may hold any character.
public enum ArchiveURL {
    /// An identifier as one path segment (`PercentEncoding`).
    public static func escapePath(_ text: String) -> String {
        PercentEncoding.encoded(text)
    }

    /// "https://archive.org/download/<identifier>/": what every file link of a recording starts
    /// with, escaped once per recording (each of its tracks has a link per format).
    public static func downloadPrefix(_ identifier: String) -> String {
        "https://archive.org/download/" + escapePath(identifier) + "/"
    }

    /// A file's path below its item's download prefix: each folder and the name escaped, the
    /// slashes between them kept, empty parts (a leading, trailing or doubled slash) dropped.
    public static func filePath(_ name: String) -> String {
        PercentEncoding.encodedPath(name)
    }
}
