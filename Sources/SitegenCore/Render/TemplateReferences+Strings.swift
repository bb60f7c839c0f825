/// The words templates take from the strings files (`{{strings.today}}`,
/// `{{#strings.subscribe}}`). The engine renders a name nothing has as nothing, so a mistyped
/// key would leave a hole in every page that shows it, without a word to the author.
extension TemplateReferences {
    /// Each tag of `text` that names a key under `strings.` (not its closing tag), with the key.
    static func stringKeys(in text: String) -> [Reference] {
        tags(in: text).tags.compactMap { tag -> Reference? in
            guard [nil, "#", "^", "{", "&"].contains(tag.marker), tag.name.hasPrefix("strings."), tag.name.count > "strings.".count else { return nil }
            return Reference(name: String(tag.name.dropFirst("strings.".count)), line: tag.reference.line, column: tag.reference.column)
        }
    }
}

extension TemplateSet {
    /// A warning for each tag that names a strings key none of `keys` is ("plays.other"). A
    /// group such as `subscribe` is known when a key lies under it, and so is any plural form of
    /// a count (`plays.few` beside `plays.other`): a language that needs it has it, and a
    /// script falls back to `other` where it shows nothing.
    public func unknownStringKeys(_ keys: Set<String>, warnings: WarningLog) {
        let groups = Set(keys.compactMap { key in key.lastIndex(of: ".").map { String(key[..<$0]) } })
        func isKnown(_ key: String) -> Bool {
            if keys.contains(key) || groups.contains(key) { return true }
            guard let dot = key.lastIndex(of: "."), PluralRule.categories.contains(String(key[key.index(after: dot)...])) else { return false }
            return keys.contains(key[..<dot] + ".other")
        }
        for name in sources.keys.sorted() {
            for reference in TemplateReferences.stringKeys(in: sources[name]!) where !isKnown(reference.name) {
                warnings.add("`strings.\(reference.name)` is not a key of the strings files: it shows as nothing",
                             at: SourceLocation(file: files[name]!, line: reference.line, column: reference.column))
            }
        }
    }
}
