import Foundation

/// The words of the site's pages in its language: `Templates/strings/<language>.yml`, over
/// `Templates/strings/en.yml` for the keys it lacks. A file is a mapping of keys to text, or to
/// a mapping of text one level down (`plays: {one: …, other: …}`); templates read them as
/// `{{strings.today}}` and `{{strings.plays.other}}`, Swift through `SiteLanguage`.
///
/// The file is the site owner's, so it is read like site.yml: bounded in size, nesting and
/// aliases, and a value of the wrong type is an error naming its line and column.
public struct SiteStrings: Sendable {
    /// "today", "plays.one", … → text.
    public let texts: [String: String]
    /// The `locale` key of the language's own file ("en_GB"): whose formats dates and numbers
    /// take. Not inherited from en.yml: a German site without it formats as `de`.
    public let locale: String?
    /// What the texts were read from, for the fingerprints of pages (a changed word rebuilds them).
    public let digest: String
    /// The language whose file the words are from ("de"), or nil when none was read: en.yml's
    /// ("en") when the site's language has no file, and then the pages are in English throughout.
    public let language: String?
    /// The `nav_` keys of the language's file that en.yml lacks, where they are: whether they
    /// word an entry of the navigation is known only once the sections are
    /// (`BuildRun.makeModel` warns about those that do not, a misspelt key most likely).
    public let navigationKeysBeyondEnglish: [String: SourceLocation]

    public init(texts: [String: String] = [:], locale: String? = nil, digest: String = "", language: String? = nil,
                navigationKeysBeyondEnglish: [String: SourceLocation] = [:]) {
        self.texts = texts
        self.locale = locale
        self.digest = digest
        self.language = language
        self.navigationKeysBeyondEnglish = navigationKeysBeyondEnglish
    }

    /// The folder under Templates/ that holds the files, and the language every other falls back to.
    public static let folder = "strings"
    public static let fallback = "en"
    /// What the keys wording the navigation's entries start with (`Renderer.navigationKey`).
    public static let navigationPrefix = "nav_"
    /// The group of a file's own date patterns (`SiteLanguage`): like `locale`, never taken
    /// from en.yml, whose patterns are English ones.
    public static let formatsGroup = "date_formats"
    /// Far more than every word of a site; read before site.yml's limits apply, like site.yml.
    static let maxBytes = 1 << 20

    /// Reads the strings of `language` (a code checked by `SiteConfig`: "de", "de-AT"). A
    /// missing file of the language is a warning and the site is in English (en.yml's words,
    /// formats, and `lang`: no page claims a language it is not written in); each key en.yml
    /// has and the language's file lacks is one warning (not one per page that shows it).
    public static func load(templates: URL, folderName: String, language: String,
                            warnings: WarningLog) throws(SitegenError) -> SiteStrings {
        let folder = templates.appendingPathComponent(Self.folder)
        let english = try read(folder, name: fallback, folderName: folderName)
        let candidates = [language, String(language.prefix { $0 != "-" && $0 != "_" })]
        var own: File?
        var ownName = fallback
        for name in candidates where name != fallback && own == nil {
            own = try read(folder, name: name, folderName: folderName)
            ownName = name
        }
        // Without a templates folder (its own error) the missing file says nothing more.
        if own == nil, candidates.last != fallback, FileManager.default.fileExists(atPath: templates.path) {
            warnings.add("no \(folderName)/\(Self.folder)/\(candidates.last!).yml for `language: \(language)`: the pages are in English "
                         + "(the words and formats of \(Self.folder)/\(fallback).yml, and lang=\"\(fallback)\")",
                         at: SourceLocation(file: folderName + "/" + Self.folder))
        }
        guard let own else {
            guard let english else { return SiteStrings() }
            // An English variant ("en-US") keeps its region, and with it its formats.
            return SiteStrings(texts: english.values, locale: english.locale, digest: Digest.of([english.text]).description,
                               language: candidates.last == fallback ? language : fallback)
        }
        let ownFormats = formatsGroup + "."
        var texts = (english?.values ?? [:]).filter { !$0.key.hasPrefix(ownFormats) }
        let navigationKeys = english.map { compare(own, with: $0, warnings: warnings) } ?? [:]
        texts.merge(own.values) { _, mine in mine }
        return SiteStrings(texts: texts, locale: own.locale, digest: Digest.of([english?.text ?? "", own.text]).description,
                           language: language.hasPrefix(ownName) ? language : ownName, navigationKeysBeyondEnglish: navigationKeys)
    }

