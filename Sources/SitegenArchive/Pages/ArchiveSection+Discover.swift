import Foundation
import SitegenCore

/// The archive's block on /discover/ and the static lists its "random concert" button reads.
///
/// The random concert comes from small JSON files, `random-concert/<year>-<part>.json`, each
/// an array of at most `randomPartSize` concert paths from the site root: a whole-archive list
/// would be megabytes that every click downloads (150,000 concerts at archive scale). The block
/// carries each year's count, so the script picks a concert uniformly over the archive and
/// fetches only the part that holds it; split by year, an edit rewrites one year's parts.
extension ArchiveSection {
    static let discoverTopCount = 10
    /// The file of concerts whose year is unknown.
    static let unknownYearFile = "unknown"
    /// Concert paths in one file: a file the button fetches stays small on a slow line.
    static let randomPartSize = 1_000

    public func discoverBlock(_ context: PageContext) -> HomeBlock? {
        guard !catalog.concerts.isEmpty else { return nil }
        let today = context.clock.today
        let links = ArchiveLinks(recordingSlugs: catalog.recordingSlugs, language: context.config.localization)
        let todays = catalog.byMonthDay[today.monthDay] ?? []
        let top = topRecordings(Self.discoverTopCount).map { index -> DiscoverRecordingModel in
            let concert = catalog.concerts[index]
            let artist = catalog.artists[concert.artistIndex]
            let recording = concert.recordings[0]
            let venue = ArchiveFormat.venue(concert, links.language)
            return DiscoverRecordingModel(
                href: links.recording(recording).value, artist: artist.name, date: ArchiveFormat.date(concert.date, links.language),
                venue: venue, type: ArchiveFormat.type(recording.type, links.language),
                downloads: recording.downloads.map(links.language.number), stars: ArchiveFormat.stars(recording.rating, links.language),
                favourite: FavouriteModel(kind: .recording, id: recording.key, title: "\(artist.name), \(ArchiveFormat.date(concert.date, links.language))",
                                         href: links.recording(recording).value, detail: concert.venue))
        }
        let years = concertsByYear(links)
        let model = ArchiveDiscoverModel(
            day: ArchiveFormat.monthDay(today.monthDay, links.language),
            onThisDayHref: todays.isEmpty ? nil : ArchiveLinks.onThisDay(today.monthDay).value,
            onThisDayCount: links.language.count("concerts", todays.count),
            top: top,
            randomYears: years.map { "\($0.name):\($0.paths.count)" }.joined(separator: " "),
            randomFolder: Self.randomFolder.value,
            randomPartSize: String(Self.randomPartSize),
            concertCount: links.language.count("concerts", catalog.concerts.count))
        return HomeBlock(model: model)
    }

    /// The concerts whose recommended recording scores highest (`Recommendation`), best first:
    /// a concert's first recording is its best, so one pass over the concerts finds them.
    func topRecordings(_ count: Int) -> [Int] {
        var best: [(index: Int, score: Double, identifier: String)] = []
        for (index, concert) in catalog.concerts.enumerated() {
            guard let first = concert.recordings.first else { continue }
            let entry = (index: index, score: Recommendation.score(first), identifier: first.identifier)
            if best.count == count, let last = best.last, !Self.before(entry, last) { continue }
            let position = best.firstIndex { Self.before(entry, $0) } ?? best.count
            best.insert(entry, at: position)
            if best.count > count { best.removeLast() }
        }
        return best.map(\.index)
    }

    private static func before(_ a: (index: Int, score: Double, identifier: String), _ b: (index: Int, score: Double, identifier: String)) -> Bool {
        a.score != b.score ? a.score > b.score : a.identifier < b.identifier
    }

    /// A top folder of its own: the build checks a new page against the files of other owners
    /// under the same top folder, and /discover/ (the site's) must not make it read the archive's.
    static let randomFolder = SitePath.page("random-concert")

    /// Every concert's path, by year ("1977", or "unknown"), years in order.
    func concertsByYear(_ links: ArchiveLinks) -> [(name: String, paths: [String])] {
        var byYear: [Int: [String]] = [:]
        var unknown: [String] = []
        for concert in catalog.concerts {
            let path = links.concert(concert, artist: catalog.artists[concert.artistIndex]).value
            if let year = concert.date.year { byYear[year, default: []].append(path) } else { unknown.append(path) }
        }
        var result = byYear.keys.sorted().map { (name: $0.zeroPadded(4), paths: byYear[$0]!.sorted()) }
        if !unknown.isEmpty { result.append((name: Self.unknownYearFile, paths: unknown.sorted())) }
        return result
    }

    /// `random-concert/<year>-<part>.json` (parts from 1): the concert paths of one year, in
    /// parts of `randomPartSize`, for the random-concert button.
    func randomConcertFiles(_ links: ArchiveLinks, partSize: Int = randomPartSize) -> [Page] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return concertsByYear(links).flatMap { year in
            stride(from: 0, to: year.paths.count, by: partSize).enumerated().map { number, start in
                let paths = Array(year.paths[start..<min(start + partSize, year.paths.count)])
                let text = (try? encoder.encode(paths)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
                let name = "\(year.name)-\(number + 1)"
                return Page(path: .file("random-concert", name + ".json"), body: .text(text + "\n"), meta: PageMeta(inSitemap: false))
            }
        }
    }
}

/// partials/archive/discover: today's on-this-day page, the best recordings, a random concert.
public struct ArchiveDiscoverModel: Sendable {
    public var day: String
    public var onThisDayHref: String?
    public var onThisDayCount: String
    public var top: [DiscoverRecordingModel]
    /// "1965:3 1966:40 unknown:2": concerts per file of `randomFolder`, for discover.js.
    public var randomYears: String
    public var randomFolder: String
    public var randomPartSize: String
    public var concertCount: String
}

public struct DiscoverRecordingModel: Sendable {
    public var href: String
    public var artist: String
    public var date: String
    public var venue: String
    public var type: String
    public var downloads: String?
    public var stars: StarsModel?
    public var favourite: FavouriteModel
}
