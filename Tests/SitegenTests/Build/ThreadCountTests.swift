import Foundation
import Sitegen
import SitegenCore
import Testing

/// Loading, page lists and rendering run on `--jobs` threads, and results are put back in a fixed
/// order: the sample site must come out the same on one thread as on several.
@Suite("Thread count")
struct ThreadCountTests {
    @Test func theSampleSiteIsTheSameOnOneThreadAndOnSeveral() throws {
        let site = try TemporarySite([:])
        defer { site.delete() }
        try FileManager.default.removeItem(at: site.content)
        try FileManager.default.copyItem(at: TestPaths.content, to: site.content)
        var outputs: [[String: Data]] = []
        for jobs in [1, 4] {
            var options = site.options(output: site.root.appendingPathComponent("Output-\(jobs)"))
            options.jobs = jobs
            _ = try Sitegen.build(options)
            outputs.append(SiteFiles.read(options.output))
        }
        #expect(outputs[0].count > 600)
        #expect(outputs[0].keys.sorted() == outputs[1].keys.sorted())
        for (path, data) in outputs[0] where outputs[1][path] != data {
            Issue.record("\(path) differs between one thread and four")
        }
    }
}
