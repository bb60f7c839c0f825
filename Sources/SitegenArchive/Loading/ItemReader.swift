import SitegenCore

/// Reads one cached item response: the metadata API (`/metadata/<id>`: `files` an array) or the
/// legacy `details/<id>?output=json` (`files` an object keyed by "/name", every metadata value
/// an array, reviews under `reviews.reviews` with `reviews.info`). A body without `metadata`,
/// `{}` above all, is how archive.org answers for an item it does not have: a warning, no page.
enum ItemReader {
    static func read(_ root: JSONCursor, file: String, fallbackIdentifier: String,
                     warnings: WarningLog) throws(SitegenError) -> RecordingFacts? {
        let here = SourceLocation(file: root.file)
        if root.isEmpty {
            let body: String
            switch root.value {
            case .array: body = "`[]`"
            case .null: body = "`null`"
            case .string: body = "`\"\"`"
            default: body = "`{}`"
            }
            warnings.add("archive.org returned an empty body \(body) (no such item); no recording page made", at: here)
            return nil
        }
        let object = try root.requireObject("an item metadata object")
        if let message = SearchPageReader.errorMessage(object) {
            warnings.add("archive.org returned an error (\(message)); no recording page made", at: here)
            return nil
        }
        let metadata = object["metadata"]
        if metadata.isEmpty {
            warnings.add("no `metadata` in the item response (archive.org's answer for an unknown item); no recording page made",
                         at: here)
            return nil
        }
        _ = try metadata.requireObject("an object of metadata fields")
        if object.bool("is_dark") == true {
            warnings.add("the item is dark (withdrawn from archive.org); no recording page made", at: here)
            return nil
        }
        if object.bool("is_collection") == true || metadata.text("mediatype") == "collection" {
            warnings.add("this is a collection, not a recording; expected it as a band folder, not under items/", at: here)
            return nil
        }
        // Fetch names the file for the item it asked for. An answer about another item would
        // give that item's page this recording's facts, and its tracks' links a folder they are
        // not in.
        if let named = metadata.text("identifier"), named != fallbackIdentifier {
            warnings.add("the answer is about the item '\(named)', not '\(fallbackIdentifier)' the file is named for; "
                         + "no recording page made (delete the file and `sitegen fetch` asks for the item again)", at: metadata["identifier"].location)
            return nil
        }
        var facts = RecordingFacts(identifier: fallbackIdentifier, file: file, isItem: true)
        facts.readCommon(metadata, warnings: warnings)
        let filesValue = object["files"]
        if !filesValue.isEmpty, !filesValue.isArray, !filesValue.isObject {
            warnings.add("expected a list of files, found \(filesValue.describeValue); the recording is shown without its tracks",
                         at: filesValue.location)
        }
        let files = TrackListReader.entries(filesValue, warnings: warnings)
        let selection = TrackListReader.Selection(files)
        (facts.trackCount, facts.trackSeconds) = selection.summary
        if facts.trackCount > 0 { facts.tracks = PackedTracks(TrackListReader.tracks(selection)) }
        facts.privateOriginals = files.contains { $0.isOriginal && $0.isPrivate }
        readReviews(object["reviews"], into: &facts, warnings: warnings)
        // The legacy shape carries the search index's counters under `item`.
        facts.downloads = object["item"]["downloads"].count("a download count", warnings: warnings)
        return facts
    }

    private static func readReviews(_ reviews: JSONCursor, into facts: inout RecordingFacts, warnings: WarningLog) {
        var list = reviews
        if reviews.isObject {
            // Legacy: {"info":{"num_reviews":1,"avg_rating":"5.00"},"reviews":[...]}
            list = reviews["reviews"]
            let info = reviews["info"]
            facts.rating = SearchPageReader.rating(average: info["avg_rating"], reviews: info["num_reviews"], warnings: warnings)
        }
        guard !reviews.isNull else { return }
        facts.reviews = list.list.filter(\.isObject).compactMap { review($0, warnings: warnings) }
    }

    private static func review(_ entry: JSONCursor, warnings: WarningLog) -> Review? {
        let body = entry.text("reviewbody").map { HTMLText.plainText($0) } ?? ""
        let title = entry.text("reviewtitle").map { HTMLText.plainText($0) }.flatMap(RecordingFacts.nonEmpty)
        guard !body.isEmpty || title != nil else { return nil }
        let stars = entry["stars"].int.flatMap { (1...5).contains($0) ? $0 : nil }
        // "0" is archive.org's review without stars.
        if stars == nil, !entry["stars"].isEmpty, entry["stars"].int != 0 {
            warnings.add("expected a review's stars (a whole number from 0 to 5), found \(entry["stars"].describeValue); "
                         + "the review counts as unrated", at: entry["stars"].location)
        }
        let date = (entry.text("reviewdate") ?? entry.text("createdate")).map { String($0.prefix(10)) }
        return Review(title: title, body: body, reviewer: RecordingFacts.line(entry["reviewer"]),
                      date: date.flatMap { LocalDate(iso: $0) != nil ? $0 : nil }, stars: stars)
    }
}
