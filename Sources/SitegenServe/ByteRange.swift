import Foundation

/// The part of a file a `Range` header asks for (a browser seeking in an `<audio>`).
enum ByteRange: Equatable {
    /// No range this server serves (another unit, several ranges, a bad one): the whole file.
    case whole
    case unsatisfiable
    case part(Range<Int>)

    /// A header's one range of bytes (`bytes=0-99`, `bytes=100-`, `bytes=-500`) in a file of
    /// `size` bytes (RFC 9110 §14.1.2): the end is cut to the file's, a start past it cannot be
    /// satisfied.
    init(_ header: String, size: Int) {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes="), !text.contains(",") else { self = .whole; return }
        let spec = text.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard let dash = spec.firstIndex(of: "-") else { self = .whole; return }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        if first.isEmpty {
            // The last n bytes.
            guard digits(last), let count = Int(last) else { self = .whole; return }
            guard count > 0, size > 0 else { self = .unsatisfiable; return }
            self = .part(Swift.max(0, size - count)..<size)
            return
        }
        guard digits(first), let start = Int(first) else { self = .whole; return }
        guard start < size else { self = .unsatisfiable; return }
        if last.isEmpty { self = .part(start..<size); return }
        guard digits(last), let end = Int(last), end >= start else { self = .whole; return }
        self = .part(start..<Swift.min(end, size - 1) + 1)
    }
}
