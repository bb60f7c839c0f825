import Foundation

/// Runs a build as named, timed stages:
/// load (settings, templates, source digests, the sections whose inputs changed) → model (the
/// site's structure: navigation, renderer) → pages (view models, home blocks, sitemap) →
/// render (only pages whose inputs changed, in parallel, streamed to a staging folder) →
/// write (publish what changed, remove what is gone, manifest last).
///
/// An error in any stage before write stops the build before Output/ is touched. The write stage
/// publishes the staged files first and the manifest last; if it fails in between, the build's
/// journal makes the next build a full one. An incremental build gives the same
/// bytes as a clean one: a page is kept only when the fingerprint of everything it was made from
/// is unchanged, and a section is kept unloaded only when nothing it reads changed.
public struct SiteBuilder: Sendable {
    public let options: BuildOptions
    public let sections: [any Section.Type]
    public let progress: any BuildProgress
    /// Kept between builds of one process (`sitegen watch`); nil for a single build.
    public let memory: BuildMemory?

    /// The generator's name for pages ("sitegen 0.1.0") and, for fingerprints, that name with
    /// the running executable's identity (`BuildIdentity`).
    public let generator: String
    let identity: String

    public init(options: BuildOptions, sections: [any Section.Type], generator: String,
                progress: any BuildProgress = SilentProgress(), memory: BuildMemory? = nil) {
        self.options = options
        self.sections = sections
        self.generator = generator
        self.identity = generator + " " + BuildIdentity.executableDigest
        self.progress = progress
        self.memory = memory
    }

    public func build() throws(SitegenError) -> BuildReport {
        let startedAt = Int64(Date().timeIntervalSince1970 * 1e9)
        try OutputGuard.check(output: options.output, content: options.content, templates: options.templates,
                              workingDirectory: options.workingDirectory, outputName: options.displayName(options.output))
        if let error = SitegenError.all(SiteFolders.problems(options, requireTemplates: false)) { throw error }
        let lock = try BuildLock(for: options.output)
        // A running `sitegen fetch` may be halfway through refreshing the cache: stop, not read it.
        let contentLock = try ContentLock.forBuild(options.content, waiting: options.waitForFetch)
        defer { withExtendedLifetime((lock, contentLock)) {} }
        let run = BuildRun(builder: self, startedAt: startedAt)
        do throws(SitegenError) {
            return try attempt(run)
        } catch {
            guard let damage = run.damagedManifest else { throw error }
            // A part of the manifest changed behind the build's back: nothing was published, and
            // without the manifest the build is a full one.
            let manifest = Manifest.location(for: options.output)
            do {
                try FileManager.default.removeItem(at: manifest)
            } catch {
                throw SitegenError("the last build's manifest is damaged (\(damage)), and \(manifest.path) cannot be removed: "
                                   + error.localizedDescription)
            }
            var report = try attempt(BuildRun(builder: self, startedAt: startedAt))
            report.fullBuildReason = "the last build's manifest was damaged: \(damage)"
            return report
        }
    }

    /// Runs a build into a staging folder of its own, which a failure discards.
    private func attempt(_ run: BuildRun) throws(SitegenError) -> BuildReport {
        let publisher = try Publisher(output: options.output)
        do throws(SitegenError) {
            return try run.execute(publisher: publisher)
        } catch {
            publisher.discard()
            throw error
        }
    }
}

/// The state of one build as it moves through the stages (a class: stages fill in its report).
final class BuildRun {
    let builder: SiteBuilder
    let startedAt: Int64
    var options: BuildOptions { builder.options }
    var report = BuildReport()
    var times = StageTimes()
    /// Why a part of the last manifest could not be read after its index was, if one could not.
    var damagedManifest: String?
    /// What loaders made from single files: the watching process's, or the memo file's (none
    /// for a clean build, which makes everything again).
    let fileMemo: FileMemo

    init(builder: SiteBuilder, startedAt: Int64) {
        self.builder = builder
        self.startedAt = startedAt
        let options = builder.options
        fileMemo = builder.memory?.files
            ?? (options.clean ? FileMemo() : FileMemo(reading: FileMemo.location(for: options.output), identity: builder.identity))
    }

