import Foundation
import Yams

/// A YAML node (parsed by Yams) with the file it came from, read with strict types: a wrong
/// type is an error naming the file, line and column and what was expected. Used for site.yml
/// and for front matter, where a typed struct must not silently turn `1.10` into `1.1`.
// Yams nodes are immutable values without a Sendable conformance of their own.
public struct YAMLValue: @unchecked Sendable {
    public let node: Node
    public let file: String
    /// Added to Yams' line numbers: front matter starts after the opening `---`.
    public let lineOffset: Int

    public init(node: Node, file: String, lineOffset: Int = 0) {
        self.node = node
        self.file = file
        self.lineOffset = lineOffset
    }

    /// Parses a YAML document; an empty document is an empty mapping.
    /// With Yams' basic resolver: the default one tries seven regular expressions on every
    /// scalar to guess its type, though the typed reads decide it anyway. The
    /// typed reads below decide a plain scalar's type themselves, by the YAML 1.1 rules Yams uses.
    /// The encoding is named because Yams' default reads the whole process environment each time.
    /// Nesting and aliases are bounded (`YAMLLimits`): a document past them is an error.
    /// A byte order mark at the start (editors on Windows write one) is not part of the document.
    public static func parse(_ text: String, file: String, lineOffset: Int = 0) throws(SitegenError) -> YAMLValue {
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        if let line = YAMLLimits.deepLine(text) {
            throw SitegenError("YAML nested deeper than \(YAMLLimits.maxDepth) levels (brackets or indentation); refused",
                               at: SourceLocation(file: file, line: line + lineOffset))
        }
        // Only a document with an alias can stand for more nodes than it writes out.
        let budget = YAMLLimits.nodeBudget(bytes: text.utf8.count)
        if text.utf8.contains(UInt8(ascii: "*")), let line = YAMLLimits.aliasExpansionLine(text, budget: budget) {
            throw SitegenError("YAML aliases expand to more than \(budget) values, far more than the document writes out "
                               + "(an alias bomb?); refused", at: SourceLocation(file: file, line: line + lineOffset))
        }
        do {
            let node = try Yams.compose(yaml: text, .basic, constructor, .utf8) ?? Node.mapping(Node.Mapping([]))
            return YAMLValue(node: node, file: file, lineOffset: lineOffset)
        } catch let error as SitegenError {
            throw error
        } catch let error as YamlError {
            if case .duplicatedKeysInMapping = error {
                let repeats = YAMLLimits.repeatedKeys(text).map { again in
                    SitegenError("`\(again.key)` is written again in one mapping (first at line \(again.firstLine + lineOffset), "
                                 + "column \(again.firstColumn)); write each key once",
                                 at: SourceLocation(file: file, line: again.line + lineOffset, column: again.column))
                }
                if let all = SitegenError.all(repeats) { throw all }
            }
            throw Self.describe(error, file: file, lineOffset: lineOffset, text: text)
        } catch {
            throw SitegenError("not valid YAML (\(error))", at: SourceLocation(file: file))
        }
    }

    /// Yams builds a fresh default constructor (three dictionaries) on every access. It holds
    /// only constants, so one is shared by every thread.
    nonisolated(unsafe) private static let constructor = Constructor.default

    public var location: SourceLocation {
        SourceLocation(file: file, line: node.mark.map { $0.line + lineOffset }, column: node.mark?.column)
    }

    func error(_ expected: String, key: String) -> SitegenError {
        SitegenError("expected \(expected) for `\(key)`, found \(describeNode)", at: location)
    }

    /// The error for a quoted scalar whose text, unquoted, would have been right (`"true"`,
    /// `'5'`): the quotes make it text, and the message says so rather than quoting the value
    /// back as if it were wrong.
    private func quotedError(_ expected: String, key: String, wouldDo: (String) -> Bool) -> SitegenError? {
        guard case .scalar(let scalar) = node, plainScalar == nil, wouldDo(scalar.string) else { return nil }
        return SitegenError("expected \(expected) for `\(key)`, found the quoted text '\(scalar.string)': quotes make a value text, leave them out",
                            at: location)
    }

