import Foundation

/// A position inside a cached JSON response: the value there, the file it came from and the
/// JSON path that leads to it. All readers of cached API data go through it, so every quirk
/// (numbers as strings, a lone object where a list belongs, `{}` or `""` for "nothing") is
/// handled once, and every error names the file and the path.
public struct JSONCursor: Sendable {
    public let value: JSON
    public let file: String
    /// The steps that lead here, made into a path only when a message needs it: readers look up
    /// millions of members at archive scale, and only the few a message names need a path.
    private let position: Position

    /// Where a cursor is. A member's last step is kept inline, and made into a trail node only
    /// when a member of that member is looked up: reading a list item's fields then allocates
    /// nothing.
    private enum Position {
        case node(Trail)
        case step(after: Trail, Trail.Step)

        var trail: Trail {
            switch self {
            case .node(let trail): trail
            case .step(let parent, let step): Trail(parent: parent, step: step)
            }
        }
    }

    public init(_ value: JSON, file: String, path: String = "$") {
        self.init(value, file: file, position: .node(Trail(parent: nil, step: .root(path))))
    }

    private init(_ value: JSON, file: String, position: Position) {
        self.value = value
        self.file = file
        self.position = position
    }

    /// The JSON path that leads here ("$.metadata.date", "$.files[3]").
    public var path: String { position.trail.path }

    /// Reads and parses a cached file. `displayPath` is the name used in messages.
    public static func load(_ path: String, displayPath: String, limit: Int = SiteConfig.defaultMaxFileBytes,
                            warnings: WarningLog? = nil) throws(SitegenError) -> JSONCursor {
        let data = try FileBytes.read(path, displayPath: displayPath, limit: limit)
        return JSONCursor(try JSON.parse(data, file: displayPath, warnings: warnings), file: displayPath)
    }

    public var location: SourceLocation { SourceLocation(file: file, jsonPath: path) }

    // MARK: Navigation

    /// The member `key`; `.null` when this is not an object or the key is missing.
    public subscript(key: String) -> JSONCursor {
        let child: JSON
        if case .object(let members) = value { child = members[key] ?? .null } else { child = .null }
        return JSONCursor(child, file: file, position: .step(after: position.trail, .key(key)))
    }

    public func has(_ key: String) -> Bool {
        if case .object(let members) = value { return members[key] != nil }
        return false
    }

    public var isNull: Bool { value == .null }

    /// True for the values services send to mean "nothing here": null, `""`, `{}` and `[]`.
    public var isEmpty: Bool {
        switch value {
        case .null: return true
        case .string(let text): return text.trimmed.isEmpty
        case .object(let members): return members.isEmpty
        case .array(let items): return items.isEmpty
        default: return false
        }
    }

    public var isObject: Bool { if case .object = value { return true } else { return false } }
    public var isArray: Bool { if case .array = value { return true } else { return false } }

    /// The keys of an object, sorted (JSON objects have no order we may depend on).
    public var keys: [String] {
        if case .object(let members) = value { return members.keys }
        return []
    }

    /// A list, leniently: an array as is, a lone object or scalar as a list of one,
    /// and null, missing, `""` or `{}` as an empty list.
    public var list: [JSONCursor] {
        switch value {
        case .array(let items):
            let trail = position.trail
            return items.enumerated().map { JSONCursor($1, file: file, position: .node(Trail(parent: trail, step: .index($0)))) }
        case .null: return []
        case .string(let text) where text.isEmpty: return []
        case .object(let members) where members.isEmpty: return []
        default: return [self]
        }
    }

    // MARK: Scalars, leniently

    /// A string: a string as is, a number or boolean as text, the first non-empty string of an
    /// array; nil for null, `{}` and missing values. Surrounding white space is kept.
    public var string: String? { Self.string(of: value) }

    /// A non-blank string, trimmed; nil when there is none.
    public var text: String? { Self.text(of: value) }

    /// `self[key].text`, without making the member's cursor (its path and its file): for readers
    /// that take several scalar members of each of hundreds of thousands of objects (an item's
    /// files), where making and letting go of each cursor cost more than reading the value.
    public func text(_ key: String) -> String? { member(key).flatMap(Self.text(of:)) }

    /// `self[key].bool`, likewise.
    public func bool(_ key: String) -> Bool? { member(key).flatMap(Self.bool(of:)) }

