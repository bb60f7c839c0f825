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
        let templatesName = options.displayName(options.templates)
        // Every bad input the build can reach is reported in one run: site.yml, the templates, the
        // walk and each section go on past the problems before them, and all are thrown at the end.
        let problems = ProblemLog()
        let settingsFile = contentName + "/site.yml"
        var config = problems.attempt { () throws(SitegenError) in
            try SiteConfig.load(options.content.appendingPathComponent("site.yml"), displayPath: settingsFile,
                                sectionKeys: Set(builder.sections.map { $0.key }), warnings: warnings, problems: problems)
        }
        if let override = options.baseURL {
            guard let baseURL = SiteConfig.checkedBaseURL(override) else {
                throw BuildOptionName.baseURL.error("the base URL given to the build must be \(SiteConfig.baseURLExpected), found '\(override)'"
                                                    + (SiteConfig.baseURLFault(override)?.suffix ?? ""))
            }
            config?.baseURL = baseURL
            config?.hasBaseURL = true
        }
        // A base_url that is there but wrong is its own problem, reported above.
        if let config, !config.hasBaseURL, config.root?["base_url"] == nil {
            problems.add(BuildOptionName.baseURL.error("`base_url` is required: the absolute address the site will live at, like "
                                                       + "https://example.org/ (canonical links, the feed and the sitemap are made from it); "
                                                       + "or give the build a base URL", at: SourceLocation(file: settingsFile)))
        }
        // No title is not an error (the site builds), but every page, the feed and each shared
        // link would carry sitegen's name, with nothing to say why.
        if let config, config.root?["title"] == nil || config.title.trimmingCharacters(in: .whitespaces).isEmpty {
            warnings.add("the site has no `title:`; pages, the feed and shared links are titled '\(config.title)' until it has one",
                         at: config.root?["title"]?.location ?? SourceLocation(file: settingsFile))
        }
        if let file = config?.shareImageFile,
           !FileManager.default.fileExists(atPath: options.content.appendingPathComponent("static/" + file).path) {
            warnings.add("`share_image` names static/\(file), which does not exist: links to every page would be shared with a missing image",
                         at: config?.root?["share_image"]?.location ?? SourceLocation(file: settingsFile))
        }
        SearchSettings.warnUnknownKinds(config?.root?["search"], known: builder.sections.flatMap { $0.searchKinds }, warnings: warnings)
        var settings = config ?? SiteConfig()
        // The strings and templates are read and parsed while the sources are walked: the walk
        // mostly waits on the kernel, and neither needs the other. Problems are still reported
        // in the order of the steps, whichever finished first.
        let roots = [("content/", options.content), ("assets/", options.templates.appendingPathComponent("assets"))]
        let (given, memory, language, sizeLimit) = (options, self.builder.memory, settings.language, settings.maxFileBytes)
        let early = Parallel.map(2, jobs: 2) { step -> EarlySteps in
            if step == 0 {
                return .texts(Result { () throws(SitegenError) in
                    try SiteStrings.load(templates: given.templates, folderName: templatesName, language: language, warnings: warnings)
                }, Result { () throws(SitegenError) in
                    try TemplateSet.load(from: given.templates, folderName: templatesName, allowed: [given.content, given.templates],
                                         sizeLimit: sizeLimit)
                })
            }
            // Stats are trusted against any earlier manifest; only a clean build hashes every file.
            return .sources(Result { () throws(SitegenError) in
                if let changes, let last = memory?.sources {
                    try last.updated(changes: changes, roots: roots, allowed: [given.content, given.templates], sizeLimit: sizeLimit)
                } else {
                    try SourceDigests.compute(roots: roots, previous: previous, jobs: given.jobs,
                                              allowed: [given.content, given.templates], sizeLimit: sizeLimit)
                }
            })
        }
        guard case .texts(let readStrings, let readTemplates) = early[0], case .sources(let walked) = early[1] else {
            preconditionFailure("the early steps in their order")
        }
        if let strings = problems.attempt({ () throws(SitegenError) in try readStrings.get() }) {
            settings.localization = SiteLanguage(strings: strings, language: settings.language)
        }
        let clock = BuildClock(today: options.date ?? BuildClock.systemToday(in: settings.timeZone), timeZone: settings.timeZone)
        let templates = problems.attempt { () throws(SitegenError) in try readTemplates.get() } ?? TemplateSet.empty
        // Names the engine would render as nothing, found before any page is.
        if let strings = try? readStrings.get(), !strings.texts.isEmpty { templates.unknownStringKeys(Set(strings.texts.keys), warnings: warnings) }
        templates.fillsOfNoBlock(warnings: warnings)
        // Without its templates folder a build can render nothing: that is said with site.yml's
        // problems once the source walk ends, not after every section's cache was read (a
        // mistyped --templates would read the whole cache first, and print its warnings).
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: options.templates.path, isDirectory: &isFolder) || !isFolder.boolValue {
            do throws(SitegenError) {
                try problems.throwIfAny()
            } catch {
                var error = error
                error.warnings = warnings.sorted
                throw error
            }
        }
        let sources = try walked.get()
        for (key, reason) in sources.refused {
            let file = key.hasPrefix("content/") ? contentName + "/" + key.dropFirst("content/".count) : templatesName + "/" + key
            problems.add(SitegenError(reason, at: SourceLocation(file: file)))
        }
        // `static/` copied to the site: a file of that name would be nothing at all, silently.
        if sources.record("content/static") != nil {
            problems.add(SitegenError("a file where a folder belongs: static/ holds the files copied to the site; move it away, or make this a folder",
                                      at: SourceLocation(file: contentName + "/static")))
        }
        strayContent(contentName: contentName, warnings: warnings)
        let refused = Set(sources.refused.compactMap { $0.key.hasPrefix("content/") ? String($0.key.dropFirst("content/".count)) : nil })
        builder.progress.detail("sources: \(sources.count.counted("file")), \(sources.hashed) read and hashed")
        let flags = [options.includeDrafts ? "drafts" : "", options.sectionOptions.fingerprintText].filter { !$0.isEmpty }.joined(separator: ";")
        let fingerprints = Fingerprints(sources: sources, templates: templates, config: settings, clock: clock,
                                        generator: builder.identity, flags: flags)
        let memo = FileMemo.Session(memo: fileMemo, sources: sources,
                                    settings: Digest.of([settings.root?.value.canonicalText ?? "", settings.siteWideText, clock.today.description, flags]))
        let context = LoadContext(contentDirectory: options.content, contentName: contentName, config: settings, clock: clock,
                                  includeDrafts: options.includeDrafts, warnings: warnings, jobs: options.jobs,
                                  sectionOptions: options.sectionOptions, memo: memo, refused: refused, problems: problems)
        let types = builder.sections
        let progress = builder.progress
        // One section after another, each reading its files on `jobs` threads: sections in
        // parallel as well would run up to jobs² threads, past what --jobs promises.
        let outcomes = Parallel.map(types.count, jobs: 1) { index -> LoadedSite.Outcome in
            let type = types[index]
            defer { progress.advanced(by: 1) }
            if let record = trusted?.sections[type.key],
               record.fingerprint == fingerprints.section(type, usedTemplates: record.templates) {
                progress.detail("\(type.key): unchanged, kept from the last build")
                return .reused(type, record)
            }
            let sectionWarnings = WarningLog()
            let section = problems.attempt { () throws(SitegenError) in try type.load(context.with(warnings: sectionWarnings)) }
            return .loaded(type, section ?? nil, sectionWarnings.sorted)
        }
        do throws(SitegenError) {
            try problems.throwIfAny()
        } catch {
            var error = error
            let sectionWarnings = outcomes.flatMap { outcome -> [Warning] in
                if case .loaded(_, _, let list) = outcome { list } else { [] }
            }
            error.warnings = Array(Set(warnings.sorted + sectionWarnings)).sorted()
            throw error
        }
        return LoadedSite(config: settings, clock: clock, templates: templates, sources: sources,
                          fingerprints: fingerprints, outcomes: outcomes)
    }
}

