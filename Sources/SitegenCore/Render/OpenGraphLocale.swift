import Foundation

/// Open Graph's `og:locale` is `language_TERRITORY` ("en_GB"), where site.yml's `language` is a
/// BCP 47 tag ("en-GB", "de", "zh-Hant-TW"). A tag with a region gives it at once; a bare
/// language only where the region is unambiguous by Foundation's locale data: the one region it
/// has a locale for (`ja` → `ja_JP`), or its likely region (CLDR) when that has the language's
/// own code (`de` → `de_DE`, `fr` → `fr_FR`). Otherwise (`en`, spoken as en_US and en_GB alike;
/// `pt`) there is none and the layout leaves the tag out rather than guess.
enum OpenGraphLocale {
    static func of(_ language: String) -> String? {
        let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter) else { return nil }
        let code = first.lowercased()
        // The region is the first later subtag of two letters (after a script such as "Hant").
        if let region = parts.dropFirst().first(where: { $0.count == 2 && $0.allSatisfy(\.isASCIILetter) }) {
            return code + "_" + region.uppercased()
        }
        let regions = Set(Locale.availableIdentifiers.compactMap { identifier -> String? in
            let subtags = identifier.split(separator: "_")
            guard subtags.count == 2, subtags[0] == code, subtags[1].count == 2 else { return nil }
            return String(subtags[1])
        })
        if regions.count == 1 { return code + "_" + regions.first! }
        let likely = Locale.Language(identifier: code).maximalIdentifier.split(separator: "-").last.map(String.init)
        return likely == code.uppercased() && regions.contains(code.uppercased()) ? code + "_" + code.uppercased() : nil
    }
}

private extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
}
