import Foundation

/// Runs a Python script over a text written to a temporary file (its path is `sys.argv[1]`):
/// how tests have an independent reader (Python's icalendar) check what sitegen wrote.
enum PythonReader {
    /// The script's standard output as lines, and its exit status; its errors (a missing
    /// package's ImportError) are printed, so that a failing test says why.
    static func run(_ script: String, on text: String, suffix: String) throws -> (status: Int32, lines: [String]) {
        let file = TemporaryFolder.path("python-input").appendingPathExtension(suffix)
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try CapturedRun.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path], limit: 120)
        if run.status != 0 { print(run.errors) }
        return (run.status, run.output.split(separator: "\n").map(String.init))
    }
}