/// What the load stage reads side by side before the sections (see `loadStage`).
private enum EarlySteps: Sendable {
    case texts(Result<SiteStrings, SitegenError>, Result<TemplateSet, SitegenError>)
    case sources(Result<SourceDigests, SitegenError>)
}

extension BuildRun {
    /// Warns about each entry of the content folder that nothing reads: a Hugo or Jekyll
    /// site's `posts/` or `about.md` would otherwise vanish from the site without a word.
    /// Hidden entries and READMEs are passed by.
    func strayContent(contentName: String, warnings: WarningLog) {
        let read = Set(builder.sections.flatMap { $0.inputFolders }.map { String($0.prefix { $0 != "/" }) }).union(["static"])
        let folders = read.sorted().map { $0 + "/" }
        let list = folders.dropLast().joined(separator: ", ") + " and " + folders.last!
        let hints = builder.sections.compactMap { $0.contentHint }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: options.content.path) else { return }
        for name in names.sorted() where !name.hasPrefix(".") && name != "site.yml" && !read.contains(name) && !name.uppercased().hasPrefix("README") {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: options.content.appendingPathComponent(name).path, isDirectory: &isFolder)
            let why = isFolder.boolValue ? "no section reads this folder (sitegen reads \(list))" + hints.map { "; " + $0 }.joined()
                : name.hasSuffix(".md") || name.hasSuffix(".markdown")
                ? "markdown here is no page" + hints.map { "; " + $0 }.joined()
                    + "; a page of its own (an about page) is an HTML file in static/ (static/about/index.html is /about/)"
                : "sitegen reads site.yml here and the folders \(list); a file to publish as it is goes in static/"
            warnings.add("not read: " + why, at: SourceLocation(file: contentName + "/" + name + (isFolder.boolValue ? "/" : "")))
        }
    }
}
