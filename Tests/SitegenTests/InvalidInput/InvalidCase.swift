import Foundation

/// One broken or hostile site: changes to a small base site (Invalid/_base/) and what a build of
/// it must do. Hand-written cases are folders under Tests/SitegenTests/Invalid/<name>/: the files
/// to lay over the base (paths from the site root, "Content/site.yml"), and an `expected` file:
///
///     outcome: error            error | warning | ok | survives
///     message: not valid JSON   a substring of the error or of one warning (several lines:
///                               each must be reported, in the one run)
///     symlink: Content/static/etc -> /etc      (any number of these three)
///     fifo: Content/events/7644/events/1.json
///     remove: Content/site.yml
///     bytes: Content/static/big.txt 1100000     (a file of that many bytes, made when applied)
///     shows: events/new-york/index.html | not available   (text a page of the build must hold)
///     lacks: events/new-york/index.html | Nothing listed  (text it must not hold)
///     absent: events/new-york/calendar.ics                (an output file the build must not leave)
///     unwarned: archive/moe/README                        (text no warning may hold)
///
/// `ok` is a build with no warning at all. A page `lacks:` names must exist (`absent:` says it
/// must not), and a key or outcome not listed here stops the test run: a misspelt one would
/// leave a check that never runs.
///
/// `survives` (the generated cases) only asks that the build ends with success or an error
/// that names `message` (the file) — no crash, no hang — and the checks every case gets.
struct InvalidCase: Sendable, CustomStringConvertible {
    enum Outcome: String, Sendable { case error, warning, ok, survives }

    var name: String
    var files: [String: Data] = [:]
    var symlinks: [(path: String, target: String)] = []
    var fifos: [String] = []
    var removals: [String] = []
    var sized: [(path: String, count: Int)] = []
    /// Output files (paths under Output/) and text each must, or must not, hold after the build.
    var shows: [(path: String, text: String)] = []
    var lacks: [(path: String, text: String)] = []
    /// Output files that must not be there after the build (the base site's build made them).
    var absent: [String] = []
    /// Text no warning of the build may hold (a file that must not be reported).
    var unwarned: [String] = []
    var outcome: Outcome
    var message: String
    /// The `message` lines after the first: reported in the same run as it.
    var moreMessages: [String] = []
    var messages: [String] { [message] + moreMessages }

    var description: String { name }

    /// Every folder under Invalid/ but the base.
    static func folders() throws -> [InvalidCase] {
        let root = TestPaths.testsFolder.appendingPathComponent("Invalid")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix("_") && !$0.hasPrefix(".") }
        return try names.sorted().map { try folder(root.appendingPathComponent($0)) }
    }

    struct SpecError: Error, CustomStringConvertible { var description: String }

    static func folder(_ url: URL) throws -> InvalidCase {
        let spec = try String(contentsOf: url.appendingPathComponent("expected"), encoding: .utf8)
        var result = InvalidCase(name: url.lastPathComponent, outcome: .ok, message: "")
        // A misspelt key or outcome would make a check that never runs: it stops the test run.
        func misread(_ line: Substring, _ why: String) -> SpecError { SpecError(description: "\(url.lastPathComponent)/expected: \(why): \(line)") }
        for line in spec.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
            guard let colon = line.firstIndex(of: ":") else { throw misread(line, "a line without a key") }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "outcome":
                guard let outcome = Outcome(rawValue: value) else { throw misread(line, "not an outcome") }
                result.outcome = outcome
            case "message":
                if result.message.isEmpty { result.message = value } else { result.moreMessages.append(value) }
            case "symlink":
                let parts = value.components(separatedBy: " -> ")
                guard parts.count == 2 else { throw misread(line, "not a path -> target") }
                result.symlinks.append((parts[0], parts[1]))
            case "fifo": result.fifos.append(value)
            case "remove": result.removals.append(value)
            case "shows", "lacks":
                let parts = value.components(separatedBy: " | ")
                let check = (parts[0], parts.dropFirst().joined(separator: " | "))
                if key == "shows" { result.shows.append(check) } else { result.lacks.append(check) }
            case "absent": result.absent.append(value)
            case "unwarned": result.unwarned.append(value)
            case "bytes":
                let parts = value.split(separator: " ")
                guard parts.count == 2, let count = Int(parts[1]) else { throw misread(line, "not a path and a size") }
                result.sized.append((String(parts[0]), count))
            default: throw misread(line, "not a key of a case")
            }
        }
        let base = url.standardizedFileURL.path
        if let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let file as URL in enumerator where (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                let path = String(file.standardizedFileURL.path.dropFirst(base.count + 1))
                if path != "expected" { result.files[path] = try Data(contentsOf: file) }
            }
        }
        return result
    }

    /// Applies the case to a site folder.
    func apply(to root: URL) throws {
        let manager = FileManager.default
        for path in removals { try? manager.removeItem(at: root.appendingPathComponent(path)) }
        for (path, data) in files {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        for (path, count) in sized {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(repeating: UInt8(ascii: "x"), count: count).write(to: url)
        }
        for (path, target) in symlinks {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? manager.removeItem(at: url)
            try manager.createSymbolicLink(atPath: url.path, withDestinationPath: target)
        }
        for path in fifos {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard mkfifo(url.path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }
}
