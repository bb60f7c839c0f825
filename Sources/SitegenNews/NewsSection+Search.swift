import SitegenCore

/// What the site search finds in the news: posts, by title (tags, summary, author, date and
/// the words of the body find them too), with the summary, or the body's opening words, as
/// the snippet. Oldest first, so a new post takes the next number and an edited one keeps its
/// own: either changes only its part of the index; the index's first tier takes the newest.
extension NewsSection {
    public static var searchKinds: [String] { ["post"] }

    public func searchRecords(_ context: PageContext) -> [SearchRecord] {
        guard context.config.search.indexes("post") else { return [] }
        let language = context.config.localization
        return posts.reversed().enumerated().map { number, post in
            SearchRecord(kind: "post", name: post.title, detail: [language.date(post.day, .long), post.summary ?? post.opening].compactMap { $0 }.joined(separator: " · "),
                         path: post.path, words: post.tags + [post.summary ?? "", post.author ?? "", post.bodyTerms],
                         date: SearchDate(year: post.day.year, month: post.day.month, day: post.day.day), precedence: number)
        }
    }
}
