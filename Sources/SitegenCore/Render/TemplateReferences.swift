import Foundation

/// Reads the tags of template text for the checks made before anything renders: which templates
/// a template names (`{{>partial}}`, `{{<parent}}`, `{{{cached.partial}}}`), how its sections
/// pair up, and where a tag is left open. The engine parses for rendering; these say where the
/// author wrote something, with its line and column.
enum TemplateReferences {
    struct Reference {
        let name: String
        let line: Int
        let column: Int
    }

    /// One tag: its first character when that says what it is (`#`, `^`, `/`, `>`, `<`, `$`,
    /// `{`, `&`; nil for a variable) and the name after it.
    struct Tag {
        let marker: Character?
        let reference: Reference
        var name: String { reference.name }
    }

    /// The tags of `text` in order, comments left out. `delimitersChanged` when a `{{=…=}}` tag
    /// sets other delimiters: what follows it is not read (this scan does not follow them). Lines
    /// end where a `Character` says it is a newline (LF, CRLF, CR, …); columns count `Character`s.
    ///
    /// Read on the text's bytes: the checks before a build read every template's tags several
    /// times, and `range(of:)` on a substring copies the rest of the text for each tag, which
    /// made reading a template quadratic in its length.
    static func tags(in text: String) -> (tags: [Tag], delimitersChanged: Bool) {
        var text = text
        return text.withUTF8 { bytes in tags(in: bytes) }
    }

