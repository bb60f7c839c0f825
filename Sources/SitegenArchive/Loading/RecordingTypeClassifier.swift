/// Decides a recording's type from what its item says, and keeps the words that decided it.
///
/// The fields are read from the most specific to the least: `source` (the uploader's statement
/// of the source), the identifier (a label of a few tokens), `lineage`, `taper`, `subject`
/// (archive.org's keywords), then `notes` and `description` (prose that also talks about other
/// recordings). The first field that says anything decides, after two checks that look at
/// `source`, the identifier and `lineage` together:
/// 1. a matrix ("mtx", "matrix", "UltraMatrix"; not "The Matrix", not "no matrix") is MTX,
///    since matrices name their soundboard and audience parts (unless it is the broadcast
///    feed or a matrix of audience tapes only: `matrixDecision`);
/// 2. soundboard and audience named in one of them ("sbd-aud", "aud.sbd-patch", "SBD + AUD",
///    "Soundboard and Audience composite") is SBD+AUD.
/// Within the deciding field: Pre-FM before FM ("SBD : FM > MR" is a broadcast), FM before SBD,
/// SBD before AUD; both SBD and AUD in a short field is SBD+AUD. A soundboard whose source,
/// identifier or lineage also says Pre-FM or FM is that broadcast ("Soundboard" with the lineage
/// "SBD > FM > MR"). A DTS or 5.1 remix is SBD+AUD
/// when its item names both parts anywhere, else the type of the part it names; so is a
/// soundboard or audience tape "patched" from the other kind.
/// Soundboard words after a place word or an "@" ("between the soundboard and the stage",
/// "Sony D5 @ SBD") tell where an audience taper stood; a doubted statement ("FM ?",
/// "suspected FM") is set aside. Words are those of `RecordingTypeVocabulary`.
enum RecordingTypeClassifier {
    struct Decision: Equatable {
        var type: RecordingType
        var evidence: TypeEvidence?
    }

    /// The texts of one item, any of them missing.
    struct Texts {
        var identifier: String
        var source: String?
        var lineage: String?
        var taper: String?
        var subject: String?
        var notes: String?
        var description: String?
    }

    static func classify(_ texts: Texts) -> Decision {
        var reader = Reader(texts)
        for field in Field.statements {
            if let span = reader.reading(field).matrix { return reader.matrixDecision(field, span) }
        }
        for field in Field.statements {
            let reading = reader.reading(field)
            if let sbd = reading.soundboard, let aud = reading.audience {
                return reader.decision(.soundboardAudience, field, sbd.lowerBound < aud.lowerBound ? sbd : aud)
            }
        }
        for field in Field.allCases {
            let reading = reader.reading(field)
            if let span = reading.matrix { return reader.matrixDecision(field, span) }
            if let span = reading.remix, let decision = reader.remixDecision(field, span) { return decision }
            if let span = reading.preFM { return reader.decision(.preFM, field, span) }
            if let span = reading.fm { return reader.decision(.fm, field, span) }
            if let sbd = reading.soundboard {
                if let aud = reading.audience, !field.isProse {
                    return reader.decision(.soundboardAudience, field, sbd.lowerBound < aud.lowerBound ? sbd : aud)
                }
                return reader.broadcastOfBoard(besides: field) ?? reader.patched(field, .soundboard)
                    ?? reader.decision(.soundboard, field, sbd)
            }
            if let span = reading.audience {
                return reader.patched(field, .audience) ?? reader.decision(.audience, field, span)
            }
        }
        return Decision(type: .unknown, evidence: nil)
    }

    enum Field: Int, CaseIterable {
        case source, identifier, lineage, taper, subject, notes, description

        /// The short statements read together for matrices and composites.
        static let statements: [Field] = [.source, .identifier, .lineage]

        var isProse: Bool { self == .notes || self == .description }

        var name: String {
            switch self {
            case .source: "source"
            case .identifier: "identifier"
            case .lineage: "lineage"
            case .taper: "taper"
            case .subject: "subject"
            case .notes: "notes"
            case .description: "description"
            }
        }
    }

    /// Where in one field each kind of statement first appears (UTF-8 offsets).
    struct Reading {
        var soundboard: Range<Int>?
        var audience: Range<Int>?
        var matrix: Range<Int>?
        var fm: Range<Int>?
        var preFM: Range<Int>?
        var remix: Range<Int>?
        var patch: Range<Int>?

        var isEmpty: Bool {
            soundboard == nil && audience == nil && matrix == nil && fm == nil && preFM == nil && remix == nil
        }

