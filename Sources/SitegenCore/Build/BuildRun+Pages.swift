import Foundation

/// The site's structure for one build: navigation, renderer, and what every page shares.
struct SiteModel {
    let renderer: Renderer
    let siteWide: String
}

/// What the pages stage decided: pages to render (or confirm unchanged), outputs kept from
/// sections that were not loaded, and each section's record for the next build.
struct BuildPlan {
    var work: [(page: Page, owner: String)] = []
    var kept: [String: Manifest.OutputRecord] = [:]
    var sectionRecords: [String: Manifest.SectionRecord] = [:]
}

extension BuildRun {
    func makeModel(_ loaded: LoadedSite) -> SiteModel {
        var navigation: [NavItem] = []
        for outcome in loaded.outcomes {
            switch outcome {
            case .reused(_, let record):
                if let nav = record.navigation {
                    navigation.append(NavItem(key: nav.key, title: nav.title, path: SitePath.page(nav.path.split(separator: "/").map(String.init)),
                                              order: nav.order))
                }
            case .loaded(_, let section, _):
                if let nav = section?.navigation { navigation.append(nav) }
            }
        }
        let renderer = Renderer(templates: loaded.templates, config: loaded.config, navigation: navigation, generator: builder.generator)
        return SiteModel(renderer: renderer, siteWide: loaded.fingerprints.siteWide(navigation: renderer.navigation))
    }

    func makePages(_ loaded: LoadedSite, model: SiteModel, trusted: Manifest?) throws(SitegenError) -> BuildPlan {
        var plan = BuildPlan()
        let context = PageContext(config: loaded.config, clock: loaded.clock)
        var blocks: [String: String] = [:]
        // Sections make their page lists on every core (pages are plain values; their models are
        // made when they render); the lists are joined in section order.
        let outcomes = loaded.outcomes
        let pageLists = try Parallel.map(outcomes.count, jobs: options.jobs) { index throws(SitegenError) -> [Page] in
            guard case .loaded(_, let section?, _) = outcomes[index] else { return [] }
            return section.pages(context)
        }
        for (outcome, pages) in zip(outcomes, pageLists) {
            switch outcome {
            case .reused(let type, let record):
                for (path, output) in trusted?.outputs ?? [:] where output.owner == type.key { plan.kept[path] = output }
                plan.sectionRecords[type.key] = record
                if let html = record.homeHTML { blocks[type.key] = html }
            case .loaded(let type, let section, let warnings):
                var templates: Set<String> = []
                var homeHTML: String?
                if let section {
                    for page in pages {
                        if case .template(let name, _) = page.body { templates.formUnion(loaded.templates.closure(of: name)) }
                        for case .template(let name) in page.inputs { templates.formUnion(loaded.templates.closure(of: name)) }
                        plan.work.append((page, type.key))
                    }
                    if let block = section.homeBlock(context) {
                        let partial = "partials/\(type.key)/home"
                        homeHTML = try model.renderer.renderFragment(partial, model: block.model, at: .root)
                        templates.formUnion(loaded.templates.closure(of: partial))
                        for case .template(let name) in block.inputs { templates.formUnion(loaded.templates.closure(of: name)) }
                        blocks[type.key] = homeHTML
                    }
                }
                let used = templates.sorted()
                plan.sectionRecords[type.key] = Manifest.SectionRecord(
                    fingerprint: loaded.fingerprints.section(type, usedTemplates: used),
                    navigation: section?.navigation.map { .init(key: $0.key, title: $0.title, path: $0.path.value, order: $0.order) },
                    homeHTML: homeHTML, templates: used, warnings: warnings)
            }
        }
        plan.work.append((SitePages.home(blocks: blocks), "site"))
        plan.work.append((SitePages.notFound(), "site"))
        var listed = plan.kept.filter { $0.value.inSitemap }.keys.map { String($0.dropLast("index.html".count)) }
        listed += plan.work.filter { $0.page.meta.inSitemap && $0.page.path.isPage }.map(\.page.path.value)
        plan.work += SitePages.sitemaps(paths: listed, config: loaded.config).map { ($0, "site") }

        var seen = Set(plan.kept.keys)
        for (page, owner) in plan.work where !seen.insert(page.path.outputFile).inserted {
            throw SitegenError("two pages would be written to \(page.path.outputFile) (the second from \(owner)); rename one of their sources")
        }
        try model.renderer.checkTemplates(for: plan.work.map(\.page))
        return plan
    }
}
