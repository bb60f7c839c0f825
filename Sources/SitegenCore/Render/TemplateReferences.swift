import Foundation

/// Finds `{{>partial}}`, `{{<parent}}` and `{{{cached.partial}}}` tags in template text, with
/// their positions and the templates they name.
enum TemplateReferences {
    struct Reference {
        let name: String
        let line: Int
        let column: Int
    }

    static func scan(_ text: String) -> [Reference] {
        var references: [Reference] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                let after = rest[open.upperBound...]
                guard let close = after.range(of: "}}"), let name = referenced(after[..<close.lowerBound]) else {
                    rest = after
                    continue
                }
                if !name.isEmpty {
                    let column = line.distance(from: line.startIndex, to: open.lowerBound) + 1
                    references.append(Reference(name: name, line: index + 1, column: column))
                }
                rest = after[close.upperBound...]
            }
        }
        return references
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

    /// The first tag of `text` that is not closed where it should be: no `}}` (or `}}}` after
    /// `{{{`) before the next tag or the end of its line (a comment may span lines). The
    /// parser notices only at the end of the file; the place to name is where the tag opened.
    /// Nil when every tag is closed, or delimiters are changed, which this scan does not follow.
    static func unclosedTag(in text: String) -> (line: Int, column: Int, missing: String)? {
        guard !text.contains("{{=") else { return nil }
        var index = text.startIndex
        while let open = text[index...].range(of: "{{") {
            let triple = text[open.upperBound...].first == "{"
            let closer = triple ? "}}}" : "}}"
            let body = triple ? text.index(after: open.upperBound) : open.upperBound
            let close = text[body...].range(of: closer)?.lowerBound ?? text.endIndex
            let next = text[body...].range(of: "{{")?.lowerBound ?? text.endIndex
            let lineEnd = text[body...].first == "!" ? text.endIndex : (text[body...].firstIndex(of: "\n") ?? text.endIndex)
            guard close < next, close < lineEnd else {
                let lineStart = text[..<open.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
                let line = text[..<open.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                return (line, text.distance(from: lineStart, to: open.lowerBound) + 1, closer)
            }
            index = text.index(close, offsetBy: closer.count)
        }
        return nil
    }

    /// The first way the sections of `text` fail to pair up; nil when they pair up (or
    /// delimiters are changed, which this scan does not follow).
    static func sectionMismatch(in text: String) -> SectionMismatch? {
        var open: [Reference] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let start = rest.range(of: "{{") {
                let after = rest[start.upperBound...]
                guard let close = after.range(of: "}}") else { break }
                let tag = after[..<close.lowerBound]
                if tag.first == "=" { return nil }
                let name = tag.dropFirst().trimmingCharacters(in: .whitespaces)
                let here = Reference(name: name, line: index + 1, column: line.distance(from: line.startIndex, to: start.lowerBound) + 1)
                switch tag.first {
                case "#", "^", "$", "<":
                    open.append(here)
                case "/":
                    guard let innermost = open.popLast() else { return .closedUnopened(here) }
                    if innermost.name != name { return .closedAs(open: innermost, close: here) }
                default:
                    break
                }
                rest = after[close.upperBound...]
            }
        }
        return open.last.map { .unclosed($0) }
    }

    /// The template a tag's inside names: `>name`, `<name`, or `partials/name` for a variable
    /// `cached.name` (in `{{{ }}}`, `{{& }}` or `{{ }}`).
    private static func referenced(_ tag: Substring) -> String? {
        guard let marker = tag.first else { return nil }
        if marker == ">" || marker == "<" { return tag.dropFirst().trimmingCharacters(in: .whitespaces) }
        let variable = (marker == "{" || marker == "&" ? tag.dropFirst() : tag).trimmingCharacters(in: .whitespaces)
        guard variable.hasPrefix(CachedPartials.prefix) else { return nil }
        return CachedPartials.template(String(variable.dropFirst(CachedPartials.prefix.count)))
    }
}