        mutating func note(_ meaning: RecordingTypeVocabulary.Meaning, _ span: Range<Int>) {
            switch meaning {
            case .soundboard: if soundboard == nil { soundboard = span }
            case .audience: if audience == nil { audience = span }
            case .matrix: if matrix == nil { matrix = span }
            case .fm: if fm == nil { fm = span }
            case .preFM: if preFM == nil { preFM = span }
            case .remix: if remix == nil { remix = span }
            case .patch: if patch == nil { patch = span }
            case .nothing: break
            }
        }
    }

    /// Reads each field once, when a rule first needs it: prose fields are long and most
    /// items are decided before them.
    struct Reader {
        let texts: [String?]
        var readings: [Reading?]

        init(_ texts: Texts) {
            self.texts = [texts.source, texts.identifier, texts.lineage, texts.taper, texts.subject, texts.notes,
                          texts.description]
            readings = Array(repeating: nil, count: Field.allCases.count)
        }

        mutating func reading(_ field: Field) -> Reading {
            if let known = readings[field.rawValue] { return known }
            let reading = texts[field.rawValue].map(RecordingTypeClassifier.read) ?? Reading()
            readings[field.rawValue] = reading
            return reading
        }

        func decision(_ type: RecordingType, _ field: Field, _ span: Range<Int>) -> Decision {
            Decision(type: type, evidence: TypeEvidence(field: field.name, phrase: excerpt(texts[field.rawValue] ?? "", span)))
        }

        /// A matrix is MTX, with two exceptions a collector makes. The sound crew's matrix sent out
        /// as the broadcast ("Healy Matrix pre-fm -> Beta", "Healy's MTX -> Sony Stereo receiver
        /// (… In House FM Broadcast)"), a field that names the broadcast and no audience part, is
        /// that broadcast. A matrix of audience tapes only ("Matrix 2 Source Mix - AUD1 … + AUD2"),
        /// where no short field names a soundboard or a broadcast, is AUD. The prose fields are
        /// not read for this: they talk about other recordings.
        mutating func matrixDecision(_ field: Field, _ span: Range<Int>) -> Decision {
            let here = reading(field)
            if here.audience == nil {
                if let broadcast = here.preFM { return decision(.preFM, field, broadcast) }
                if let broadcast = here.fm { return decision(.fm, field, broadcast) }
            }
            var audience = false
            for other in Field.allCases where !other.isProse {
                let reading = reading(other)
                if reading.soundboard != nil || reading.fm != nil || reading.preFM != nil {
                    return decision(.matrix, field, span)
                }
                audience = audience || reading.audience != nil
            }
            return decision(audience ? .audience : .matrix, field, span)
        }

        /// A soundboard that the other statements say went through a broadcast ("Soundboard"
        /// with the lineage "SBD > FM > MR", or "Pre-FM-MR > DAT"): the tape was made there.
        mutating func broadcastOfBoard(besides field: Field) -> Decision? {
            for other in Field.statements where other != field {
                if let span = reading(other).preFM { return decision(.preFM, other, span) }
            }
            for other in Field.statements where other != field {
                if let span = reading(other).fm { return decision(.fm, other, span) }
            }
            return nil
        }

        /// A soundboard or audience tape "patched" or "spliced" from the other kind, named
        /// anywhere in the item ("partial-sbd-patched", notes: "audience splice patches the
        /// missing gap"): SBD+AUD.
        mutating func patched(_ field: Field, _ type: RecordingType) -> Decision? {
            guard !field.isProse, let span = reading(field).patch else { return nil }
            for other in Field.allCases {
                let reading = reading(other)
                if type == .soundboard ? reading.audience != nil : reading.soundboard != nil {
                    return decision(.soundboardAudience, field, span)
                }
            }
            return nil
        }

        /// A remix is what it was mixed from: both parts named anywhere make it SBD+AUD.
        mutating func remixDecision(_ field: Field, _ span: Range<Int>) -> Decision? {
            var soundboard = false, audience = false
            for other in Field.allCases {
                let reading = reading(other)
                soundboard = soundboard || reading.soundboard != nil
                audience = audience || reading.audience != nil
            }
            if soundboard && audience { return decision(.soundboardAudience, field, span) }
            if soundboard { return decision(.soundboard, field, span) }
            if audience { return decision(.audience, field, span) }
            return nil
        }
    }

