import Foundation
import SitegenCore
import SitegenFuzzing
import Testing

/// Blind mutation fuzzing of every reader of hostile input (`FuzzTarget`: each service's JSON
/// readers, front matter and site.yml), so that `swift test` fuzzes on any machine. Inputs
/// start from each target's seeds (`Tests/Fuzz/corpus/<target>/`) and are mutated at random
/// (bytes flipped, dropped, repeated, and the tokens that break parsers spliced in); a reader
/// may return or throw a SitegenError, and nothing else: a crash or a hang ends the run.
///
/// Seeded, so a run can be repeated: the seed and the iteration are printed when a target
/// starts. `SITEGEN_FUZZ_SECONDS` is the time for each target (0.3 s in a plain `swift test`),
/// and `SITEGEN_FUZZ_SEED` picks the seed. It mutates blindly, many inputs a second; the
/// coverage-guided run is libFuzzer's (`Scripts/fuzz/run.sh`, in CI). A crash found by either
/// becomes a case of the fixture set.
@Suite("Fuzzing the readers")
struct FuzzTests {
    static let seconds = ProcessInfo.processInfo.environment["SITEGEN_FUZZ_SECONDS"].flatMap(Double.init) ?? 0.3
    static let seed = ProcessInfo.processInfo.environment["SITEGEN_FUZZ_SEED"].flatMap(UInt64.init) ?? 26

    static let corpus = TestPaths.repositoryRoot.appendingPathComponent("Tests/Fuzz/corpus")

    /// Tokens that make parsers take unusual paths.
    static let tokens: [String] = ["{", "}", "[", "]", "\"", "\\", ",", ":", "1e999", "-0", "null", "\"\"", "{}", "[]",
                                   "\\u0000", "\\ud800", "&a ", "*a", "!!binary ", "? ", "- ", "\n  ", "\t", "---\n", "\u{0}", "\u{FF}"]

    /// The first of a target's seeds (`seed-*`: an answer as a service sends it), by name.
    static func seed(_ target: FuzzTarget) throws -> Data {
        let folder = corpus.appendingPathComponent(target.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("seed-") }.sorted()
        let first = try #require(names.first, "no seed in \(folder.path)")
        return try Data(contentsOf: folder.appendingPathComponent(first))
    }

    @Test("every target has a seed that its reader reads", arguments: FuzzTarget.allCases)
    func seeds(_ target: FuzzTarget) throws {
        #expect(throws: Never.self) { try target.read(try Self.seed(target)) }
    }

    @Test("a reader survives mutated input", arguments: FuzzTarget.allCases)
    func fuzz(_ target: FuzzTarget) throws {
        let original = try Self.seed(target)
        // A target's seed follows its position: new targets go last.
        var random = SeededRandom(seed: Self.seed &+ UInt64(FuzzTarget.allCases.firstIndex(of: target)!))
        print("fuzzing \(target) for \(Self.seconds) s, seed \(Self.seed)")
        let deadline = Date().addingTimeInterval(Self.seconds)
        var runs = 0, accepted = 0
        var current = original
        let watchdog = HangWatchdog(target: "\(target)")
        defer { watchdog.stop() }
        while Date() < deadline {
            // Mostly a few mutations of the original; sometimes more on top of the last input.
            if random.next() % 4 != 0 { current = original }
            for _ in 0..<(1 + Int(random.next() % 4)) { current = Self.mutate(current, &random) }
            watchdog.reading(current)
            do throws(SitegenError) {
                try target.read(current)
                accepted += 1
            } catch {
                #expect(!error.description.isEmpty)
            }
            runs += 1
        }
        print("fuzzed \(target): \(runs) inputs, \(accepted) read without an error")
        #expect(runs > 0)
    }

    static func mutate(_ data: Data, _ random: inout SeededRandom) -> Data {
        var bytes = [UInt8](data)
        guard !bytes.isEmpty else { return Data(tokens[Int(random.next() % UInt64(tokens.count))].utf8) }
        let at = Int(random.next() % UInt64(bytes.count))
        switch random.next() % 6 {
        case 0: bytes[at] ^= UInt8(1 << (random.next() % 8))
        case 1: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 16)))
        case 2: bytes.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))].utf8, at: at)
        case 3:
            let length = min(bytes.count - at, 1 + Int(random.next() % 32))
            bytes.insert(contentsOf: Array(repeating: bytes[at..<at + length], count: 1 + Int(random.next() % 8)).joined(), at: at)
        case 4: bytes = Array(bytes[..<at])
        default: bytes[at] = UInt8(truncatingIfNeeded: random.next())
        }
        return Data(bytes)
    }
}
