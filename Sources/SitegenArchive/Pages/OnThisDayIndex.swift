import SitegenCore

/// /on-this-day/: every calendar day that has concerts, month by month, each with its count.
public struct OnThisDayIndexModel: Sendable {
    public var artistsHref = ArchiveLinks.artists.value
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
    public var href: String
    public var count: String
}

extension ArchiveSection {
    func onThisDayIndex(today: LocalDate) -> Page {
        var months: [OnThisDayMonthModel] = []
        for key in catalog.byMonthDay.keys.sorted() {
            let parts = key.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 2, (1...12).contains(parts[0]) else { continue }
            let month = DateText.monthName(parts[0])
            let day = OnThisDayDayModel(day: String(parts[1]), href: ArchiveLinks.onThisDay(key).value,
                                        count: ArchiveFormat.plural(catalog.byMonthDay[key]?.count ?? 0, "concert"))
            if months.last?.month == month { months[months.count - 1].days.append(day) }
            else { months.append(OnThisDayMonthModel(month: month, anchor: "m\(parts[0])", days: [day])) }
        }
        let todayKey = today.monthDay
        let model = OnThisDayIndexModel(
            summary: "\(ArchiveFormat.plural(catalog.byMonthDay.count, "day")) of the year have concerts in the archive.",
            months: months,
            today: catalog.byMonthDay[todayKey] == nil ? nil
                : LinkModel(title: ArchiveFormat.monthDay(todayKey), href: ArchiveLinks.onThisDay(todayKey).value))
        let shown = [model.summary, ArchiveInputs.link(model.today) ?? ""]
            + months.flatMap { month in month.days.map { "\(month.month) \($0.day)\t\($0.count)" } }
        return Page.html(ArchiveLinks.onThisDayIndex, template: "archive/on-this-day-index", model: model,
                         meta: PageMeta(title: "On this day", description: "Every day of the year that has concerts in the Live Music Archive.",
                                        section: Self.onThisDayKey),
                         inputs: [ArchiveInputs.derived("days", shown), .buildDate])
    }
}
