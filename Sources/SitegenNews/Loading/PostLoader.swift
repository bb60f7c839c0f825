import Foundation
import SitegenCore

/// Reading the posts of `Content/news/`: each file's front matter and text, their slugs, unknown
/// keys and tags, with every problem of them named at its file.
extension NewsSection {
    /// Every post of news/, newest first; every problem of them in one error.
    static func posts(_ context: LoadContext) throws(SitegenError) -> [Post] {
        // Anything else is named, not skipped in silence: a Jekyll post saved as .markdown, a
        // Hugo author's year folder.
        let files = context.files(in: "news", suffix: ".md",
                                  strayWarning: "posts, each a <name>.md file directly in it (a .markdown file, or a post in a folder, is not read)")
        // Posts are kept from the last build (`FileMemo`) or read on the reading threads: a first
        // build, or one after site.yml or the date changed, reads them all, often from the disk.
        // The slug check runs in file order after.
        let loaded = try context.parallelRead(files.count) { index throws(SitegenError) in
            try context.memo(files[index]) { context throws(SitegenError) in try loadPost(files[index], context: context) }
        }
        var posts: [Post] = []
        var slugOwners: [String: String] = [:]
        var clashes: [SitegenError] = []
        warnUnknownKeys(loaded.compactMap { $0 }, into: context.warnings)
        for case var post? in loaded {
            post.scheduled = post.day > context.clock.today
            if let other = slugOwners[post.slug] {
                clashes.append(SitegenError("two posts have the slug `\(post.slug)`: \(context.displayPath(other)) and \(context.displayPath(post.source)); rename one",
                                            at: SourceLocation(file: context.displayPath(post.source))))
                continue
            }
            slugOwners[post.slug] = post.source
            posts.append(post)
        }
        if let error = SitegenError.all(clashes) { throw error }
        posts.sort { ($0.instant, $1.slug) > ($1.instant, $0.slug) }
        return posts
    }

    /// Reads one post; nil when it is a draft or dated after the build date (unless drafts are wanted).
    static func loadPost(_ file: String, context: LoadContext) throws(SitegenError) -> Post? {
        let display = context.displayPath(file)
        let text = try Self.text(of: file, context: context)
        let front = try FrontMatter.parse(text, file: display, timeZone: context.config.timeZone)
        let name = String(file.split(separator: "/").last!.dropLast(3))
        let datePrefix = LocalDate(iso: name.prefix(10))
        guard let date = front.date ?? datePrefix.map({ ($0.startInstant(in: context.config.timeZone), $0) }) else {
            throw SitegenError("expected a `date:` in the front matter (or a file name starting with the date, like 2026-11-20-my-post.md)",
                               at: SourceLocation(file: display, line: 1, column: 1))
        }
        if !context.includeDrafts, front.draft || date.day > context.clock.today { return nil }
        let slug = front.slug ?? Self.slug(fileName: name)
        var image = front.image
        if let written = image, PostLinks.shareImage(written, config: context.config) == nil {
            context.warnings.add("`image` should be a path in the site (/images/a.jpg) or an http(s) URL, found '\(written)'; it is left out",
                                 at: SourceLocation(file: display))
            image = nil
        }
        var aliases: [String] = []
        for alias in front.aliases {
            guard let path = PostLinks.aliasPath(alias, config: context.config) else {
                context.warnings.add("an alias should be a path in the site like /2019/03/old-post/, found '\(alias)'; it is left out",
                                     at: SourceLocation(file: display))
                continue
            }
            if let written = PostLinks.writtenPath(alias, config: context.config), written != path.value {
                context.warnings.add("the alias '\(alias)' is published at /\(path.value): page paths are written in ASCII letters, digits, "
                                     + "`.`, `_` and `-`, so the old address itself will not find the post", at: SourceLocation(file: display))
            }
            if !aliases.contains(alias) { aliases.append(alias) }
        }
        var post = Post(source: file, slug: slug, title: front.title,
                        instant: date.instant, day: date.day, tags: distinctTags(front.tags, file: display, warnings: context.warnings),
                        summary: front.summary,
                        author: front.author, draft: front.draft, updated: front.updated?.instant, updatedDay: front.updated?.day,
                        description: front.description, image: image, aliases: aliases, unknownKeys: front.unknownKeys, toc: front.toc,
                        images: Markdown.mayHoldImage(text))
        if context.config.search.indexes("post") {
            let body = PostText.of(body: try FrontMatter.split(text, file: display).body)
            post.bodyTerms = body.terms
            if front.summary == nil { post.opening = body.opening }
        }
        return post
    }

