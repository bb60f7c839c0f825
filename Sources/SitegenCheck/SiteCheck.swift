import Foundation
import SitegenCore

/// One thing `sitegen check` found, in one file.
public struct CheckProblem: Sendable, Hashable, Comparable {
    public enum Severity: String, Sendable, Comparable {
        case error, warning
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .error && rhs == .warning }
    }

    /// The file it is in: an output file ("news/a/index.html") or a source file from a build warning.
    public let file: String
    public let severity: Severity
    /// The text, led by its place in the file when it has one (`place`).
    public let message: String
    /// The place in the file, for the order: line 2 before line 10.
    public let line: Int?
    public let column: Int?
    /// What pages with this problem have in common, for a link: many such pages are one
    /// problem of a template or a partial (`CheckReport.widespread`).
    public let shared: SharedCause?

    /// A link's problem as pages share it.
    public enum SharedCause: Sendable, Hashable, Comparable {
        /// The file of the site it names and that is not there ("about/index.html").
        case missing(String)
        /// The link as written, out of the site (`a href="/news/"`).
        case outside(String)
    }

    public init(file: String, severity: Severity, message: String, line: Int? = nil, column: Int? = nil, shared: SharedCause? = nil) {
        self.file = file
        self.severity = severity
        self.message = message
        self.line = line
        self.column = column
        self.shared = shared
    }

    /// For a broken link, the file of the site it names and that is not there.
    var missingTarget: String? {
        if case .missing(let target) = shared { return target }
        return nil
    }

    public static func < (lhs: CheckProblem, rhs: CheckProblem) -> Bool {
        (lhs.file, lhs.severity, lhs.line ?? 0, lhs.column ?? 0, lhs.message) < (rhs.file, rhs.severity, rhs.line ?? 0, rhs.column ?? 0, rhs.message)
    }

    /// "line 3, column 17: " or "at $.events[2].id: ", the lead of a message about that place.
    public static func place(_ location: SourceLocation?) -> String {
        var place: [String] = []
        if let line = location?.line { place.append(location?.column.map { "line \(line), column \($0)" } ?? "line \(line)") }
        if let path = location?.jsonPath { place.append("at \(path)") }
        return place.isEmpty ? "" : place.joined(separator: " ") + ": "
    }
}

/// What a check found: every problem of the site, and how much it looked at.
public struct CheckReport: Sendable {
    public var problems: [CheckProblem] = []
    /// Cached files pages need and lack: listed, neither errors nor warnings (a cache is filled
    /// over time, and a page without them is still whole).
    public var missingCache: [CacheNeed] = []
    public var pages = 0
    /// The XML files (the feed, the sitemaps) checked for well-formedness.
    public var xmlFiles = 0
    public var references = 0
    public var seconds = 0.0
    /// The post each page is made from, where one is (`BuildReport.pageSources`): a page's
    /// problems are the post's to fix.
    public var pageSources: [String: String] = [:]

    public init() {}

    public var errors: Int { problems.count { $0.severity == .error } }
    public var warnings: Int { problems.count { $0.severity == .warning } }

    /// "602 pages, 7 XML files, 24303 references checked: 1 error, 0 warnings in 1 file · 0.72 s"
    public var summary: String {
        "\(pages.counted("page")), \(xmlFiles.counted("XML file")), \(references.counted("reference")) checked: "
            + "\(errors.counted("error")), \(warnings.counted("warning")) in \(Set(problems.map(\.file)).count.counted("file")) · "
            + String(format: "%.2f s", seconds)
    }

