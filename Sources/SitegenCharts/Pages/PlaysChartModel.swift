import SitegenCore

/// A small inline SVG bar chart of an album's plays per charted week (`partials/charts/plays-chart`),
/// drawn at build time so pages need no JavaScript. The x-axis is time: each bar stands where its
/// week is between the first charted week and the last, so a gap of years looks like one, and a
/// faint line marks each new year. The words (most plays, first and last week) are HTML beside
/// the SVG, not SVG text, so they keep the page's type size on a 390 px phone, where a scaled
/// SVG's text shrank to 5 px. This is its geometry, in the SVG's units, written as text.
public struct PlaysChartModel: Sendable {
    public struct Bar {
        /// The week's start and end, Unix seconds.
        let from: Int
        let to: Int
        let label: String
        let plays: Int
    }

    public struct BarModel: Sendable {
        public let x: String
        public let y: String
        public let width: String
        public let height: String
        /// "16 Nov 2025", the week the bar stands for, and its plays: the bar's tooltip.
        public let label: String
        public let plays: String
    }

    public struct YearModel: Sendable {
        public let x: String
    }

    public let title: String
    public let width: String
    public let height: String
    /// The axis line's height, where bars stand.
    public let bottom: String
    public let years: [YearModel]
    /// Taller first (see `init`).
    public let bars: [BarModel]

    static let viewWidth = 600
    static let viewHeight = 120
    static let top = 4
    static let axis = 116
    /// The narrowest bar, so a lone week stays visible; time runs over the width less this, so
    /// the last week's bar ends inside the chart, not pushed onto the one before it.
    static let minBar = 3.0

    /// `yearStarts` are the instants of 1 January between the first and last week (site zone).
    init(_ bars: [Bar], title: String, yearStarts: [Int], language: SiteLanguage) {
        let maxPlays = max(1, bars.map(\.plays).max() ?? 1)
        let start = bars.map(\.from).min() ?? 0
        let end = max(start + 1, bars.map(\.to).max() ?? start + 1)
        let span = Double(end - start)
        func x(_ instant: Int) -> Double { (Double(Self.viewWidth) - Self.minBar) * Double(instant - start) / span }
        self.title = title
        width = String(Self.viewWidth)
        height = String(Self.viewHeight)
        bottom = String(Self.axis)
        years = yearStarts.filter { $0 > start && $0 < end }.map { YearModel(x: Self.format(x($0))) }
        // Over years, neighbouring weeks' bars overlap: the taller are drawn first, so that each
        // shorter one stands in front of them, its top and its title reachable.
        self.bars = bars.sorted { ($0.plays, $1.from) > ($1.plays, $0.from) }.map { bar in
            let barHeight = Double(Self.axis - Self.top) * Double(bar.plays) / Double(maxPlays)
            return BarModel(x: Self.format(x(bar.from)), y: Self.format(Double(Self.axis) - barHeight),
                            width: Self.format(max(Self.minBar, x(bar.to) - x(bar.from))), height: Self.format(barHeight),
                            label: bar.label, plays: language.number(bar.plays))
        }
    }

    /// One decimal at most, so output is short and the same on every machine.
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
