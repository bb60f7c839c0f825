import ArgumentParser
import Foundation
import Sitegen
import SitegenCore
import SitegenNews

/// `sitegen new post "Title"`: writes a new post from the archetype and prints its path.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create new content from an archetype (Templates/archetypes/).",
        subcommands: [NewPostCommand.self]
    )
}

struct NewPostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Write Content/news/<date>-<slug>.md from Templates/archetypes/post.md and print its path.",
        discussion: "The slug is made from the title as the build makes slugs. An existing file is never overwritten."
    )

    @Argument(help: "The post's title.")
    var title: String

    @Option(help: "Tags, separated by commas: --tags live,tapes")
    var tags: String?

    @Flag(help: "Mark the post as a draft (built only with --drafts).")
    var draft = false

    @Option(help: "The post's day (YYYY-MM-DD). Default: today in the site's time zone.",
            transform: { text throws -> LocalDate in
                guard let date = LocalDate(iso: text) else { throw ValidationError("--date expects a day like 2026-11-22, got '\(text)'") }
                return date
            })
    var date: LocalDate?

    @Option(help: "The content folder.")
    var content = "Content"

    @Option(help: "The templates folder, which holds archetypes/post.md.")
    var templates = "Templates"

    /// An empty title is bad usage (exit 2), said before any file is looked at; the library
    /// refuses one too, for callers other than this command line.
    func validate() throws {
        guard !title.trimmed.isEmpty else { throw ValidationError("expected a title for the new post, like sitegen new post \"My post\"") }
    }

    func run() throws {
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let contentURL = URL(fileURLWithPath: content, relativeTo: here)
        let templatesURL = URL(fileURLWithPath: templates, relativeTo: here)
        do {
            // Where there is no site, say so, as `build` does, before site.yml is looked for.
            if let error = SitegenError.all(SiteFolders.problems(content: contentURL, named: content, templates: templatesURL,
                                                                 named: templates, requireTemplates: false)) { throw error }
            let day = try date ?? Self.today(content: contentURL, contentName: content)
            let file = try NewPost.write(title: title, tags: (tags ?? "").split(separator: ",").map(String.init), draft: draft, date: day,
                                         content: contentURL, contentName: content, templates: templatesURL, templatesName: templates)
            print(content + "/news/" + file.lastPathComponent)
        } catch let error as SitegenError {
            printError(error.commandLineText)
            throw ExitCode(1)
        }
    }

    /// Today in the site's time zone (site.yml's `time_zone`), as a build without --date sees it.
    static func today(content: URL, contentName: String) throws(SitegenError) -> LocalDate {
        let config = try SiteConfig.load(content.appendingPathComponent("site.yml"), displayPath: contentName + "/site.yml",
                                         sectionKeys: Set(SectionRegistry.all.map { $0.key }), warnings: WarningLog())
        return BuildClock.systemToday(in: config.timeZone)
    }
}
