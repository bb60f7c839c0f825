/// How a recording was made. archive.org has no field for it; `infer` reads it from the
/// identifier, `source` and `lineage`.
public enum RecordingType: String, Sendable, CaseIterable {
    case soundboard = "SBD"
    case matrix = "MTX"
    case fm = "FM"
    case audience = "AUD"
    case unknown = "?"

    public var label: String { self == .unknown ? "Unknown" : rawValue }

    public var longName: String {
        switch self {
        case .soundboard: return "Soundboard"
        case .matrix: return "Matrix"
        case .fm: return "FM broadcast"
        case .audience: return "Audience"
        case .unknown: return "Unknown source"
        }
    }

    /// Lower-case CSS-friendly name: "sbd", "mtx", "fm", "aud", "unknown".
    public var cssName: String { self == .unknown ? "unknown" : rawValue.lowercased() }

    /// The rule, in order:
    /// 1. A matrix mention anywhere (identifier, source or lineage: "mtx", "matrix",
    ///    "UltraMatrix") makes it MTX, because matrix sources also name their SBD and AUD parts.
    /// 2. Otherwise the first of identifier, source, lineage that says anything decides; the
    ///    identifier is the uploader's own label, the lineage the least specific.
    /// 3. Within one text: FM before SBD before AUD. A real broadcast capture often names the
    ///    board feed it carried, so FM wins over SBD; but "pre-FM" (the board feed taken before
    ///    the broadcast, as in "dsbd(pre-FM)>dat") is soundboard evidence, not FM.
    /// Words are compared whole, so "audio" is not "aud", and the shn checker's status tokens
    /// `sbeok`, `sbefail`, `sbefix` never count as "sbd"; "Soundboard" and "dsbd" do.
    public static func infer(identifier: String, source: String?, lineage: String?) -> RecordingType {
        let fields = [identifier, source ?? "", lineage ?? ""].map(Evidence.init)
        if fields.contains(where: \.matrix) { return .matrix }
        for field in fields {
            if let type = field.type { return type }
        }
        return .unknown
    }

    /// What one text says about the type.
    struct Evidence {
        var matrix = false
        var fm = false
        var soundboard = false
        var audience = false

        static let shnChecker: Set<String> = ["sbeok", "sbefail", "sbefix", "sbeflawed"]
        static let soundboardWords: Set<String> = ["sbd", "dsbd", "soundboard", "sndbd", "sbdmaster", "prefm"]
        static let audienceWords: Set<String> = [
            "aud", "audience", "fob", "ots", "dfc", "afob", "mics", "mic", "microphone", "microphones", "schoeps", "akg",
            "neumann", "sennheiser", "senn", "dpa", "oade", "technica", "binaural", "dsm",
        ]
        /// Microphone models: Audio-Technica AT8xx/AT4xxx, Neumann KM1xx, Schoeps MK2/4/5/6,
        /// Sennheiser MKH and ME6x, AKG CK6x/CK9x, Schoeps CMC, Rode NT4/NT5, Nakamichi CM-300.
        /// Each as its three bytes in one number, compared with a word's first three.
        static let microphonePrefixes = ["at8", "at4", "km1", "mk2", "mk4", "mk5", "mk6", "mkh", "me6", "ck6", "ck9", "cmc",
                                         "nt4", "nt5", "cm3"].compactMap(firstThreeBytes)

        init(_ text: String) {
            let words = Self.words(text)
            for (index, word) in words.enumerated() where !Self.shnChecker.contains(word) {
                let previous = index > 0 ? words[index - 1] : ""
                let next = index + 1 < words.count ? words[index + 1] : ""
                // "sbd2", "akg480": a label followed by a number is still the label.
                let digits = word.utf8.reversed().prefix { (0x30...0x39).contains($0) }.count
                let stem = digits == 0 ? word : String(Substring(word.utf8.dropLast(digits)))
                if word == "mtx" || Self.holds(word, "matrix") { matrix = true }
                if word == "fm" || word == "broadcast" {
                    if previous == "pre" { soundboard = true } else { fm = true }
                } else if word == "board" {
                    // "Sound board", "Board > DAT", "board feed"; not any board.
                    if previous == "sound" || index == 0 || ["feed", "patch", "mix"].contains(next) { soundboard = true }
                } else if Self.soundboardWords.contains(word) || Self.soundboardWords.contains(stem) {
                    soundboard = true
                } else if Self.audienceWords.contains(word) || Self.audienceWords.contains(stem)
                            || Self.firstThreeBytes(word).map(Self.microphonePrefixes.contains) == true {
                    audience = true
                }
            }
        }

        var type: RecordingType? {
            if matrix { return .matrix }
            if fm { return .fm }
            if soundboard { return .soundboard }
            if audience { return .audience }
            return nil
        }

        /// Lower-case runs of ASCII letters and digits. Every recording's identifier, source and
        /// lineage are read at load time: an ASCII text (nearly all) is cut at the byte, which
        /// going character by character cost twenty times over.
        static func words(_ text: String) -> [String] {
            guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
                return text.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
            }
            // Each word is lower-cased into a buffer and made a String from there: made from a lazy
            // map, a String was built byte by byte through the generic path.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.utf8.count) { buffer in
                var words: [String] = []
                var length = 0
                for byte in text.utf8 {
                    if isLetterOrDigit(byte) {
                        buffer[length] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
                        length += 1
                    } else if length > 0 {
                        words.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[..<length]), as: UTF8.self))
                        length = 0
                    }
                }
                if length > 0 { words.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[..<length]), as: UTF8.self)) }
                return words
            }
        }

        /// The first three bytes of a word as one number; nil for a shorter word.
        static func firstThreeBytes(_ word: String) -> UInt32? {
            var bytes = word.utf8.makeIterator()
            guard let first = bytes.next(), let second = bytes.next(), let third = bytes.next() else { return nil }
            return UInt32(first) << 16 | UInt32(second) << 8 | UInt32(third)
        }

        private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }

        /// Whether `word` holds `part`. Words are ASCII, so bytes compare as characters would.
        static func holds(_ word: String, _ part: String) -> Bool {
            let bytes = word.utf8
            return bytes.count >= part.utf8.count && bytes.indices.contains { bytes[$0...].starts(with: part.utf8) }
        }
    }
}
