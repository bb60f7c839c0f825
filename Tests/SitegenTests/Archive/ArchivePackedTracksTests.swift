import Testing
@testable import SitegenArchive

@Suite("Packed track lists")
struct ArchivePackedTracksTests {
    private func file(_ name: String, _ format: String) -> AudioFile { AudioFile(name: name, format: format) }

    @Test("an etree track list comes back as it went in")
    func etreeList() {
        let tracks = [
            Track(number: 1, title: "Jack Straw", seconds: 1044.73, segue: false,
                  files: [file("gd77-05-08d1t01.flac", "Flac"), file("gd77-05-08d1t01.mp3", "VBR MP3")]),
            Track(number: 2, title: "Scarlet Begonias", seconds: 669.91, segue: true,
                  files: [file("gd77-05-08d1t02.flac", "Flac"), file("gd77-05-08d1t02.mp3", "VBR MP3")]),
            Track(number: 10, title: "Fire On The Mountain", seconds: nil, segue: false,
                  files: [file("gd77-05-08d2t10.flac", "Flac")]),
        ]
        let packed = PackedTracks(tracks)
        #expect(packed.tracks == tracks)
        #expect(!packed.isEmpty)
    }

    @Test("no tracks, no number or length, no files, one file, names that share nothing")
    func edges() {
        #expect(PackedTracks([]).isEmpty)
        #expect(PackedTracks([]).tracks.isEmpty)
        #expect(PackedTracks([]) == .empty)
        let bare = [Track(number: nil, title: "", seconds: nil, segue: false, files: [])]
        #expect(PackedTracks(bare).tracks == bare)
        let one = [Track(number: 3, title: "Dark Star", seconds: 0, segue: true, files: [file("ds.shn", "Shorten")])]
        #expect(PackedTracks(one).tracks == one)
        let apart = [
            Track(number: 1, title: "a", seconds: 1, segue: false, files: [file("x.flac", "Flac")]),
            Track(number: 2, title: "b", seconds: 2, segue: false, files: [file("y/z.ogg", "Ogg Vorbis"), file("x.flac", "Flac")]),
        ]
        #expect(PackedTracks(apart).tracks == apart)
    }

    @Test("numbers of any size and sign, and lengths to the last bit")
    func numbers() {
        let tracks = [Int.min, -1, 0, 63, 64, 127, 128, 300, Int.max].map { number in
            Track(number: number, title: "t\(number)", seconds: Double(number) / 3, segue: false, files: [])
        } + [Track(number: nil, title: "tiny", seconds: .leastNonzeroMagnitude, segue: false, files: []),
             Track(number: nil, title: "huge", seconds: .infinity, segue: false, files: [])]
        #expect(PackedTracks(tracks).tracks == tracks)
    }

    @Test("titles and file names in any script; names whose shared part ends inside a character")
    func unicode() {
        let tracks = [
            Track(number: 1, title: "Café → Straße 🎸", seconds: 61.5, segue: true,
                  files: [file("café.flac", "Flac"), file("cafè.flac", "Flac")]),
            Track(number: 2, title: "日本語のタイトル", seconds: 7, segue: false, files: [file("caf\u{E9}\u{301}.mp3", "VBR MP3")]),
        ]
        let unpacked = PackedTracks(tracks).tracks
        #expect(unpacked == tracks)
        // Equal as strings and as bytes: nothing was normalized on the way.
        #expect(unpacked.flatMap { $0.files.map { Array($0.name.utf8) } } == tracks.flatMap { $0.files.map { Array($0.name.utf8) } })
    }
}
