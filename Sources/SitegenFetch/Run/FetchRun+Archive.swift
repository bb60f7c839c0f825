import Foundation
import SitegenArchive
import SitegenCore

extension FetchRun {
    /// Each collection: the whole listing (scrape pages, following the cursor until a page has
    /// none; asked every run), then `/metadata/<identifier>` for every listed item not cached or
    /// changed since (`updatedate` newer than the cached `item_last_updated`).
    func fetchArchive() async {
        if settings.collections.isEmpty { recorder.note("archive: nothing to fetch, site.yml lists no `archive.collections`") }
        let plan = ArchivePlan(base: base(.archive))
        for collection in settings.collections {
            // Stopped: what is left is not planned (its reading of the cache is not wanted either).
            if Task.isCancelled { return }
            guard let folder = ArchivePlan.folder(collection) else {
                refuse(.archive, what: "archive collection `\(collection)`", reason: "the name cannot be a folder name (letters, digits, ., _ and - only)")
                continue
            }
            let pages = await fetchListing(folder, collection: collection, plan: plan)
            var requests: [FetchRequest] = []
            var seen: Set<String> = []
            for page in 1...max(1, pages) {
                guard let root = writer.json(CachePath(folder + [ArchiveCacheFiles.searchPage(page)])!) else { continue }
                for row in root["items"].list + root["response"]["docs"].list {
                    guard let identifier = row.text("identifier"), seen.insert(identifier).inserted,
                          row.text("mediatype")?.lowercased() != "collection" else { continue }
                    guard let request = plan.itemRequest(folder, identifier: identifier) else {
                        refuse(.archive, what: "item `\(identifier.prefix(80))`", reason: "the identifier cannot be a file name")
                        continue
                    }
                    if writer.exists(request.file) {
                        // A change before the file was written is in it already: only a later one
                        // makes the file worth reading (200,000 items at archive scale).
                        guard let change = ArchivePlan.lastChange(row), let written = writer.modified(request.file),
                              Double(change) > written.timeIntervalSince1970 else { continue }
                        if let cached = writer.json(request.file), !ArchivePlan.isStale(cached: cached, lastChange: change) { continue }
                    }
                    requests.append(request)
                }
            }
            // A name archive.org has no collection of (a typo, or letter case: `GratefulDead`)
            // lists nothing, which is no failure of the fetch but leaves the section empty.
            if seen.isEmpty, writer.json(CachePath(folder + [ArchiveCacheFiles.searchPage(1)])!) != nil {
                recorder.note("archive: archive.org lists no items in the collection `\(collection)` (its identifier, as in "
                              + "https://archive.org/details/\(collection); letter case counts)")
            }
            await perform(requests)
        }
    }

    /// Scrape pages 1, 2, … following `cursor`; pages past the end of a listing that shrank are
    /// removed once the listing is complete. Returns the number of pages.
    private func fetchListing(_ folder: [String], collection: String, plan: ArchivePlan) async -> Int {
        var page = 1
        var cursor: String?
        var complete = false
        while page <= ArchivePlan.maxPages {
            let request = plan.searchRequest(folder, collection: collection, page: page, cursor: cursor)
            let stored = await perform([request]).first ?? false
            guard stored || options.dryRun, let root = writer.json(request.file) else {
                uncounted(.archive, "collection `\(collection)`: the listing after page \(page) and the items it lists (page \(page) is not cached)")
                break
            }
            guard let next = root.text("cursor"), !next.isEmpty else {
                complete = stored
                break
            }
            // A cursor that leads back to the page just read would be followed to maxPages,
            // the same page each time: the listing stops there, incomplete (its later pages stay).
            guard next != cursor else {
                recorder.fail(FetchFailure(api: .archive, url: request.url.absoluteString, reason: "page \(page) gives back the cursor it was asked with",
                                           attempts: 1, action: "the listing stops there; the cached pages after it are kept"))
                break
            }
            cursor = next
            page += 1
        }
        if complete {
            for name in writer.names(in: folder) ?? [] {
                if let number = ArchiveCacheFiles.searchPageNumber(name), number > page {
                    remove(CachePath(folder + [name])!)
                }
            }
        }
        return page
    }
}
