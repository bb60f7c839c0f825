import Foundation
import XCTest

extension XCTestCase {
    /// A new, empty folder `<tmp>/sitegen-<name>-<UUID>`, removed when this test ends, passed or
    /// failed (XCTest runs a test's teardown blocks however it ended): the one way a test of this
    /// target gets a throw-away folder.
    func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }
}
