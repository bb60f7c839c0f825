import Foundation
import Testing

/// Golden files pin rendered output: `Tests/SitegenTests/Golden/<name>` holds the expected bytes.
/// Run the tests with SITEGEN_UPDATE_GOLDEN=1 to rewrite them after an intended change, then
/// review the diff like any other change.
enum Golden {
    static var updating: Bool { ProcessInfo.processInfo.environment["SITEGEN_UPDATE_GOLDEN"] == "1" }

    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = TestPaths.golden.appendingPathComponent(name)
        if updating {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden file \(name); run with SITEGEN_UPDATE_GOLDEN=1 to create it", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record("\(name) differs from its golden file:\n\(firstDifference(expected, actual))", sourceLocation: sourceLocation)
        }
    }

    /// The first differing line, for a readable failure.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? String(left[index]) : "<end>"
            let b = index < right.count ? String(right[index]) : "<end>"
            if a != b { return "line \(index + 1):\n  expected: \(a)\n  actual:   \(b)" }
        }
        return "(no line differs)"
    }
}
