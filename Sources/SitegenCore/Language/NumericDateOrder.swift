import Foundation

/// Whether the language writes a numeric date day first ("8/5/77" in en-GB, "8.5.77" in de) or
/// month first ("5/8/77" in en-US), from Foundation's locale data (CLDR's `yMd` skeleton), not
/// a table of languages. The search page carries it (`data-date-order`) so that search.js reads
/// a date typed with slashes or dots as the site's visitors write it. Year-first locales (ja,
/// sv, en-CA) write the month before the day, so they read "5/8/77" month first too.
enum NumericDateOrder: String, Sendable {
    case dayMonth = "day-month"
    case monthDay = "month-day"

    static func of(_ locale: Locale) -> NumericDateOrder {
        let pattern = DateFormatter.dateFormat(fromTemplate: "yMd", options: 0, locale: locale) ?? ""
        // The pattern's fields, without its quoted literals (a locale's 'г.' or 'de').
        var quoted = false
        for character in pattern {
            if character == "'" { quoted.toggle(); continue }
            guard !quoted else { continue }
            if character == "d" { return .dayMonth }
            if character == "M" || character == "L" { return .monthDay }
        }
        return .monthDay
    }
}
