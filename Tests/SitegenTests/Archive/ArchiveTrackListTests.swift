import Foundation
import SitegenCore
import Testing
@testable import SitegenArchive

@Suite("Archive track lists")
struct ArchiveTrackListTests {
    func entries(_ json: String) throws -> [TrackListReader.Entry] {
        let value = try JSON.parse(Data(json.utf8), file: "files.json")
        return TrackListReader.entries(JSONCursor(value, file: "files.json"))
    }

    @Test("derivatives only: title and number through `original`, else the file name; MP3 over Ogg")
    func derivativesOnly() throws {
        let files = try entries("""
        [{"name":"gd73-06-10d1t01.flac","source":"original","format":"Metadata"},
         {"name":"gd73-06-10d1t02.mp3","source":"derivative","format":"VBR MP3","original":"gd73-06-10d1t02.flac","length":"05:30"},
         {"name":"gd73-06-10d1t01.mp3","source":"derivative","format":"VBR MP3","original":"gd73-06-10d1t01.flac","length":"301.5","title":"Morning Dew ->","track":"1"},
         {"name":"gd73-06-10d1t01.ogg","source":"derivative","format":"Ogg Vorbis","original":"gd73-06-10d1t01.flac","length":"301.4"},
         {"name":"gd73-06-10d1t02.ogg","source":"derivative","format":"Ogg Vorbis","original":"gd73-06-10d1t02.flac"}]
        """)
        let tracks = TrackListReader.tracks(files)
        #expect(tracks.map(\.title) == ["Morning Dew", "gd73-06-10d1t02"])
        #expect(tracks.map(\.segue) == [true, false])
        #expect(tracks.map(\.seconds) == [301.5, 330])
        #expect(tracks[0].files.map(\.name) == ["gd73-06-10d1t01.mp3"])
    }

    @Test("a derivative without title or track takes them from its original; lengths from a copy")
    func throughOriginal() throws {
        let files = try entries("""
        [{"name":"02 Sugaree.shn","source":"original","format":"Shorten","title":"Sugaree","track":"2","private":"true"},
         {"name":"01 Bertha.shn","source":"original","format":"Shorten","title":"01 - Bertha &gt;","track":"01","private":"true"},
         {"name":"01 Bertha.mp3","source":"derivative","format":"VBR MP3","original":"01 Bertha.shn","length":"6:01"},
         {"name":"02 Sugaree.mp3","source":"derivative","format":"VBR MP3","original":"02 Sugaree.shn","length":"1:02:03"}]
        """)
        let tracks = TrackListReader.tracks(files)
        #expect(tracks.map(\.title) == ["Bertha", "Sugaree"])
        #expect(tracks.map(\.number) == [1, 2])
        #expect(tracks.map(\.segue) == [true, false])
        #expect(tracks.map(\.seconds) == [361, 3723])
        #expect(tracks.map { $0.files.map(\.format) } == [["VBR MP3"], ["VBR MP3"]])
    }

    @Test("only audio files are entries; the summary made at load time agrees with the track list")
    func summaryAgrees() throws {
        let files = try entries("""
        {"/gd77-05-08d1t02.flac":{"source":"original","format":"Flac","length":"601.25","track":"2"},
         "/gd77-05-08d1t01.flac":{"source":"original","format":"Flac","title":"New Minglewood Blues","track":"1"},
         "/gd77-05-08d1t01.mp3":{"source":"derivative","format":"VBR MP3","original":"gd77-05-08d1t01.flac","length":"5:02"},
         "/gd77-05-08.ffp":{"source":"original","format":"Flac FingerPrint"},
         "/gd77-05-08.txt":{"source":"original","format":"Text"},
         "/gd77-05-08_spectrogram.png":{"source":"derivative","format":"Spectrogram"}}
        """)
        #expect(files.map(\.name).sorted() == ["gd77-05-08d1t01.flac", "gd77-05-08d1t01.mp3", "gd77-05-08d1t02.flac"])
        let tracks = TrackListReader.tracks(files)
        let summary = TrackListReader.Selection(files).summary
        #expect(summary.count == tracks.count)
        #expect(summary.seconds == tracks.compactMap(\.seconds).reduce(0, +))
        #expect(tracks.map(\.seconds) == [302, 601.25])
    }

    @Test("titles: number prefixes and segue marks")
    func titles() {
        #expect(TrackListReader.cleanTitle("03 - Hell In The Bucket >") == ("Hell In The Bucket", true))
        #expect(TrackListReader.cleanTitle("Dark Star -> ") == ("Dark Star", true))
        #expect(TrackListReader.cleanTitle("Scarlet Begonias -&gt;") == ("Scarlet Begonias", true))
        #expect(TrackListReader.cleanTitle("1. Intro") == ("Intro", false))
        #expect(TrackListReader.cleanTitle("1999") == ("1999", false))
        #expect(TrackListReader.cleanTitle("Schoolgirl>You Don't Love Me>Schoolgirl (original reel cuts)")
            == ("Schoolgirl>You Don't Love Me>Schoolgirl (original reel cuts)", false))
        #expect(TrackListReader.fileTitle("02 Shakedown_Street.flac") == "Shakedown Street")
    }
}
