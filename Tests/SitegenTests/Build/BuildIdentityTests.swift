import Foundation
@testable import SitegenCore
import Testing

/// A build's identity names the executable that made it (a new sitegen means a full build).
@Suite("Build identity")
struct BuildIdentityTests {
    #if os(Linux)
    @Test func theExecutableIsNamedByItsBuildID() throws {
        let id = try #require(ELFBuildID.of(path: "/proc/self/exe"))
        #expect(id.count >= 8, "the linker's digest, 20 bytes for sha1")
        #expect(BuildIdentity.executableDigest.hasPrefix("build-id:"))
        #expect(BuildIdentity.executableDigest.count == "build-id:".count + 2 * id.count)
    }
    #endif

    @Test func aFileThatIsNotAnELFExecutableHasNoBuildID() throws {
        let folder = try TemporaryFolder.make("elf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("text")
        try Data("not an executable".utf8).write(to: text)
        #expect(ELFBuildID.of(path: text.path) == nil)
        // An ELF header whose program header table points past the end of the file.
        var header = [UInt8](repeating: 0, count: 64)
        header[0..<6] = [0x7F, 0x45, 0x4C, 0x46, 2, 1]
        header[32] = 0xFF; header[33] = 0xFF; header[54] = 56; header[56] = 3
        let truncated = folder.appendingPathComponent("truncated")
        try Data(header).write(to: truncated)
        #expect(ELFBuildID.of(path: truncated.path) == nil)
        #expect(ELFBuildID.of(path: folder.appendingPathComponent("missing").path) == nil)
    }
}
