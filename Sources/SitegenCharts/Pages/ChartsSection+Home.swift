import SitegenCore

extension ChartsSection {
    /// For each listener: this week 1 year ago, and the year (of those with a page) whose week
    /// had the most plays.
    public func homeBlock(_ context: PageContext) -> HomeBlock? {
        var blocks: [HomeListenerModel] = []
        for charts in listeners {
            let presenter = ChartPresenter(section: self, charts: charts, config: context.config)
            let years = YearsAgo.all(today: context.clock.today, zone: context.config.timeZone, charts: charts,
                                     limit: settings.yearsBackLimit)
            guard let first = years.first else { continue }
            var chosen = [first]
            let plays = { (year: YearsAgo) -> Int in
                // A total too large to add up is the largest, as everywhere a total ranks (`checkedSum`).
                if case .chart(let week) = year.state { return week.totalPlays ?? .max }
                return 0
            }
            // The most played week; on a tie the more recent year.
            var best: YearsAgo?
            for year in years where plays(year) > 0 && (best.map { plays(year) > plays($0) } ?? true) { best = year }
            if let best, best.years != first.years { chosen.append(best) }
            let items = chosen.map { year -> HomeItemModel in
                var top: TopAlbumModel?
                var status = ""
                switch year.state {
                case .chart(let week):
                    top = presenter.top(week)
                    status = week.entries.isEmpty ? presenter.language.text("no_plays_that_week") : week.totalPlays.map { presenter.plays($0) } ?? ""
                case .error, .notCached: status = presenter.language.text("chart_not_available")
                case .beforeRegistration: status = presenter.language.text("no_plays_that_week")
                case .beforeFirstWeek, .afterLastWeek, .unlisted: status = presenter.language.text("no_chart_week")
                }
                let label = year.years == 1 ? presenter.yearsAgo(1)
                    : presenter.language.text("most_played_week", ["ago": presenter.yearsAgo(year.years)])
                return HomeItemModel(label: label, href: presenter.yearPath(year.years).value,
                                    range: year.week.map(presenter.range), top: top, status: status)
            }
            blocks.append(HomeListenerModel(name: charts.listener.displayName, href: presenter.listenerPath.value, items: items))
        }
        guard !blocks.isEmpty else { return nil }
        return HomeBlock(model: ChartsHomeModel(listeners: blocks))
    }
}
