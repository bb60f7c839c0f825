import SitegenCore
import Testing
@testable import SitegenCharts

private func entry(_ album: String, _ plays: Int?, rank: Int) -> ChartEntry {
    ChartEntry(key: AlbumKey(artist: "A", album: album, mbid: nil), artist: "A", album: album, plays: plays, rank: rank, url: nil)
}

private func chart(_ items: [(String, Int?)]) -> [ChartEntry] {
    items.enumerated().map { entry($1.0, $1.1, rank: $0 + 1) }
}

@Suite("Chart movement")
struct MovementTests {
    @Test("new, re-entry, up, down, same")
    func kinds() {
        let previous = chart([("a", 10), ("b", 8), ("c", 6), ("d", 4)])
        let current = chart([("c", 12), ("a", 9), ("x", 5), ("d", 4), ("f", 1)])
        let moves = Standings.movements(current: current, previous: previous) { $0.id.hasSuffix("f") }
        #expect(moves == [.up(2), .down(1), .new, .same, .reentry])
    }

    @Test("standings share a place on tied plays: 12, 12, 9 stand 1, 1, 3")
    func standings() {
        let entries = chart([("a", 12), ("b", 12), ("c", 9), ("d", 9), ("e", 1)])
        #expect(Standings.of(entries) == [1, 1, 3, 3, 5])
        #expect(Standings.tied(Standings.of(entries)) == [true, true, true, true, false])
    }

    @Test("an album of unknown plays stands with the album ranked above it, never as 0 plays")
    func unknownPlays() {
        let entries = chart([("a", 12), ("b", nil), ("c", 9), ("d", 1)])
        #expect(Standings.of(entries) == [1, 1, 3, 4])
        #expect(Standings.of(chart([("a", nil), ("b", 3)])) == [1, 2])
    }

    @Test("swapping places inside a tie is no movement")
    func tieSwap() {
        let previous = chart([("x", 20), ("a", 12), ("b", 12)])
        let current = chart([("x", 20), ("b", 12), ("a", 12)])
        #expect(Standings.movements(current: current, previous: previous) { _ in false } == [.same, .same, .same])
    }

    @Test("joining a tie above counts the places gained")
    func intoTie() {
        let previous = chart([("a", 9), ("b", 7), ("c", 5)])
        let current = chart([("a", 9), ("c", 9), ("b", 2)])
        #expect(Standings.movements(current: current, previous: previous) { _ in false } == [.same, .up(2), .down(1)])
    }

    @Test("albums match by name across weeks even when the mbid comes and goes")
    func identity() {
        let withMBID = AlbumKey(artist: "PUP", album: "Morbid Stuff", mbid: "abc")
        let without = AlbumKey(artist: "pup", album: "morbid stuff", mbid: "")
        #expect(withMBID == without)
        #expect(withMBID.cacheNames == ["abc.json", "pup--morbid-stuff.json"])
        #expect(without.cacheNames == ["pup--morbid-stuff.json"])
        #expect(AlbumKey(artist: "坂本龍一", album: "async", mbid: nil).slug.hasPrefix("xe59d82"))
    }

    @Test("the listener index: re-entry means charted before the previous cached week")
    func listenerIndex() {
        let weeks = [
            CachedWeek(week: ChartWeek(from: 0, to: 10)!, file: "w1", content: .chart(chart([("a", 5), ("b", 3)]))),
            CachedWeek(week: ChartWeek(from: 10, to: 20)!, file: "w2", content: .chart(chart([("b", 4)]))),
            CachedWeek(week: ChartWeek(from: 20, to: 30)!, file: "w3", content: .error(LastFMError(code: 8, message: "x"))),
            CachedWeek(week: ChartWeek(from: 30, to: 40)!, file: "w4", content: .chart(chart([("a", 6), ("b", 4), ("c", 1)]))),
        ]
        let listener = Listener(user: "u", slug: "u", displayName: "U", minPlays: 1, profile: nil,
                                weekList: WeekList(weeks.map(\.week)), cached: weeks, friends: [], folder: "charts/u",
                                userFile: "charts/u/user.json", chartListFile: "charts/u/weeklychartlist.json")
        let charts = ListenerCharts(listener)
        #expect(charts.weeks[0].movements == nil, "nothing earlier to compare with")
        #expect(charts.weeks[3].comparedWith == ChartWeek(from: 10, to: 20), "the error week is skipped")
        #expect(charts.weeks[3].movements == [.reentry, .down(1), .new])
        #expect(charts.appearances[AlbumKey(artist: "A", album: "b", mbid: nil)]?.map(\.plays) == [3, 4, 4])
    }
}
