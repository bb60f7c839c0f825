import SitegenCore

/// /on-this-day/: every calendar day that has concerts, month by month, each with its count.
public struct OnThisDayIndexModel: Sendable {
    public var summary: String
    public var months: [OnThisDayMonthModel]
    /// The build date's day, when it has concerts.
    public var today: LinkModel?
}

public struct OnThisDayMonthModel: Sendable {
    public var month: String
    public var anchor: String
    public var days: [OnThisDayDayModel]
}

public struct OnThisDayDayModel: Sendable {
    public var day: String
    /// "8 May", "8. Mai": the day and its month in the language's order.
    public var label: String
    public var href: String
    public var count: String
}

extension ArchiveSection {
    func onThisDayIndex(today: LocalDate, language: SiteLanguage) -> Page {
        var months: [OnThisDayMonthModel] = []
        for key in catalog.byMonthDay.keys.sorted() {
            let parts = key.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 2, let first = LocalDate(year: 2000, month: parts[0], day: 1) else { continue }
            let month = language.date(first, .month)
            let day = OnThisDayDayModel(day: language.number(parts[1]), label: ArchiveFormat.monthDay(key, language), href: ArchiveLinks.onThisDay(key).value,
                                        count: language.count("concerts", catalog.byMonthDay[key]?.count ?? 0))
            if months.last?.month == month { months[months.count - 1].days.append(day) }
            else { months.append(OnThisDayMonthModel(month: month, anchor: "m\(parts[0])", days: [day])) }
        }
        let todayKey = today.monthDay
        let model = OnThisDayIndexModel(
            summary: language.count("on_this_day_index_summary", catalog.byMonthDay.count),
            months: months,
            today: catalog.byMonthDay[todayKey] == nil ? nil
                : LinkModel(title: ArchiveFormat.monthDay(todayKey, language), href: ArchiveLinks.onThisDay(todayKey).value))
        return Page.html(ArchiveLinks.onThisDayIndex, template: "archive/on-this-day-index", model: model,
                         meta: PageMeta(title: language.text("on_this_day_title"), description: language.text("on_this_day_index_description"),
                                        section: Self.onThisDayKey),
                         inputs: [])
    }
}
