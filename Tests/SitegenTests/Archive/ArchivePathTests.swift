import Foundation
import SitegenCore
import Testing
@testable import SitegenArchive

@Suite("Archive paths")
struct ArchivePathTests {
    @Test("an identifier with ../ never leads outside Output/")
    func traversal() throws {
        let site = try ArchiveFixtureSite(["archive/Evil/search-1.json": "search-traversal"])
        let section = try #require(try site.load())
        let pages = section.pages(PageContext(config: SiteConfig().english, clock: try site.context().clock))
        #expect(!pages.isEmpty)
        let output = URL(fileURLWithPath: "/srv/Output")
        for page in pages {
            let file = output.appendingPathComponent(page.path.outputFile).standardized.path
            #expect(file.hasPrefix("/srv/Output/"), "\(page.path)")
            #expect(!page.path.value.split(separator: "/").contains { $0 == ".." || $0 == "." }, "\(page.path)")
        }
        let recordings = pages.filter { $0.path.value.hasPrefix("recordings/") }.map(\.path.value)
        #expect(recordings.count == 3)
        #expect(Set(recordings).count == 3)
    }
}
