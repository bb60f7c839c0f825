import SitegenCore

/// A small inline SVG bar chart of an album's plays per charted week, made at build time so
/// pages need no JavaScript. The x-axis is time: each bar stands where its week is between the
/// first charted week and the last, so a gap of years looks like one, and a faint line marks
/// each new year. The words (most plays, first and last week) are HTML beside the SVG, not
/// SVG text, so they keep the page's type size on a 390 px phone, where a scaled SVG's text
/// shrank to 5 px. Everything from the data is escaped; the rest is numbers.
enum PlaysChartSVG {
    struct Bar {
        /// The week's start and end, Unix seconds.
        let from: Int
        let to: Int
        let label: String
        let plays: Int
    }

    static let width = 600
    static let height = 120
    static let top = 4
    static let bottom = 116
    /// The narrowest bar, so a lone week stays visible; time runs over the width less this, so
    /// the last week's bar ends inside the chart, not pushed onto the one before it.
    static let minBar = 3.0

    /// `yearStarts` are the instants of 1 January between the first and last week (site zone).
    static func make(_ bars: [Bar], title: String, yearStarts: [Int]) -> String {
        let maxPlays = max(1, bars.map(\.plays).max() ?? 1)
        let start = bars.map(\.from).min() ?? 0
        let end = max(start + 1, bars.map(\.to).max() ?? start + 1)
        let span = Double(end - start)
        func x(_ instant: Int) -> Double { (Double(width) - minBar) * Double(instant - start) / span }
        var svg = "<svg class=\"plays-chart\" viewBox=\"0 0 \(width) \(height)\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"\(HTMLText.escape(title))\" xmlns=\"http://www.w3.org/2000/svg\">"
        svg += "<title>\(HTMLText.escape(title))</title>"
        for year in yearStarts where year > start && year < end {
            svg += "<line class=\"year\" x1=\"\(format(x(year)))\" y1=\"0\" x2=\"\(format(x(year)))\" y2=\"\(bottom)\"/>"
        }
        svg += "<line class=\"axis\" x1=\"0\" y1=\"\(bottom)\" x2=\"\(width)\" y2=\"\(bottom)\"/>"
        // Over years, neighbouring weeks' bars overlap: the taller are drawn first, so that each
        // shorter one stands in front of them, its top and its title reachable.
        for bar in bars.sorted(by: { ($0.plays, $1.from) > ($1.plays, $0.from) }) {
            let barHeight = Double(bottom - top) * Double(bar.plays) / Double(maxPlays)
            let barWidth = max(minBar, x(bar.to) - x(bar.from))
            svg += "<rect x=\"\(format(x(bar.from)))\" y=\"\(format(Double(bottom) - barHeight))\" width=\"\(format(barWidth))\" height=\"\(format(barHeight))\">"
            svg += "<title>\(HTMLText.escape(bar.label)): \(bar.plays)</title></rect>"
        }
        return svg + "</svg>"
    }

    /// One decimal at most, so output is short and the same on every machine.
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
