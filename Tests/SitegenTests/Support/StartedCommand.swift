import Foundation

/// Starts a command that runs on until stopped (`watch`, `serve`), its output and errors read
/// line by line as they come: sitegen itself, or `executable` with `arguments` (a shell that
/// starts sitegen with a signal ignored, say).
func startCommand(_ arguments: [String], in folder: URL, executable: URL = TestPaths.executable) throws -> (Process, LineReader, LineReader) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    return (process, LineReader(out.fileHandleForReading), LineReader(err.fileHandleForReading))
}
