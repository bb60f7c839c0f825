/// Blocks a template fills in its parent (`{{<layout}}{{$content}}…{{/content}}{{/layout}}`).
/// The engine drops a fill whose name the parent does not have, so a mistyped block name
/// leaves the page without its content and says nothing.
extension TemplateReferences {
    /// Each `{{$name}}` directly inside a `{{<parent}}` section, with the parent's name.
    static func fills(in text: String) -> [(parent: String, block: Reference)] {
        var fills: [(parent: String, block: Reference)] = []
        var open: [(marker: Character, name: String)] = []
        for tag in tags(in: text).tags {
            switch tag.marker {
            case "$":
                if let innermost = open.last, innermost.marker == "<" { fills.append((innermost.name, tag.reference)) }
                open.append(("$", tag.reference.name))
            case "#", "^", "<":
                open.append((tag.marker!, tag.reference.name))
            case "/":
                _ = open.popLast()
            default:
                break
            }
        }
        return fills
    }

    /// The names of the blocks (`{{$name}}`) a template has anywhere.
    static func blocks(in text: String) -> Set<String> {
        Set(tags(in: text).tags.filter { $0.marker == "$" }.map(\.name))
    }
}

extension TemplateSet {
    /// A warning for each block a template fills that its parent, and all the parent includes,
    /// does not have.
    public func fillsOfNoBlock(warnings: WarningLog) {
        for name in sources.keys.sorted() {
            for (parent, block) in TemplateReferences.fills(in: sources[name]!) where sources[parent] != nil {
                let blocks = closure(of: parent).reduce(into: Set<String>()) { $0.formUnion(TemplateReferences.blocks(in: sources[$1] ?? "")) }
                guard !blocks.contains(block.name) else { continue }
                let known = blocks.isEmpty ? "it has none" : "its blocks: " + blocks.sorted().joined(separator: ", ")
                warnings.add("`{{$\(block.name)}}` fills no block of \(parent) (\(known)): what it holds is not shown",
                             at: SourceLocation(file: files[name]!, line: block.line, column: block.column))
            }
        }
    }
}