    /// Warns, at the key, about each way the language's file `own` differs from en.yml where
    /// pages would show it: a key it lacks (en.yml's words show), a key en.yml does not have
    /// (nothing shows it), text where en.yml has the forms of a count or the other way round,
    /// and a `{placeholder}` that nothing fills (en.yml's text of the key names the ones that are).
    /// Returns the `nav_` keys en.yml lacks, which only the navigation can judge.
    private static func compare(_ own: File, with english: File, warnings: WarningLog) -> [String: SourceLocation] {
        let formats = formatsGroup + "."
        var shapeWrong: Set<String> = []
        var navigationKeys: [String: SourceLocation] = [:]
        for key in own.values.keys.sorted() where english.values[key] == nil && !key.hasPrefix(formats) {
            if english.values[key + ".other"] != nil {
                warnings.add("`\(key)` is a count in en.yml: give its forms as en.yml does (`one:`, `other:`, and those the language needs); meanwhile pages show en.yml's",
                             at: own.location(key))
                shapeWrong.insert(key)
            } else if let dot = key.lastIndex(of: "."), english.values[String(key[..<dot])] != nil {
                let base = String(key[..<dot])
                if shapeWrong.insert(base).inserted {
                    warnings.add("`\(base)` is one text in en.yml, not a count with forms: write it as `\(base): \"…\"`; meanwhile pages show en.yml's",
                                 at: own.location(key))
                }
            } else if key.hasPrefix(navigationPrefix) {
                navigationKeys[key] = own.location(key)
            } else if !isPluralForm(key, of: english.values) {
                warnings.add("`\(key)` is not a key of en.yml: nothing shows it", at: own.location(key))
            }
        }
        let missing = english.values.keys.sorted().filter { key in
            own.values[key] == nil && !key.hasPrefix(formats) && !shapeWrong.contains(key.lastIndex(of: ".").map { String(key[..<$0]) } ?? key)
        }
        // A translation just begun lacks hundreds: one line for them, not a screenful.
        if missing.count > maxMissingListed {
            let named = missing.prefix(maxMissingListed).map { "`\($0)`" }.joined(separator: ", ")
            warnings.add("lacks \(missing.count) of en.yml's \(english.values.keys.filter { !$0.hasPrefix(formats) }.count) keys: pages show en.yml's words for them "
                         + "(\(named) and \(missing.count - maxMissingListed) more)", at: SourceLocation(file: own.file))
        } else {
            for key in missing {
                warnings.add("`\(key)` is missing: pages show en.yml's \"\(english.values[key]!)\"", at: SourceLocation(file: own.file))
            }
        }
        for key in own.values.keys.sorted() where !key.hasPrefix(formats) {
            let base = key.lastIndex(of: ".").map { String(key[..<$0]) } ?? key
            // A count's forms share their placeholders: `one` may use what `other` does.
            let english = english.values[key].map { [$0] } ?? english.values.filter { $0.key.hasPrefix(base + ".") }.map(\.value)
            guard !english.isEmpty else { continue }
            let filled = Set(english.flatMap(placeholders))
            let unfilled = placeholders(in: own.values[key]!).filter { !filled.contains($0) }
            guard !unfilled.isEmpty else { continue }
            let named = filled.isEmpty ? "none" : filled.sorted().map { "{\($0)}" }.joined(separator: ", ")
            warnings.add("`\(key)` uses \(unfilled.map { "{\($0)}" }.joined(separator: ", ")), which nothing fills (en.yml's text fills \(named)): "
                         + "pages show it as written", at: own.location(key))
        }
        return navigationKeys
    }

