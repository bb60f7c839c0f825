import Foundation

/// Where the repository's own folders are, found from this file's location so tests can read
/// the real Templates/ and write golden files back into the source tree.
enum TestPaths {
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let templates = repositoryRoot.appendingPathComponent("Templates")
    static let content = repositoryRoot.appendingPathComponent("Content")
    static let testsFolder = repositoryRoot.appendingPathComponent("Tests/SitegenTests")
    static let fixtures = testsFolder.appendingPathComponent("Fixtures")
    static let golden = testsFolder.appendingPathComponent("Golden")

    /// A fixture file's text, by path under Fixtures/ ("news/bad-date.md").
    static func fixture(_ path: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(path), encoding: .utf8)
    }

    /// The `sitegen` executable built next to the test bundle.
    static var executable: URL {
        var folder = Bundle.module.bundleURL.deletingLastPathComponent()
        if folder.lastPathComponent.hasSuffix(".xctest") { folder = folder.deletingLastPathComponent() }
        return folder.appendingPathComponent("sitegen")
    }
}
