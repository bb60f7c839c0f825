import Foundation
@testable import SitegenCore
import Testing

@Suite("Reading whole files")
struct FileBytesTests {
    @Test func aFileIsReadWholeWhateverItsSizeAndAFailureSaysWhy() throws {
        let folder = try TemporaryFolder.make("bytes")
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [0, 1, 4_095, 4_096, 100_003] {
            let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
            let url = folder.appendingPathComponent("file-\(size)")
            try bytes.write(to: url)
            #expect(try FileBytes.read(url.path) == bytes, "\(size) bytes")
        }
        #expect(throws: FileBytes.Failure.self) { try FileBytes.read(folder.appendingPathComponent("missing").path) }
        do {
            _ = try FileBytes.read(folder.appendingPathComponent("missing").path)
        } catch {
            #expect(error.reason == "No such file or directory")
        }
        #expect(throws: FileBytes.Failure.self, "a folder is not a file") { try FileBytes.read(folder.path) }
        #expect(throws: SitegenError("cannot read file (No such file or directory)", at: SourceLocation(file: "Content/missing.json"))) {
            try FileBytes.read(folder.appendingPathComponent("missing.json").path, displayPath: "Content/missing.json")
        }
    }
}
