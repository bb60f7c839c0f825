import Foundation
@testable import SitegenCore
import Testing
@testable import SitegenArchive

/// What a first build asks the kernel for ahead of rendering (`ReadAhead`): a recording page
/// names the file its track list is read from, a path under Content/ that exists. A wrong one
/// would fail silently (the read-ahead's open just fails) and the build would wait for the disk
/// again.
@Suite("Archive read-ahead")
struct ArchiveReadAheadTests {
    @Test func eachRecordingPageNamesTheItemFileItsTrackListIsReadFrom() throws {
        let site = try ArchiveFixtureSite(ArchiveFixtureSite.standard)
        let section = try #require(try site.load())
        let pages = section.pages(PageContext(config: SiteConfig(), clock: try site.context().clock))
        var named: [String] = []
        for page in pages where page.path.value.hasPrefix("recordings/") {
            guard case .template(_, let model as LazyModel) = page.body else { continue }
            if let file = model.reads { named.append(file) }
        }
        let withItems = section.catalog.concerts.flatMap(\.recordings).compactMap(\.trackListFile)
        #expect(!withItems.isEmpty)
        #expect(named.sorted() == withItems.sorted())
        for file in named {
            #expect(FileManager.default.fileExists(atPath: site.content.path + "/" + file), "\(file)")
            #expect(file.hasPrefix("archive/") && file.contains("/items/") && file.hasSuffix(".json"), "\(file)")
        }
    }
}
