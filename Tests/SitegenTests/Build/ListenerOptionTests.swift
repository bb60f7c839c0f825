import Foundation
import Sitegen
import SitegenCharts
@testable import SitegenCore
import Testing

/// `--listener USER[:MIN]` is read when the command line is parsed: a bad value is bad usage
/// (exit 2), as the README promises, and no build starts.
@Suite("--listener")
struct ListenerOptionTests {
    @Test func aValueIsAUserAndAnOptionalMinimumPlayCount() throws {
        let plain = try #require(ListenerOption(argument: "ybsc"))
        #expect(plain.listener.user == "ybsc" && plain.listener.minPlays == nil)
        let counted = try #require(ListenerOption(argument: "ybsc:2"))
        #expect(counted.listener.user == "ybsc" && counted.listener.minPlays == 2)
        #expect(counted.listener.argument == "ybsc:2")
        for bad in ["", ":2", "ybsc:", "ybsc:0", "ybsc:-1", "ybsc:two", "a:1:2"] {
            #expect(ListenerOption(argument: bad) == nil, "\(bad)")
        }
    }

    @Test func theOptionReachesTheChartsTypedAndTellsBuildsApart() {
        let options: [any SectionOption] = [ChartsSettings.Listener(user: "ybsc", minPlays: 2), ChartsSettings.Listener(user: "rj")]
        #expect(options.values(ChartsSettings.Listener.self)?.map(\.user) == ["ybsc", "rj"])
        #expect(([] as [any SectionOption]).values(ChartsSettings.Listener.self) == nil)
        // The build's fingerprint: another value, or another order, is another build.
        #expect(options.fingerprintText == "listener=ybsc:2,rj")
        #expect(Array(options.reversed()).fingerprintText == "listener=rj,ybsc:2")
    }

    @Test func aBadValueIsBadUsageAndLeavesTheOutputAsItWas() throws {
        let site = try TemporarySite(["Content/news/a.md": "---\ntitle: First title\ndate: 2026-11-01\n---\n"])
        defer { site.delete() }
        let first = try SitegenCommand.run(["build", "--date", "2026-11-22"], in: site.root)
        #expect(first.status == 0, "\(first.errors)")
        let before = site.outputFiles()

        try site.write("---\ntitle: Second title\ndate: 2026-11-01\n---\n", to: "Content/news/a.md")
        for bad in ["ybsc:0", ":2", "ybsc:two"] {
            let usage = try SitegenCommand.run(["build", "--date", "2026-11-22", "--listener", "ok", "--listener", bad], in: site.root)
            #expect(usage.status == 2, "\(bad): \(usage.errors)")
            #expect(usage.errors.contains("--listener") && usage.errors.contains("'\(bad)'"), "\(usage.errors)")
            #expect(!usage.errors.contains("Build failed"), "no build starts: \(usage.errors)")
        }
        #expect(site.outputFiles() == before)

        let good = try SitegenCommand.run(["build", "--date", "2026-11-22", "--listener", "ybsc:2"], in: site.root)
        #expect(good.status == 0, "\(good.errors)")
        #expect(site.read("news/a/index.html")?.contains("Second title") == true)
    }
}
