import SitegenCore

extension ChartsSection {
    /// For each listener: this week 1 year ago, and the year (of those with a page) whose week
    /// had the most plays.
    public func homeBlock(_ context: PageContext) -> HomeBlock? {
        var inputs: Set<Dependency> = [.buildDate]
        var blocks: [HomeListenerView] = []
        for charts in listeners {
            let presenter = ChartPresenter(section: self, charts: charts, zone: context.config.timeZone)
            inputs.formUnion(presenter.baseInputs)
            let years = YearsAgo.all(today: context.clock.today, zone: context.config.timeZone, charts: charts,
                                     limit: settings.yearsBackLimit)
            guard let first = years.first else { continue }
            var chosen = [first]
            // Comparing the years' plays reads every year's week.
            for year in years { if case .chart(let week) = year.state { inputs.insert(.content(week.cached.file)) } }
            let plays = { (year: YearsAgo) -> Int in
                if case .chart(let week) = year.state { return week.totalPlays ?? 0 }
                return 0
            }
            // The most played week; on a tie the more recent year.
            var best: YearsAgo?
            for year in years where plays(year) > 0 && (best.map { plays(year) > plays($0) } ?? true) { best = year }
            if let best, best.years != first.years { chosen.append(best) }
            let items = chosen.map { year -> HomeItemView in
                var top: TopAlbumView?
                var status = ""
                switch year.state {
                case .chart(let week):
                    top = presenter.top(week, inputs: &inputs)
                    status = week.entries.isEmpty ? "No plays that week" : week.totalPlays.map(ChartPresenter.plays) ?? ""
                case .error: status = "Chart not available"
                case .notCached: status = "Chart not available"
                case .beforeFirstWeek, .afterLastWeek, .unlisted: status = "No chart week"
                }
                let label = year.years == 1 ? "1 year ago" : "\(year.years) years ago, the week with the most plays"
                return HomeItemView(label: label, href: presenter.yearPath(year.years).value,
                                    range: year.week.map(presenter.range), top: top, status: status)
            }
            blocks.append(HomeListenerView(name: charts.listener.displayName, href: presenter.listenerPath.value, items: items))
        }
        guard !blocks.isEmpty else { return nil }
        return HomeBlock(model: ChartsHomeView(listeners: blocks), inputs: inputs)
    }
}
