import SitegenCore

/// Reads one cached search page of a band collection: an advancedsearch response
/// (`response.docs[]`) or a scrape response (`items[]`). Paging fields (`numFound`, `total`,
/// `cursor`, `rows`, `start`) are never relied upon: a scrape `total` shrinks from page to page.
enum SearchPageReader {
    static func read(_ root: JSONCursor, file: String, warnings: WarningLog) throws(SitegenError) -> [RecordingFacts] {
        if root.isEmpty {
            warnings.add("archive.org returned an empty search response; no recordings read from it",
                         at: SourceLocation(file: root.file))
            return []
        }
        let object = try root.requireObject("an advancedsearch or scrape response object")
        if let message = errorMessage(object) {
            warnings.add("archive.org returned an error (\(message)); no recordings read from it", at: object.location)
            return []
        }
        let rows: JSONCursor
        if object["response"].has("docs") {
            rows = object["response"]["docs"]
        } else if object.has("items") {
            rows = object["items"]
        } else {
            throw object.error("an advancedsearch response with `response.docs` or a scrape response with `items`")
        }
        var result: [RecordingFacts] = []
        for row in rows.list {
            guard row.isObject else { throw row.error("a search result object") }
            guard let identifier = row.text("identifier") else {
                warnings.add("search result without an identifier skipped", at: row.location)
                continue
            }
            var facts = RecordingFacts(identifier: identifier, file: file, isItem: false)
            facts.readCommon(row, warnings: warnings)
            facts.downloads = row["downloads"].count("a download count", warnings: warnings)
            facts.rating = rating(average: row["avg_rating"], reviews: row["num_reviews"], warnings: warnings)
            result.append(facts)
        }
        return result
    }

    /// A rating the service computed (search rows, legacy `reviews.info`): an average from 0 to 5
    /// and a review count; either out of range or of the wrong type is a warning and unknown.
    static func rating(average: JSONCursor, reviews: JSONCursor, warnings: WarningLog) -> Rating? {
        let count = reviews.count("a review count", warnings: warnings)
        return average.number("an average rating", in: 0...5, warnings: warnings).map { Rating(average: $0, count: count) }
    }

    /// The error an archive.org search answered with instead of results, if any.
    static func errorMessage(_ object: JSONCursor) -> String? {
        guard object.has("error") else { return nil }
        let error = object["error"]
        return error.text ?? error.text("message") ?? error.describeValue
    }
}
