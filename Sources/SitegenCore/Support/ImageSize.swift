import Foundation

/// The pixel size of a PNG, GIF, JPEG, WebP or SVG image, read from its first bytes, so that a
/// post's `<img>` can reserve its space before the image arrives. The bytes are the site owner's
/// files, but a file may be damaged or made to look like anything: every read is checked against
/// the bytes there are, a size of zero or over `maxSide` is no size, and a format not recognised
/// is nil.
public struct ImageSize: Sendable, Hashable {
    public let width: Int
    public let height: Int

    /// Larger than any real image's side; a header that says more is damaged.
    static let maxSide = 1 << 16
    /// How much of a file is read: a JPEG's size follows its metadata (Exif, ICC profiles),
    /// which is rarely near this.
    static let headBytes = 256 << 10

    init?(width: Int, height: Int) {
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else { return nil }
        self.width = width
        self.height = height
    }

    /// The size of the image file at `path`; nil when it is not a regular file, cannot be
    /// read, or is not an image of a known type.
    public static func ofFile(_ path: String) -> ImageSize? {
        guard let head = try? FileBytes.head(path, count: headBytes) else { return nil }
        return of(head)
    }

    public static func of(_ data: Data) -> ImageSize? {
        if let size = data.withUnsafeBytes({ raw in Bytes(raw: raw).size }) { return size }
        // Markup (after a byte order mark and blank space) may be an SVG.
        let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.index(data.startIndex, offsetBy: 3) : data.startIndex
        guard data[start...].first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<") else { return nil }
        return svg(data)
    }

    /// Checked reads over the bytes: each returns nil past the end.
    private struct Bytes {
        let raw: UnsafeRawBufferPointer

        subscript(_ index: Int) -> Int? { index >= 0 && index < raw.count ? Int(raw[index]) : nil }

        func matches(_ expected: some Sequence<UInt8>, at index: Int) -> Bool {
            expected.enumerated().allSatisfy { self[index + $0.offset] == Int($0.element) }
        }

        func matches(_ text: String, at index: Int) -> Bool { matches(text.utf8, at: index) }

        func bigEndian16(_ index: Int) -> Int? {
            guard let high = self[index], let low = self[index + 1] else { return nil }
            return high << 8 | low
        }

        func littleEndian16(_ index: Int) -> Int? {
            guard let low = self[index], let high = self[index + 1] else { return nil }
            return high << 8 | low
        }

        func littleEndian24(_ index: Int) -> Int? {
            guard let low = littleEndian16(index), let high = self[index + 2] else { return nil }
            return high << 16 | low
        }

        func bigEndian32(_ index: Int) -> Int? {
            guard let high = bigEndian16(index), let low = bigEndian16(index + 2) else { return nil }
            return high << 16 | low
        }

        var size: ImageSize? {
            if matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] as [UInt8], at: 0) { return png }
            if matches("GIF87a", at: 0) || matches("GIF89a", at: 0) { return gif }
            if self[0] == 0xFF, self[1] == 0xD8 { return jpeg }
            if matches("RIFF", at: 0), matches("WEBP", at: 8) { return webp }
            return nil
        }

        /// The first chunk is IHDR: width and height as 32-bit big-endian numbers.
        private var png: ImageSize? {
            guard matches("IHDR", at: 12), let width = bigEndian32(16), let height = bigEndian32(20) else { return nil }
            return ImageSize(width: width, height: height)
        }

        /// The logical screen's width and height, 16-bit little-endian, after the signature.
        private var gif: ImageSize? {
            guard let width = littleEndian16(6), let height = littleEndian16(8) else { return nil }
            return ImageSize(width: width, height: height)
        }

        /// Segments from the start: the first start-of-frame marker holds the height, then the
        /// width. The scan ends at the image data (SOS) or the end of what was read.
        private var jpeg: ImageSize? {
            var index = 2
            while true {
                guard self[index] == 0xFF, var marker = self[index + 1] else { return nil }
                // Any number of 0xFF may pad a marker.
                while marker == 0xFF {
                    index += 1
                    guard let next = self[index + 1] else { return nil }
                    marker = next
                }
                switch marker {
                case 0xD0...0xD7, 0x01:   // markers without a length
                    index += 2
                case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                    guard let height = bigEndian16(index + 5), let width = bigEndian16(index + 7) else { return nil }
                    return ImageSize(width: width, height: height)
                case 0xD9, 0xDA:   // end of image, start of scan: no frame header before them
                    return nil
                default:
                    guard let length = bigEndian16(index + 2), length >= 2 else { return nil }
                    index += 2 + length
                }
            }
        }

        /// The first chunk after "WEBP": a lossy frame (VP8), a lossless one (VP8L) or the
        /// extended header (VP8X) with the canvas size.
        private var webp: ImageSize? {
            if matches("VP8 ", at: 12) {
                guard self[23] == 0x9D, self[24] == 0x01, self[25] == 0x2A,
                      let width = littleEndian16(26), let height = littleEndian16(28) else { return nil }
                return ImageSize(width: width & 0x3FFF, height: height & 0x3FFF)
            }
            if matches("VP8L", at: 12) {
                guard self[20] == 0x2F, let b0 = self[21], let b1 = self[22], let b2 = self[23], let b3 = self[24] else { return nil }
                return ImageSize(width: 1 + (b0 | (b1 & 0x3F) << 8), height: 1 + (b1 >> 6 | b2 << 2 | (b3 & 0x0F) << 10))
            }
            if matches("VP8X", at: 12) {
                guard let width = littleEndian24(24), let height = littleEndian24(27) else { return nil }
                return ImageSize(width: width + 1, height: height + 1)
            }
            return nil
        }
    }
}
