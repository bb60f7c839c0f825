/// A Last.fm error body found in the cache: `{"error": 6, "message": "..."}`. Last.fm answers
/// some errors with HTTP 200, and a "not found" is stored on purpose (so it is not asked for
/// again), so every reader of a cached Last.fm answer asks for one before anything else: the
/// charts, the events' artist details, and `sitegen fetch`.
public struct LastFMError: Sendable, Hashable, CustomStringConvertible {
    /// Last.fm's code; 0 when the body's `error` is not a number (`codeText` says what it is).
    public let code: Int
    public let message: String
    /// The code as the body gives it: "6", or a quoted text that is not a number.
    let codeText: String

    /// "Invalid resource specified": the user, artist or album does not exist.
    public static let notFound = 6

    public init(code: Int, message: String) {
        self.init(code: code, codeText: String(code), message: message)
    }

    private init(code: Int, codeText: String, message: String) {
        self.code = code
        self.codeText = codeText
        self.message = message
    }

    public var description: String { "Last.fm error \(codeText): \(message)" }

    /// The error body `root` is, if it is one: an object with an `error` key.
    public static func found(in root: JSONCursor) -> LastFMError? {
        guard root.has("error") else { return nil }
        let value = root["error"]
        let text = value.int.map(String.init) ?? value.string.map { "\"\($0)\"" } ?? value.describeValue
        return LastFMError(code: value.int ?? 0, codeText: text, message: root.text("message") ?? "no message")
    }
}
