import Foundation

/// The site's structure for one build: navigation, renderer, and what every page shares.
struct SiteModel {
    let renderer: Renderer
    let siteWide: String
}

/// What the pages stage decided: pages to render (or confirm unchanged), the sections kept
/// unloaded (their outputs stay as the last manifest records them), and each section's record
/// for the next build.
struct BuildPlan {
    var work: [(page: Page, owner: String)] = []
    var keptOwners: Set<String> = []
    var sectionRecords: [String: Manifest.SectionRecord] = [:]

    /// The last build's record of `path` when a kept section owns it.
    /// Only the parts of kept owners that wrote under the same top folder are read.
    func kept(_ path: String, in trusted: Manifest?) -> Manifest.OutputRecord? {
        guard !keptOwners.isEmpty, let trusted else { return nil }
        let top = path.split(separator: "/", maxSplits: 1).first.map(String.init) ?? path
        for owner in keptOwners.sorted() {
            guard let part = trusted.outputs[owner], part.tops.contains(top), let record = part.file.records[path] else { continue }
            return record
        }
        return nil
    }
}

extension BuildRun {
    func makeModel(_ loaded: LoadedSite, warnings: WarningLog) -> SiteModel {
        var navigation: [NavItem] = []
        for outcome in loaded.outcomes {
            switch outcome {
            case .reused(_, let record):
                for nav in (record.navigation.map { [$0] } ?? []) + (record.moreNavigation ?? []) {
                    navigation.append(NavItem(key: nav.key, path: SitePath.page(nav.path.split(separator: "/").map(String.init)),
                                              order: nav.order))
                }
            case .loaded(_, let section, _):
                if let nav = section?.navigation { navigation.append(nav) }
                navigation += section?.moreNavigation ?? []
            }
        }
        let strings = loaded.config.localization.strings
        for item in navigation where strings.texts[Renderer.navigationKey(item.key)] == nil {
            warnings.add("`\(Renderer.navigationKey(item.key))` is not a key of the strings files: the navigation shows `\(item.key)` for it",
                         at: SourceLocation(file: "\(options.displayName(options.templates))/\(SiteStrings.folder)/\(SiteStrings.fallback).yml"))
        }
        let worded = Set(navigation.map { Renderer.navigationKey($0.key) })
        for (key, location) in strings.navigationKeysBeyondEnglish.sorted(by: { $0.key < $1.key }) where !worded.contains(key) {
            warnings.add("`\(key)` is not a key of en.yml and words no entry of the navigation: nothing shows it", at: location)
        }
        let renderer = Renderer(templates: loaded.templates, config: loaded.config, navigation: navigation, generator: builder.generator)
        return SiteModel(renderer: renderer, siteWide: loaded.fingerprints.siteWide(navigation: renderer.navigation))
    }

