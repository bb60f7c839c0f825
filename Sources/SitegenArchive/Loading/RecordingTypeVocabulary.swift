/// The words tapers and collectors write about how a recording was made: the one table
/// `RecordingTypeClassifier` reads. Add a line to teach it a new microphone, deck or phrase;
/// the logic does not change.
///
/// A pattern is one or more words, lower case, matched against consecutive words of the text:
/// runs of ASCII letters, and runs of digits ("CM-300s" and "cm300s" are "cm" "300" "s",
/// "26sbd" is "26" "sbd"). In a pattern word, `#` stands for one digit and a final `*` for
/// anything that follows. A text word also matches a plain pattern word without its plural "s"
/// ("mics" matches "mic", "naks" "nak").
/// `first: true` entries count only as the first word of a field ("Board > DAT").
enum RecordingTypeVocabulary {
    enum Meaning: Sendable {
        case soundboard, audience, matrix, fm, preFM
        /// A surround or DTS remix: its type is that of the sources it was mixed from.
        case remix
        /// A gap filled from another recording: with the other kind named elsewhere in the
        /// item, a composite.
        case patch
        /// Words that hold a type word but say nothing of the source ("Radio City").
        case nothing
    }

    struct Entry: Sendable {
        var pattern: String
        var meaning: Meaning
        var first = false
    }

