import SitegenCore

/// A small inline SVG bar chart of an album's plays per charted week, made at build time so
/// pages need no JavaScript. Everything from the data is escaped; the rest is numbers.
enum PlaysChartSVG {
    struct Bar {
        let label: String
        let plays: Int
    }

    static let width = 600
    static let height = 150
    static let top = 18
    static let bottom = 130

    static func make(_ bars: [Bar], title: String) -> String {
        let maxPlays = max(1, bars.map(\.plays).max() ?? 1)
        let slot = Double(width) / Double(max(1, bars.count))
        let barWidth = max(1.0, min(40.0, slot * 0.7))
        var svg = "<svg class=\"plays-chart\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(HTMLText.escape(title))\" xmlns=\"http://www.w3.org/2000/svg\">"
        svg += "<title>\(HTMLText.escape(title))</title>"
        svg += "<line class=\"axis\" x1=\"0\" y1=\"\(bottom)\" x2=\"\(width)\" y2=\"\(bottom)\"/>"
        for (index, bar) in bars.enumerated() {
            let barHeight = Double(bottom - top) * Double(bar.plays) / Double(maxPlays)
            let x = slot * Double(index) + (slot - barWidth) / 2
            let y = Double(bottom) - barHeight
            svg += "<rect x=\"\(format(x))\" y=\"\(format(y))\" width=\"\(format(barWidth))\" height=\"\(format(barHeight))\">"
            svg += "<title>\(HTMLText.escape(bar.label)): \(bar.plays)</title></rect>"
        }
        svg += "<text x=\"0\" y=\"12\">\(maxPlays) \(maxPlays == 1 ? "play" : "plays")</text>"
        if let first = bars.first {
            svg += "<text x=\"0\" y=\"146\">\(HTMLText.escape(first.label))</text>"
        }
        if bars.count > 1, let last = bars.last {
            svg += "<text x=\"\(width)\" y=\"146\" text-anchor=\"end\">\(HTMLText.escape(last.label))</text>"
        }
        return svg + "</svg>"
    }

    /// One decimal at most, so output is short and the same on every machine.
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
