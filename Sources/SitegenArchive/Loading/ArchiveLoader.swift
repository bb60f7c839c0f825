import Foundation
import SitegenCore

/// Reads `Content/archive/<Collection>/search-<n>.json` and `…/items/<identifier>.json` for every
/// band collection, parsing files in parallel and merging in a fixed order, then builds the
/// catalog with its indexes once.
public enum ArchiveLoader {
    static let folder = "archive"

    struct Job: Sendable {
        var collection: String
        var file: String
        var isItem: Bool
    }

    /// `search-<n>.json` with n from 1, as `sitegen fetch` names the pages: `search.json`,
    /// `search-0.json` or `search-01.json` is no page of the listing (a stray copy, a hand-made
    /// file), and is left out with a warning rather than read as one.
    static func isSearchPage(_ name: String) -> Bool { ArchiveCacheFiles.searchPageNumber(name) != nil }

    static func load(_ context: LoadContext) throws(SitegenError) -> ArchiveCatalog? {
        var jobs: [Job] = []
        for stray in context.files(in: folder, suffix: ".json") {
            context.warnings.add("not read: archive files belong in a band collection folder, as archive/<Collection>/search-1.json or archive/<Collection>/items/<identifier>.json",
                                 at: SourceLocation(file: context.displayPath(stray)))
        }
        // .json files out of place are warned about above and below, with what belongs there.
        context.warnAboutStrays(in: folder, expected: "a folder for each band collection") { name, isFolder in isFolder || name.hasSuffix(".json") }
        for collection in context.folders(in: folder) {
            let collectionFolder = folder + "/" + collection
            context.warnAboutStrays(in: collectionFolder, expected: "\(ArchiveCacheFiles.searchPage(1)), \(ArchiveCacheFiles.searchPage(2)), … and \(ArchiveCacheFiles.items)/") { name, isFolder in
                isFolder ? name == ArchiveCacheFiles.items : name.hasSuffix(".json")
            }
            for file in context.files(in: collectionFolder, suffix: ".json") {
                guard isSearchPage(String(file.split(separator: "/").last ?? "")) else {
                    context.warnings.add("not read: expected search result pages named search-1.json, search-2.json, … here, and item metadata under items/",
                                         at: SourceLocation(file: context.displayPath(file)))
                    continue
                }
                jobs.append(Job(collection: collection, file: file, isItem: false))
            }
            for file in context.files(in: collectionFolder + "/" + ArchiveCacheFiles.items, suffix: ".json", strayWarning: "<identifier>.json files") {
                jobs.append(Job(collection: collection, file: file, isItem: true))
            }
        }
        guard !jobs.isEmpty else { return nil }

        // Files are parsed on every core; results come back in `jobs` order, errors lowest first.
        let work = jobs
        let results = try context.parallelMap(work.count) { index throws(SitegenError) in try read(work[index], context: context) }
        var factsByCollection: [String: [String: [RecordingFacts]]] = [:]
        for (job, result) in zip(jobs, results) {
            for facts in result where facts.mediatype?.lowercased() != "collection" {
                factsByCollection[job.collection, default: [:]][facts.identifier, default: []].append(facts)
            }
        }
        // An item file answered `{}` or without metadata: archive.org no longer has the item,
        // so a stale search row must not bring it back.
        let missing = Set(zip(jobs, results).compactMap { job, result -> String? in
            guard job.isItem, result.isEmpty else { return nil }
            return "\(job.collection)/\(itemIdentifier(job.file))"
        })
        // Each identifier's facts become one recording, on every core; the order is fixed.
        var sets: [(collection: String, facts: [RecordingFacts])] = []
        for collection in factsByCollection.keys.sorted() {
            let byIdentifier = factsByCollection[collection]!
            for identifier in byIdentifier.keys.sorted() where !missing.contains("\(collection)/\(identifier)") {
                sets.append((collection, byIdentifier[identifier]!))
            }
        }
        let factSets = sets
        let built = try context.parallelMap(factSets.count) { index throws(SitegenError) in
            RecordingBuilder.build(factSets[index].facts, collection: factSets[index].collection, warnings: context.warnings)
        }
        var recordings: [String: [Recording]] = [:]
        for case let recording? in built { recordings[recording.collection, default: []].append(recording) }
        guard !recordings.isEmpty else { return nil }
        return try CatalogBuilder.build(recordings, jobs: context.jobs)
    }

    private static func read(_ job: Job, context: LoadContext) throws(SitegenError) -> [RecordingFacts] {
        let root = try context.json(job.file)
        if job.isItem {
            let facts = try ItemReader.read(root, file: job.file, fallbackIdentifier: itemIdentifier(job.file),
                                            warnings: context.warnings)
            return facts.map { [$0] } ?? []
        }
        return try SearchPageReader.read(root, file: job.file, warnings: context.warnings)
    }

    /// "archive/GratefulDead/items/gd77-05-08.sbd.hicks.4982.sbeok.shnf.json" → the identifier.
    static func itemIdentifier(_ file: String) -> String {
        // Split on the bytes: splitting the whole path by `Character` cost more than the rest of
        // reading a recording's facts.
        let name = file.utf8.split(separator: UInt8(ascii: "/")).last.map { String(Substring($0)) } ?? file
        return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    }
}
