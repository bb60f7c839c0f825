import SitegenCore

extension ChartsSection {
    /// /charts/<user>/<N>-years-ago/ for every N with a page.
    func yearPages(_ presenter: ChartPresenter, years: [YearsAgo]) -> [Page] {
        let listener = presenter.listener
        let language = presenter.language
        return years.enumerated().map { position, year in
            var chart: ChartTableModel?
            var notice: NoticeModel?
            switch year.state {
            case .chart(let week):
                notice = presenter.emptyNotice(week)
                if notice == nil { chart = presenter.table(week) }
            case .error(let week, _, _):
                notice = presenter.unavailableNotice(week)
            case .notCached(let week):
                notice = presenter.unavailableNotice(week)
            case .beforeRegistration(let week):
                notice = presenter.emptyNotice(week)
            case .beforeFirstWeek(let first):
                notice = NoticeModel(kind: "outside", listenerName: listener.displayName)
                notice?.firstWeekText = presenter.rangeText(first)
            case .afterLastWeek(let last):
                notice = NoticeModel(kind: "outside", listenerName: listener.displayName)
                notice?.lastWeekText = presenter.rangeText(last)
            case .unlisted:
                notice = NoticeModel(kind: "outside", listenerName: listener.displayName)
                notice?.unlisted = true
            }
            // The nearest year on either side with albums to show.
            let older = years[(position + 1)...].first(where: \.hasAlbums)
            let newer = years[..<position].last(where: \.hasAlbums)
            let label = presenter.yearsAgo(year.years)
            let yearLink = { (other: YearsAgo) in
                LinkModel(title: language.text("years_ago_link", ["ago": presenter.yearsAgo(other.years), "year": String(other.date.year)]),
                          href: presenter.yearPath(other.years).value)
            }
            let model = ChartsYearPageModel(
                listenerName: listener.displayName, listenerHref: presenter.listenerPath.value,
                heading: language.text("this_week_ago", ["ago": label]), dateText: language.date(year.date, .long), dateISO: year.date.description,
                range: year.week.map(presenter.range),
                weekHref: year.hasData ? year.week.map { presenter.weekPath($0).value } : nil,
                chart: chart, notice: notice,
                previous: older.map(yearLink),
                next: newer.map(yearLink))
            return .html(presenter.yearPath(year.years), template: "charts/year", model: model,
                         meta: meta(language.text("year_title", ["name": listener.displayName, "ago": label]),
                                    description: language.text("year_description", ["name": listener.displayName,
                                                                                    "date": language.date(year.date, .long)])),
                         inputs: [])
        }
    }

    /// /charts/<user>/weeks/<from>/ for every cached chart: permanent, independent of the date.
    func weekPages(_ presenter: ChartPresenter, inputs listenerInputs: ListenerChartInputs) -> [Page] {
        let listener = presenter.listener
        return presenter.charts.weeks.indices.compactMap { index -> Page? in
            let week = presenter.charts.weeks[index]
            guard week.cached.entries != nil else { return nil }
            var inputs = listenerInputs.base.union([.content(week.cached.file)])
            let notice = presenter.emptyNotice(week)
            if notice == nil { inputs.formUnion(listenerInputs.week(week).union(presenter.tableInputs(week))) }
            let link = { (other: ListenerCharts.Week) in
                LinkModel(title: presenter.rangeText(other.cached.week), href: presenter.weekPath(other.cached.week).value)
            }
            let known = WeekPageModel(
                listenerName: listener.displayName, listenerHref: presenter.listenerPath.value,
                range: presenter.range(week.cached.week), chart: nil, notice: notice,
                previous: presenter.charts.neighbour(of: index, step: -1).map(link),
                next: presenter.charts.neighbour(of: index, step: 1).map(link))
            // The table is made when the page renders, from the files its inputs name (the week's
            // own, its movement's, `tableInputs`' covers): twenty
            // years of weekly tables are too many to hold at once.
            let model = LazyModel(known: known) { whole in
                guard whole else { return known }
                var model = known
                if notice == nil { model.chart = presenter.table(week) }
                return model
            }
            return .html(presenter.weekPath(week.cached.week), template: "charts/week", model: model,
                         meta: meta(presenter.language.text("week_title", ["name": listener.displayName, "range": presenter.rangeText(week.cached.week)])),
                         inputs: inputs)
        }
    }
}
