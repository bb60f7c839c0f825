import Foundation

/// A file path inside the content folder, made only of checked parts: no part is empty, `.`,
/// `..`, holds `/` or NUL, or is longer than a file name may be. Names and identifiers from an
/// answer become parts of it, so a hostile answer can never name a file outside its folder.
public struct CachePath: Sendable, Hashable, CustomStringConvertible {
    public let parts: [String]

    /// The longest part: Linux file systems allow 255 bytes, less the temporary name's additions.
    static let maxPartBytes = 200

    public init?(_ parts: [String]) {
        guard !parts.isEmpty else { return nil }
        for part in parts {
            guard !part.isEmpty, part != ".", part != "..", part.utf8.count <= Self.maxPartBytes,
                  !part.contains("/"), !part.contains("\0"), !part.contains("\\") else { return nil }
        }
        self.parts = parts
    }

    public init?(_ path: String) {
        self.init(path.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
    }

    public var description: String { parts.joined(separator: "/") }

    func url(in content: URL) -> URL {
        parts.reduce(content) { $0.appendingPathComponent($1, isDirectory: false) }
    }

    /// The folder holding this file, as a path of its own.
    var folder: [String] { Array(parts.dropLast()) }
}
