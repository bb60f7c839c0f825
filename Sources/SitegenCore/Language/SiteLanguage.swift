import Foundation

/// The site's language as pages show it: its words (`SiteStrings`) and its dates and numbers,
/// formatted with Foundation's locale data (CLDR) for the site's `language`, or the `locale`
/// its strings file names when the language has no region. Made once per build and shared by every page: formatters are
/// expensive to make, so each is made once, and each date or number is formatted once and
/// then looked up. Deterministic: dates are calendar days formatted in UTC with the Gregorian
/// calendar, never in the machine's zone or locale.
public final class SiteLanguage: @unchecked Sendable {
    public let strings: SiteStrings
    public let locale: Locale
    /// The language the pages are written in (`lang`, `og:locale`): the site's, or "en" when
    /// its strings file is missing.
    public let code: String
    /// Which form of a count the language uses (CLDR's plural rules, `PluralRule`).
    public let plural: PluralRule
    /// Not shared between threads without it: ICU's formatters keep state while they format.
    private let lock = NSLock()
    private var dateFormatters: [DateStyle: DateFormatter] = [:]
    private var dates: [DateKey: String] = [:]
    private var numberFormatter: NumberFormatter?
    private var numbers: [Int: String] = [:]
    private var intervalFormatter: DateIntervalFormatter?
    private var listSeparators: ListSeparators?
    private var patternFormatters: [String: DateFormatter] = [:]
    private var decimalFormatters: [Int: NumberFormatter] = [:]
    private var decimals: [DecimalKey: String] = [:]
    private var timeFormatter: DateFormatter?
    private var times: [Int: String] = [:]
    private var durations: [Int: String] = [:]

    public init(strings: SiteStrings = SiteStrings(), language: String = SiteStrings.fallback) {
        self.strings = strings
        // A language without a strings file is written in English (`SiteStrings.load`), so it
        // is formatted and labelled as English too.
        let language = strings.language ?? language
        code = language
        // A language with a region ("en-US") says whose formats it wants; a bare one ("en")
        // takes its strings file's `locale` (en.yml's is British).
        let hasRegion = language.contains { $0 == "-" || $0 == "_" }
        locale = Locale(identifier: hasRegion ? language : strings.locale ?? language)
        plural = PluralRule.of(language)
    }

    // MARK: Words

    /// The text of `key` ("today"), with `{name}` placeholders replaced by `values`; the key
    /// itself when no strings file has it (so a missing word shows where it is missing).
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        let text = strings.texts[key] ?? key
        guard !values.isEmpty, text.utf8.contains(UInt8(ascii: "{")) else { return text }
        // One pass over the text (a recording page fills several): `{name}` with a value is
        // replaced, anything else is kept as written.
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"), let value = values[String(rest[rest.index(after: open)..<close])] else {
                result.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The form of `key` for the count's CLDR plural category (`key.one`, `key.few`, …; `key.other`
    /// when the strings file has no such form), with `{count}` the count as the language writes
    /// numbers ("1 play", "12,345 plays"; Polish "2 odtworzenia", "5 odtworzeń").
    public func count(_ key: String, _ count: Int, _ values: [String: String] = [:]) -> String {
        var values = values
        values["count"] = number(count)
        let form = key + "." + plural.category(count)
        return text(strings.texts[form] == nil ? key + ".other" : form, values)
    }

