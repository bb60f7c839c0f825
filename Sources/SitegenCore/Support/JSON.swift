import Arena
import CCJSON
import Foundation

/// A parsed JSON document, kept as the service sent it. Readers look at it through `JSONCursor`,
/// which knows where it is and tolerates the quirks of real API responses.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    /// Parses `data` with cJSON, turning a syntax error into a `SitegenError` that names `file`,
    /// the line and column, and what was found there. Invalid UTF-8 inside strings is repaired
    /// (U+FFFD), as services do send it, with a warning in `warnings` naming the first bad byte.
    public static func parse(_ data: Data, file: String, warnings: WarningLog? = nil) throws(SitegenError) -> JSON {
        if let (standingIn, nul) = standInForNUL(data) {
            return try parse(standingIn, file: file, warnings: warnings, nul: nul, original: data)
        }
        return try parse(data, file: file, warnings: warnings, nul: nil, original: data)
    }

    /// `parse`, where `nul` (when not nil) stands for U+0000 in `data` (`standInForNUL`);
    /// `original` is the file as read, for the byte offsets of messages.
    private static func parse(_ data: Data, file: String, warnings: WarningLog?, nul: Unicode.Scalar?,
                              original: Data) throws(SitegenError) -> JSON {
        _ = allocatesFromArena
        let outcome: Result<JSON, SitegenError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let start = raw.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.contains(where: { !isSpace($0) }) else {
                return .failure(SitegenError("not valid JSON: the file is empty", at: SourceLocation(file: file)))
            }
            var end: UnsafePointer<CChar>?
            sitegen_arena_limit(treeBudget(bytes: bytes.count))
            let root = cJSON_ParseWithLengthOpts(start, bytes.count, &end, 0)
            // The tree (and, on a syntax error, what was built of it) goes at once.
            defer { sitegen_arena_reset() }
            let offset = end.map { $0 - UnsafePointer(start) } ?? 0
            if root == nil, sitegen_arena_refused() { return .failure(tooDense(in: bytes, at: offset, file: file)) }
            guard let root else { return .failure(syntaxError(in: bytes, at: offset, file: file)) }
            // cJSON stops after the first value; anything but white space after it is an error.
            if let extra = bytes[offset...].firstIndex(where: { !Self.isSpace($0) }) {
                return .failure(syntaxError(in: bytes, at: extra, file: file, after: true))
            }
            var repairs = Repairs()
            let json = JSON(root, repairs: &repairs, nul: nul)
            if repairs.invalidUTF8, let warnings {
                warnings.add("not valid UTF-8 at byte \(InputText.firstInvalidByte(original) ?? 0); the bad bytes are shown as \u{FFFD}",
                             at: SourceLocation(file: file))
            }
            if repairs.bidiControls, let warnings {
                warnings.add("holds bidirectional embedding, override or isolate characters (U+202A–U+202E, U+2066–U+2069), "
                             + "removed: they would reverse the text of the pages around them", at: SourceLocation(file: file))
            }
            return .success(json)
        }
        return try outcome.get()
    }

    /// cJSON allocates every node and string with malloc, and cJSON_Delete frees them one by
    /// one, though a parsed tree dies whole. From the calling thread's arena (Arena.h) they go at
    /// once. The hooks are cJSON's global; they are set before its first use, and every use is
    /// `parse`, which copies the tree into Swift values before the reset.
    private static let allocatesFromArena: Void = {
        var hooks = cJSON_Hooks(malloc_fn: sitegen_arena_malloc, free_fn: sitegen_arena_free)
        cJSON_InitHooks(&hooks)
    }()

    /// What was mended in a document's strings as they were copied.
    private struct Repairs {
        /// A string was not valid UTF-8 (checked as it is copied, at no extra cost for the valid ones).
        var invalidUTF8 = false
        /// A string held a bidirectional embedding, override or isolate, removed.
        var bidiControls = false
    }

    /// Copies cJSON's tree into Swift values (the tree is let go right after).
    private init(_ node: UnsafeMutablePointer<cJSON>, repairs: inout Repairs, nul: Unicode.Scalar?) {
        switch node.pointee.type & 0xFF {
        case cJSON_Object:
            var members: [(key: String, value: JSON)] = []
            members.reserveCapacity(Self.childCount(node))
            var child = node.pointee.child
            while let current = child {
                if let key = current.pointee.string {
                    members.append((Self.string(key, repairs: &repairs, nul: nul), JSON(current, repairs: &repairs, nul: nul)))
                }
                child = current.pointee.next
            }
            self = .object(JSONObject(members))
        case cJSON_Array:
            var items: [JSON] = []
            items.reserveCapacity(Self.childCount(node))
            var child = node.pointee.child
            while let current = child {
                items.append(JSON(current, repairs: &repairs, nul: nul))
                child = current.pointee.next
            }
            self = .array(items)
        case cJSON_String:
            self = .string(node.pointee.valuestring.map { Self.string($0, repairs: &repairs, nul: nul) } ?? "")
        case cJSON_Number:
            self = .number(node.pointee.valuedouble)
        case cJSON_True:
            self = .bool(true)
        case cJSON_False:
            self = .bool(false)
        default:
            self = .null
        }
    }

    private static func string(_ text: UnsafePointer<CChar>, repairs: inout Repairs, nul: Unicode.Scalar?) -> String {
        var string: String
        if let valid = String(validatingCString: text) {
            string = valid
        } else {
            repairs.invalidUTF8 = true
            string = String(cString: text)
        }
        // A service's name that ends in U+202E would turn the rest of the line around it, the
        // site's own words included ("Search videos of X on YouTube"), in a page, a title, a
        // calendar. Names have no need of them: their direction comes from their letters.
        if strchr(text, 0xE2) != nil, string.unicodeScalars.contains(where: isBidiControl) {
            repairs.bidiControls = true
            string.unicodeScalars.removeAll(where: isBidiControl)
        }
        guard let nul, string.unicodeScalars.contains(nul) else { return string }
        return String(String.UnicodeScalarView(string.unicodeScalars.map { $0 == nul ? "\u{0}" : $0 }))
    }

    /// U+202A–U+202E (embeddings, overrides and their end) and U+2066–U+2069 (isolates).
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    private static func childCount(_ node: UnsafeMutablePointer<cJSON>) -> Int {
        var count = 0
        var child = node.pointee.child
        while let current = child { count += 1; child = current.pointee.next }
        return count
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// cJSON's CJSON_NESTING_LIMIT: a deeper document fails to parse (which keeps the copy into
    /// Swift values, a recursion, within any thread's stack).
    static let nestingLimit = 1_000

    /// The memory cJSON's tree of a document may take: 16 bytes for each byte of the file, plus
    /// 1 MB (for the smallest files). The services' answers need at most 10 (Last.fm's week
    /// list: many short objects of short strings); every value takes 80 bytes however few it is
    /// written in, so `[0,0,…]` needs 40 and would turn a cached file of 256 MB into 10 GB.
    static func treeBudget(bytes: Int) -> Int {
        bytes > (Int.max - (1 << 20)) / 16 ? Int.max : 16 * bytes + (1 << 20)
    }

    /// Whether `parse` refused a document for how densely or deeply it is written, rather than
    /// found it cut off or malformed: the same bytes would be refused again.
    public static func isRefusal(_ error: SitegenError) -> Bool {
        error.message.hasPrefix(denseRefusal) || error.message.hasSuffix(deepRefusal)
    }

    private static let denseRefusal = "refused: its values are packed more densely than in any answer of the services "
    private static let deepRefusal = "nested deeper than \(nestingLimit) levels; refused"

    private static func tooDense(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, file: String) -> SitegenError {
        let place = syntaxError(in: bytes, at: offset, file: file).location
        return SitegenError(denseRefusal + "(reading its \(bytes.count) bytes would take more than \(treeBudget(bytes: bytes.count) >> 20) MB)",
                            at: place)
    }

    /// How many arrays and objects are open at the end of `bytes`, strings skipped: for a
    /// message that says why a deep document failed.
    private static func depth(of bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var depth = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return depth
    }

    /// "not valid JSON: unexpected '…'" at the line and column of `offset` (columns count characters).
    private static func syntaxError(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, file: String,
                                    after: Bool = false) -> SitegenError {
        let offset = min(max(offset, 0), bytes.count)
        let before = bytes[..<offset]
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        // cJSON reports an error at the end of the input on the last byte, so the end is named too.
        let snippet = String(decoding: bytes[offset..<min(bytes.count, offset + 24)], as: UTF8.self)
            .prefix { $0 != "\n" && $0 != "\r" }
        let atEnd = offset >= bytes.count - 1 ? " (where the file ends)" : ""
        let reason = after ? "unexpected text after the JSON value: '\(snippet)'"
            : depth(of: before) >= nestingLimit ? deepRefusal
            : "expected a JSON value, comma, colon or closing bracket near '\(snippet)'\(atEnd)"
        return SitegenError("not valid JSON: \(reason)", at: SourceLocation(file: file, line: line, column: column))
    }
}
