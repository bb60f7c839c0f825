import Foundation
import SitegenArchive
import SitegenCore

/// The archive.org requests of the archive section, into the files `ArchiveLoader` reads:
/// `archive/<Collection>/search-<n>.json` (scrape pages) and `…/items/<identifier>.json`.
struct ArchivePlan {
    let base: URL

    /// Rows per scrape page (archive.org allows 100 to 10,000).
    static let pageSize = 1000
    /// The search fields the build reads, and `updatedate` to tell a changed item.
    static let fields = ["identifier", "mediatype", "title", "creator", "date", "venue", "coverage", "source",
                         "avg_rating", "num_reviews", "downloads", "publicdate", "updatedate"]
    static let maxPages = 10_000

    /// A collection's folder, or nil when the name could leave `archive/`.
    static func folder(_ collection: String) -> [String]? {
        guard Slug.segment(collection) == collection, CachePath(["archive", collection]) != nil else { return nil }
        return ["archive", collection]
    }

    func searchRequest(_ folder: [String], collection: String, page: Int, cursor: String?) -> FetchRequest {
        var query = [("fields", Self.fields.joined(separator: ",")), ("q", "collection:\(collection)"),
                     ("count", String(Self.pageSize))]
        if let cursor { query.append(("cursor", cursor)) }
        var request = FetchRequest(api: .archive, url: FetchRequest.url(base, path: "services/search/v1/scrape", query: query),
                                   file: CachePath(folder + [ArchiveCacheFiles.searchPage(page)])!, expects: .archiveSearch)
        request.firstOfListing = page == 1
        return request
    }

    /// nil when the identifier is not one path segment as the build reads it back.
    func itemRequest(_ folder: [String], identifier: String) -> FetchRequest? {
        guard Slug.segment(identifier) == identifier, let file = CachePath(folder + [ArchiveCacheFiles.items, ArchiveCacheFiles.item(identifier)]) else { return nil }
        let path = "metadata/" + PercentEncoding.encoded(identifier)
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.percentEncodedPath = (components.percentEncodedPath.hasSuffix("/") ? components.percentEncodedPath
                                                                                   : components.percentEncodedPath + "/") + path
        return FetchRequest(api: .archive, url: components.url!, file: file, expects: .archiveItem(identifier))
    }

    /// When the search index last saw the item change: the newest `updatedate` (one value or a
    /// list), else `publicdate`, in Unix seconds.
    static func lastChange(_ row: JSONCursor) -> Int? {
        let dates = row["updatedate"].strings + row["publicdate"].strings
        return dates.compactMap(UTCDateTime.seconds).max()
    }

    /// Whether a cached item is older than the search row says: `item_last_updated` (or the
    /// older `updated`) is when archive.org last changed the item, files included.
    static func isStale(cached: JSONCursor, lastChange: Int?) -> Bool {
        guard let lastChange, cached["metadata"].isObject else { return false }
        guard let updated = cached["item_last_updated"].int ?? cached["updated"].int else { return false }
        return lastChange > updated
    }
}
