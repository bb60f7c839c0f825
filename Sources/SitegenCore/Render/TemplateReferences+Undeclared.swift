import Mustache

/// Names in tags that nothing on the page has (`{{titel}}`, `{{artist.nmae}}`). The engine renders
/// them as nothing, like an optional without a value, so a typo would leave a hole in every page
/// that shows it without a word to the author; the engine tells the two apart as it renders
/// (`MustacheUndeclaredNames`), and this finds where the author wrote the name.
extension TemplateReferences {
    /// The name a tag looks up, without its transforms: `empty(tags)` → `tags`.
    static func lookedUp(_ tagName: String) -> String {
        guard let open = tagName.lastIndex(of: "("), let close = tagName[open...].firstIndex(of: ")") else { return tagName }
        return String(tagName[tagName.index(after: open)..<close]).trimmed
    }
}

extension TemplateSet {
    /// A warning at each tag that names what no page rendered since the last call has: the
    /// pages a build renders (an incremental build warns of the pages it renders again).
    public func warnAboutUndeclaredNames(warnings: WarningLog) {
        var warned: Set<String> = []
        // `strings.` keys are checked against the strings files before anything renders
        // (`unknownStringKeys`), which knows the plural forms a language may leave out.
        for found in undeclaredNames.take() where !found.name.hasPrefix("strings.") {
            // The tag is in the template rendered or in a partial or parent it reaches.
            let templates = sources[found.template] == nil ? [] : closure(of: found.template)
            var placed = false
            for name in templates {
                for tag in TemplateReferences.tags(in: sources[name]!).tags
                where [nil, "#", "^", "{", "&"].contains(tag.marker) && TemplateReferences.lookedUp(tag.name) == found.name {
                    placed = true
                    guard warned.insert("\(name) \(tag.reference.line) \(tag.reference.column)").inserted else { continue }
                    warnings.add(Self.undeclaredMessage(found.name),
                                 at: SourceLocation(file: files[name]!, line: tag.reference.line, column: tag.reference.column))
                }
            }
            if !placed, warned.insert("\(found.template) \(found.name)").inserted {
                warnings.add(Self.undeclaredMessage(found.name) + " (on pages rendered with this template)",
                             at: SourceLocation(file: files[found.template] ?? found.template))
            }
        }
    }

    private static func undeclaredMessage(_ name: String) -> String {
        "`\(name)` names nothing the page has, so it shows as nothing (a mistyped name?)"
    }
}
