import Testing
@testable import SitegenArchive

@Suite("Archive recording type")
struct ArchiveRecordingTypeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var identifier: String
        var source: String? = nil
        var lineage: String? = nil
        var taper: String? = nil
        var subject: String? = nil
        var notes: String? = nil
        var expected: RecordingType
        var testDescription: String { identifier }
    }

    static func read(_ example: Case) -> RecordingTypeClassifier.Decision {
        RecordingTypeClassifier.classify(.init(identifier: example.identifier, source: example.source, lineage: example.lineage,
                                               taper: example.taper, subject: example.subject, notes: example.notes,
                                               description: nil))
    }

    static let cases: [Case] = [
        // Matrix first: a matrix names its SBD and AUD parts.
        Case(identifier: "gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644",
             source: "UltraMatrix SBD > Cassette Master (TDK SA-X)", expected: .matrix),
        Case(identifier: "gd1995-07-09.127735.nick.flac16",
             source: "3 source matrix from mix of audience source id 95445, soundboard source id 114369, and audience source id 86405",
             expected: .matrix),
        Case(identifier: "gd1972-05-11.mtx.seamons.12345.flac16", source: "SBD + AUD", expected: .matrix),
        Case(identifier: "phish1994-12-30.sbd.flac16", source: "SBD", lineage: "Matrix mix by X > Sound Forge", expected: .matrix),
        // "The Matrix" is a club; a matrix that was not used is none.
        Case(identifier: "gd1966-12-01.sbd.32800.shnf", source: "Soundboard", notes: "Recorded at The Matrix, San Francisco",
             expected: .soundboard),
        Case(identifier: "jg1975-01-20.12345.flac16", source: "Peter Abrams' reels recorded at the Matrix", lineage: "Reel > DAT",
             subject: "Soundboard", expected: .soundboard),
        Case(identifier: "gd1980-05-01.sbd.12346.flac16", source: "SBD > DAT; no matrix was made", expected: .soundboard),
        // Soundboard, and what is not.
        Case(identifier: "gd1995-07-09.sbd.miller.114369.flac16", source: "SBD -> Dat (44.1k)", expected: .soundboard),
        Case(identifier: "gd95-07-09.sbd.7233.sbeok.shnf", source: "Soundboard", expected: .soundboard),
        Case(identifier: "gd1987-07-04.12345.flac16", source: "Soundboard > Master Reel > DAT", expected: .soundboard),
        Case(identifier: "gd1973-11-10.sbd-partial.unknown.flac16", expected: .soundboard),
        Case(identifier: "gd1980-09-25.23456.flac16", source: "Sound board cassette", expected: .soundboard),
        Case(identifier: "moe2004-07-03.sbd2.flac16", expected: .soundboard),
        Case(identifier: "gd1977-05-26sbd.flac16", expected: .soundboard),
        Case(identifier: "gd1968-03-03.sbd.cotsman.18260.sbeok.shnf", lineage: "Master Reel > DAT", expected: .soundboard),
        Case(identifier: "gd1984-10-12.34570.flac16", source: "Board > DAT > CD", expected: .soundboard),
        Case(identifier: "gd1984-10-13.34571.flac16", source: "Cassette deck on the board riser", expected: .unknown),
        // sbeok / sbefail / sbefix are the shn checker's verdicts, never "soundboard".
        Case(identifier: "gd1982-08-06.sbeok.shnf", expected: .unknown),
        Case(identifier: "gd1982-08-07.sbefail.shnf", expected: .unknown),
        Case(identifier: "gd1985-03-13.aud.sbeok.shnf", expected: .audience),
        // FM, and the feed before it.
        Case(identifier: "gd1973-06-10.fm.vernon.1234.flac16", expected: .fm),
        Case(identifier: "gd1976-06-10.54321.flac16", source: "FM broadcast > Nak 550 > cassette", expected: .fm),
        Case(identifier: "phish1993-08-13.wnew-fm.flac16", expected: .fm),
        Case(identifier: "gd1972-08-27.112233.flac16", source: "KSAN radio broadcast > reel", expected: .fm),
        Case(identifier: "gd1969-04-06.fm.hunter.9389.shnf", source: "SBD : FM > MR > C1 > DAT > CD", expected: .fm),
        Case(identifier: "gd1995-07-09.sbd.gardner.4091.shnf", source: "dsbd(pre-FM)>dat", expected: .preFM),
        Case(identifier: "gd1991-06-17.dsbd.pre-fm.flac16", expected: .preFM),
        Case(identifier: "gd1978-12-31.prefm.sbd.flac16", source: "Pre-FM master reels", expected: .preFM),
        // A specific statement outranks the identifier's generic token.
        Case(identifier: "gd1979-11-10.sbd.smith.12347.flac16", source: "FM > Nak 550 > C90", expected: .fm),
        Case(identifier: "gd1981-03-14.sbd.jones.12348.flac16", source: "Audience Recording", expected: .audience),
        // Audience, often without the word: microphones however written, and tapers' phrases.
        Case(identifier: "gd1995-07-09.schoeps.wklitz.95444.flac1648", source: "Schoeps MK4's>Rbox>Casio DAR-100 FOB/DFC",
             expected: .audience),
        Case(identifier: "gd1995-07-09.aud.mahoney.86405.flac16", source: "? > Patch > Sony D6 > Master Cassette", expected: .audience),
        Case(identifier: "gd1995-07-09.147058.walsh.suraci.at835.flac24",
             source: "Source: Audio Technica 835b>Sony D5 Location: OTS, Stand at 9 feet", expected: .audience),
        Case(identifier: "gd1983-04-12.12349.flac16", source: "AudioTechnica AT822 > Sony TC-D5M", expected: .audience),
        Case(identifier: "gd1982-08-08.sbefix.shnf", source: "Nak 300 > D5 > DAT", expected: .audience),
        Case(identifier: "gd1985-06-14.12350.flac16", source: "Nakamichi CM-300 > Nak 550", expected: .audience),
        Case(identifier: "gd1985-06-15.12351.flac16", source: "CM-300s (cardioid) > D5M", expected: .audience),
        Case(identifier: "gd1985-06-16.12352.flac16", source: "naks > D6", expected: .audience),
        Case(identifier: "gd1979-09-04.151988.fob.nak700.cm.wagner.miller.t.flac16", expected: .audience),
        Case(identifier: "gd1986-12-15.12353.flac16", source: "nak300 > sony tcd5m", expected: .audience),
        Case(identifier: "gd1974-05-19.12354.flac16", source: "Sony ECM-22P > Philips N2209 cassette deck", expected: .audience),
        // The Grateful Dead's own "Taper's Section" releases are vault tapes, not a place in the hall.
        Case(identifier: "gd1968-09-21.165811.taperssection.flac16", expected: .unknown),
        Case(identifier: "gd1989-07-07.12355.flac16", lineage: "Recorded from the tapers section > DAT", expected: .audience),
        Case(identifier: "gd1970-02-14.12356.flac16", source: "Cassette recorded from the audience", expected: .audience),
        Case(identifier: "gd1991-06-09.12357.flac16", lineage: "Mics between the soundboard and the stage > DAT", expected: .audience),
        Case(identifier: "gd1990-09-20.12358.flac16", source: "Recorded 20 feet behind the soundboard", expected: .audience),
        Case(identifier: "moe2006-12-31.akg480.flac16", source: "AKG 480/CK61 > V3 > R-09", expected: .audience),
        Case(identifier: "phish1997-11-22.neumann.flac16", source: "Neumann KM184 > Sonosax > DAT", expected: .audience),
        Case(identifier: "gd1988-07-03.34567.flac16", source: "Sonic Studios DSM-6S > Sony D8", expected: .audience),
        Case(identifier: "tlg2003-04-05.11111.flac16", source: "AT4053b > SD 722", expected: .audience),
        Case(identifier: "tlg2003-04-06.11112.flac16", source: "Atmosphere > DAT", lineage: "at > cdr", expected: .unknown),
        Case(identifier: "moe2003-12-31.34572.flac16", source: "AUD, 10th row at Radio City", expected: .audience),
        // Composites that do not say matrix.
        Case(identifier: "gd1987-07-12.sbd-aud.miller.84266.sbeok.flac16", expected: .soundboardAudience),
        Case(identifier: "gd1979-12-01.150983.aud-sbd.eaton-miller.flac1644", expected: .soundboardAudience),
        Case(identifier: "gd1987-07-13.12359.flac16", source: "Soundboard and Audience composite", expected: .soundboardAudience),
        Case(identifier: "gd1969-04-15.aud.sbd-patch.komar.miller.31939.sbeok.flac16",
             source: "Aiwa hand-held microphone -> Master Reel", expected: .soundboardAudience),
        Case(identifier: "gd1969-04-15.dts.danhaugh.34269.flac", source: "DTS-Audio-5.1 Mix", subject: "DTS;Soundboard",
             notes: "Front: SBD. Surround: AUD, Aiwa hand-held mic", expected: .soundboardAudience),
        Case(identifier: "gd1969-08-30.153186.5-1.tobin.flac1644", source: "5.1 LPCM Surround Sound Mix (44k)",
             subject: "Soundboard;5.1 Surround Sound", expected: .soundboard),
        // "Audio" is not "aud"; nothing said means unknown.
        Case(identifier: "gd1991-09-10.audio.12345.flac16", source: "Audio transfer by JJ", expected: .unknown),
        Case(identifier: "gd1967-xx-xx.sbd.studio.81259.flac16", source: "studio session", expected: .soundboard),
        Case(identifier: "gd1970-05-02.remaster.flac16", expected: .unknown),
        // Later fields speak when the first ones do not.
        Case(identifier: "gd1979-01-15.2345.flac16", lineage: "SBD > Reel > DAT", expected: .soundboard),
        Case(identifier: "gd1966-02-12.bershaw.9515.shnf", subject: "Soundboard; Alan Bershaw", expected: .soundboard),
        Case(identifier: "gd1968-03-30.9375.shnf", notes: "The tapers' batteries were low", expected: .unknown),
        Case(identifier: "gd1968-03-31.9376.shnf", notes: "The audience tape is incomplete", expected: .audience),
        Case(identifier: "gd1969-05-03.124068.sbd.flac16", notes: "We think it is a PA tape, not a soundboard", expected: .soundboard),
        // Text beyond ASCII: a letter with an accent separates words, as any other non-ASCII character.
        Case(identifier: "gd1994-03-30.98765.flac16", source: "Schöps CMC6 › Sony PCM-M10", expected: .audience),
        Case(identifier: "gd1994-03-31.98766.flac16", source: "Tablero de sonido (sbd) — « Ultramatrix »", expected: .matrix),
        Case(identifier: "gd1994-04-01.98767.flac16", source: "Ésbd café", expected: .soundboard),
    ]

    @Test("read from identifier, source, lineage, taper, subject and notes", arguments: cases)
    func classify(_ example: Case) {
        #expect(Self.read(example).type == example.expected)
    }

    @Test("every type is covered by the cases")
    func coverage() {
        #expect(Set(Self.cases.map(\.expected)) == Set(RecordingType.allCases))
    }

    @Test("the decision quotes the field and the words it was read from")
    func evidence() {
        let board = Self.read(Case(identifier: "gd1977-05-08.12345.flac16", source: "Soundboard > Master Reel", expected: .soundboard))
        #expect(board == .init(type: .soundboard, evidence: TypeEvidence(field: "source", phrase: "Soundboard > Master Reel")))
        let token = Self.read(Case(identifier: "gd1977-05-08.sbd.hicks.4982.sbeok.shnf", expected: .soundboard))
        #expect(token.evidence == TypeEvidence(field: "identifier", phrase: "gd1977-05-08.sbd.hicks.4982.sbeok.shnf"))
        let long = "Recorded by the sound crew on the night, then copied many times over the years; "
            + "the board tape was an FM broadcast master that circulated widely among collectors"
        let fm = Self.read(Case(identifier: "gd1978-01-22.12360.flac16", source: long, expected: .fm))
        #expect(fm.type == .fm)
        #expect(fm.evidence?.field == "source")
        #expect(fm.evidence?.phrase == "… times over the years; the board tape was an FM broadcast master that circulated widely among …")
        #expect(Self.read(Case(identifier: "gd1970-05-02.remaster.flac16", expected: .unknown)).evidence == nil)
        let spaced = Self.read(Case(identifier: "x", notes: "Taped\n\n   from the   audience", expected: .audience))
        #expect(spaced.evidence == TypeEvidence(field: "notes", phrase: "Taped from the audience"))
    }

    @Test("Pre-FM is filtered with FM; every other type is its own group")
    func families() {
        #expect(RecordingType.preFM.family == .fm)
        for type in RecordingType.allCases where type != .preFM { #expect(type.family == type) }
        #expect(Set(RecordingType.allCases.map(\.cssName)).count == RecordingType.allCases.count)
    }

    @Test("vocabulary patterns: digits, wildcards and plural stems")
    func patterns() {
        #expect(CompiledVocabulary.word("835", matches: "8##*"))
        #expect(!CompiledVocabulary.word("8", matches: "8##*"))
        #expect(CompiledVocabulary.word("300", matches: "3##*"))
        #expect(!CompiledVocabulary.word("550", matches: "3##*"))
        #expect(CompiledVocabulary.word("mics", matches: "mic"))
        #expect(CompiledVocabulary.word("sbds", matches: "sbd"))
        #expect(!CompiledVocabulary.word("ots", matches: "ot"))
        #expect(!CompiledVocabulary.word("audio", matches: "aud"))
    }

    @Test("words: letters and digits apart, non-ASCII separates, offsets in UTF-8")
    func words() {
        #expect(Words("gd1977-05-26sbd.flac16").words == ["gd", "1977", "05", "26", "sbd", "flac", "16"])
        #expect(Words("Schoeps MK4's>CMC6").words == ["schoeps", "mk", "4", "s", "cmc", "6"])
        let accented = Words("Schöps CM-300s")
        #expect(accented.words == ["sch", "ps", "cm", "300", "s"])
        #expect(accented.spans[1] == 5..<7)
    }
}