    private var describeNode: String {
        switch node {
        case .scalar(let scalar): return scalar.string.isEmpty ? "nothing" : "'\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// The value re-serialised in one canonical form, so that comments and spacing in site.yml
    /// do not count as a change.
    public var canonicalText: String {
        (try? Yams.serialize(node: node, sortKeys: true)) ?? "\(node)"
    }

    /// A plain scalar: one whose type YAML infers from its text (a quoted one is always text).
    private var plainScalar: String? {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return nil }
        return scalar.string
    }

    var isNull: Bool {
        guard let text = plainScalar else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }

    // MARK: Typed reads of this value; `key` only names it in messages.

    public func string(_ key: String) throws(SitegenError) -> String {
        guard case .scalar(let scalar) = node else { throw error("text", key: key) }
        return scalar.string
    }

    public func int(_ key: String) throws(SitegenError) -> Int {
        guard let value = node.int else {
            throw quotedError("a whole number", key: key) { Int($0) != nil } ?? error("a whole number", key: key)
        }
        return value
    }

    /// A whole number within `range` (`Int.max` as its upper bound: no upper bound), the one way
    /// settings bound their numbers: "expected a whole number of days from 0 to 3660 for
    /// `horizon_days` (ten years at most), found 9000". `unit` names what is counted, `note` adds why.
    public func int(_ key: String, in range: ClosedRange<Int>, unit: String? = nil, note: String? = nil) throws(SitegenError) -> Int {
        let number = try int(key)
        guard range.contains(number) else {
            let bounds = range.upperBound == .max ? "of at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
            throw SitegenError("expected a whole number\(unit.map { " of " + $0 } ?? "") \(bounds) for `\(key)`"
                               + (note.map { " (\($0))" } ?? "") + ", found \(number)", at: location)
        }
        return number
    }

    public func bool(_ key: String) throws(SitegenError) -> Bool {
        // YAML 1.1's spellings exactly, as Yams' default resolver has them: "tRuE" is not a bool.
        switch plainScalar {
        case let text? where Self.trueWords.contains(text): return true
        case let text? where Self.falseWords.contains(text): return false
        default:
            throw quotedError("true or false", key: key) { Self.trueWords.contains($0) || Self.falseWords.contains($0) }
                ?? error("true or false", key: key)
        }
    }

    private static let trueWords: Set<String> = ["true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"]
    private static let falseWords: Set<String> = ["false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"]

    /// A list of strings; a single string is a list of one.
    public func stringList(_ key: String) throws(SitegenError) -> [String] {
        switch node {
        case .scalar(let scalar): return isNull ? [] : [scalar.string]
        case .sequence(let sequence):
            var items: [String] = []
            for item in sequence {
                items.append(try YAMLValue(node: item, file: file, lineOffset: lineOffset).string(key))
            }
            return items
        default: throw error("a list of text", key: key)
        }
    }

    public func mapping(_ key: String) throws(SitegenError) -> YAMLMapping {
        guard case .mapping(let mapping) = node else { throw error("a mapping", key: key) }
        return YAMLMapping(mapping: mapping, value: self)
    }

    public func list(_ key: String) throws(SitegenError) -> [YAMLValue] {
        guard case .sequence(let sequence) = node else { throw error("a list", key: key) }
        return sequence.map { YAMLValue(node: $0, file: file, lineOffset: lineOffset) }
    }

    static func describe(_ error: YamlError, file: String, lineOffset: Int, text: String) -> SitegenError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _), .composer(let context, let problem, let mark, _):
            // libyaml says "found character that cannot start any token" of a tab that indents a
            // line: say what it is, the mistake of every editor that inserts tabs.
            // Lines as libyaml counts them ("\r\n" is one Character, and one line end).
            let line = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).dropFirst(max(0, mark.line - 1)).first
            let tabbed = line.map { $0.prefix { $0 == " " || $0 == "\t" }.contains("\t") } ?? false
            var said = tabbed ? "a tab indents this line; YAML indents with spaces only" : problem
            // An unclosed [ or { is found where the next line starts: name where it opened.
            if !tabbed, let context, context.mark.line != mark.line {
                said += " (\(context.text) that starts at line \(context.mark.line + lineOffset), column \(context.mark.column))"
            }
            // `title: Live: Cornell` — the second ": " starts a mapping where a value goes (libyaml
            // says the same of a key indented under a value, which has no ": " before it).
            if problem == "mapping values are not allowed in this context", let line, line.prefix(max(0, mark.column - 1)).contains(": ") {
                said += "; a value with \": \" in it goes in quotes (title: \"Live: Cornell\")"
            }
            return SitegenError("not valid YAML: " + said, at: SourceLocation(file: file, line: mark.line + lineOffset, column: mark.column))
        case .duplicatedKeysInMapping(let duplicates, let context):
            return SitegenError("duplicate keys in YAML: \(duplicates.joined(separator: ", "))",
                                at: SourceLocation(file: file, line: context.mark.line + lineOffset, column: context.mark.column))
        default:
            return SitegenError("not valid YAML: \(error)", at: SourceLocation(file: file))
        }
    }
}