    func makePages(_ loaded: LoadedSite, model: SiteModel, trusted: Manifest?) throws(SitegenError) -> BuildPlan {
        var plan = BuildPlan()
        let context = PageContext(config: loaded.config, clock: loaded.clock, jobs: options.jobs)
        var blocks: [String: String] = [:]
        var discoverBlocks: [String: String] = [:]
        // Sections make their page lists on every core (pages are plain values; their models are
        // made when they render); the lists are joined in section order. The archive lists its
        // own on every core too (most of the stage), so while it does up to 2 × jobs − 1
        // threads work: listing sections one after another would leave cores idle while a small
        // section waits for the archive, which costs more than the brief excess of threads.
        let outcomes = loaded.outcomes
        // A section's search index is a task of its own beside its pages: after one edited post,
        // the news section's pages and index are the whole stage, and each takes a core.
        var made = try Parallel.map(outcomes.count * 2, jobs: options.jobs) { task throws(SitegenError) -> (pages: [Page], search: Duration) in
            guard case .loaded(let type, let section?, _) = outcomes[task / 2] else { return ([], .zero) }
            if task % 2 == 0 { return (section.pages(context), .zero) }
            let start = ContinuousClock.now
            let pages = SearchIndex.pages(owner: type.key, records: section.searchRecords(context), settings: context.config.search, jobs: context.jobs)
            return (pages, ContinuousClock.now - start)
        }
        // The search index's share of the stage, for the summary (sections index side by side:
        // this is the sum of their times).
        let search = made.reduce(Duration.zero) { $0 + $1.search }
        report.searchIndexSeconds = loaded.config.search.enabled ? search.seconds : 0
        // Taken out of `made`, not copied: the archive's list holds a page per recording and concert.
        let pageLists = outcomes.indices.map { index in
            var pages: [Page] = []
            swap(&pages, &made[2 * index].pages)
            pages += made[2 * index + 1].pages
            return pages
        }
        for (outcome, pages) in zip(outcomes, pageLists) {
            switch outcome {
            case .reused(let type, let record):
                plan.keptOwners.insert(type.key)
                plan.sectionRecords[type.key] = record
                if let html = record.homeHTML { blocks[type.key] = html }
                if let html = record.discoverHTML { discoverBlocks[type.key] = html }
            case .loaded(let type, let section, let warnings):
                var templates: Set<String> = []
                var homeHTML: String?
                var discoverHTML: String?
                var sitemaps: [String] = []
                if let section {
                    report.missingCache += section.missingCache()
                    // The templates pages name, each closed over once: hundreds of thousands of
                    // pages name a handful of templates.
                    // Pages are read in place: copying a page retains each of its parts, and
                    // these loops run on one thread over every page of the site.
                    var named: Set<String> = []
                    var listed: [String] = []
                    var lastModified: [String: String] = [:]
                    plan.work.reserveCapacity(plan.work.count + pages.count)
                    for index in pages.indices {
                        if case .template(let name, _) = pages[index].body { named.insert(name) }
                        for case .template(let name) in pages[index].inputs { named.insert(name) }
                        if pages[index].meta.inSitemap && pages[index].path.isPage {
                            listed.append(pages[index].path.value)
                            if let day = pages[index].meta.lastModified { lastModified[pages[index].path.value] = day }
                        }
                        plan.work.append((pages[index], type.key))
                    }
                    for name in named { templates.formUnion(loaded.templates.closure(of: name)) }
                    for part in SitePages.sitemaps(of: type.key, paths: listed, lastModified: lastModified, config: loaded.config) {
                        sitemaps.append(part.path.value)
                        plan.work.append((part, type.key))
                    }
                    if let block = section.homeBlock(context) {
                        homeHTML = try render(block, partial: "partials/\(type.key)/home", at: .root, for: "the home page block")
                        blocks[type.key] = homeHTML
                    }
                    if let block = section.discoverBlock(context) {
                        discoverHTML = try render(block, partial: "partials/\(type.key)/discover", at: SitePages.discoverPath,
                                                  for: "the discover page block")
                        discoverBlocks[type.key] = discoverHTML
                    }
                    func render(_ block: HomeBlock, partial: String, at path: SitePath, for purpose: String) throws(SitegenError) -> String {
                        let html = try model.renderer.renderFragment(partial, model: block.model, at: path, for: purpose)
                        templates.formUnion(loaded.templates.closure(of: partial))
                        for name in ModelFingerprint.recorded(block.model).partials { templates.formUnion(loaded.templates.closure(of: name)) }
                        return html
                    }
                }
                let used = templates.sorted()
                plan.sectionRecords[type.key] = Manifest.SectionRecord(
                    fingerprint: loaded.fingerprints.section(type, usedTemplates: used),
                    navigation: section?.navigation.map { .init(key: $0.key, path: $0.path.value, order: $0.order) },
                    moreNavigation: section?.moreNavigation.map { .init(key: $0.key, path: $0.path.value, order: $0.order) },
                    homeHTML: homeHTML, discoverHTML: discoverHTML, templates: used, sitemaps: sitemaps, warnings: warnings,
                    searchIndex: pages.contains { $0.path.value == "search-" + type.key + "/index.json" })
            }
        }
        let language = loaded.config.localization
        let sectionKeys = builder.sections.map { $0.key }
        var sitePages = [SitePages.home(blocks: blocks, sections: sectionKeys), SitePages.notFound(language), SitePages.favourites(language),
                         SitePages.discover(blocks: discoverBlocks, sections: sectionKeys, language)]
        if loaded.config.search.enabled {
            // Only the sections that have an index (as their records say, made now or kept from
            // the last build): the search page fetches each one's, and one that indexes none of
            // `search: kinds`, or has no content, has none.
            var indexed: [String] = []
            for type in builder.sections where plan.sectionRecords[type.key]?.searchIndex ?? true { indexed.append(type.key) }
            sitePages.append(SitePages.search(sections: indexed, language))
        }
        plan.work += sitePages.map { ($0, "site") }
        let siteSitemaps = SitePages.sitemaps(of: "site", paths: sitePages.filter { $0.meta.inSitemap && $0.path.isPage }.map(\.path.value),
                                              config: loaded.config)
        plan.work += siteSitemaps.map { ($0, "site") }
        let parts = plan.sectionRecords.values.flatMap(\.sitemaps) + siteSitemaps.map(\.path.value)
        plan.work.append((SitePages.sitemapIndex(parts: parts, config: loaded.config), "site"))
        // The owner's own Content/static/robots.txt (say, to keep some crawler out) is copied in
        // its place, as Jekyll and Hugo let a site have its own.
        if loaded.sources.record("content/static/robots.txt") == nil {
            plan.work.append((SitePages.robots(config: loaded.config), "site"))
        }

        var first: [String: Int] = [:]  // each output file → the first page written to it
        first.reserveCapacity(plan.work.count)
        var users: [String: SitePath] = [:]  // each template → the first page rendered with it
        var clashes: [SitegenError] = []
        for index in plan.work.indices {
            let file = plan.work[index].page.path.outputFile
            if let earlier = first[file] {
                clashes.append(Self.clash(file, plan.work[earlier], plan.work[index], options: options))
            } else if plan.kept(file, in: trusted) != nil {
                clashes.append(SitegenError("two pages would be written to \(file) (one from \(plan.work[index].owner)); rename one of their sources"))
            }
            if first[file] == nil { first[file] = index }
            if case .template(let name, _) = plan.work[index].page.body, users[name] == nil { users[name] = plan.work[index].page.path }
        }
        if let error = SitegenError.all(clashes) { throw error }
        try model.renderer.checkTemplates(users)
        return plan
    }

