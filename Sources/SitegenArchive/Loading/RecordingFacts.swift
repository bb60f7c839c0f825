import SitegenCore

/// What one cached file (a search row or an item response) says about one recording, read
/// leniently and made plain. Several of these are merged into a `Recording`.
struct RecordingFacts: Sendable {
    var identifier: String
    /// Path relative to Content/.
    var file: String
    var isItem: Bool
    var mediatype: String?
    var creator: String?
    var title: String?
    /// Every date string found (an array gives several), with where they were.
    var dates: [String] = []
    var dateLocation: SourceLocation?
    var venue: String?
    var coverage: String?
    var source: String?
    var lineage: String?
    var taper: String?
    /// archive.org's keywords, ";"-separated ("Soundboard;Charlie Miller"): one of the texts the
    /// recording type is read from.
    var subject: String?
    var transferer: String?
    var notes: String?
    var description: String?
    var runtime: Double?
    var collections: [String] = []
    var accessRestricted = false
    var privateOriginals = false
    var downloads: Int?
    /// A rating the service computed (search `avg_rating`, legacy `reviews.info`).
    var rating: Rating?
    /// nil when the file says nothing about reviews.
    var reviews: [Review]?
    /// How many tracks the file lists, their total length, and the list itself.
    var trackCount = 0
    var trackSeconds: Double = 0
    var tracks = PackedTracks.empty

    init(identifier: String, file: String, isItem: Bool) {
        self.identifier = identifier
        self.file = file
        self.isItem = isItem
    }

    /// Reads the fields search rows and item metadata share. Any of them may be a string, an
    /// array of strings, `{}` or missing; numbers and booleans may be strings.
    mutating func readCommon(_ fields: JSONCursor, warnings: WarningLog) {
        mediatype = fields.text("mediatype")
        creator = fields.text("creator").map { HTMLText.plainText($0, onlyHTMLTags: true) }.flatMap(Self.nonEmpty)
        title = fields.text("title").map { HTMLText.plainText($0, onlyHTMLTags: true) }.flatMap(Self.nonEmpty)
        let date = fields["date"]
        dates = date.list.compactMap(\.text)
        dateLocation = date.location
        venue = ArchiveValue.known(Self.line(fields["venue"]))
        coverage = ArchiveValue.known(Self.line(fields["coverage"]))
        source = Self.paragraphs(fields["source"], onlyHTMLTags: true)
        lineage = Self.paragraphs(fields["lineage"], onlyHTMLTags: true)
        taper = Self.line(fields["taper"])
        subject = Self.keywords(fields["subject"], warnings: warnings)
        transferer = Self.line(fields["transferer"])
        notes = Self.paragraphs(fields["notes"])
        description = Self.paragraphs(fields["description"])
        runtime = fields.text("runtime").flatMap(TrackLength.seconds)
        if runtime == nil, let text = fields.text("runtime") {
            warnings.add("expected a running time (\"165:31.53\", seconds; at most a week), found '\(text.prefix(40))'; shown as unknown",
                         at: fields["runtime"].location)
        }
        collections = fields["collection"].strings
        accessRestricted = fields.bool("access-restricted-item") ?? false
    }

    /// archive.org's keywords: text, or a list of texts. Anything else (`42`, an object) is a
    /// warning and no keywords, not the number read as a keyword.
    static func keywords(_ cursor: JSONCursor, warnings: WarningLog) -> String? {
        let isText = { (value: JSON) -> Bool in
            if case .string = value { return true }
            return false
        }
        let fits: Bool
        switch cursor.value {
        case .string, .null: fits = true
        case .array(let items): fits = items.allSatisfy(isText)
        default: fits = cursor.isEmpty
        }
        guard fits else {
            warnings.add("expected keywords (text or a list of texts), found \(cursor.describeValue); ignored", at: cursor.location)
            return nil
        }
        return nonEmpty(cursor.strings.joined(separator: ";"))
    }

    /// One line of plain text: the first value, stray HTML tags stripped (a name in angle
    /// brackets that is no HTML element, such as "<SBD>", stays), white space collapsed.
    static func line(_ cursor: JSONCursor) -> String? {
        guard let text = cursor.text else { return nil }
        let plain = HTMLText.plainText(text, onlyHTMLTags: true)
        // ASCII text by its bytes (its white space is tab to carriage return and space; a line
        // end of two bytes is two separators, which come to the same); other text by characters.
        if plain.utf8.allSatisfy({ $0 < 0x80 }) {
            return nonEmpty(plain.utf8.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) })
                .map { String(decoding: $0, as: UTF8.self) }.joined(separator: " "))
        }
        return nonEmpty(plain.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }

    /// Every value joined as paragraphs of plain text, line breaks kept.
    /// `onlyHTMLTags` for the fields that are plain text (source, lineage), not HTML (notes,
    /// description): see `line`.
    static func paragraphs(_ cursor: JSONCursor, onlyHTMLTags: Bool = false) -> String? {
        nonEmpty(cursor.strings.map { HTMLText.plainText($0, onlyHTMLTags: onlyHTMLTags) }.filter { !$0.isEmpty }.joined(separator: "\n\n"))
    }

    static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmed
        return trimmed.isEmpty ? nil : trimmed
    }
}