    /// Past this many keys missing from a translation, they are one warning.
    static let maxMissingListed = 10

    /// The names of the `{name}` placeholders of a text, in order.
    static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            if let first = name.first, first.isASCII && (first.isLetter || first == "_"),
               name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
                names.append(String(name))
            }
            rest = rest[rest.index(after: open)...]
        }
        return names
    }

    /// `plays.few` where en.yml has `plays.other`: a form of a count English does not need.
    private static func isPluralForm(_ key: String, of english: [String: String]) -> Bool {
        guard let dot = key.lastIndex(of: "."), PluralRule.categories.contains(String(key[key.index(after: dot)...])) else { return false }
        return english[key[..<dot] + ".other"] != nil
    }

    /// One file's keys, or nil when there is no such file.
    private static func read(_ folder: URL, name: String, folderName: String) throws(SitegenError) -> File? {
        let url = folder.appendingPathComponent(name + ".yml")
        let file = folderName + "/" + Self.folder + "/" + name + ".yml"
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data = try FileBytes.read(url.path, displayPath: file, limit: maxBytes)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw SitegenError("not valid UTF-8 (at byte \(InputText.firstInvalidByte([UInt8](data)) ?? 0))", at: SourceLocation(file: file))
        }
        let (values, locale, locations) = try parse(text, file: file)
        return File(file: file, values: values, locale: locale, text: text, locations: locations)
    }

    /// One strings file as read.
    private struct File {
        let file: String
        let values: [String: String]
        let locale: String?
        let text: String
        /// Where each key's text stands, for warnings about it.
        let locations: [String: SourceLocation]

        func location(_ key: String) -> SourceLocation { locations[key] ?? SourceLocation(file: file) }
    }

    /// Parses one strings file into flat keys ("plays.one"); `locale` is kept apart.
    public static func parse(_ text: String, file: String) throws(SitegenError)
        -> (values: [String: String], locale: String?, locations: [String: SourceLocation]) {
        let root = try YAMLValue.parse(text, file: file).mapping("strings")
        var values: [String: String] = [:]
        var locations: [String: SourceLocation] = [:]
        var locale: String?
        var problems: [SitegenError] = []
        for (key, value) in root.entries {
            guard let value else {
                problems.append(SitegenError("expected text for `\(key)`, found nothing", at: root.value.location))
                continue
            }
            do throws(SitegenError) {
                try checkName(key, at: value.location)
                if key == "locale" {
                    locale = try value.string(key)
                    continue
                }
                if case .mapping = value.node {
                    let forms = try value.mapping(key)
                    for (form, item) in forms.entries {
                        guard let item else { throw SitegenError("expected text for `\(key).\(form)`, found nothing", at: value.location) }
                        try checkName(form, at: item.location)
                        values[key + "." + form] = try item.string(key + "." + form)
                        locations[key + "." + form] = item.location
                    }
                } else {
                    values[key] = try value.string(key)
                    locations[key] = value.location
                }
            } catch {
                problems.append(error)
            }
        }
        if let error = SitegenError.all(problems) { throw error }
        return (values, locale, locations)
    }

    /// Keys are what templates write after `strings.`: letters, digits and `_` only.
    private static func checkName(_ key: String, at location: SourceLocation) throws(SitegenError) {
        let allowed = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
        guard !key.isEmpty, key.utf8.allSatisfy(allowed) else {
            throw SitegenError("expected a key of letters, digits and _ (as templates write `{{strings.\(key)}}`), found '\(key)'", at: location)
        }
    }
}
