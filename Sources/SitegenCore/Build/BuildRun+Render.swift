import Foundation

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
        try copyFiles(loaded: loaded, trusted: trusted, publisher: publisher, into: &result, taken: plan.kept)
        return result
    }

    /// `Content/static/` goes to the root of the output, `Templates/assets/` to assets/.
    private func copyFiles(loaded: LoadedSite, trusted: Manifest?, publisher: Publisher,
                                    into result: inout RenderedOutputs, taken: [String: Manifest.OutputRecord]) throws(SitegenError) {
        for key in loaded.sources.records.keys.sorted() {
            let target: String
            let owner: String
            let source: URL
            if key.hasPrefix("content/static/") {
                target = String(key.dropFirst("content/static/".count))
                owner = "static"
                source = options.content.appendingPathComponent(String(key.dropFirst("content/".count)))
            } else if key.hasPrefix("assets/") {
                target = key
                owner = "assets"
                source = options.templates.appendingPathComponent(key)
            } else {
                continue
            }
            guard result.records[target] == nil, taken[target] == nil else {
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
    static func published(_ path: String, in output: URL, size: Int64) -> Bool {
        let attributes = try? FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)
        return (attributes?[.size] as? NSNumber)?.int64Value == size
    }
}

extension BuildRun {
    /// Publishes the staged files, removes what no longer belongs to the site, writes the manifest.
    func write(_ rendered: RenderedOutputs, plan: BuildPlan, loaded: LoadedSite, previous: Manifest?,
                        fullRebuild: Bool, publisher: Publisher, manifestURL: URL) throws(SitegenError) {
        var outputs = rendered.records
        for (path, record) in plan.kept where outputs[path] == nil { outputs[path] = record }
        report.unchanged += plan.kept.count
        var candidates = Set(previous?.outputs.keys.map { $0 } ?? [])
        if fullRebuild {
            // After --clean, a lost manifest or a killed build, the folder itself is the truth.
            candidates.formUnion(FileSnapshot.scan(options.output).entries.keys)
        }
        let removals = candidates.subtracting(outputs.keys).subtracting([OutputGuard.markerName]).sorted()
        var manifest = Manifest(generator: builder.generator, startedAt: startedAt)
        manifest.sections = plan.sectionRecords
        manifest.sources = loaded.sources.records
        manifest.outputs = outputs
        let output = options.output
        try publisher.publish(existing: { FileManager.default.fileExists(atPath: output.appendingPathComponent($0).path) },
                              removals: removals, manifest: manifest, manifestURL: manifestURL)
        report.removed = removals
        report.totalFiles = outputs.count
    }
}
