import Foundation
import SitegenCore
import Testing
@testable import SitegenArchive
@testable import SitegenCharts
@testable import SitegenEvents
@testable import SitegenNews

/// Mutation fuzzing of every reader of hostile input: each service's JSON readers, front matter
/// and site.yml. Inputs start from the base site's files and are mutated at random (bytes
/// flipped, dropped, repeated, and the tokens that break parsers spliced in); a reader may
/// return or throw a SitegenError, and nothing else: a crash or a hang ends the run.
///
/// Seeded, so a run can be repeated: the seed and the iteration are printed when a target
/// starts. `SITEGEN_FUZZ_SECONDS` is the time for each target (0.3 s in a plain `swift test`;
/// CI gives 10 s; for hours: `SITEGEN_FUZZ_SECONDS=3600 swift test --filter Fuzz`), and
/// `SITEGEN_FUZZ_SEED` picks the seed. A crash found becomes a case of the fixture set.
/// This is not coverage-guided (libFuzzer would be): it mutates blindly, many inputs a second.
@Suite("Fuzzing the readers")
struct FuzzTests {
    static let seconds = ProcessInfo.processInfo.environment["SITEGEN_FUZZ_SECONDS"].flatMap(Double.init) ?? 0.3
    static let seed = ProcessInfo.processInfo.environment["SITEGEN_FUZZ_SEED"].flatMap(UInt64.init) ?? 26

    static let base = TestPaths.testsFolder.appendingPathComponent("Invalid/_base/Content")

    /// Tokens that make parsers take unusual paths.
    static let tokens: [String] = ["{", "}", "[", "]", "\"", "\\", ",", ":", "1e999", "-0", "null", "\"\"", "{}", "[]",
                                   "\\u0000", "\\ud800", "&a ", "*a", "!!binary ", "? ", "- ", "\n  ", "\t", "---\n", "\u{0}", "\u{FF}"]

    enum Target: String, CaseIterable, Sendable {
        // New targets go last: a target's seed follows its position.
        case archiveSearch, archiveItem, chartList, albumChart, profile, calendar, eventDetails, frontMatter, siteSettings, albumInfo, friends

        var seedFile: String {
            switch self {
            case .archiveSearch: "archive/moe/search-1.json"
            case .archiveItem: "archive/moe/items/moe1998-11-22.sbd.flac16.json"
            case .chartList: "charts/tapehead77/weeklychartlist.json"
            case .albumChart: "charts/tapehead77/weeks/1763294400-1763899200.json"
            case .profile: "charts/tapehead77/user.json"
            // The base site has no album.getInfo or user.getFriends answer: the unit tests' own are used.
            case .albumInfo: "albuminfo-2024.json"
            case .friends: "friends.json"
            case .calendar: "events/7644/calendar-1.json"
            case .eventDetails: "events/7644/events/41644087.json"
            case .frontMatter: "news/2026-11-01-hello.md"
            case .siteSettings: "site.yml"
            }
        }

        /// The file the mutations start from.
        var seedURL: URL {
            switch self {
            case .albumInfo, .friends: TestPaths.testsFolder.appendingPathComponent("Fixtures/charts/" + seedFile)
            default: FuzzTests.base.appendingPathComponent(seedFile)
            }
        }

        /// Runs the reader on `data`; only a SitegenError may come out.
        func read(_ data: Data) throws(SitegenError) {
            let warnings = WarningLog()
            let file = seedFile
            switch self {
            case .frontMatter:
                _ = try FrontMatter.parse(InputText.decode(data, file: file, warnings: warnings), file: file,
                                          timeZone: TimeZone(identifier: "UTC")!)
            case .siteSettings:
                _ = try SiteConfig.parse(InputText.decode(data, file: file, warnings: warnings), file: file,
                                         sectionKeys: ["archive", "charts", "events"], warnings: warnings)
            default:
                let root = JSONCursor(try JSON.parse(data, file: file), file: file)
                switch self {
                case .archiveSearch: _ = try SearchPageReader.read(root, file: file, warnings: warnings)
                case .archiveItem: _ = try ItemReader.read(root, file: file, fallbackIdentifier: "x", warnings: warnings)
                case .chartList: _ = try LastFMReader.chartList(root)
                case .albumChart: _ = try LastFMReader.albumChart(root, warnings: warnings)
                case .profile: _ = try LastFMReader.profile(root, warnings: warnings)
                case .albumInfo: _ = try LastFMReader.albumInfo(root, file: file, warnings: warnings)
                case .friends: _ = try LastFMReader.friends(root)
                case .calendar, .eventDetails:
                    for event in try SongkickDecoder.events(in: root, warnings: warnings) ?? [] {
                        _ = SongkickDecoder.event(event, warnings: warnings)
                    }
                default: break
                }
            }
        }
    }

    @Test("a reader survives mutated input", arguments: Target.allCases)
    func fuzz(_ target: Target) throws {
        let original = try Data(contentsOf: target.seedURL)
        var random = SeededRandom(seed: Self.seed &+ UInt64(Target.allCases.firstIndex(of: target)!))
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
