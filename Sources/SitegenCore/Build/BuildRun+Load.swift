import Foundation

/// What the load stage found: settings, templates, source digests, and each section either
/// loaded anew or kept from the last build.
struct LoadedSite {
    enum Outcome {
        /// Nothing the section reads changed: its record and outputs are kept.
        case reused(any Section.Type, Manifest.SectionRecord)
        /// Loaded anew (nil when Content/ has no data for it), with the warnings it gave.
        case loaded(any Section.Type, (any Section)?, [Warning])
    }

    let config: SiteConfig
    let clock: BuildClock
    let templates: TemplateSet
    let sources: SourceDigests
    let fingerprints: Fingerprints
    let outcomes: [Outcome]
}

extension BuildRun {
    /// `changes`, when a watcher reported them, are the only sources that may differ from the
    /// last build's (whose digests the builder's memory holds); otherwise every source is stat'ed.
    func loadStage(previous: Manifest?, trusted: Manifest?, changes: Set<String>?, warnings: WarningLog) throws(SitegenError) -> LoadedSite {
        let contentName = options.displayName(options.content)
        var config = try SiteConfig.load(options.content.appendingPathComponent("site.yml"),
                                         displayPath: contentName + "/site.yml",
                                         sectionKeys: Set(builder.sections.map { $0.key }), warnings: warnings)
        if let baseURL = options.baseURL { config.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }
        let clock = BuildClock(today: options.date ?? BuildClock.systemToday(in: config.timeZone), timeZone: config.timeZone)
        let templates = try TemplateSet.load(from: options.templates, folderName: options.displayName(options.templates))
        // Stats are trusted against any earlier manifest; only a clean build hashes every file.
        let roots = [("content/", options.content), ("assets/", options.templates.appendingPathComponent("assets"))]
        let sources = if let changes, let last = builder.memory?.sources {
            try last.updated(changes: changes, roots: roots)
        } else {
            try SourceDigests.compute(roots: roots, previous: previous, jobs: options.jobs)
        }
        builder.progress.detail("sources: \(sources.count) files, \(sources.hashed) read and hashed")
        let flags = ([options.includeDrafts ? "drafts" : ""] + options.sectionArguments.keys.sorted().map {
            "\($0)=\(options.sectionArguments[$0]!.joined(separator: ","))"
        }).joined(separator: ";")
        let fingerprints = Fingerprints(sources: sources, templates: templates, config: config, clock: clock,
                                        generator: builder.identity, flags: flags)
        let memo = FileMemo.Session(memo: fileMemo, sources: sources,
                                    settings: Digest.of([config.root?.value.canonicalText ?? "", config.siteWideText, clock.today.description, flags]))
        let context = LoadContext(contentDirectory: options.content, contentName: contentName, config: config, clock: clock,
                                  includeDrafts: options.includeDrafts, warnings: warnings, jobs: options.jobs,
                                  arguments: options.sectionArguments, memo: memo)
        let types = builder.sections
        let progress = builder.progress
        // One section after another, each reading its files on `jobs` threads: sections in
        // parallel as well would run up to jobs² threads, past what --jobs promises.
        let outcomes = try Parallel.map(types.count, jobs: 1) { index throws(SitegenError) -> LoadedSite.Outcome in
            let type = types[index]
            defer { progress.advanced(by: 1) }
            if let record = trusted?.sections[type.key],
               record.fingerprint == fingerprints.section(type, usedTemplates: record.templates) {
                progress.detail("\(type.key): unchanged, kept from the last build")
                return .reused(type, record)
            }
            let sectionWarnings = WarningLog()
            let section = try type.load(context.with(warnings: sectionWarnings))
            return .loaded(type, section, sectionWarnings.sorted)
        }
        return LoadedSite(config: config, clock: clock, templates: templates, sources: sources,
                          fingerprints: fingerprints, outcomes: outcomes)
    }
}
