import Foundation

/// Runs a build as named, timed stages:
/// load (settings, templates, every section's cache) → model (the site's structure: navigation,
/// home, paths checked) → pages (view models) → render (templates, in parallel) → write (a
/// staging folder, swapped in at the end). Any error stops the build before Output/ is touched.
public struct SiteBuilder: Sendable {
    public let options: BuildOptions
    public let sections: [any Section.Type]
    public let generator: String

    public init(options: BuildOptions, sections: [any Section.Type], generator: String) {
        self.options = options
        self.sections = sections
        self.generator = generator
    }

    public func build() throws(SitegenError) -> BuildReport {
        var report = BuildReport()
        var times = StageTimes()
        let warnings = WarningLog()
        try OutputGuard.check(output: options.output, content: options.content, templates: options.templates,
                              workingDirectory: options.workingDirectory, outputName: options.displayName(options.output))

        let (context, templates, loaded) = try times.measure("load") { () throws(SitegenError) in
            try load(warnings: warnings)
        }
        report.buildDate = context.clock.today
        let pageContext = PageContext(config: context.config, clock: context.clock)

        let renderer = times.measure("model") {
            Renderer(templates: templates, config: context.config,
                     navigation: loaded.compactMap(\.navigation), generator: generator)
        }

        let pages = try times.measure("pages") { () throws(SitegenError) in
            try makePages(loaded, context: pageContext)
        }
        try renderer.checkTemplates(for: pages)

        let rendered = try times.measure("render") { () throws(SitegenError) in
            try render(pages, with: renderer)
        }

        report.filesCopied = try times.measure("write") { () throws(SitegenError) in
            try write(pages: pages, rendered: rendered)
        }
        report.pagesWritten = pages.count
        report.warnings = warnings.sorted
        report.stages = times
        return report
    }

    /// Reads site.yml, the templates and every section's data.
    func load(warnings: WarningLog) throws(SitegenError) -> (LoadContext, TemplateSet, [any Section]) {
        let contentName = options.displayName(options.content)
        var config = try SiteConfig.load(options.content.appendingPathComponent("site.yml"),
                                         displayPath: contentName + "/site.yml",
                                         sectionKeys: Set(sections.map { $0.key }), warnings: warnings)
        if let baseURL = options.baseURL { config.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }
        let clock = BuildClock(today: options.date ?? BuildClock.systemToday(in: config.timeZone), timeZone: config.timeZone)
        let context = LoadContext(contentDirectory: options.content, contentName: contentName, config: config, clock: clock,
                                  includeDrafts: options.includeDrafts, warnings: warnings)
        let templates = try TemplateSet.load(from: options.templates, folderName: options.displayName(options.templates))

        // Sections read their caches concurrently; results keep the registry's order.
        let results = ConcurrentResults<Result<(any Section)?, SitegenError>>(count: sections.count)
        DispatchQueue.concurrentPerform(iterations: sections.count) { index in
            do throws(SitegenError) {
                results[index] = .success(try sections[index].load(context))
            } catch {
                results[index] = .failure(error)
            }
        }
        var loaded: [any Section] = []
        for result in results.values {
            switch result {
            case .success(let section?): loaded.append(section)
            case .success(nil), nil: continue
            case .failure(let error): throw error
            }
        }
        return (context, templates, loaded)
    }

    /// Every page of every section, then home, 404 and the sitemap; two pages on one path is an error.
    func makePages(_ loaded: [any Section], context: PageContext) throws(SitegenError) -> [Page] {
        var pages: [Page] = []
        var blocks: [String: HomeBlock] = [:]
        for section in loaded {
            pages.append(contentsOf: section.pages(context))
            blocks[type(of: section).key] = section.homeBlock(context)
        }
        pages.append(SitePages.home(blocks: blocks))
        pages.append(SitePages.notFound())
        pages.append(SitePages.sitemap(pages: pages, config: context.config))
        var seen: Set<String> = []
        for page in pages where !seen.insert(page.path.outputFile).inserted {
            throw SitegenError("two pages would be written to \(page.path.outputFile); rename one of their sources")
        }
        return pages
    }

    func render(_ pages: [Page], with renderer: Renderer) throws(SitegenError) -> [String] {
        let results = ConcurrentResults<Result<String, SitegenError>>(count: pages.count)
        DispatchQueue.concurrentPerform(iterations: pages.count) { index in
            do throws(SitegenError) {
                results[index] = .success(try renderer.render(pages[index]))
            } catch {
                results[index] = .failure(error)
            }
        }
        var texts: [String] = []
        texts.reserveCapacity(pages.count)
        for result in results.values {
            switch result {
            case .success(let text): texts.append(text)
            case .failure(let error): throw error
            case nil: throw SitegenError("a page was not rendered")
            }
        }
        return texts
    }

    /// Writes pages, `Templates/assets/` (to assets/) and `Content/static/` (to the root) into a
    /// staging folder, then swaps it in. Returns the number of files copied.
    func write(pages: [Page], rendered: [String]) throws(SitegenError) -> Int {
        let staging = try StagingOutput(output: options.output)
        do throws(SitegenError) {
            var written: Set<String> = []
            for (page, text) in zip(pages, rendered) {
                try staging.write(Data(text.utf8), to: page.path.outputFile)
                written.insert(page.path.outputFile)
            }
            var copied = 0
            for (folder, prefix) in [(options.templates.appendingPathComponent("assets"), "assets/"), (options.content.appendingPathComponent("static"), "")] {
                for file in StaticFiles.list(folder) {
                    let target = prefix + file
                    guard written.insert(target).inserted else {
                        throw SitegenError("a static file would overwrite a page: \(target)",
                                           at: SourceLocation(file: options.displayName(folder.appendingPathComponent(file))))
                    }
                    guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)) else {
                        throw SitegenError("cannot read file", at: SourceLocation(file: options.displayName(folder.appendingPathComponent(file))))
                    }
                    try staging.write(data, to: target)
                    copied += 1
                }
            }
            try staging.publish()
            return copied
        } catch {
            staging.discard()
            throw error
        }
    }
}

/// Files under a folder, as sorted relative paths; hidden files and folders are left out.
enum StaticFiles {
    static func list(_ folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else { return [] }
        let base = OutputGuard.canonical(folder)
        var files: [String] = []
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            let path = OutputGuard.canonical(url)
            if path.hasPrefix(base + "/") { files.append(String(path.dropFirst(base.count + 1))) }
        }
        return files.sorted()
    }
}

/// Slots filled by concurrent workers, each writing only its own index.
final class ConcurrentResults<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    var values: [Value?] { lock.withLock { storage } }
}
