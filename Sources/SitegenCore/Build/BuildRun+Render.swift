import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The outcome of rendering: a record for every output file of this build but those kept with
/// unloaded sections.
struct RenderedOutputs {
    var records: [String: Manifest.OutputRecord] = [:]
    /// Path → the section (or "site", "static", "assets") that made it.
    var owners: [String: String] = [:]
}

extension BuildRun {
    /// Renders the pages whose inputs changed and copies the static files and assets that
    /// changed, staging only files whose bytes differ from what was published.
    func render(_ plan: inout BuildPlan, loaded: LoadedSite, model: SiteModel, trusted: Manifest?,
                         publisher: Publisher) throws(SitegenError) -> RenderedOutputs {
        let work = plan.work
        let fingerprints = loaded.fingerprints
        let output = options.output
        let progress = builder.progress
        let renderer = model.renderer
        let siteWide = model.siteWide

        // The last build's records of the owners that render, each part read once up front.
        let previous = Dictionary(uniqueKeysWithValues: Set(work.map(\.owner)).map { ($0, trusted?.outputs[$0]?.file.records ?? [:]) })
        struct Outcome: Sendable {
            let file: String
            let record: Manifest.OutputRecord
            let rendered: Bool
            let written: Bool
        }
        let outcomes = try Parallel.map(work.count, jobs: options.jobs) { index throws(SitegenError) -> Outcome in
            defer { progress.advanced(by: 1) }
            // The page is read in place (`work[index].page`), not copied out of the list.
            let file = work[index].page.path.outputFile
            let inputs = fingerprints.page(work[index].page, siteWide: siteWide)
            let old = previous[work[index].owner]?[file]
            if let old, old.inputs == inputs, Self.published(file, in: output, size: old.size) {
                return Outcome(file: file, record: old, rendered: false, written: false)
            }
            let text = try renderer.render(work[index].page)
            let record = Manifest.OutputRecord(inputs: inputs, bytes: Digest.of(text), size: Int64(text.utf8.count))
            if let old, old.bytes == record.bytes, Self.published(file, in: output, size: old.size) {
                return Outcome(file: file, record: record, rendered: true, written: false)
            }
            try publisher.stage(text, at: file)
            return Outcome(file: file, record: record, rendered: true, written: true)
        }
        // One thread from here: the tables are made at their full size at once.
        var result = RenderedOutputs()
        result.records.reserveCapacity(outcomes.count)
        result.owners.reserveCapacity(outcomes.count)
        for (index, outcome) in outcomes.enumerated() {
            result.records[outcome.file] = outcome.record
            result.owners[outcome.file] = work[index].owner
            if outcome.rendered { report.rendered.append(outcome.file) }
            if outcome.written { report.written.append(outcome.file) } else { report.unchanged += 1 }
        }
        try copyFiles(loaded: loaded, trusted: trusted, publisher: publisher, into: &result, plan: plan)
        if let error = SitegenError.all(Self.fileFolderClashes(result.owners, published: options.output)) { throw error }
        return result
    }

    /// Paths that one output file needs as a file and another as its folder (a static file
    /// `search` and the search page's `search/index.html`; an alias under `feed.xml/`): found
    /// here, before publishing, since moving the staged files into place would fail half-way.
    /// Pages of sections this build keeps are not in `owners`: a copied file where the
    /// `published` output has a folder of theirs is found by the folder on disk.
    static func fileFolderClashes(_ owners: [String: String], published: URL? = nil) -> [SitegenError] {
        // The first path found under each such folder; sorted at the end, so that the messages
        // come in one order whatever the table's.
        var found: [String: String] = [:]
        for path in owners.keys {
            var folder = path[...]
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                let name = String(folder)
                if owners[name] != nil, found[name].map({ path < $0 }) ?? true { found[name] = path }
            }
        }
        var clashes = found.keys.sorted().map { folder in
            let (owner, path) = (owners[folder]!, found[folder]!)
            return SitegenError("`\(folder)` would be both a file (from \(owner)) and the folder of \(path) (from \(owners[path]!))"
                                + (owner == "static" ? ": rename or remove Content/static/\(folder)" : ""))
        }
        if let published {
            let copied = owners.filter { $0.value == "static" || $0.value == "assets" }
            for (path, owner) in copied.sorted(by: { $0.key < $1.key }) where found[path] == nil {
                var info = stat()
                guard stat(published.path + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
                      !owners.keys.contains(where: { $0.hasPrefix(path + "/") }) else { continue }
                clashes.append(SitegenError("`\(path)` would be a file (from \(owner)) where the site has a folder of pages"
                                            + (owner == "static" ? ": rename or remove Content/static/\(path)" : "")))
            }
        }
        return clashes
    }

