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
    /// A warning at each tag that names what the page rendering it does not have, for the
    /// pages rendered since the last call (an incremental build warns of the pages it renders
    /// again). The tag is looked for in the partial or parent the engine was rendering, then in
    /// the template (a block it fills renders inside its parent).
    public func warnAboutUndeclaredNames(warnings: WarningLog) {
        var warned: Set<String> = []
        // `strings.` keys are checked against the strings files before anything renders
        // (`unknownStringKeys`), which knows the plural forms a language may leave out.
        for found in undeclaredNames.take() where !found.name.hasPrefix("strings.") {
            let places = [found.partial, found.template].compactMap { $0 }.lazy.map { name in
                (name, TemplateReferences.tags(in: self.sources[name] ?? "").tags.filter {
                    [nil, "#", "^", "{", "&"].contains($0.marker) && TemplateReferences.lookedUp($0.name) == found.name
                })
            }.first { !$0.1.isEmpty }
            guard let (name, tags) = places else {
                if warned.insert("\(found.template) \(found.name)").inserted {
                    warnings.add(Self.undeclaredMessage(found.name) + " (on pages rendered with this template)",
                                 at: SourceLocation(file: files[found.template] ?? found.template))
                }
                continue
            }
            for tag in tags where warned.insert("\(name) \(tag.reference.line) \(tag.reference.column)").inserted {
                warnings.add(Self.undeclaredMessage(found.name),
                             at: SourceLocation(file: files[name]!, line: tag.reference.line, column: tag.reference.column))
            }
        }
    }

    private static func undeclaredMessage(_ name: String) -> String {
        "`\(name)` names nothing the page has, so it shows as nothing (a mistyped name?)"
    }
}