    func execute(publisher: Publisher) throws(SitegenError) -> BuildReport {
        let memory = builder.memory
        let manifestURL = Manifest.location(for: options.output)
        let changes = memory?.startBuild(manifestAt: manifestURL)  // nil: no memory, every source is stat'ed
        do {
            let (update, base, sources) = try stages(publisher: publisher, changes: changes)
            // The stages no longer hold the last manifest: memory updates its own in place.
            memory?.remember(update, base: base, sources: sources, manifestAt: manifestURL)
            if memory == nil {
                fileMemo.prune { sources.content($0) != nil }
                fileMemo.write(to: FileMemo.location(for: options.output), identity: builder.identity)
            }
            if options.endsProcess { ProcessExit.leave(sources) }
        } catch {
            if let changes { memory?.buildFailed(changes: changes) }
            throw error
        }
        report.stages = times
        return report
    }

    /// The stages, from reading the last manifest to publishing. Returns how the manifest
    /// changed, and the last manifest itself when it came from disk rather than from memory.
    private func stages(publisher: Publisher, changes: Set<String>?) throws(SitegenError)
        -> (Manifest.Update, base: Manifest?, SourceDigests) {
        let siteWarnings = WarningLog()
        let manifestURL = Manifest.location(for: options.output)
        let remembered = builder.memory?.manifest
        var unusable: String?
        let previous = options.clean ? nil : remembered ?? stage("manifest", total: 1) { () -> Manifest? in
            switch Manifest.load(manifestURL) {
            case .none: return nil
            case .unusable(let why):
                unusable = why
                return nil
            case .read(let manifest): return manifest
            }
        }
        let outputExists = FileManager.default.fileExists(atPath: options.output.path)
        let fullReason: String? = options.clean ? "a clean build was asked for"
            : previous == nil ? unusable.map { "the last build's manifest cannot be used: \($0)" } ?? "no manifest from an earlier build"
            : publisher.interruptedBefore ? "the last build was interrupted" : !outputExists ? "no output folder" : nil
        report.fullBuildReason = fullReason
        // Records of the last build are trusted only when it finished and its output is there.
        let trusted = fullReason == nil ? previous : nil

        // Loading, planning and rendering get a scope of their own, so that the catalogs and the
        // page list are freed before the write stage: at archive scale its records and the
        // manifest otherwise came on top of them as the build's peak memory.
        let (rendered, plan, sources) = try { () throws(SitegenError) -> (RenderedOutputs, BuildPlan, SourceDigests) in
            let loaded = try stage("load", total: builder.sections.count) { () throws(SitegenError) in
                try loadStage(previous: previous, trusted: trusted, changes: trusted == nil ? nil : changes, warnings: siteWarnings)
            }
            report.buildDate = loaded.clock.today
            report.reusedSections = loaded.outcomes.compactMap { if case .reused(let type, _) = $0 { type.key } else { nil } }

            let model = stage("model", total: 1) { makeModel(loaded, warnings: siteWarnings) }

            var plan = try stage("pages", total: 0) { () throws(SitegenError) in
                try makePages(loaded, model: model, trusted: trusted)
            }
            if options.recordsPageSources { report.pageSources = pageSources(plan) }

            let rendered = try stage("render", total: plan.work.count) { () throws(SitegenError) in
                try render(&plan, loaded: loaded, model: model, trusted: trusted, publisher: publisher)
            }
            model.renderer.templates.warnAboutUndeclaredNames(warnings: siteWarnings)
            plan.work = []
            return (rendered, plan, loaded.sources)
        }()

        let update = try stage("write", total: 1) { () throws(SitegenError) in
            try write(rendered, plan: plan, sources: sources, previous: previous, trusted: trusted,
                      publisher: publisher, manifestURL: manifestURL)
        }
        report.warnings = (siteWarnings.sorted + plan.sectionRecords.values.flatMap(\.warnings)).sorted()
        return (update, remembered == nil ? trusted : nil, sources)
    }

    /// Runs one named stage, timing it and telling the progress display. A problem it throws
    /// is marked with the stage's name (`SitegenError.stage`), so a failed build says where.
    func stage<T, E: Error>(_ name: String, total: Int, _ work: () throws(E) -> T) throws(E) -> T {
        builder.progress.stageStarted(name, total: total)
        let value: T
        do {
            value = try times.measure(name, work)
        } catch {
            if var failure = error as? SitegenError, failure.stage == nil, let marked = { failure.stage = name; return failure }() as? E {
                throw marked
            }
            throw error
        }
        builder.progress.stageFinished(name, seconds: times.stages.last?.seconds ?? 0)
        return value
    }
}