    /// The problems grouped by file, files in order, errors first within each; without those
    /// `widespread` lists.
    public var grouped: [(file: String, problems: [CheckProblem])] {
        let folded = Set(widespread.map(\.cause))
        let listed = problems.filter { $0.shared.map { !folded.contains($0) } ?? true }
        return Dictionary(grouping: listed.sorted(), by: \.file).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// A link problem of this many pages or more is one problem of a template or a shared
    /// partial (a footer's link), listed once with its pages rather than once a page.
    public static let widespreadPages = 3

    /// The link problems of `widespreadPages` pages or more: the cause, the message of one of
    /// them, and the pages in order.
    public var widespread: [(cause: CheckProblem.SharedCause, message: String, pages: [String])] {
        // Pages, not links: one page's table of contents to a missing page links it many times.
        let byCause = Dictionary(grouping: problems.filter { $0.shared != nil }, by: { $0.shared! })
        return byCause.compactMap { cause, problems in
            let pages = Set(problems.map(\.file)).sorted()
            return pages.count >= Self.widespreadPages ? (cause, problems.min()!.message, pages) : nil
        }.sorted { $0.cause < $1.cause }
    }
}

/// Checks a built site in a folder: every internal reference of every HTML page (links, images,
/// stylesheets, scripts, srcset candidates) names a file of the site, every `#anchor` is an id
/// on its page, every page has a title and a description, and every XML file (the feed, the
/// sitemaps) is well-formed. Files are read on `jobs` threads.
public enum SiteCheck {
    /// `baseURL` ("https://example.org/music/"): absolute URLs under it are checked as the
    /// site's own.
    public static func check(folder: URL, basePath: String, baseURL: String? = nil, jobs: Int) -> CheckReport {
        let start = ContinuousClock.now
        let files = SiteFiles.list(folder)
        let pages = files.filter { $0.hasSuffix(".html") }.sorted()
        let fileSet = Set(files)
        let root = folder.path
        struct PageResult: Sendable {
            var problems: [CheckProblem] = []
            var anchors: Set<String> = []
            /// Links with a fragment to another page, checked once every page's ids are known.
            var fragments: [(target: String, fragment: String, url: String)] = []
            var references = 0
        }
        let results = Parallel.map(pages.count, jobs: jobs) { index -> PageResult in
            let page = pages[index]
            var result = PageResult()
            guard let data = FileManager.default.contents(atPath: root + "/" + page) else {
                result.problems.append(CheckProblem(file: page, severity: .error, message: "cannot be read"))
                return result
            }
            let parsed = PageReferences(html: data)
            result.anchors = parsed.anchors
            result.references = parsed.references.count
            if parsed.title?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? true {
                result.problems.append(CheckProblem(file: page, severity: .error, message: "has no title (an empty or missing <title>)"))
            }
            if parsed.description?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? true {
                result.problems.append(CheckProblem(file: page, severity: .warning,
                                                    message: "has no description (<meta name=\"description\"> empty or missing)"))
            }
            var seen: Set<String> = []
            for reference in parsed.references where seen.insert(reference.url).inserted {
                switch LinkTarget.resolve(reference.url, from: page, basePath: basePath, baseURL: baseURL) {
                case .external:
                    continue
                case .outside:
                    let link = "\(reference.attribute)=\"\(reference.url)\""
                    // A Hugo habit: "/news/" for a site that lives under base_url's path.
                    let hint = basePath != "/" && reference.url.hasPrefix("/") && !reference.url.hasPrefix("//")
                        ? ": the site lives under \(basePath) (base_url's path), where a template links {{root}}\(reference.url.dropFirst())" : ""
                    result.problems.append(CheckProblem(file: page, severity: .error, message: link + " points outside the site" + hint,
                                                        shared: .outside(link)))
                case .file(let target, let fragment):
                    let resolved = fileSet.contains(target) ? target
                        : fileSet.contains(target + "/index.html") ? target + "/index.html" : nil
                    guard let resolved else {
                        result.problems.append(CheckProblem(file: page, severity: .error,
                                                            message: "\(reference.attribute)=\"\(reference.url)\" is a broken link: there is no \(target)",
                                                            shared: .missing(target)))
                        continue
                    }
                    // "#top", in any case, is the top of any page by HTML's rules, with or without such an id.
                    if let fragment, resolved.hasSuffix(".html"), fragment.lowercased() != "top" {
                        if resolved == page {
                            if !parsed.anchors.contains(fragment) {
                                result.problems.append(CheckProblem(file: page, severity: .error,
                                                                    message: "\(reference.attribute)=\"\(reference.url)\": no id \"\(fragment)\" on this page"))
                            }
                        } else {
                            result.fragments.append((resolved, fragment, "\(reference.attribute)=\"\(reference.url)\""))
                        }
                    }
                }
            }
            return result
        }
        var anchors: [String: Set<String>] = [:]
        anchors.reserveCapacity(pages.count)
        for (page, result) in zip(pages, results) { anchors[page] = result.anchors }
        var report = CheckReport()
        report.pages = pages.count
        let xmlFiles = files.filter { $0.hasSuffix(".xml") }.sorted()
        report.xmlFiles = xmlFiles.count
        report.problems += Parallel.map(xmlFiles.count, jobs: jobs) { index -> [CheckProblem] in
            let file = xmlFiles[index]
            guard let data = FileManager.default.contents(atPath: root + "/" + file) else {
                return [CheckProblem(file: file, severity: .error, message: "cannot be read")]
            }
            return XMLWellFormedness.problems(of: data).map { problem in
                CheckProblem(file: file, severity: .error,
                             message: CheckProblem.place(SourceLocation(file: file, line: problem.line, column: problem.column))
                                + "is not well-formed XML: \(problem.message)",
                             line: problem.line, column: problem.column)
            }
        }.flatMap { $0 }
        for (page, result) in zip(pages, results) {
            report.references += result.references
            report.problems += result.problems
            for link in result.fragments where anchors[link.target]?.contains(link.fragment) != true {
                report.problems.append(CheckProblem(file: page, severity: .error,
                                                    message: "\(link.url): no id \"\(link.fragment)\" on \(link.target)"))
            }
        }
        let elapsed = ContinuousClock.now - start
        report.seconds = elapsed.seconds
        return report
    }
}

/// Where a URL in a page leads.
enum LinkTarget: Equatable {
    /// Another site, or a scheme that is not a file (mailto:, data:, tel:): not checked.
    case external
    /// A path that climbs above the site's root, or a root-relative path outside base_url's path.
    case outside
    /// A file of the site (relative to its root, percent-decoded) and the `#fragment`, if any.
    case file(String, fragment: String?)

