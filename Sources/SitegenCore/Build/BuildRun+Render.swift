import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The outcome of rendering: a record for every output file of this build but those kept with
/// unloaded sections.
struct RenderedOutputs {
    var records: [String: Manifest.OutputRecord] = [:]
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

        struct Outcome: Sendable {
            let record: Manifest.OutputRecord
            let rendered: Bool
            let written: Bool
        }
        let outcomes = try Parallel.map(work.count, jobs: options.jobs) { index throws(SitegenError) -> Outcome in
            defer { progress.advanced(by: 1) }
            let (page, owner) = work[index]
            let file = page.path.outputFile
            let inputs = fingerprints.page(page, siteWide: siteWide)
            let old = trusted?.outputs[file]
            let inSitemap = page.meta.inSitemap && page.path.isPage
            if let old, old.inputs == inputs, Self.published(file, in: output, size: old.size) {
                return Outcome(record: old, rendered: false, written: false)
            }
            let data = Data(try renderer.render(page).utf8)
            let record = Manifest.OutputRecord(inputs: inputs, bytes: Digest.of(data), size: Int64(data.count),
                                               owner: owner, inSitemap: inSitemap)
            if let old, old.bytes == record.bytes, Self.published(file, in: output, size: old.size) {
                return Outcome(record: record, rendered: true, written: false)
            }
            try publisher.stage(data, at: file)
            return Outcome(record: record, rendered: true, written: true)
        }
        var result = RenderedOutputs()
        for (index, outcome) in outcomes.enumerated() {
            let file = work[index].page.path.outputFile
            result.records[file] = outcome.record
            if outcome.rendered { report.rendered.append(file) }
            if outcome.written { report.written.append(file) } else { report.unchanged += 1 }
        }
        try copyFiles(loaded: loaded, trusted: trusted, publisher: publisher, into: &result, plan: plan)
        return result
    }

    /// `Content/static/` goes to the root of the output, `Templates/assets/` to assets/.
    private func copyFiles(loaded: LoadedSite, trusted: Manifest?, publisher: Publisher,
                                    into result: inout RenderedOutputs, plan: BuildPlan) throws(SitegenError) {
        let keys = loaded.sources.records.keys.filter { $0.hasPrefix("content/static/") || $0.hasPrefix("assets/") }
        for key in keys.sorted() {
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
                throw SitegenError("a copied file would overwrite a page: \(target)", at: SourceLocation(file: options.displayName(source)))
            }
            let sourceRecord = loaded.sources.records[key]!
            let record = Manifest.OutputRecord(inputs: sourceRecord.digest, bytes: sourceRecord.digest, size: sourceRecord.size,
                                               owner: owner, inSitemap: false)
            result.records[target] = record
            if let old = trusted?.outputs[target], old.bytes == record.bytes, Self.published(target, in: options.output, size: old.size) {
                report.unchanged += 1
                continue
            }
            guard let data = try? Data(contentsOf: source) else {
                throw SitegenError("cannot read file", at: SourceLocation(file: options.displayName(source)))
            }
            try publisher.stage(data, at: target)
            report.written.append(target)
        }
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
    /// compared and written again; those of kept sections are counted, nothing more.
    /// Returns how the manifest changed.
    func write(_ rendered: RenderedOutputs, plan: BuildPlan, sources: SourceDigests, previous: Manifest?,
                        trusted: Manifest?, publisher: Publisher, manifestURL: URL) throws(SitegenError) -> Manifest.Update {
        // The last build's files that this build decided again: all but the kept sections'.
        var before: [OutputEntry] = []
        var keptCount = 0
        // A handful of owners, compared directly: hashing one for each of 410,000 records was a
        // twentieth of a rebuild at archive scale.
        let keptOwners = Array(plan.keptOwners)
        for (path, record) in trusted?.outputs ?? previous?.outputs ?? [:] {
            if keptOwners.contains(record.owner) { keptCount += 1 } else { before.append(OutputEntry(path: path, bytes: record.bytes)) }
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

        let update: Manifest.Update
        if let trusted {
            var delta = Manifest.Changes(generator: builder.identity, startedAt: startedAt, sections: plan.sectionRecords)
            if let changed = sources.changed {
                for path in changed { delta.sources[path] = sources.records[path] }
            } else {
                for (path, record) in sources.records where trusted.sources[path] != record { delta.sources[path] = record }
                for path in trusted.sources.keys where sources.records[path] == nil { delta.sources[path] = .some(nil) }
            }
            for (path, record) in rendered.records where trusted.outputs[path] != record { delta.outputs[path] = record }
            for path in removals { delta.outputs[path] = .some(nil) }
            if trusted.isUnchanged(by: delta) {
                // Rewriting hundreds of thousands of identical lines was most of a no-op build.
                // The older start time only makes the next build re-hash a few more files.
                update = .keep
            } else if trusted.shouldRewrite(adding: delta) {
                var next = trusted
                next.apply(delta)
                next.lineCount = next.sources.count + next.outputs.count
                update = .rewrite(next)
            } else {
                update = .append(delta)
            }
        } else {
            var next = Manifest(generator: builder.identity, startedAt: startedAt)
            next.sections = plan.sectionRecords
            next.sources = sources.records
            next.outputs = rendered.records
            next.lineCount = next.sources.count + next.outputs.count
            update = .rewrite(next)
        }
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
