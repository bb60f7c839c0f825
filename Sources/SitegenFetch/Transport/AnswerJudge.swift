import Foundation
import SitegenArchive
import SitegenCharts
import SitegenCore
import SitegenEvents

/// What an HTTP answer means for the cache, decided from its status and its parsed body.
enum Verdict: Sendable, Equatable {
    /// The data asked for: cache it.
    case good
    /// A lasting "no such thing" (`{}` from archive.org, Last.fm error 6, Songkick "not found"):
    /// cached as sent, so it is not asked again every run, unless a good file is already there.
    case notFound
    /// Worth asking again after a pause: a rate limit, an overloaded or failing server, a
    /// temporary Last.fm error, an answer cut off before its end.
    case retry(String)
    /// Asking again will not help (a refused request, an answer of the wrong shape).
    case fail(String)
    /// The service refused the key: no request to it can succeed in this run.
    case keyRefused(String)
}

/// Judges answers. Last.fm's HTTP status is unreliable (error 6 comes with 200, 400 or 404), so
/// the body decides wherever there is one; an error body is recognised before anything else.
enum AnswerJudge {
    /// Last.fm's temporary errors: operation failed, service offline, temporary error, rate limit.
    static let lastfmTemporary: Set<Int> = [8, 11, 16, 29]
    /// Last.fm's answers to a bad key: authentication failed, invalid API key, suspended API key.
    static let lastfmKeyRefused: Set<Int> = [4, 10, 26]

    static func judge(status: Int, body: Data, expects: Expectation) -> Verdict {
        if status == 429 || (500...599).contains(status) { return .retry("HTTP \(status)") }
        if (300...399).contains(status) { return .fail("HTTP \(status): a redirect that is not followed (only to http(s) on the same host and port, or between archive.org's hosts)") }
        if case .image = expects { return judgeImage(status: status, body: body) }
        let root: JSONCursor
        do throws(SitegenError) {
            root = JSONCursor(try JSON.parse(body, file: "answer"), file: "answer")
        } catch {
            // JSON the build refuses however often it comes (too dense, too deep) is not asked again.
            if JSON.isRefusal(error) { return .fail((200...299).contains(status) ? error.message : "HTTP \(status)") }
            // A 200 with half a body or an HTML page from a proxy: never cached, asked again.
            return (200...299).contains(status) ? .retry("not complete, valid JSON (\(error.message))") : .fail("HTTP \(status)")
        }
        let verdict = judgeBody(root, expects: expects)
        if (200...299).contains(status) { return verdict }
        // The status is part of what went wrong: an error body alone would hide a 404 or a 403.
        switch verdict {
        case .good: return .fail("HTTP \(status)")
        case .notFound: return .notFound
        case .retry(let reason): return .retry("HTTP \(status): " + reason)
        case .fail(let reason): return .fail("HTTP \(status): " + reason)
        case .keyRefused(let reason): return .keyRefused("HTTP \(status): " + reason)
        }
    }

    /// The verdict on a body: its shape as the service sends it, then, for one that looks like
    /// the data, whether the build's own readers can read it (the section's `…CacheFiles.problem`):
    /// one they refuse is not stored, and a cached one is asked for again.
    static func judgeBody(_ root: JSONCursor, expects: Expectation) -> Verdict {
        let verdict = judgeShape(root, expects: expects)
        guard verdict == .good, let problem = unreadable(root, expects: expects) else { return verdict }
        let place = problem.location?.jsonPath.map { "at \($0): " } ?? ""
        return .fail("the build could not read it (\(place)\(problem.message))")
    }

    private static func unreadable(_ root: JSONCursor, expects: Expectation) -> SitegenError? {
        switch expects {
        case .lastfm(let key): ChartsCacheFiles.problem(in: root, key: key)
        case .songkick: EventsCacheFiles.problem(in: root)
        case .archiveSearch: ArchiveCacheFiles.problem(inSearchPage: root)
        case .archiveItem(let identifier): ArchiveCacheFiles.problem(inItem: root, identifier: identifier)
        case .image: nil
        }
    }

    private static func judgeShape(_ root: JSONCursor, expects: Expectation) -> Verdict {
        guard root.isObject else { return .fail("expected a JSON object, found \(root.describeValue)") }
        switch expects {
        case .lastfm(let key):
            if let error = LastFMError.found(in: root) {
                guard root["error"].int != nil else {
                    return .fail("an error answer without Last.fm's error number (`error`: \(root["error"].describeValue))")
                }
                let text = error.description
                if lastfmTemporary.contains(error.code) { return .retry(text) }
                if lastfmKeyRefused.contains(error.code) { return .keyRefused(text) }
                return error.code == LastFMError.notFound ? .notFound : .fail(text)
            }
            return root[key].isObject ? .good : .fail("expected an object at `\(key)`")
        case .songkick:
            let page = root["resultsPage"]
            guard page.isObject else { return .fail("expected a Songkick `resultsPage` object") }
            if page.text("status")?.lowercased() == "error" || page.has("error") {
                let message = page["error"].text("message") ?? "no message given"
                if message.lowercased().contains("apikey") || message.lowercased().contains("api key") {
                    return .keyRefused("Songkick error: \(message)")
                }
                return message.lowercased().contains("not found") ? .notFound : .fail("Songkick error: \(message)")
            }
            return .good
        case .archiveSearch:
            if root.has("error") { return .retry("archive.org error: \(root["error"].text ?? root["error"].describeValue)") }
            return root["items"].list.isEmpty && !root.has("items") ? .fail("expected a scrape page with `items`") : .good
        case .image:
            return .fail("expected an image, found JSON")
        case .archiveItem(let identifier):
            if root.isEmpty { return .notFound }
            if root.has("error") { return .retry("archive.org error: \(root["error"].text ?? root["error"].describeValue)") }
            guard root["metadata"].isObject else { return .fail("expected an item with `metadata`") }
            // The build would refuse an answer about another item (`ItemReader`).
            if let named = root["metadata"].text("identifier"), named != identifier {
                return .fail("the answer is about the item '\(named)', not '\(identifier)'")
            }
            return .good
        }
    }

    /// An image is judged by its first bytes: a 200 with an HTML error page is not one.
    static func judgeImage(status: Int, body: Data) -> Verdict {
        if status == 404 || status == 410 { return .notFound }
        guard (200...299).contains(status) else { return .fail("HTTP \(status)") }
        let head = [UInt8](body.prefix(12))
        let signatures: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8, 0xFF], Array("GIF8".utf8)]
        if signatures.contains(where: { head.starts(with: $0) }) { return .good }
        if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return .good }
        return .retry("not a PNG, JPEG, GIF or WebP image")
    }
}
