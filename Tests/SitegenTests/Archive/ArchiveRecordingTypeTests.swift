import Testing
@testable import SitegenArchive

@Suite("Archive recording type")
struct ArchiveRecordingTypeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var identifier: String
        var source: String?
        var lineage: String?
        var expected: RecordingType
        var testDescription: String { identifier }
    }

    static let cases: [Case] = [
        // Matrix first: a matrix names its SBD and AUD parts.
        Case(identifier: "gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644",
             source: "UltraMatrix SBD > Cassette Master (TDK SA-X)", lineage: nil, expected: .matrix),
        Case(identifier: "gd1995-07-09.127735.nick.flac16",
             source: "3 source matrix from mix of audience source id 95445, soundboard source id 114369, and audience source id 86405",
             lineage: nil, expected: .matrix),
        Case(identifier: "gd1972-05-11.mtx.seamons.12345.flac16", source: "SBD + AUD", lineage: nil, expected: .matrix),
        Case(identifier: "gd1977-05-22.sbd.matrix.dusborne.flac16", source: nil, lineage: nil, expected: .matrix),
        Case(identifier: "phish1994-12-30.sbd.flac16", source: "SBD", lineage: "Matrix mix by X > Sound Forge", expected: .matrix),
        Case(identifier: "moe2005-07-01.mtx.flac16", source: nil, lineage: nil, expected: .matrix),
        // Soundboard, and what is not.
        Case(identifier: "gd1995-07-09.sbd.miller.114369.flac16", source: "SBD -> Dat (44.1k)", lineage: nil, expected: .soundboard),
        Case(identifier: "gd95-07-09.sbd.7233.sbeok.shnf", source: "Soundboard", lineage: nil, expected: .soundboard),
        Case(identifier: "gd1995-07-09.sbd.gardner.4091.shnf", source: "dsbd(pre-FM)>dat", lineage: nil, expected: .soundboard),
        Case(identifier: "gd1991-06-17.dsbd.pre-fm.flac16", source: nil, lineage: nil, expected: .soundboard),
        Case(identifier: "gd1987-07-04.12345.flac16", source: "Soundboard > Master Reel > DAT", lineage: nil, expected: .soundboard),
        Case(identifier: "gd1973-11-10.sbd-partial.unknown.flac16", source: nil, lineage: nil, expected: .soundboard),
        Case(identifier: "gd1980-09-25.23456.flac16", source: "Sound board cassette", lineage: nil, expected: .soundboard),
        Case(identifier: "moe2004-07-03.sbd2.flac16", source: nil, lineage: nil, expected: .soundboard),
        Case(identifier: "gd1968-03-03.sbd.cotsman.18260.sbeok.shnf", source: nil, lineage: "Master Reel > DAT", expected: .soundboard),
        // sbeok / sbefail / sbefix are the shn checker's verdicts, never "soundboard".
        Case(identifier: "gd1982-08-06.sbeok.shnf", source: nil, lineage: nil, expected: .unknown),
        Case(identifier: "gd1982-08-07.sbefail.shnf", source: nil, lineage: nil, expected: .unknown),
        Case(identifier: "gd1982-08-08.sbefix.shnf", source: "Nak 300 > D5 > DAT", lineage: nil, expected: .unknown),
        Case(identifier: "gd1985-03-13.aud.sbeok.shnf", source: nil, lineage: nil, expected: .audience),
        // FM, and pre-FM that is not.
        Case(identifier: "gd1973-06-10.fm.vernon.1234.flac16", source: nil, lineage: nil, expected: .fm),
        Case(identifier: "gd1976-06-10.54321.flac16", source: "FM broadcast > Nak 550 > cassette", lineage: nil, expected: .fm),
        Case(identifier: "phish1993-08-13.wnew-fm.flac16", source: nil, lineage: nil, expected: .fm),
        Case(identifier: "gd1972-08-27.112233.flac16", source: "KSAN radio broadcast > reel", lineage: nil, expected: .fm),
        Case(identifier: "gd1978-12-31.prefm.sbd.flac16", source: "Pre-FM master reels", lineage: nil, expected: .soundboard),
        // Audience, often without the word.
        Case(identifier: "gd1995-07-09.schoeps.wklitz.95444.flac1648",
             source: "Schoeps MK4's>Rbox>Casio DAR-100 FOB/DFC", lineage: nil, expected: .audience),
        Case(identifier: "gd1995-07-09.aud.mahoney.86405.flac16", source: "? > Patch > Sony D6 > Master Cassette", lineage: nil, expected: .audience),
        Case(identifier: "gd1995-07-09.147058.walsh.suraci.at835.flac24",
             source: "Source: Audio Technica 835b>Sony D5 Location: OTS, Stand at 9 feet", lineage: nil, expected: .audience),
        Case(identifier: "gd1995-07-09.134130.oade-micro-mics.flac1648",
             source: "flac16/48kHz ; recording info: Oade Micro Mics > DAT Master @ 16bit/48kHz -23rd Row", lineage: nil, expected: .audience),
        Case(identifier: "gd1995-07-09.aud.liberated-bootleg.larson.27977.flac16",
             source: "Bootleg \"To The Sky: Jerry's Last Show\" (probably AUD FOB)", lineage: nil, expected: .audience),
        Case(identifier: "moe2006-12-31.akg480.flac16", source: "AKG 480/CK61 > V3 > R-09", lineage: nil, expected: .audience),
        Case(identifier: "phish1997-11-22.neumann.flac16", source: "Neumann KM184 > Sonosax > DAT", lineage: nil, expected: .audience),
        Case(identifier: "gd1989-10-09.aud.nak300.flac16", source: "Sonic Studios DSM > Sony D6", lineage: nil, expected: .audience),
        Case(identifier: "gd1988-07-03.34567.flac16", source: "Sonic Studios DSM-6S > Sony D8", lineage: nil, expected: .audience),
        Case(identifier: "phish1998-11-02.34568.flac16", source: "Neumann KM140 > Lunatec V2 > Tascam DA-P1", lineage: nil, expected: .audience),
        Case(identifier: "moe2002-02-02.34569.flac16", source: "AKG CK61 > Zaxcom > R4", lineage: nil, expected: .audience),
        // A microphone model alone, and a word that only starts like one ("at" is not "at4").
        Case(identifier: "tlg2003-04-05.11111.flac16", source: "AT4053b > SD 722", lineage: nil, expected: .audience),
        Case(identifier: "tlg2003-04-06.11112.flac16", source: "Atmosphere > DAT", lineage: "at > cdr", expected: .unknown),
        Case(identifier: "gd1984-10-12.34570.flac16", source: "Board > DAT > CD", lineage: nil, expected: .soundboard),
        Case(identifier: "gd1984-10-13.34571.flac16", source: "Cassette deck on the board riser", lineage: nil, expected: .unknown),
        Case(identifier: "moe2003-12-31.34572.flac16", source: "AUD, 10th row at Radio City", lineage: nil, expected: .audience),
        // The identifier speaks first; the lineage last.
        Case(identifier: "gd1990-03-29.sbd.flac16", source: "AUD patch", lineage: nil, expected: .soundboard),
        Case(identifier: "gd1979-01-15.2345.flac16", source: nil, lineage: "SBD > Reel > DAT", expected: .soundboard),
        // "Audio" is not "aud"; nothing said means unknown.
        Case(identifier: "gd1991-09-10.audio.12345.flac16", source: "Audio transfer by JJ", lineage: nil, expected: .unknown),
        Case(identifier: "gd1967-xx-xx.sbd.studio.81259.flac16", source: "studio session", lineage: nil, expected: .soundboard),
        // Text beyond ASCII: a letter with an accent separates words, as any other non-ASCII character.
        Case(identifier: "gd1994-03-30.98765.flac16", source: "Schöps CMC6 › Sony PCM-M10", lineage: nil, expected: .audience),
        Case(identifier: "gd1994-03-31.98766.flac16", source: "Tablero de sonido (sbd) — « Ultramatrix »", lineage: nil, expected: .matrix),
        Case(identifier: "gd1994-04-01.98767.flac16", source: "Ésbd café", lineage: nil, expected: .soundboard),
        Case(identifier: "gd1970-05-02.remaster.flac16", source: nil, lineage: nil, expected: .unknown),
    ]

    @Test("inferred from identifier, source and lineage", arguments: cases)
    func infer(_ example: Case) {
        #expect(RecordingType.infer(identifier: example.identifier, source: example.source, lineage: example.lineage) == example.expected)
    }

    @Test("every type is covered by the cases")
    func coverage() {
        #expect(Set(Self.cases.map(\.expected)) == Set(RecordingType.allCases))
        #expect(Self.cases.count >= 30)
    }
}