    /// `Content/static/` goes to the root of the output, `Templates/assets/` to assets/.
    private func copyFiles(loaded: LoadedSite, trusted: Manifest?, publisher: Publisher,
                                    into result: inout RenderedOutputs, plan: BuildPlan) throws(SitegenError) {
        let records = loaded.sources.records(inGroup: "content/static").merging(loaded.sources.records(inGroup: "assets")) { first, _ in first }
        var clashes: [SitegenError] = []
        for key in records.keys.sorted() where !LocalImages.isMissingMarker(String(key.dropFirst("content/".count))) {
            let target: String
            let owner: String
            let source: URL
            if key.hasPrefix("content/static/") {
                target = String(key.dropFirst("content/static/".count))
                owner = "static"
                source = options.content.appendingPathComponent(String(key.dropFirst("content/".count)))
            } else {
                target = key
                owner = "assets"
                source = options.templates.appendingPathComponent(key)
            }
            guard result.records[target] == nil, plan.kept(target, in: trusted) == nil else {
                clashes.append(SitegenError("a copied file would overwrite a page: \(target)", at: SourceLocation(file: options.displayName(source))))
                continue
            }
            let sourceRecord = records[key]!
            let record = Manifest.OutputRecord(inputs: sourceRecord.digest, bytes: sourceRecord.digest, size: sourceRecord.size)
            result.records[target] = record
            result.owners[target] = owner
            if let old = trusted?.output(target, of: owner), old.bytes == record.bytes,
               Self.published(target, in: options.output, size: old.size) {
                report.unchanged += 1
                continue
            }
            // Read as every source is: a regular file within the size limit, whatever replaced it since the walk.
            let data = try FileBytes.read(source.path, displayPath: options.displayName(source), limit: loaded.config.maxFileBytes)
            try publisher.stage(data, at: target)
            report.written.append(target)
        }
        if let error = SitegenError.all(clashes) { throw error }
    }

    /// Whether the output holds a file at `path` of the size the manifest recorded.
    /// A plain stat: Foundation's attribute dictionary costs more than the stat itself, and every
    /// kept page of a large site is checked.
    static func published(_ path: String, in output: URL, size: Int64) -> Bool {
        var info = stat()
        return stat(output.path + "/" + path, &info) == 0 && Int64(info.st_size) == size
    }
}

extension BuildRun {
    /// Publishes the staged files, removes what no longer belongs to the site, and records in the
    /// manifest what this build changed. Only the outputs of the sections that were loaded are
    /// compared and written again; those of kept sections are counted, their parts left unread.
    /// Returns how the manifest changed.
    func write(_ rendered: RenderedOutputs, plan: BuildPlan, sources: SourceDigests, previous: Manifest?,
                        trusted: Manifest?, publisher: Publisher, manifestURL: URL) throws(SitegenError) -> Manifest.Update {
        // The last build's files that this build decided again: all but the kept sections'.
        let last = trusted ?? previous
        var before: [OutputEntry] = []
        var keptCount = 0
        for (owner, part) in last?.outputs ?? [:] {
            if plan.keptOwners.contains(owner) {
                keptCount += part.file.count
            } else {
                for (path, record) in part.file.records { before.append(OutputEntry(path: path, bytes: record.bytes)) }
            }
        }
        if let reason = last?.damage.reason {
            damagedManifest = reason
            throw SitegenError("the last build's manifest is damaged: \(reason)")
        }
        report.unchanged += keptCount
        // What changed between those files and this build's, by the same collection difference
        // that computes chart movement: deletions are files to remove, insertions files that are
        // new (published before changed ones, so no link points at nothing).
        before.sort()
        let after = rendered.records.map { OutputEntry(path: $0.key, bytes: $0.value.bytes) }.sorted()
        let changes = ListDiff(from: before, to: after, id: \.path, isEqual: { $0.bytes == $1.bytes })
        var removals = Set(changes.deletions.map { before[$0].path })
        if trusted == nil {
            // After --clean, a lost manifest or a killed build, the folder itself is the truth.
            removals.formUnion(Set(FileSnapshot.scan(options.output).entries.keys).subtracting(rendered.records.keys))
        }
        removals.remove(OutputGuard.markerName)
        let added = Set(changes.insertions.map(\.element.path))

        var next = Manifest(generator: builder.identity, startedAt: startedAt, sections: plan.sectionRecords)
        next.sources = sources.parts
        var byOwner: [String: [String: Manifest.OutputRecord]] = [:]
        for (path, record) in rendered.records { byOwner[rendered.owners[path]!, default: [:]][path] = record }
        for owner in plan.keptOwners { next.outputs[owner] = trusted?.outputs[owner] }
        for (owner, records) in byOwner {
            // An owner whose files are as recorded keeps its part, and its file.
            if let old = trusted?.outputs[owner], old.file.records == records {
                next.outputs[owner] = old
            } else {
                next.outputs[owner] = Manifest.OutputPart(records: records)
            }
        }
        // An unchanged index is left alone, so a build that changed nothing writes nothing.
        let update: Manifest.Update = if let trusted, !sources.racy, trusted.says(the: next) { .keep } else { .write(next) }
        try publisher.publish(existing: { !added.contains($0) }, removals: removals.sorted(), manifest: update,
                              manifestURL: manifestURL)
        report.removed = removals.sorted()
        report.totalFiles = rendered.records.count + keptCount
        return update
    }
}

/// An output file as the difference of two builds sees it: its path, and the digest of its bytes.
struct OutputEntry: Comparable {
    let path: String
    let bytes: Digest

    static func < (lhs: OutputEntry, rhs: OutputEntry) -> Bool { lhs.path < rhs.path }
}
