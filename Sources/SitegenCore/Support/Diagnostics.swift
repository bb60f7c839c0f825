import Foundation

/// Where in an input something was found: a file, and a line/column (YAML, templates, markdown)
/// or a JSON path (cached API responses).
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var jsonPath: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, jsonPath: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.jsonPath = jsonPath
    }

    /// The file is escaped like a message (`InputText.escapingControls`): a file or folder name
    /// is data too.
    public var description: String {
        var text = InputText.escapingControls(file)
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        if let jsonPath { text += " at \(jsonPath)" }
        return text
    }

    /// The order problems are listed in: by file, then line and column as numbers (line 5
    /// before line 11), then JSON path; a problem without a place before those with one.
    static func ordered(_ lhs: SourceLocation?, _ rhs: SourceLocation?, thenBy lhsText: String, _ rhsText: String) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): return lhsText < rhsText
        case (nil, _): return true
        case (_, nil): return false
        case let (lhs?, rhs?):
            if lhs.file != rhs.file { return lhs.file < rhs.file }
            if lhs.line != rhs.line { return (lhs.line ?? 0) < (rhs.line ?? 0) }
            if lhs.column != rhs.column { return (lhs.column ?? 0) < (rhs.column ?? 0) }
            if lhs.jsonPath != rhs.jsonPath { return numbersInOrder(lhs.jsonPath ?? "", rhs.jsonPath ?? "") }
            return lhsText < rhsText
        }
    }

    /// Text compared with its runs of digits as numbers: `$.event[2]` before `$.event[10]`.
    static func numbersInOrder(_ lhs: String, _ rhs: String) -> Bool {
        func runs(_ text: String) -> [(digits: Bool, text: Substring)] {
            var result: [(digits: Bool, text: Substring)] = []
            var start = text.startIndex
            while start < text.endIndex {
                let digits = text[start].isASCII && text[start].isNumber
                let end = text[start...].firstIndex { ($0.isASCII && $0.isNumber) != digits } ?? text.endIndex
                result.append((digits, text[start..<end]))
                start = end
            }
            return result
        }
        for (left, right) in zip(runs(lhs), runs(rhs)) where left.text != right.text {
            if left.digits, right.digits, left.text.count != right.text.count { return left.text.count < right.text.count }
            return left.text < right.text
        }
        return lhs.count < rhs.count
    }
}

/// A bad input that stops the build. The message says what was expected.
public struct SitegenError: Error, Sendable, CustomStringConvertible, Equatable {
    public static func == (lhs: SitegenError, rhs: SitegenError) -> Bool {
        lhs.location == rhs.location && lhs.message == rhs.message && lhs.outputChanged == rhs.outputChanged && lhs.others == rhs.others
    }

    public var location: SourceLocation?
    public var message: String
    /// True when the build failed after it began moving files into the output folder (a disk
    /// error while publishing): the output then holds part of the new build until the next
    /// build, which sees the publish's journal and repairs it.
    public var outputChanged = false
    /// The other problems found in the same run (see `SitegenError.all`): a build reports every
    /// bad input it can reach, not only the first.
    public var others: [SitegenError] = []
    /// The warnings the run had given when it stopped, so a failed build reports them too.
    /// Not part of what makes two errors equal.
    public var warnings: [Warning] = []
    /// The build stage it stopped ("load", "pages", "render", "write"); nil before the stages
    /// (the output folder's checks and locks). Not part of what makes two errors equal.
    public var stage: String?
    /// The build option the problem is about, for a front end to name its own flag for it
    /// (the command line's `--templates`). Not part of what makes two errors equal.
    public var option: BuildOptionName?

    /// Control characters in `message` (quoted from data) are escaped: `InputText.escapingControls`.
    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = InputText.escapingControls(message)
        self.location = location
    }

    /// This problem and the others of its run, one per line.
    public var description: String {
        ([self] + others).map(\.line).joined(separator: "\n")
    }

    /// As `description`, each problem about a build option followed by the front end's name for
    /// it: "… or give the build a base URL (--base-url)".
    public func description(naming options: (BuildOptionName) -> String) -> String {
        ([self] + others).map { problem in problem.line + (problem.option.map { " (\(options($0)))" } ?? "") }.joined(separator: "\n")
    }

    private var line: String {
        if let location { return "\(location): error: \(message)" }
        return "error: \(message)"
    }
}

/// The options of a build that a problem can be about (`SitegenError.option`).
public enum BuildOptionName: Sendable, Hashable {
    case content, templates, baseURL, output, lockWait, address, port

    /// An error about this option.
    public func error(_ message: String, at location: SourceLocation? = nil) -> SitegenError {
        var error = SitegenError(message, at: location)
        error.option = self
        return error
    }
}

/// Something the owner should know about but that does not stop the build.
public struct Warning: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var location: SourceLocation?
    public var message: String

    /// Control characters in `message` (quoted from data) are escaped: `InputText.escapingControls`.
    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = InputText.escapingControls(message)
        self.location = location
    }

    public var description: String {
        if let location { return "\(location): warning: \(message)" }
        return "warning: \(message)"
    }

    public static func < (lhs: Warning, rhs: Warning) -> Bool {
        SourceLocation.ordered(lhs.location, rhs.location, thenBy: lhs.message, rhs.message)
    }
}

/// Collects warnings from loaders that may run concurrently; `sorted` gives them in a fixed order
/// so that a build's report is deterministic.
public final class WarningLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Warning] = []

    public init() {}

    public func add(_ warning: Warning) {
        lock.withLock { items.append(warning) }
    }

    public func add(_ message: String, at location: SourceLocation? = nil) {
        add(Warning(message, at: location))
    }

    public var sorted: [Warning] {
        lock.withLock { Array(Set(items)).sorted() }
    }
}