    /// What one text says. Linear in the text: each word is looked up in the vocabulary's
    /// index once, and a match is tried only against the few patterns that begin with it.
    static func read(_ text: String) -> Reading {
        var reading = Reading()
        let words = Words(text)
        var index = 0
        while index < words.count {
            guard let (entry, length) = CompiledVocabulary.shared.match(words, at: index) else {
                index += 1
                continue
            }
            let span = words.spans[index].lowerBound..<words.spans[index + length - 1].upperBound
            defer { index += length }
            if entry.first && index != 0 { continue }
            if words.isNegated(at: index) || words.isDoubted(at: index, length: length) { continue }
            var meaning = entry.meaning
            if meaning == .soundboard, words.followsPlaceWord(at: index) { meaning = .audience }
            if meaning == .matrix, words.namesPlace(at: index, length: length) { continue }
            reading.note(meaning, span)
        }
        return reading
    }

    /// The words around `span`, white space collapsed: the whole text when it is short.
    static func excerpt(_ text: String, _ span: Range<Int>) -> String {
        let bytes = Array(text.utf8)
        var start = 0, end = bytes.count
        let context = 48
        if bytes.count > 2 * context + span.count {
            if span.lowerBound > context {
                start = span.lowerBound - context
                while start < span.lowerBound, !isSpace(bytes[start]) { start += 1 }
                if start == span.lowerBound { start = span.lowerBound }
            }
            if bytes.count - span.upperBound > context {
                end = span.upperBound + context
                while end > span.upperBound, !isSpace(bytes[end - 1]) { end -= 1 }
                if end == span.upperBound { end = span.upperBound }
            }
        }
        var result: [UInt8] = []
        result.reserveCapacity(end - start + 8)
        if start > 0 { result += Array("… ".utf8) }
        var pendingSpace = false
        for byte in bytes[start..<end] {
            if isSpace(byte) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace, result.last != 0x20 { result.append(0x20) }
                pendingSpace = false
                result.append(byte)
            }
        }
        if end < bytes.count { result += Array(" …".utf8) }
        return String(decoding: result, as: UTF8.self)
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}

/// The words of a text: lower-case runs of ASCII letters, and runs of digits (any other byte
/// separates them, so "Schöps" is "sch" and "ps"), with where each stands.
struct Words {
    var words: [String] = []
    var spans: [Range<Int>] = []
    /// The nearest byte other than white space before and after each word (0 at either end):
    /// "Sony D5 @ SBD" puts the soundboard at a place, "SBD (FM?)" doubts the broadcast.
    var before: [UInt8] = []
    var after: [UInt8] = []

    var count: Int { words.count }

    init(_ text: String) {
        var utf8 = text.utf8
        let read: (UnsafeBufferPointer<UInt8>) -> Void = { bytes in
            var start = -1
            var buffer: [UInt8] = []
            buffer.reserveCapacity(32)
            for (offset, byte) in bytes.enumerated() {
                let lower: UInt8? = switch byte {
                case 0x41...0x5A: byte + 0x20
                case 0x61...0x7A, 0x30...0x39: byte
                default: nil
                }
                // Letters and digits are words of their own: "26sbd", "nak300", "at835",
                // "MK4's" read as "26 sbd", "nak 300", "at 835", "mk 4 s".
                if let lower, start >= 0, Self.isDigit(lower) != Self.isDigit(buffer[buffer.count - 1]) {
                    self.words.append(String(decoding: buffer, as: UTF8.self))
                    self.spans.append(start..<offset)
                    buffer.removeAll(keepingCapacity: true)
                    start = -1
                }
                if let lower {
                    if start < 0 { start = offset }
                    buffer.append(lower)
                } else if start >= 0 {
                    self.words.append(String(decoding: buffer, as: UTF8.self))
                    self.spans.append(start..<offset)
                    buffer.removeAll(keepingCapacity: true)
                    start = -1
                }
            }
            if start >= 0 {
                self.words.append(String(decoding: buffer, as: UTF8.self))
                self.spans.append(start..<bytes.count)
            }
            self.before.reserveCapacity(self.spans.count)
            self.after.reserveCapacity(self.spans.count)
            for span in self.spans {
                var back = span.lowerBound - 1
                while back >= 0, Self.isSpace(bytes[back]) { back -= 1 }
                self.before.append(back >= 0 ? bytes[back] : 0)
                var next = span.upperBound
                while next < bytes.count, Self.isSpace(bytes[next]) { next += 1 }
                self.after.append(next < bytes.count ? bytes[next] : 0)
            }
        }
        if utf8.withContiguousStorageIfAvailable(read) == nil {
            var copy = String(text)
            copy.makeContiguousUTF8()
            utf8 = copy.utf8
            _ = utf8.withContiguousStorageIfAvailable(read)
        }
    }

