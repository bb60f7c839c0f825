import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What makes two builds' outputs comparable: the same generator. A version string is not enough
/// (a developer rebuilds sitegen without changing it), so the running executable itself is
/// identified too; any change to the code makes the next build a full one.
public enum BuildIdentity {
    /// The executable's GNU build ID (the linker's digest of the linked file, read from its
    /// notes), else a digest of its bytes: the build ID names the same code without reading the
    /// whole executable on every build.
    public static let executableDigest: String = {
        let candidates = [URL(fileURLWithPath: "/proc/self/exe"), Bundle.main.executableURL].compactMap { $0 }
        for url in candidates {
            if let id = ELFBuildID.of(path: url.path) {
                return "build-id:" + id.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            }
            if let data = try? Data(contentsOf: url.resolvingSymlinksInPath(), options: .mappedIfSafe) {
                return Digest.of(data).description
            }
        }
        // An executable that cannot be read is no known code: a fresh identity each process
        // makes every build a full one, where a fixed word would let two different binaries
        // trust each other's outputs.
        return "unread:" + UUID().uuidString
    }()
}

/// The GNU build ID note of a 64-bit little-endian ELF file, found through its program headers;
/// nil for any other file or one without the note.
enum ELFBuildID {
    static func of(path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        func read(_ count: Int, at offset: Int) -> [UInt8]? {
            guard count > 0, count <= 1 << 20, offset >= 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return got == count ? bytes : nil
        }
        /// A little-endian unsigned number of `size` bytes.
        func number(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        func aligned(_ size: Int) -> Int { (size + 3) & ~3 }
        guard let header = read(64, at: 0), header[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), header[4] == 2, header[5] == 1
        else { return nil }
        let tableOffset = number(header, 32, 8), entrySize = number(header, 54, 2), count = number(header, 56, 2)
        guard entrySize >= 56, let table = read(entrySize * count, at: tableOffset) else { return nil }
        let noteSegment = 4, buildIDNote = 3
        for index in 0..<count where number(table, index * entrySize, 4) == noteSegment {
            let entry = index * entrySize
            guard let notes = read(number(table, entry + 32, 8), at: number(table, entry + 8, 8)) else { continue }
            var note = 0
            while note + 12 <= notes.count {
                let nameSize = number(notes, note, 4), descSize = number(notes, note + 4, 4), type = number(notes, note + 8, 4)
                let name = note + 12, desc = name + aligned(nameSize)
                guard desc + descSize <= notes.count else { break }
                if type == buildIDNote, nameSize == 4, notes[name..<(name + 4)].elementsEqual([0x47, 0x4E, 0x55, 0]), descSize > 0 {
                    return Array(notes[desc..<(desc + descSize)])
                }
                note = desc + aligned(descSize)
            }
        }
        return nil
    }
}
