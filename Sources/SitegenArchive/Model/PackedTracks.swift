/// A recording's track list, packed into one array of bytes when its item file is read and
/// unpacked when the recording's page renders.
///
/// Only a recording's own page shows its list, yet every recording has one: kept as `[Track]`
/// from loading to rendering, every title, file name and format is a string of its own for the
/// whole build; read again from the item file as each page renders, the file is opened and
/// parsed a second time. Packed, the file names keep only what follows the part all of them
/// share (`gd1977-05-08d1t0`) and formats are numbered, so a list is one small allocation.
///
/// Layout: the track count, the shared prefix, the formats; then for each track a byte of flags
/// (number, seconds, segue), the number (zigzag) and the seconds (the `Double`'s bits) when
/// present, the title, and its files (count, then each name's rest and format number). Counts
/// and lengths are LEB128, strings their length and UTF-8 bytes.
public struct PackedTracks: Sendable, Equatable {
    private let bytes: [UInt8]

    /// No tracks.
    public static let empty = PackedTracks(bytes: [])

    private init(bytes: [UInt8]) { self.bytes = bytes }

    public init(_ tracks: [Track]) {
        guard !tracks.isEmpty else {
            self = .empty
            return
        }
        let names = tracks.flatMap { $0.files.map(\.name) }
        let prefix = Self.sharedPrefix(names)
        var formats: [String] = []
        for track in tracks {
            for file in track.files where !formats.contains(file.format) { formats.append(file.format) }
        }
        var writer = Writer()
        writer.count(tracks.count)
        writer.bytes(prefix)
        writer.count(formats.count)
        for format in formats { writer.text(format) }
        for track in tracks {
            let flags = (track.number == nil ? 0 : 1) | (track.seconds == nil ? 0 : 2) | (track.segue ? 4 : 0)
            writer.byte(UInt8(flags))
            if let number = track.number {
                writer.count(Int(bitPattern: UInt(bitPattern: number << 1) ^ UInt(bitPattern: number >> (Int.bitWidth - 1))))
            }
            if let seconds = track.seconds { writer.word(seconds.bitPattern) }
            writer.text(track.title)
            writer.count(track.files.count)
            for file in track.files {
                writer.bytes(file.name.utf8.dropFirst(prefix.count))
                writer.count(formats.firstIndex(of: file.format)!)
            }
        }
        bytes = writer.output
    }

    public var isEmpty: Bool { bytes.isEmpty }

    /// The formats of the files, in the order first seen ("Flac", "VBR MP3"), read from the
    /// head of the packed bytes without unpacking the tracks.
    public var formats: [String] {
        guard !bytes.isEmpty else { return [] }
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer)
            _ = reader.count()
            _ = reader.slice()
            return (0..<reader.count()).map { _ in reader.text() }
        }
    }

    /// The tracks' titles alone, for the site search's songs: read past the rest, no file
    /// name joined.
    public var titles: [String] {
        guard !bytes.isEmpty else { return [] }
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer)
            let count = reader.count()
            _ = reader.slice()
            for _ in 0..<reader.count() { _ = reader.slice() }
            var titles: [String] = []
            titles.reserveCapacity(count)
            for _ in 0..<count {
                let flags = reader.byte()
                if flags & 1 != 0 { _ = reader.count() }
                if flags & 2 != 0 { _ = reader.word() }
                titles.append(reader.text())
                for _ in 0..<reader.count() {
                    _ = reader.slice()
                    _ = reader.count()
                }
            }
            return titles
        }
    }

    /// The tracks, as they were packed.
    public var tracks: [Track] {
        guard !bytes.isEmpty else { return [] }
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer)
            let count = reader.count()
            let prefix = reader.slice()
            let formats = (0..<reader.count()).map { _ in reader.text() }
            var tracks: [Track] = []
            tracks.reserveCapacity(count)
            for _ in 0..<count {
                let flags = reader.byte()
                let number = flags & 1 == 0 ? nil : Self.unzigzag(reader.count())
                let seconds = flags & 2 == 0 ? nil : Double(bitPattern: reader.word())
                let title = reader.text()
                let files = (0..<reader.count()).map { _ in
                    let rest = reader.slice()
                    return AudioFile(name: Self.joined(prefix, rest), format: formats[reader.count()])
                }
                tracks.append(Track(number: number, title: title, seconds: seconds, segue: flags & 4 != 0, files: files))
            }
            return tracks
        }
    }

    /// The longest run of bytes every name starts with (the whole of a name given once).
    private static func sharedPrefix(_ names: [String]) -> [UInt8] {
        guard var prefix = names.first.map({ Array($0.utf8) }) else { return [] }
        for name in names.dropFirst() {
            var length = 0
            for byte in name.utf8 {
                guard length < prefix.count, prefix[length] == byte else { break }
                length += 1
            }
            prefix.removeSubrange(length...)
        }
        return prefix
    }

    /// A name from the shared prefix and its rest: whole, its bytes are the UTF-8 they were.
    private static func joined(_ prefix: UnsafeBufferPointer<UInt8>, _ rest: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: prefix.count + rest.count) { buffer in
            _ = buffer.initialize(fromContentsOf: prefix)
            _ = UnsafeMutableBufferPointer(rebasing: buffer[prefix.count...]).initialize(fromContentsOf: rest)
            return prefix.count + rest.count
        }
    }

    private static func unzigzag(_ value: Int) -> Int {
        let bits = UInt(bitPattern: value)
        return Int(bitPattern: bits >> 1) ^ -Int(bitPattern: bits & 1)
    }

    private struct Writer {
        var output: [UInt8] = []

        mutating func byte(_ value: UInt8) { output.append(value) }

        /// A non-negative number, seven bits a byte, low bits first.
        mutating func count(_ value: Int) {
            var rest = UInt(bitPattern: value)
            while rest >= 0x80 {
                output.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            output.append(UInt8(rest))
        }

        mutating func word(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }

        mutating func bytes<C: Collection<UInt8>>(_ bytes: C) {
            count(bytes.count)
            output.append(contentsOf: bytes)
        }

        mutating func text(_ text: String) { bytes(text.utf8) }
    }

    private struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func byte() -> UInt8 {
            defer { position += 1 }
            return buffer[position]
        }

        mutating func count() -> Int {
            var value: UInt = 0
            var shift: UInt = 0
            while true {
                let next = byte()
                value |= UInt(next & 0x7F) << shift
                if next < 0x80 { return Int(bitPattern: value) }
                shift += 7
            }
        }

        mutating func word() -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(byte()) << UInt64(shift) }
            return value
        }

        mutating func slice() -> UnsafeBufferPointer<UInt8> {
            let length = count()
            defer { position += length }
            return UnsafeBufferPointer(rebasing: buffer[position..<position + length])
        }

        mutating func text() -> String { String(decoding: slice(), as: UTF8.self) }
    }
}
