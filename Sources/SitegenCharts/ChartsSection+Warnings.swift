import Foundation
import SitegenCore

extension ChartsSection {
    /// The operator's side of a "this week N years ago" page that could not show a chart: the
    /// visitor reads that the chart could not be loaded, the build says what to fetch and where
    /// to save it. (Error bodies already warn when their file is read.)
    static func warnUnavailableWeeks(_ listeners: [ListenerCharts], settings: ChartsSettings, context: LoadContext) {
        for charts in listeners {
            let listener = charts.listener
            var stale: YearsAgo?
            for year in YearsAgo.all(today: context.clock.today, zone: context.config.timeZone, charts: charts,
                                     limit: settings.yearsBackLimit) {
                switch year.state {
                case .notCached(let week):
                    let user = PercentEncoding.encoded(listener.user)
                    context.warnings.add(
                        "the chart of \(year.years.counted("year")) ago is listed by Last.fm but not cached; visitors read that it could not be loaded. `sitegen fetch --only charts` asks for it (or fetch https://ws.audioscrobbler.com/2.0/?method=user.getweeklyalbumchart&user=\(user)&from=\(week.from)&to=\(week.to)&api_key=YOUR_API_KEY&format=json into this file)",
                        at: SourceLocation(file: context.displayPath(listener.weeksFolder + "/" + week.fileName)))
                case .afterLastWeek:
                    if stale == nil { stale = year }
                default:
                    break
                }
            }
            // One warning for a week list that is out of date, at the newest date it misses.
            if let stale {
                context.warnings.add(
                    "the week list ends before \(stale.date) (\(stale.years.counted("year")) ago), so that page has no chart; `sitegen fetch --only charts` asks for it again",
                    at: SourceLocation(file: context.displayPath(listener.chartListFile)))
            }
        }
    }
}
