import Foundation
import SitegenCore

/// `sitegen new post`: a new post file made from the site owner's archetype
/// (`Templates/archetypes/post.md`, Hugo's idea), rendered by the site's own template engine.
public enum NewPost {
    /// The archetype, relative to the templates folder.
    public static let archetype = "archetypes/post.md"

    /// Writes `news/<date>-<slug>.md` under `content` and returns its URL. The slug is made as
    /// the build makes it from the file name, so the post is published at /news/<slug>/.
    /// Values reach the archetype as YAML double-quoted scalars (`{{{title}}}`), so a title with
    /// a colon or quotes stays one string. Refuses to overwrite a file.
    public static func write(title: String, tags: [String], draft: Bool, date: LocalDate, content: URL, contentName: String,
                             templates: URL, templatesName: String) throws(SitegenError) -> URL {
        let title = title.trimmed
        guard !title.isEmpty else { throw SitegenError("expected a title for the new post, like sitegen new post \"My post\"") }
        let archetypeFile = templatesName + "/" + archetype
        guard let source = try? String(contentsOf: templates.appendingPathComponent(archetype), encoding: .utf8) else {
            throw SitegenError("cannot read the post archetype: expected the template of a new post here (`sitegen init` into a new folder makes a site with one, to copy from)", at: SourceLocation(file: archetypeFile))
        }
        let templateSet: TemplateSet
        do {
            templateSet = try TemplateSet(sources: ["archetype": source], folderName: templatesName)
        } catch {
            throw SitegenError(error.message, at: error.location.map { SourceLocation(file: archetypeFile, line: $0.line, column: $0.column) })
        }
        let values: [String: Any] = [
            "title": quoted(title),
            "date": quoted(date.description),
            "tags": tags.map { $0.trimmed }.filter { !$0.isEmpty }.map(quoted).joined(separator: ", "),
            "draft": draft ? "true" : "false",
        ]
        guard let text = templateSet.library.render(values, withTemplate: "archetype") else {
            throw SitegenError("the post archetype did not render", at: SourceLocation(file: archetypeFile))
        }
        // A title in another script (見える, Кино Live) would give such posts one slug ("post",
        // "live"), and a long one a file name the file system refuses: `Slug.distinct` adds the
        // title's digest and keeps the slug short.
        let slug = Slug.distinct(title, fallback: "post")
        let name = "\(date)-\(slug).md"
        let folder = content.appendingPathComponent("news")
        let file = folder.appendingPathComponent(name)
        let display = contentName + "/news/" + name
        if let other = existingPost(withSlug: slug, in: folder, except: name, contentName: contentName) {
            throw SitegenError("a post with the slug `\(slug)` exists already (\(other)); two posts at one address are an "
                               + "error of the build once both are published: edit it, or pick another title", at: SourceLocation(file: display))
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // `.withoutOverwriting` is O_EXCL: a post written meanwhile is never replaced.
            try Data(text.utf8).write(to: file, options: .withoutOverwriting)
        } catch CocoaError.fileWriteFileExists {
            throw SitegenError("the post already exists; edit it, or pick another title", at: SourceLocation(file: display))
        } catch {
            throw SitegenError("cannot write the post: \(error.localizedDescription)", at: SourceLocation(file: display))
        }
        return file
    }

    /// The post of `folder` published at `slug` (by its front matter's `slug:` or its file
    /// name, as the build decides), named for a message; nil when there is none.
    private static func existingPost(withSlug slug: String, in folder: URL, except new: String, contentName: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".md") && name != new {
            let stem = String(name.dropLast(3))
            let display = contentName + "/news/" + name
            // A post that cannot be read is the build's to report; its file name still names it.
            let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let front = text.flatMap { try? FrontMatter.parse($0, file: display, timeZone: TimeZone(identifier: "UTC")!) }
            if (front?.slug ?? NewsSection.slug(fileName: stem)) == slug { return display }
        }
        return nil
    }

    /// A YAML double-quoted scalar: JSON's string syntax, which YAML 1.2 reads the same.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }
}