    /// Resolves `url` as a browser would on the page at `page` (a file relative to the site
    /// root); root-relative URLs ("/music/news/") are read from `basePath` ("/music/"), and
    /// absolute ones under `baseURL` (canonical links, shared images, a post's link written in
    /// full) are the site's own files too. Works on the UTF-8 bytes: a large site has millions
    /// of references, and the same walk on Characters was most of a check's time.
    static func resolve(_ url: String, from page: String, basePath: String, baseURL: String? = nil) -> LinkTarget {
        var bytes = Array(url.utf8)[...]
        while let first = bytes.first, first <= 0x20 { bytes.removeFirst() }
        while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
        if let baseURL, bytes.starts(with: baseURL.utf8) {
            bytes = (Array(basePath.utf8) + bytes.dropFirst(baseURL.utf8.count))[...]
        }
        if bytes.starts(with: [0x2F, 0x2F]) || hasScheme(bytes) { return .external }
        var fragment: String?
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            let text = String(decoding: bytes[(hash + 1)...], as: UTF8.self)
            fragment = text.isEmpty ? nil : (text.contains("%") ? text.removingPercentEncoding ?? text : text)
            bytes = bytes[..<hash]
        }
        if let query = bytes.firstIndex(of: UInt8(ascii: "?")) { bytes = bytes[..<query] }
        if bytes.isEmpty { return .file(page, fragment: fragment) }
        var segments: [ArraySlice<UInt8>]
        if bytes.first == UInt8(ascii: "/") {
            let base = Array(basePath.utf8)
            guard bytes.starts(with: base) else { return .outside }
            segments = []
            bytes = bytes.dropFirst(base.count)
        } else {
            segments = Array(page.utf8).split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropLast()
        }
        let isFolder = bytes.isEmpty || bytes.last == UInt8(ascii: "/")
        for part in bytes.split(separator: UInt8(ascii: "/")) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                guard !segments.isEmpty else { return .outside }
                segments.removeLast()
            } else if part.contains(UInt8(ascii: "%")) {
                // Foundation's decoding, for the few segments with escapes.
                let text = String(decoding: part, as: UTF8.self)
                segments.append(Array((text.removingPercentEncoding ?? text).utf8)[...])
            } else {
                segments.append(part)
            }
        }
        var path = Array(segments.joined(separator: [UInt8(ascii: "/")]))
        if isFolder { path += Array((path.isEmpty ? "index.html" : "/index.html").utf8) }
        return .file(String(decoding: path, as: UTF8.self), fragment: fragment)
    }

    /// "https:", "mailto:", "data:": a letter, then letters, digits, `+`, `-`, `.`, then `:`.
    private static func hasScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isLetter(first) else { return false }
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: ":") { return true }
            guard isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".") else { return false }
        }
        return false
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
}

/// The files of a built site, relative to its folder.
enum SiteFiles {
    static func list(_ folder: URL) -> [String] {
        var files: [String] = []
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        while let relative = enumerator.nextObject() as? String {
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular { files.append(relative) }
        }
        return files
    }
}
