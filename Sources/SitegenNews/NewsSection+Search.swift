import SitegenCore

/// What the site search finds in the news: posts, by title (tags, summary, author and date find
/// them too), with the summary as the snippet. Oldest first, so a new post takes the next
/// number and an edited one keeps its own: either changes only its part of the index.
extension NewsSection {
    public func searchRecords(_ context: PageContext) -> [SearchRecord] {
        guard context.config.search.indexes("post") else { return [] }
        return posts.reversed().map { post in
            SearchRecord(kind: "post", name: post.title, detail: [post.day.description, post.summary].compactMap { $0 }.joined(separator: " · "),
                         path: post.path, words: post.tags + [post.summary ?? "", post.author ?? ""],
                         date: SearchDate(year: post.day.year, month: post.day.month, day: post.day.day))
        }
    }
}