    /// Two pages for one output file, each named by its section and, when it is made from one,
    /// the content file it is made from, so the author knows which to rename (a feed made from
    /// twenty posts is named by its section alone: any one of them would mislead).
    private static func clash(_ file: String, _ one: (page: Page, owner: String), _ other: (page: Page, owner: String),
                              options: BuildOptions) -> SitegenError {
        func source(_ work: (page: Page, owner: String)) -> String {
            let files = work.page.inputs.compactMap { input -> String? in
                if case .content(let path) = input { return path }
                return nil
            }
            guard let file = files.first, files.count == 1 else { return work.owner }
            return "\(work.owner) (\(options.displayName(options.content.appendingPathComponent(file))))"
        }
        return SitegenError("two pages would be written to \(file): one from \(source(one)), one from \(source(other)); rename one of their sources")
    }
}

extension BuildRun {
    /// Each HTML page made from one markdown file, by its output file, with that file
    /// (`BuildReport.pageSources`, for `check`). Pages only: a feed of one post is not that
    /// post's to fix.
    func pageSources(_ plan: BuildPlan) -> [String: String] {
        let contentName = options.displayName(options.content)
        var sources: [String: String] = [:]
        for (page, _) in plan.work where page.path.outputFile.hasSuffix(".html") {
            let posts = page.inputs.compactMap { input -> String? in
                if case .content(let file) = input, file.hasSuffix(".md") { return file }
                return nil
            }
            if posts.count == 1 { sources[page.path.outputFile] = contentName + "/" + posts[0] }
        }
        return sources
    }
}