    /// "not a soundboard", "no matrix": a negation one or two words before.
    func isNegated(at index: Int) -> Bool {
        (max(0, index - 2)..<index).contains { RecordingTypeVocabulary.negations.contains(words[$0]) }
    }

    /// "SBD (FM?)", "FM ?", "Soundboard (suspected FM)": a statement the uploader doubts, set
    /// aside so that a plain one elsewhere decides.
    func isDoubted(at index: Int, length: Int) -> Bool {
        after[index + length - 1] == UInt8(ascii: "?")
            || (index > 0 && RecordingTypeVocabulary.doubts.contains(words[index - 1]))
    }

    /// "behind the board", "between the soundboard and the stage", "Sony D5 @ SBD": a place
    /// word up to three words before, or an "@" just before.
    func followsPlaceWord(at index: Int) -> Bool {
        before[index] == UInt8(ascii: "@")
            || (max(0, index - 3)..<index).contains { RecordingTypeVocabulary.placeWords.contains(words[$0]) }
    }

    /// "The Matrix" (the San Francisco club) unless a mix or a recording follows.
    func namesPlace(at index: Int, length: Int) -> Bool {
        guard index > 0, words[index - 1] == "the" else { return false }
        let next = index + length < count ? words[index + length] : ""
        return !["mix", "mixed", "recording", "source", "sources", "of", "tape", "version"].contains(next)
    }

    /// The word without a plural "s": "mics", "naks", "sbds".
    static func stem(_ word: String) -> Substring {
        var bytes = Substring(word).utf8[...]
        if bytes.count > 3, bytes.last == UInt8(ascii: "s") { bytes = bytes.dropLast() }
        return Substring(bytes)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
}

/// The vocabulary indexed by first word: plain first words by the word, patterns that begin
/// with a wildcard word by their first two letters.
struct CompiledVocabulary: Sendable {
    struct Pattern: Sendable {
        var words: [String]
        var meaning: RecordingTypeVocabulary.Meaning
        var first: Bool
    }

    static let shared = CompiledVocabulary(RecordingTypeVocabulary.entries)

    var byWord: [String: [Pattern]] = [:]
    var byPrefix: [String: [Pattern]] = [:]

    init(_ entries: [RecordingTypeVocabulary.Entry]) {
        for entry in entries {
            let words = entry.pattern.split(separator: " ").map(String.init)
            let pattern = Pattern(words: words, meaning: entry.meaning, first: entry.first)
            if Self.isWildcard(words[0]) {
                byPrefix[String(words[0].prefix(2)), default: []].append(pattern)
            } else {
                byWord[words[0], default: []].append(pattern)
            }
        }
        // Longest first: "pre fm" before "fm", "sound board" before "board".
        for key in byWord.keys { byWord[key]!.sort { $0.words.count > $1.words.count } }
        for key in byPrefix.keys { byPrefix[key]!.sort { $0.words.count > $1.words.count } }
    }

    /// The longest pattern that matches the words from `index`, and how many words it took.
    func match(_ text: Words, at index: Int) -> (Pattern, Int)? {
        let word = text.words[index]
        var best: (Pattern, Int)?
        func consider(_ candidates: [Pattern]?) {
            for pattern in candidates ?? [] where best == nil || pattern.words.count > best!.1 {
                if matches(pattern, text, index) { best = (pattern, pattern.words.count) }
            }
        }
        consider(byWord[word])
        let stem = Words.stem(word)
        if stem != word { consider(byWord[String(stem)]) }
        if word.utf8.count >= 2 { consider(byPrefix[String(word.prefix(2))]) }
        return best
    }

    private func matches(_ pattern: Pattern, _ text: Words, _ index: Int) -> Bool {
        guard index + pattern.words.count <= text.count else { return false }
        for (offset, patternWord) in pattern.words.enumerated() where !Self.word(text.words[index + offset], matches: patternWord) {
            return false
        }
        return true
    }

    static func word(_ word: String, matches pattern: String) -> Bool {
        guard isWildcard(pattern) else { return word == pattern || Words.stem(word) == pattern }
        var letters = word.utf8.makeIterator()
        for symbol in pattern.utf8 {
            if symbol == UInt8(ascii: "*") { return true }
            guard let letter = letters.next() else { return false }
            if symbol == UInt8(ascii: "#") {
                guard (0x30...0x39).contains(letter) else { return false }
            } else if symbol != letter {
                return false
            }
        }
        return letters.next() == nil
    }

    static func isWildcard(_ word: String) -> Bool { word.contains("#") || word.contains("*") }
}