    /// "A", "A and B", "A, B and C", as the language joins a list (CLDR's list patterns, read
    /// once from Foundation: a line-up on every event row would otherwise make a formatter).
    public func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        let separators = lock.withLock { listSeparators ?? makeListSeparators() }
        if items.count == 2 { return items[0] + separators.two + items[1] }
        var result = items[0] + separators.start + items[1]
        for item in items.dropFirst(2).dropLast() { result += separators.middle + item }
        return result + separators.end + items[items.count - 1]
    }

    private func makeListSeparators() -> ListSeparators {
        // Marks no language writes, formatted as a list: what stands between them is the pattern.
        let marks = ["\u{E000}", "\u{E001}", "\u{E002}", "\u{E003}"]
        let between = { (text: String, from: String, to: String) -> String in
            guard let start = text.range(of: from), let end = text.range(of: to) else { return ", " }
            return String(text[start.upperBound..<end.lowerBound])
        }
        let four = marks.formatted(.list(type: .and).locale(locale))
        let two = Array(marks.prefix(2)).formatted(.list(type: .and).locale(locale))
        let separators = ListSeparators(two: between(two, marks[0], marks[1]), start: between(four, marks[0], marks[1]),
                                        middle: between(four, marks[1], marks[2]), end: between(four, marks[2], marks[3]))
        listSeparators = separators
        return separators
    }

    private struct ListSeparators {
        let two, start, middle, end: String
    }

    // MARK: Numbers

    /// 12345 → "12,345" (en), "12.345" (de).
    public func number(_ value: Int) -> String {
        lock.withLock {
            if let known = numbers[value] { return known }
            let formatter = numberFormatter ?? makeNumberFormatter()
            let text = formatter.string(from: NSNumber(value: value)) ?? String(value)
            numbers[value] = text
            return text
        }
    }

    /// 4.2 → "4.2" (en), "4,2" (de), with exactly `digits` fraction digits (a rating on every
    /// recording tile: each value is formatted once).
    public func decimal(_ value: Double, digits: Int) -> String {
        let key = DecimalKey(value: value, digits: digits)
        return lock.withLock {
            if let known = decimals[key] { return known }
            let formatter = decimalFormatters[digits] ?? {
                let formatter = NumberFormatter()
                formatter.locale = locale
                formatter.numberStyle = .decimal
                formatter.minimumFractionDigits = digits
                formatter.maximumFractionDigits = digits
                decimalFormatters[digits] = formatter
                return formatter
            }()
            // Rounded here, as printf rounds the binary value: Foundation on Linux does not
            // apply `maximumFractionDigits` (4.667 came out whole).
            let rounded = Double(String(format: "%.\(digits)f", value)) ?? value
            let text = formatter.string(from: NSNumber(value: rounded)) ?? String(rounded)
            decimals[key] = text
            return text
        }
    }

    private struct DecimalKey: Hashable {
        let value: Double
        let digits: Int
    }

    private func makeNumberFormatter() -> NumberFormatter {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        numberFormatter = formatter
        return formatter
    }

    // MARK: Times and durations

    /// A time of day as the language writes it (CLDR's `j`: the locale's own hour cycle):
    /// "20:00" (en-GB, de), "8:00 PM" (en-US). Each time is formatted once.
    public func time(hour: Int, minute: Int) -> String {
        let key = hour * 60 + minute
        return lock.withLock {
            if let known = times[key] { return known }
            let formatter = timeFormatter ?? {
                let formatter = dayFormatter()
                formatter.setLocalizedDateFormatFromTemplate("jmm")
                timeFormatter = formatter
                return formatter
            }()
            let text = formatter.string(from: Date(timeIntervalSince1970: Double(key * 60)))
            times[key] = text
            return text
        }
    }

    /// A length in whole seconds (rounded to the nearest) as the language writes a stopwatch:
    /// "4:05", "1:02:03" (Foundation's `Duration.TimeFormatStyle`; CLDR's digits and
    /// separators). Each length is formatted once: a recording page shows one per track.
    public func duration(_ seconds: Double) -> String {
        // Lengths read from data are bounded (`TrackLength.longest`); this keeps any other
        // value a whole number of seconds an Int can hold, never a trap.
        let whole = seconds.isFinite ? Int(min(max(seconds, 0), 1e15).rounded()) : 0
        return lock.withLock {
            if let known = durations[whole] { return known }
            let pattern: Duration.TimeFormatStyle.Pattern = whole >= 3600 ? .hourMinuteSecond : .minuteSecond
            let text = Duration.seconds(whole).formatted(.time(pattern: pattern).locale(locale))
            durations[whole] = text
            return text
        }
    }

    // MARK: Dates

    /// A day in one of the styles, in the language's order and words.
    public func date(_ date: LocalDate, _ style: DateStyle) -> String {
        let key = DateKey(style: style, day: date.daysSinceEpoch)
        return lock.withLock {
            if let known = dates[key] { return known }
            let formatter = dateFormatters[style] ?? makeDateFormatter(style)
            let text = formatter.string(from: Self.instant(date))
            dates[key] = text
            return text
        }
    }

    /// "12–14 November 2026", "28 November – 2 December 2026": two days in the long style,
    /// the parts they share written once, as the language does it.
    public func range(_ first: LocalDate, _ last: LocalDate) -> String {
        // A strings file may write ranges its own way: the first day's pattern for each case,
        // the last day in the long style (en.yml keeps "12–14 November 2026", without the thin
        // spaces CLDR puts around the dash).
        let sameMonth = first.year == last.year && first.month == last.month
        let kind = sameMonth ? "range_same_month" : first.year == last.year ? "range_same_year" : "range_other"
        if let pattern = strings.texts[Self.formatsKey + kind] {
            let separator = strings.texts[Self.formatsKey + (sameMonth ? "range_dash_same_month" : "range_dash")] ?? " – "
            return lock.withLock { formatter(pattern: pattern).string(from: Self.instant(first)) } + separator + date(last, .long)
        }
        return lock.withLock {
            let formatter = intervalFormatter ?? {
                let formatter = DateIntervalFormatter()
                formatter.locale = locale
                formatter.calendar = Self.calendar
                formatter.timeZone = Self.utc
                formatter.dateTemplate = DateStyle.long.rawValue
                intervalFormatter = formatter
                return formatter
            }()
            return formatter.string(from: Self.instant(first), to: Self.instant(last))
        }
    }

    /// The language's pattern for the style's skeleton, unless its strings file gives one of
    /// its own under `date_formats:` (keyed by the skeleton: `EEEEdMMMMy: "EEEE d MMMM y"`).
    private func makeDateFormatter(_ style: DateStyle) -> DateFormatter {
        let formatter: DateFormatter
        if let pattern = strings.texts[Self.formatsKey + style.rawValue] {
            formatter = self.formatter(pattern: pattern)
        } else {
            formatter = dayFormatter()
            formatter.setLocalizedDateFormatFromTemplate(style.rawValue)
        }
        dateFormatters[style] = formatter
        return formatter
    }

    /// A formatter of a fixed pattern, with the language's names (made once per pattern).
    private func formatter(pattern: String) -> DateFormatter {
        if let known = patternFormatters[pattern] { return known }
        let formatter = dayFormatter()
        formatter.dateFormat = pattern
        patternFormatters[pattern] = formatter
        return formatter
    }

    /// A formatter of calendar days in the language: UTC and Gregorian, whatever the machine's.
    /// Gregorian before 1582 too (ICU's calendar is Julian before then, so 1500-06-15 was
    /// written "5 June 1500" beside its `datetime`), as `LocalDate` and ISO 8601 count.
    private func dayFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = Self.calendar
        formatter.timeZone = Self.utc
        formatter.gregorianStartDate = .distantPast
        return formatter
    }

    /// The group of a strings file that holds its own date patterns.
    static let formatsKey = SiteStrings.formatsGroup + "."

    private static let utc = TimeZone(identifier: "UTC")!
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar
    }()

    /// Midnight UTC of the day: formatted in UTC, it is that day everywhere.
    private static func instant(_ date: LocalDate) -> Date { Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400) }

    private struct DateKey: Hashable {
        let style: DateStyle
        let day: Int
    }
}

/// How a day is written, as a CLDR skeleton: which fields, not their order or punctuation,
/// which the language decides (`setLocalizedDateFormatFromTemplate`).
public enum DateStyle: String, Sendable, Hashable {
    /// "22 November 2026"
    case long = "dMMMMy"
    /// "22 Nov 2026"
    case short = "dMMMy"
    /// "Sunday 22 November 2026"
    case weekdayLong = "EEEEdMMMMy"
    /// "Sun 22 Nov"
    case weekdayShortDayMonth = "EEEdMMM"
    /// "Sun 22 November 2026"
    case weekdayShortLong = "EEEdMMMMy"
    /// "May 1966"
    case monthYear = "MMMMy"
    /// "8 May"
    case dayMonth = "dMMMM"
    /// "May", as a heading
    case month = "LLLL"
}
