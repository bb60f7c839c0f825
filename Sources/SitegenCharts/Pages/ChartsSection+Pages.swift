import Foundation
import SitegenCore

extension ChartsSection {
    /// /charts/, then per listener: the listener page, its year pages, its week pages, its album pages.
    public func pages(_ context: PageContext) -> [Page] {
        let presenters = listeners.map { ChartPresenter(section: self, charts: $0, config: context.config) }
        var pages = [indexPage(presenters, context: context)]
        for presenter in presenters {
            let years = YearsAgo.all(today: context.clock.today, zone: context.config.timeZone,
                                     charts: presenter.charts, limit: settings.yearsBackLimit)
            pages.append(listenerPage(presenter, years: years, today: context.clock.today, config: context.config))
            pages += yearPages(presenter, years: years)
            let inputs = ListenerChartInputs(presenter.charts)
            pages += weekPages(presenter, inputs: inputs)
            pages += albumPages(presenter, inputs: inputs, config: context.config)
        }
        return pages
    }

    func meta(_ title: String, description: String? = nil) -> PageMeta {
        PageMeta(title: title, description: description, section: Self.key)
    }

    func card(_ presenter: ChartPresenter, today: LocalDate, zone: TimeZone) -> ListenerCardModel {
        let listener = presenter.listener
        let language = presenter.language
        let lastYear = YearsAgo(years: 1, today: today, zone: zone, charts: presenter.charts)
        var top: TopAlbumModel?
        var status: String
        switch lastYear.state {
        case .chart(let week):
            top = presenter.top(week)
            status = week.entries.isEmpty ? language.text("no_plays_that_week") : top == nil ? language.text("only_under_minimum") : ""
        case .error:
            status = language.text("chart_not_available")
        case .notCached: status = language.text("chart_not_available")
        case .beforeRegistration: status = language.text("no_plays_that_week")
        case .beforeFirstWeek, .afterLastWeek, .unlisted: status = language.text("no_chart_week")
        }
        let registered = listener.profile?.registered.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        return ListenerCardModel(
            name: listener.displayName, user: listener.user, href: presenter.listenerPath.value,
            avatar: presenter.avatar(pixels: 64),
            initial: String(listener.displayName.first.map { String($0).uppercased() } ?? "?"),
            registeredText: registered.map { language.date(LocalDate($0, in: zone), .long) },
            registeredISO: registered.map { DateText.rfc3339($0, in: zone) },
            playsText: listener.profile?.playcount.map { presenter.plays($0) },
            lastYear: top, lastYearHref: lastYear.week == nil ? nil : presenter.yearPath(1).value,
            lastYearStatus: listener.hasCache ? status : "", unavailable: !listener.hasCache)
    }

    func indexPage(_ presenters: [ChartPresenter], context: PageContext) -> Page {
        let cards = presenters.map { card($0, today: context.clock.today, zone: context.config.timeZone) }
        return .html(.page("charts"), template: "charts/index", model: ChartsIndexModel(listeners: cards),
                     meta: meta(context.config.localization.text("charts_title"), description: context.config.localization.text("charts_description")),
                     inputs: [])
    }

    func listenerPage(_ presenter: ChartPresenter, years: [YearsAgo], today: LocalDate, config: SiteConfig) -> Page {
        let listener = presenter.listener
        let language = presenter.language
        let zone = presenter.zone
        let rows = years.map { year -> YearRowModel in
            var top: TopAlbumModel?
            var status: String
            switch year.state {
            case .chart(let week):
                top = presenter.top(week)
                status = week.entries.isEmpty
                    ? language.text(listener.isBeforeRegistration(week.cached.week) ? "before_joining" : "no_plays")
                    : week.totalPlays.map { presenter.plays($0) } ?? ""
            case .error:
                status = language.text("chart_not_available")
            case .notCached: status = language.text("chart_not_available")
            case .beforeRegistration: status = language.text("before_joining")
            case .beforeFirstWeek, .afterLastWeek, .unlisted: status = language.text("no_chart_week")
            }
            return YearRowModel(label: presenter.yearsAgo(year.years),
                               href: presenter.yearPath(year.years).value, dateText: language.date(year.date, .long),
                               year: String(year.date.year), range: year.week.map(presenter.range), top: top, status: status)
        }
        // Friends who are listeners here too are linked; the others are counted.
        let known = Dictionary(listeners.map { ($0.listener.user.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        var friends: [LinkModel] = []
        for name in listener.friends.sorted(by: { $0.lowercased() < $1.lowercased() }) {
            guard let friend = known[name.lowercased()], friend.listener.user != listener.user else { continue }
            friends.append(LinkModel(title: friend.listener.displayName,
                                     href: ChartPresenter(section: self, charts: friend, config: config).listenerPath.value))
        }
        let others = listener.friends.count - friends.count
        let weeks = presenter.charts.weeks.filter { $0.cached.entries != nil }.reversed().map {
            LinkModel(title: presenter.rangeText($0.cached.week), href: presenter.weekPath($0.cached.week).value)
        }
        let card = card(presenter, today: today, zone: zone)
        let model = ListenerPageModel(
            card: card, profileURL: listener.profile?.url,
            minPlaysText: listener.minPlays > 1 ? language.text("min_plays_hidden", ["plays": presenter.plays(listener.minPlays)]) : "",
            years: rows, friends: friends,
            otherFriendsText: others > 0 ? language.count("other_friends", others) : nil,
            weeks: Array(weeks), unavailable: !listener.hasCache)
        return .html(presenter.listenerPath, template: "charts/listener", model: model,
                     meta: meta(language.text("listener_title", ["name": listener.displayName]),
                                description: language.text("listener_description", ["name": listener.displayName])),
                     inputs: [])
    }
}
