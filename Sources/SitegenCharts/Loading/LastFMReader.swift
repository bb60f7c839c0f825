import Foundation
import SitegenCore

/// Reads cached Last.fm 2.0 responses (formats.md §B) into the domain model, tolerating every
/// quirk on record: numbers as strings, numbers or null; one item as an object instead of a
/// list; a missing list or `""` for "none"; `mbid == ""`; empty and placeholder images.
/// Callers ask `LastFMError.found(in:)` first, and warn of an error body; a shape that cannot be
/// read throws with the file and JSON path.
public enum LastFMReader {
    /// user.getWeeklyChartList: the weeks, in the order sent. `chart` may be a list, one
    /// object, missing, or "".
    public static func chartList(_ root: JSONCursor) throws(SitegenError) -> [ChartWeek] {
        let list = try root["weeklychartlist"].requireObject("an object at `weeklychartlist`")
        var weeks: [ChartWeek] = []
        for entry in list["chart"].list {
            let from = try entry["from"].requireInt("a `from` time in Unix seconds")
            let to = try entry["to"].requireInt("a `to` time in Unix seconds")
            guard let week = ChartWeek(from: from, to: to) else { throw entry.error("a week whose `from` is before its `to`, from 1970 on") }
            weeks.append(week)
        }
        return weeks
    }

    /// What makes a cached weekly chart unreadable as one, if anything: an `album` that is
    /// neither a list nor an album object (text, a number, `{}`, null), or a list none of whose
    /// entries is an album (`[1, "x", null]`). Such a week is shown as not available, never as
    /// a week with no plays: only `album: []` or no `album` at all is an empty week
    /// (formats.md). (An album whose play count is not a count is one album with unknown plays:
    /// `albumChart`.)
    public static func chartProblem(_ root: JSONCursor) -> (String, SourceLocation)? {
        let chart = root["weeklyalbumchart"]
        guard chart.has("album") else { return nil }
        let albums = chart["album"]
        if albums.isArray ? false : !albums.isObject || albums.isEmpty {
            return ("expected a list of albums, found \(albums.describeValue)", albums.location)
        }
        let entries = albums.list
        if !entries.isEmpty, !entries.contains(where: { $0.isObject && $0.text("name") != nil }) {
            return ("expected albums (objects with a `name`), found none among \(entries.count) entries", albums.location)
        }
        return nil
    }

    /// user.getWeeklyAlbumChart: the albums by rank. `album` may be a list, one object (a week
    /// with one album), missing (old empty weeks) or `[]` (`chartProblem` refuses the rest). Entries without a name are
    /// skipped with a warning.
    public static func albumChart(_ root: JSONCursor, warnings: WarningLog) throws(SitegenError) -> [ChartEntry] {
        let chart = try root["weeklyalbumchart"].requireObject("an object at `weeklyalbumchart`")
        var entries: [ChartEntry] = []
        for (position, item) in chart["album"].list.enumerated() {
            guard item.isObject, let name = item.text("name") else {
                warnings.add("skipped a chart entry without an album name", at: item.location)
                continue
            }
            let artistValue = item["artist"]
            let artist = artistValue.isObject ? (artistValue.text("#text") ?? artistValue.text("name")) : artistValue.text
            entries.append(ChartEntry(
                key: AlbumKey(artist: artist ?? "", album: name, mbid: item.text("mbid")),
                artist: artist,
                album: name,
                plays: item["playcount"].count("a play count", warnings: warnings),
                rank: item["@attr"]["rank"].int ?? position + 1,
                url: item.webURL("url", warnings: warnings)
            ))
        }
        // Keep Last.fm's order; the sort only matters for a hand-edited file.
        return entries.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element)
    }

    /// album.getInfo.
    static func albumInfo(_ root: JSONCursor, file: String, warnings: WarningLog) throws(SitegenError) -> AlbumInfo {
        let album = try root["album"].requireObject("an object at `album`")
        let artistValue = album["artist"]
        let artist = artistValue.isObject ? (artistValue.text("name") ?? artistValue.text("#text")) : artistValue.text
        let summary = album["wiki"].text("summary").flatMap(LastFMSummary.plainText)
        return AlbumInfo(
            name: try album["name"].requireText("an album name at `name`"),
            artist: artist,
            url: album.webURL("url", warnings: warnings),
            artwork: artwork(album["image"], warnings: warnings),
            tags: tags(album["tags"], warnings: warnings),
            trackCount: album["tracks"]["track"].list.count,
            summary: summary,
            file: file
        )
    }

    /// An album's tags: `tags.tag` a list of `{name, url}` (or one of them), `""` for none.
    /// Anything else (`tags: 42`, a tag that is not an object) is a warning, not a tag.
    static func tags(_ tags: JSONCursor, warnings: WarningLog) -> [String] {
        if tags.isEmpty { return [] }
        guard tags.isObject else {
            warnings.add("expected tags (an object with a `tag` list), found \(tags.describeValue); no tags shown", at: tags.location)
            return []
        }
        var names: [String] = []
        for tag in tags["tag"].list {
            guard tag.isObject, let name = tag.text("name") else {
                warnings.add("expected a tag (an object with a `name`), found \(tag.describeValue); left out", at: tag.location)
                continue
            }
            names.append(name)
        }
        return names
    }

    /// user.getInfo. The registration time comes from `registered.unixtime`; `#text` is only a
    /// fallback, as an int or a "2016-12-03 14:45" date string (UTC).
    static func profile(_ root: JSONCursor, warnings: WarningLog) throws(SitegenError) -> ListenerProfile {
        let user = try root["user"].requireObject("an object at `user`")
        let registered = user["registered"]
        let since = registered["unixtime"].int ?? registered["#text"].int ?? registered.text("#text").flatMap(UTCDateTime.seconds)
            ?? (registered.isObject ? nil : registered.int)
        if since == nil, !registered.isEmpty {
            warnings.add("expected a registration time (`unixtime`, or `#text` like \"2016-12-03 14:45\"), found \(registered.describeValue); shown as unknown",
                         at: registered.location)
        }
        let realName = user.text("realname")
        let country = user.text("country")
        return ListenerProfile(
            name: try user["name"].requireText("a user name at `name`"),
            realName: realName,
            playcount: user["playcount"].int,
            registered: since,
            avatar: artwork(user["image"], warnings: warnings),
            url: user.webURL("url", warnings: warnings),
            country: country == "None" ? nil : country
        )
    }

    /// user.getFriends: the friends' user names.
    static func friends(_ root: JSONCursor) throws(SitegenError) -> [String] {
        let friends = try root["friends"].requireObject("an object at `friends`")
        return friends["user"].list.compactMap { $0.text("name") }
    }

    // MARK: Pieces

    /// The usable images of an `image` list (`LastFMImages`), one variant per pixel size.
    public static func artwork(_ images: JSONCursor, warnings: WarningLog) -> Artwork? {
        let bySize = LastFMImages.bySize(images, warnings: warnings)
        guard !bySize.isEmpty else { return nil }
        return Artwork(variants: bySize.map { Artwork.Variant(url: $0.url, pixels: $0.pixels) })
    }
}