    static let entries: [Entry] = [
        // The mixing desk.
        Entry(pattern: "sbd", meaning: .soundboard),
        Entry(pattern: "dsbd", meaning: .soundboard),
        Entry(pattern: "sndbd", meaning: .soundboard),
        Entry(pattern: "sdb", meaning: .soundboard),
        Entry(pattern: "sbdmaster", meaning: .soundboard),
        Entry(pattern: "soundboard", meaning: .soundboard),
        Entry(pattern: "sound board", meaning: .soundboard),
        Entry(pattern: "board feed", meaning: .soundboard),
        Entry(pattern: "board mix", meaning: .soundboard),
        Entry(pattern: "board patch", meaning: .soundboard),
        Entry(pattern: "board tape", meaning: .soundboard),
        Entry(pattern: "board recording", meaning: .soundboard),
        Entry(pattern: "board", meaning: .soundboard, first: true),
        Entry(pattern: "betty board", meaning: .soundboard),
        Entry(pattern: "bettyboard", meaning: .soundboard),
        Entry(pattern: "multitrack*", meaning: .soundboard),
        Entry(pattern: "multi track", meaning: .soundboard),
        Entry(pattern: "mixing desk", meaning: .soundboard),
        // The broadcaster's feed before it went on the air.
        Entry(pattern: "pre fm", meaning: .preFM),
        Entry(pattern: "prefm", meaning: .preFM),
        Entry(pattern: "pre broadcast", meaning: .preFM),
        Entry(pattern: "prebroadcast", meaning: .preFM),
        // Off the air.
        Entry(pattern: "fm", meaning: .fm),
        Entry(pattern: "broadcast", meaning: .fm),
        Entry(pattern: "radio", meaning: .fm),
        Entry(pattern: "simulcast", meaning: .fm),
        Entry(pattern: "tv", meaning: .fm),
        Entry(pattern: "television", meaning: .fm),
        Entry(pattern: "king biscuit", meaning: .fm),
        Entry(pattern: "sirius", meaning: .fm),
        Entry(pattern: "ksan", meaning: .fm),
        Entry(pattern: "kpfa", meaning: .fm),
        Entry(pattern: "kzel", meaning: .fm),
        Entry(pattern: "wnew", meaning: .fm),
        Entry(pattern: "wbcn", meaning: .fm),
        Entry(pattern: "wmmr", meaning: .fm),
        Entry(pattern: "radio city", meaning: .nothing),
        // A gap filled from the broadcast ("MSR>C>DAT>CD; FM pat", cut short by archive.org):
        // the tape itself is not the broadcast.
        Entry(pattern: "fm pat", meaning: .patch),
        Entry(pattern: "fm patch", meaning: .patch),
        Entry(pattern: "fm patches", meaning: .patch),
        // Microphones in the hall, and where tapers stand.
        Entry(pattern: "aud", meaning: .audience),
        Entry(pattern: "daud", meaning: .audience),
        Entry(pattern: "audience", meaning: .audience),
        Entry(pattern: "afob", meaning: .audience),
        Entry(pattern: "fob", meaning: .audience),
        Entry(pattern: "dfc", meaning: .audience),
        Entry(pattern: "ots", meaning: .audience),
        Entry(pattern: "taper section", meaning: .audience),
        Entry(pattern: "tapers section", meaning: .audience),
        Entry(pattern: "taper s section", meaning: .audience),
        Entry(pattern: "tapers s section", meaning: .audience),
        Entry(pattern: "taping section", meaning: .audience),
        Entry(pattern: "row", meaning: .audience),
        Entry(pattern: "mic", meaning: .audience),
        Entry(pattern: "mike", meaning: .audience),
        Entry(pattern: "microphone", meaning: .audience),
        Entry(pattern: "binaural", meaning: .audience),
        Entry(pattern: "pzm", meaning: .audience),
        Entry(pattern: "schoeps", meaning: .audience),
        Entry(pattern: "neumann", meaning: .audience),
        Entry(pattern: "sennheiser", meaning: .audience),
        Entry(pattern: "senn", meaning: .audience),
        Entry(pattern: "akg", meaning: .audience),
        Entry(pattern: "dpa", meaning: .audience),
        Entry(pattern: "oade", meaning: .audience),
        Entry(pattern: "beyer", meaning: .audience),
        Entry(pattern: "beyerdynamic", meaning: .audience),
        Entry(pattern: "shure", meaning: .audience),
        Entry(pattern: "sonic studios", meaning: .audience),
        Entry(pattern: "dsm", meaning: .audience),
        Entry(pattern: "audio technica", meaning: .audience),
        Entry(pattern: "audiotechnica", meaning: .audience),
        Entry(pattern: "technica", meaning: .audience),
        Entry(pattern: "at 8##*", meaning: .audience),
        Entry(pattern: "at 4###*", meaning: .audience),
        Entry(pattern: "at 3###*", meaning: .audience),
        // Nakamichi's CM-100/300/700 microphones ("Nak 300", "CM-300s", "nak700", "naks");
        // its decks (Nak 550, CR-7A, Dragon) say nothing about the source.
        Entry(pattern: "naks", meaning: .audience),
        Entry(pattern: "nak 1##*", meaning: .audience),
        Entry(pattern: "nak 3##*", meaning: .audience),
        Entry(pattern: "nak 7##*", meaning: .audience),
        Entry(pattern: "nak cm*", meaning: .audience),
        Entry(pattern: "nakamichi cm*", meaning: .audience),
        Entry(pattern: "nakamichi 1##*", meaning: .audience),
        Entry(pattern: "nakamichi 3##*", meaning: .audience),
        Entry(pattern: "nakamichi 7##*", meaning: .audience),
        Entry(pattern: "shotgun", meaning: .audience),
        Entry(pattern: "cm 1##*", meaning: .audience),
        Entry(pattern: "cm 3##*", meaning: .audience),
        Entry(pattern: "cm 7##*", meaning: .audience),
        // Schoeps MK capsules and CMC bodies, Neumann KM, AKG CK and C4xx, Sennheiser MKH and
        // ME6x, Rode NT4/NT5, Sony ECM.
        Entry(pattern: "mk #*", meaning: .audience),
        Entry(pattern: "cmc*", meaning: .audience),
        Entry(pattern: "km 1##*", meaning: .audience),
        Entry(pattern: "ck #*", meaning: .audience),
        Entry(pattern: "c 4##", meaning: .audience),
        Entry(pattern: "mkh", meaning: .audience),
        Entry(pattern: "me 6#", meaning: .audience),
        Entry(pattern: "me 8#", meaning: .audience),
        Entry(pattern: "nt 4", meaning: .audience),
        Entry(pattern: "nt 5", meaning: .audience),
        Entry(pattern: "ecm", meaning: .audience),
        // Sony's F-series microphones ("Sony F95's", "Sony F995"); its decks are TC, TCD, WM.
        Entry(pattern: "sony f #*", meaning: .audience),
        // Brüel & Kjær 4006/4011 ("B&K 4011", "bk4011").
        Entry(pattern: "b k 40##", meaning: .audience),
        Entry(pattern: "bk 40##", meaning: .audience),
        // Matrices name their parts, so they are read before anything else.
        Entry(pattern: "mtx", meaning: .matrix),
        Entry(pattern: "matrix*", meaning: .matrix),
        Entry(pattern: "ultramatrix*", meaning: .matrix),
        // Gaps filled from another source ("audience splice patches the SBD").
        Entry(pattern: "patch", meaning: .patch),
        Entry(pattern: "patched", meaning: .patch),
        Entry(pattern: "splice", meaning: .patch),
        Entry(pattern: "spliced", meaning: .patch),
        // Surround remixes.
        Entry(pattern: "dts", meaning: .remix),
        Entry(pattern: "5 1", meaning: .remix),
        Entry(pattern: "surround", meaning: .remix),
    ]

    /// Words that, up to three words before "soundboard", "sbd" or "board", make it a place in
    /// the hall ("between the soundboard and the stage", "20 feet behind the board"): where an
    /// audience taper stood.
    static let placeWords: Set<String> = [
        "between", "behind", "near", "nearby", "beside", "next", "front", "left", "right", "center", "centre",
        "feet", "ft", "foot", "yards", "rows", "above", "under", "below", "outside", "around",
    ]

    /// Words that, just before, doubt the statement ("suspected FM"); so does a "?" after it.
    static let doubts: Set<String> = ["suspected", "possibly", "perhaps", "maybe"]

    /// Words that, up to two words before, deny the statement ("not a soundboard", "no matrix").
    static let negations: Set<String> = ["no", "not", "non", "without", "never", "isn", "wasn", "nor"]
}
