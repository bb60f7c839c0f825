/// CLDR's plural categories of whole numbers, for the languages whose rules are transcribed
/// here: which form of a count a strings file gives ("1 play", "2 plays"; Polish "2 odtworzenia",
/// "5 odtworzeń"). Foundation on Linux does not expose ICU's plural rules, so the rules are taken
/// from CLDR's `common/supplemental/plurals.xml` (unicode-org/cldr, commit 004469dc0e18), for
/// integers only: sitegen counts things, so CLDR's operands v, w, f and t are 0 and n = i.
/// A language not listed here is counted as English is (`one` for exactly 1).
public enum PluralRule: String, Sendable, CaseIterable {
    /// "1: other" (ja, ko, zh, vi, th, id, ms, …): one form for every count.
    case otherOnly
    /// `one: i = 1 and v = 0` (en, de, nl, sv, fi, et, …) and `one: n = 1` (da, el, hu, nb, tr, …):
    /// the same for whole numbers.
    case oneIsOne
    /// fr, pt (Brazil): `one: i = 0,1`; `many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0`.
    case zeroAndOneAreOne
    /// es, it, ca, pt-PT: `one: n = 1` (es) or `i = 1 and v = 0`; `many` as French.
    case oneIsOneMillionsMany
    /// ru, uk: `one: i % 10 = 1 and i % 100 != 11`; `few: i % 10 = 2..4 and i % 100 != 12..14`;
    /// `many: i % 10 = 0 or i % 10 = 5..9 or i % 100 = 11..14`.
    case eastSlavic
    /// pl: `one: i = 1`; `few` as Russian; `many: i != 1 and i % 10 = 0..1 or i % 10 = 5..9
    /// or i % 100 = 12..14`.
    case polish
    /// cs, sk: `one: i = 1`; `few: i = 2..4` (`many` is for fractions only).
    case czech

    /// The rule of a language code ("pl", "pt-BR", "pt_PT"); English's for one not listed.
    public static func of(_ language: String) -> PluralRule {
        let code = language.replacingOccurrences(of: "_", with: "-").lowercased()
        if code == "pt-pt" { return .oneIsOneMillionsMany }
        let base = String(code.prefix { $0 != "-" })
        return byLanguage[base] ?? .oneIsOne
    }

    private static let byLanguage: [String: PluralRule] = {
        var table: [String: PluralRule] = [:]
        for code in ["ja", "ko", "zh", "vi", "th", "id", "ms", "my", "km", "lo", "yue"] { table[code] = .otherOnly }
        for code in ["fr", "pt"] { table[code] = .zeroAndOneAreOne }
        for code in ["es", "it", "ca"] { table[code] = .oneIsOneMillionsMany }
        for code in ["ru", "uk"] { table[code] = .eastSlavic }
        table["pl"] = .polish
        for code in ["cs", "sk"] { table[code] = .czech }
        return table
    }()

    /// "zero", "one", "two", "few", "many" or "other": the key under a count in a strings file.
    public func category(_ count: Int) -> String {
        let i = count.magnitude
        let millions = i != 0 && i % 1_000_000 == 0
        switch self {
        case .otherOnly:
            return "other"
        case .oneIsOne:
            return i == 1 ? "one" : "other"
        case .zeroAndOneAreOne:
            return i <= 1 ? "one" : millions ? "many" : "other"
        case .oneIsOneMillionsMany:
            return i == 1 ? "one" : millions ? "many" : "other"
        case .eastSlavic:
            if i % 10 == 1 && i % 100 != 11 { return "one" }
            if (2...4).contains(i % 10) && !(12...14).contains(i % 100) { return "few" }
            return "many"
        case .polish:
            if i == 1 { return "one" }
            if (2...4).contains(i % 10) && !(12...14).contains(i % 100) { return "few" }
            return "many"
        case .czech:
            return i == 1 ? "one" : (2...4).contains(i) ? "few" : "other"
        }
    }

    /// Every category CLDR has: a strings file's count may hold any of them.
    public static let categories: Set<String> = ["zero", "one", "two", "few", "many", "other"]
}