/// A YAML mapping with string keys, read key by key.
public struct YAMLMapping: @unchecked Sendable {
    let mapping: Node.Mapping
    public let value: YAMLValue

    /// The value of `key`, or nil when the key is missing or its value is null.
    public subscript(key: String) -> YAMLValue? {
        for (name, item) in mapping where name.string == key {
            let child = YAMLValue(node: item, file: value.file, lineOffset: value.lineOffset)
            return child.isNull ? nil : child
        }
        return nil
    }

    public var keys: [String] { mapping.compactMap { $0.key.string } }

    /// Each key with its value (nil when null) in the file's order, a repeated key once with its
    /// first value, as the subscript gives it: a loop over `keys` that looks each one up searches
    /// the mapping again for each key, and a strings file has hundreds.
    public var entries: [(key: String, value: YAMLValue?)] {
        var seen: Set<String> = []
        return mapping.compactMap { name, item in
            guard let key = name.string, seen.insert(key).inserted else { return nil }
            let child = YAMLValue(node: item, file: value.file, lineOffset: value.lineOffset)
            return (key, child.isNull ? nil : child)
        }
    }

    /// Where `key` is written, when it is (its value may be null: `title:` alone).
    public func location(of key: String) -> SourceLocation? {
        mapping.first { $0.key.string == key }.map { YAMLValue(node: $0.key, file: value.file, lineOffset: value.lineOffset).location }
    }

    public func string(_ key: String) throws(SitegenError) -> String? { try self[key]?.string(key) }
    public func int(_ key: String) throws(SitegenError) -> Int? { try self[key]?.int(key) }
    public func int(_ key: String, in range: ClosedRange<Int>, unit: String? = nil, note: String? = nil) throws(SitegenError) -> Int? {
        try self[key]?.int(key, in: range, unit: unit, note: note)
    }
    public func bool(_ key: String) throws(SitegenError) -> Bool? { try self[key]?.bool(key) }
    public func stringList(_ key: String) throws(SitegenError) -> [String]? { try self[key]?.stringList(key) }
    public func mapping(_ key: String) throws(SitegenError) -> YAMLMapping? { try self[key]?.mapping(key) }
    public func list(_ key: String) throws(SitegenError) -> [YAMLValue]? { try self[key]?.list(key) }

    /// A node in YAML's flow style on one line ("[a, b]", "{x: 1}"), for a message.
    private static func flow(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): scalar.string
        case .sequence(let sequence): "[" + sequence.map(flow).joined(separator: ", ") + "]"
        case .mapping(let mapping): "{" + mapping.map { flow($0.key) + ": " + flow($0.value) }.joined(separator: ", ") + "}"
        case .alias: "*"
        }
    }

    /// Warns once for each key that is not in `known`, naming its line.
    public func warnUnknownKeys(known: Set<String>, context: String, into warnings: WarningLog) {
        for (key, location) in unknownKeys(known: known) {
            // Hugo's and Jekyll's spellings of the same setting: `baseURL`, `timeZone`.
            if let meant = known.sorted().first(where: { Self.loosely($0) == Self.loosely(key) }) {
                warnings.add("unknown key `\(key)` in \(context): did you mean `\(meant)`?", at: location)
            } else {
                warnings.add("unknown key `\(key)` in \(context) (known keys: \(known.sorted().joined(separator: ", ")))", at: location)
            }
        }
    }

    /// A key without case, `_` and `-`.
    private static func loosely(_ key: String) -> String {
        String(key.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// The keys not in `known`, in the order written, each with where it is. A key that is a
    /// list or a mapping (`? [a, b]`) is no setting's name: it is reported as written.
    public func unknownKeys(known: Set<String>) -> [(key: String, location: SourceLocation)] {
        mapping.compactMap { name, _ in
            let location = YAMLValue(node: name, file: value.file, lineOffset: value.lineOffset).location
            guard let key = name.string else { return (String(Self.flow(name).prefix(80)), location) }
            return known.contains(key) ? nil : (key, location)
        }
    }
}