    /// One warning per unknown front matter key, however many posts use it: a site migrated
    /// from another generator brings the same keys in every file. It names the first file (by
    /// path) and counts the posts.
    static func warnUnknownKeys(_ posts: [Post], into warnings: WarningLog) {
        var uses: [String: (first: SourceLocation, count: Int)] = [:]
        for post in posts {
            for unknown in post.unknownKeys {
                let seen = uses[unknown.key]
                let first = seen.map { $0.first.file <= unknown.location.file ? $0.first : unknown.location } ?? unknown.location
                uses[unknown.key] = (first, (seen?.count ?? 0) + 1)
            }
        }
        let known = FrontMatter.knownKeys.sorted().joined(separator: ", ")
        for key in uses.keys.sorted() {
            let (first, count) = uses[key]!
            let posts = count == 1 ? "" : " of \(count) posts (the first here)"
            warnings.add("unknown key `\(key)` in the front matter\(posts); it is ignored (known keys: \(known))", at: first)
        }
    }

    /// The slug of a post without `slug:` in its front matter, from its file name without
    /// ".md": "2026-11-20-my-post" → "my-post" (`sitegen new post` names files so).
    static func slug(fileName name: String) -> String {
        let slugSource = LocalDate(iso: name.prefix(10)) != nil && name.count > 11 ? String(name.dropFirst(11)) : name
        return Slug.make(slugSource, fallback: "post")
    }

    /// A post file's text; bytes that are not UTF-8 are a warning naming the first of them.
    static func text(of file: String, context: LoadContext) throws(SitegenError) -> String {
        InputText.decode(try context.bytes(of: file), file: context.displayPath(file), warnings: context.warnings)
    }

    /// Tags by slug; the name shown is the one the newest post used. Sorted by slug. Two tags
    /// that are more than two spellings of one word ("C++" and "C#") but share a slug share a
    /// page: a warning names the post of the second.
    static func groupTags(_ posts: [Post], context: LoadContext) -> [Tag] {
        var names: [String: String] = [:]
        var members: [String: [Post]] = [:]
        var warned: Set<String> = []
        for post in posts {
            for tag in post.tags {
                let slug = Tag.slug(for: tag)
                if let shown = names[slug] {
                    if shown.lowercased() != tag.lowercased(), warned.insert(slug + "\n" + tag).inserted {
                        context.warnings.add("the tag '\(tag)' shares its page /\(Tag.path(slug: slug).value) with the tag '\(shown)' of another post: "
                                             + "both are listed there under '\(shown)'", at: SourceLocation(file: context.displayPath(post.source)))
                    }
                } else {
                    names[slug] = tag
                }
                members[slug, default: []].append(post)
            }
        }
        return names.keys.sorted().map { Tag(name: names[$0]!, slug: $0, posts: members[$0]!) }
    }

    /// A post's tags, one per slug (the first spelling kept): "Live" and "live" would list the
    /// post twice on one tag page. Spellings of more than letter case are warned about.
    static func distinctTags(_ tags: [String], file: String, warnings: WarningLog) -> [String] {
        var kept: [String: String] = [:]
        var result: [String] = []
        for tag in tags {
            let slug = Tag.slug(for: tag)
            guard let first = kept[slug] else {
                kept[slug] = tag
                result.append(tag)
                continue
            }
            if first.lowercased() != tag.lowercased() {
                warnings.add("the tags '\(first)' and '\(tag)' share the page /\(Tag.path(slug: slug).value); the post is listed there once, as '\(first)'",
                             at: SourceLocation(file: file))
            }
        }
        return result
    }
}