    private func member(_ key: String) -> JSON? {
        if case .object(let members) = value { return members[key] }
        return nil
    }

    private static func string(of value: JSON) -> String? {
        switch value {
        case .string(let text): return text
        case .number(let number): return format(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let items):
            for item in items {
                if let text = string(of: item), !text.isEmpty { return text }
            }
            return nil
        case .null, .object: return nil
        }
    }

    private static func text(of value: JSON) -> String? {
        guard let raw = string(of: value)?.trimmed, !raw.isEmpty else { return nil }
        return raw
    }

    /// Every string of an array (or the one string), trimmed, blanks dropped.
    public var strings: [String] {
        if case .array = value { return list.compactMap(\.text) }
        return text.map { [$0] } ?? []
    }

    /// A number from a JSON number or a decimal string (services send numbers as strings:
    /// "12", "-3.5", "1e3"); nil for anything else, which the readers of counts warn about:
    /// text `Double` would take but no service writes ("0x10", "0x1p6", "inf", "nan"), and a
    /// list of more than one value, even one that starts with a number (`[77, "junk"]`). A list
    /// of one (`["7"]`, archive.org's repeated fields) is read as its value.
    public var double: Double? {
        switch value {
        case .number(let number): return number
        case .string(let text):
            let trimmed = text.trimmed
            return Self.isDecimal(trimmed) ? Double(trimmed) : nil
        case .array(let items) where items.count == 1:
            return JSONCursor(items[0], file: file, position: position).double
        default: return nil
        }
    }

    /// Whether `text` is a number as JSON writes one (leading zeros allowed: "007"):
    /// `-? digits (. digits)? ([eE] [+-]? digits)?`.
    static func isDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Bool {
            let count = bytes.prefix { (0x30...0x39).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count > 0
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard digits() else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() else { return false }
        }
        return bytes.isEmpty
    }

    /// A whole number from a JSON number or a numeric string ("12", "12.0").
    public var int: Int? {
        guard let number = double, number.isFinite, number.rounded() == number,
              abs(number) < 9.0e15 else { return nil }
        return Int(number)
    }

    /// A boolean from `true`/`false` or their string forms ("true", "1", "yes").
    public var bool: Bool? { Self.bool(of: value) }

    private static func bool(of value: JSON) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .number(let number): return number != 0
        case .string(let text):
            switch text.lowercased().trimmed {
            case "true", "1", "yes": return true
            case "false", "0", "no", "": return false
            default: return nil
            }
        default: return nil
        }
    }

    // MARK: Requirements (errors name file and path)

    public func error(_ expected: String) -> SitegenError {
        SitegenError("expected \(expected), found \(describeValue)", at: location)
    }

    /// This value as an object, or an error saying an object was expected.
    public func requireObject(_ what: String = "an object") throws(SitegenError) -> JSONCursor {
        guard isObject else { throw error(what) }
        return self
    }

    public func requireText(_ what: String = "a string") throws(SitegenError) -> String {
        guard let text else { throw error(what) }
        return text
    }

    public func requireInt(_ what: String = "a whole number") throws(SitegenError) -> Int {
        guard let int else { throw error(what) }
        return int
    }

    public var describeValue: String {
        switch value {
        case .null: return "nothing"
        case .bool(let flag): return "\(flag)"
        case .number(let number): return Self.format(number)
        case .string(let text): return "\"\(text.prefix(40))\(text.count > 40 ? "…" : "")\""
        case .array(let items): return "an array of \(items.count)"
        case .object(let members): return members.isEmpty ? "{}" : "an object"
        }
    }

    // MARK: Helpers

    static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 9.0e15 { return String(Int(number)) }
        return String(number)
    }

    /// One step of a path, and the steps before it.
    private final class Trail: Sendable {
        enum Step {
            case root(String)
            case key(String)
            case index(Int)
        }

        let parent: Trail?
        let step: Step

        init(parent: Trail?, step: Step) {
            self.parent = parent
            self.step = step
        }

        var path: String {
            let before = parent?.path ?? ""
            switch step {
            case .root(let path): return before + path
            case .key(let key): return before + Self.component(key)
            case .index(let index): return before + "[\(index)]"
            }
        }

        private static func component(_ key: String) -> String {
            let plain = key.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x5F }
            return plain && !key.isEmpty ? ".\(key)" : "[\"\(key)\"]"
        }
    }
}
