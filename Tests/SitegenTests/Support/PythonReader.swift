import Foundation

/// Runs a Python script over a text written to a temporary file (its path is `sys.argv[1]`):
/// how tests have an independent reader (Python's icalendar) check what sitegen wrote.
enum PythonReader {
    /// The script's standard output as lines, and its exit status.
    static func run(_ script: String, on text: String, suffix: String) throws -> (status: Int32, lines: [String]) {
        let file = TemporaryFolder.path("python-input").appendingPathExtension(suffix)
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }
}