    private static func tags(in bytes: UnsafeBufferPointer<UInt8>) -> (tags: [Tag], delimitersChanged: Bool) {
        var tags: [Tag] = []
        let count = bytes.count
        // The place scanned to, its line, and where that line starts, carried forward.
        var line = 1
        var lineStart = 0
        var lineIsASCII = true
        var position = 0
        // On a line with other than ASCII, the Characters before `countedTo` (of that line),
        // carried forward too: counting from the line's start for each tag would go over a
        // long line again for every tag on it.
        var countedTo = 0
        var counted = 0
        func pass(to end: Int) {
            while position < end {
                let byte = bytes[position]
                var newline = 0
                switch byte {
                case 0x0A, 0x0B, 0x0C: newline = 1
                case 0x0D: newline = position + 1 < count && bytes[position + 1] == 0x0A ? 2 : 1
                case 0xC2 where position + 1 < count && bytes[position + 1] == 0x85: newline = 2
                case 0xE2 where position + 2 < count && bytes[position + 1] == 0x80 && (bytes[position + 2] == 0xA8 || bytes[position + 2] == 0xA9):
                    newline = 3
                default: if byte >= 0x80 { lineIsASCII = false }
                }
                if newline > 0 {
                    line += 1
                    position += newline
                    lineStart = position
                    lineIsASCII = true
                } else {
                    position += 1
                }
            }
        }
        func text(_ start: Int, _ end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        func find(_ needle: StaticString, from start: Int) -> Int? {
            let first = needle.utf8Start[0]
            var index = start
            while index + needle.utf8CodeUnitCount <= count {
                if bytes[index] == first, (1..<needle.utf8CodeUnitCount).allSatisfy({ bytes[index + $0] == needle.utf8Start[$0] }) {
                    return index
                }
                index += 1
            }
            return nil
        }
        while let open = find("{{", from: position) {
            pass(to: open)
            let column: Int
            if lineIsASCII {
                column = open - lineStart + 1
            } else {
                if countedTo < lineStart { (countedTo, counted) = (lineStart, 0) }
                counted += text(countedTo, open).count
                countedTo = open
                column = counted + 1
            }
            let body = open + 2
            let triple = body < count && bytes[body] == UInt8(ascii: "{")
            guard let close = find(triple ? "}}}" : "}}", from: body) else { break }
            let first = body < close ? bytes[body] : 0
            let marker: Character? = "#^/<>$&{!=".utf8.contains(first) ? Character(Unicode.Scalar(first)) : nil
            if marker == "=" { return (tags, true) }
            if marker != "!" {
                var (start, end) = (marker == nil ? body : body + 1, close)
                while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
                while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
                var name = text(start, end)
                // White space beyond ASCII (a no-break space) is trimmed as before.
                if start < end, bytes[start] >= 0x80 || bytes[end - 1] >= 0x80 { name = name.trimmingCharacters(in: .whitespaces) }
                tags.append(Tag(marker: marker, reference: Reference(name: name, line: line, column: column)))
            }
            pass(to: close + (triple ? 3 : 2))
        }
        return (tags, false)
    }

    /// The first `needle` (ASCII braces) in `text` at or after `start`, found on its bytes, for
    /// the reason `tags(in:)` gives.
    static func find(_ needle: String, in text: String, from start: String.Index) -> Range<String.Index>? {
        let bytes = text.utf8
        let first = needle.utf8.first!
        var index = start
        while let found = bytes[index...].firstIndex(of: first) {
            var end = found
            var matched = true
            for byte in needle.utf8 {
                guard end < bytes.endIndex, bytes[end] == byte else { matched = false; break }
                bytes.formIndex(after: &end)
            }
            if matched { return found..<end }
            index = bytes.index(after: found)
        }
        return nil
    }

    /// The templates `text` names, where it names them: partials, parents and cached partials.
    static func scan(_ text: String) -> [Reference] {
        tags(in: text).tags.compactMap { tag -> Reference? in
            switch tag.marker {
            case ">", "<":
                return tag.name.isEmpty ? nil : tag.reference
            case nil, "{", "&":
                guard tag.name.hasPrefix(CachedPartials.prefix), tag.name.count > CachedPartials.prefix.count else { return nil }
                let name = CachedPartials.template(String(tag.name.dropFirst(CachedPartials.prefix.count)))
                return Reference(name: name, line: tag.reference.line, column: tag.reference.column)
            default:
                return nil
            }
        }
    }

    /// How a template's sections fail to pair up, for a message that names them and points
    /// where the author wrote them.
    enum SectionMismatch {
        /// The innermost section (`{{#name}}`, `{{^name}}`, `{{$name}}`, `{{<name}}`) opened and
        /// never closed.
        case unclosed(Reference)
        /// `{{/close}}` where the innermost open section is `open`.
        case closedAs(open: Reference, close: Reference)
        /// `{{/close}}` where no section is open.
        case closedUnopened(Reference)
    }

    /// The first way the sections of `text` fail to pair up; nil when they pair up (or
    /// delimiters are changed, which this scan does not follow).
    static func sectionMismatch(in text: String) -> SectionMismatch? {
        let (tags, delimitersChanged) = tags(in: text)
        guard !delimitersChanged else { return nil }
        var open: [Reference] = []
        for tag in tags {
            switch tag.marker {
            case "#", "^", "$", "<":
                open.append(tag.reference)
            case "/":
                guard let innermost = open.popLast() else { return .closedUnopened(tag.reference) }
                if innermost.name != tag.name { return .closedAs(open: innermost, close: tag.reference) }
            default:
                break
            }
        }
        return open.last.map { .unclosed($0) }
    }

    /// The first tag of `text` that is not closed: no `}}` (or `}}}` after `{{{`) before the
    /// next tag or the end (a tag may span lines, as the engine reads it). The parser notices
    /// only at the end of the file; the place to name is where the tag opened.
    /// Nil when every tag is closed, or delimiters are changed, which this scan does not follow.
    static func unclosedTag(in text: String) -> (line: Int, column: Int, missing: String)? {
        guard !text.contains("{{=") else { return nil }
        var index = text.startIndex
        while let open = find("{{", in: text, from: index) {
            let triple = text[open.upperBound...].first == "{"
            let closer = triple ? "}}}" : "}}"
            let body = triple ? text.index(after: open.upperBound) : open.upperBound
            let close = find(closer, in: text, from: body)?.lowerBound ?? text.endIndex
            let next = find("{{", in: text, from: body)?.lowerBound ?? text.endIndex
            guard close < next else {
                let before = text[..<open.lowerBound]
                let lineStart = before.lastIndex(where: \.isNewline).map { text.index(after: $0) } ?? text.startIndex
                return (before.filter(\.isNewline).count + 1, text.distance(from: lineStart, to: open.lowerBound) + 1, closer)
            }
            index = text.index(close, offsetBy: closer.count)
        }
        return nil
    }
}
