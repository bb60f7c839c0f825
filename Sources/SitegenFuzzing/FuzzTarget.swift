import Foundation
import SitegenArchive
import SitegenCharts
import SitegenCore
import SitegenEvents
import SitegenNews

/// The readers of hostile input, one fuzz target each: each service's JSON readers, front matter
/// and site.yml, reached through the same public entry points the build and `sitegen fetch`
/// use. A reader may return or throw a `SitegenError`, and nothing else: a crash, a hang or
/// memory without bound is a bug. Two drivers run them: `sitegen-fuzz` under libFuzzer
/// (coverage-guided, `Scripts/fuzz/run.sh`) and the tests' blind mutation (`FuzzTests`).
/// Each target's seed inputs are in `Tests/Fuzz/corpus/<target>/`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    // New targets go last: the blind mutation seeds each target by its position.
    case archiveSearch, archiveItem, chartList, albumChart, profile, calendar, eventDetails, frontMatter, siteSettings, albumInfo, friends

    /// Runs the target's reader on `data`. The problems a reader finds come back as the
    /// error it throws; `data` is named in them as the target's name.
    public func read(_ data: Data) throws(SitegenError) {
        let warnings = WarningLog()
        let file = rawValue
        switch self {
        case .frontMatter:
            _ = try FrontMatter.parse(InputText.decode(data, file: file, warnings: warnings), file: file,
                                      timeZone: TimeZone(identifier: "UTC")!)
            return
        case .siteSettings:
            _ = try SiteConfig.parse(InputText.decode(data, file: file, warnings: warnings), file: file,
                                     sectionKeys: ["archive", "charts", "events"], warnings: warnings)
            return
        default: break
        }
        let root = JSONCursor(try JSON.parse(data, file: file, warnings: warnings), file: file)
        switch self {
        case .albumChart:
            _ = try LastFMReader.albumChart(root, warnings: warnings)
            return
        case .calendar, .eventDetails:
            // Every event, not only up to the first readable one as fetch's judge asks.
            for event in try SongkickDecoder.events(in: root, warnings: warnings) ?? [] {
                _ = SongkickDecoder.event(event, warnings: warnings)
            }
            return
        default: break
        }
        let problem: SitegenError? = switch self {
        case .archiveSearch: ArchiveCacheFiles.problem(inSearchPage: root)
        case .archiveItem: ArchiveCacheFiles.problem(inItem: root, identifier: "x")
        case .chartList: ChartsCacheFiles.problem(in: root, key: "weeklychartlist")
        case .profile: ChartsCacheFiles.problem(in: root, key: "user")
        case .albumInfo: ChartsCacheFiles.problem(in: root, key: "album")
        case .friends: ChartsCacheFiles.problem(in: root, key: "friends")
        case .albumChart, .calendar, .eventDetails, .frontMatter, .siteSettings: nil
        }
        if let problem { throw problem }
    }

    /// Reads `data` as `read` does: nil when it was read, else the problem. A problem without a
    /// message is a bug as a crash is, and stops the process as one (libFuzzer saves the input).
    public func run(_ data: Data) -> SitegenError? {
        do throws(SitegenError) {
            try read(data)
            return nil
        } catch {
            precondition(!error.description.isEmpty, "\(self): an error without a message")
            return error
        }
    }
}
