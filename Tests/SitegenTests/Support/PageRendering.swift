import Foundation
import SitegenCore

/// Renders pages made by a section with the repository's real templates, for golden tests of
/// one page kind without building a whole site.
enum PageRendering {
    static let templates: TemplateSet = {
        do {
            return try TemplateSet.load(from: TestPaths.templates, folderName: "Templates")
        } catch {
            fatalError("the repository's templates do not load: \(error)")
        }
    }()

    static func render(_ page: Page, config: SiteConfig = SiteConfig(title: "Test Site", baseURL: "https://example.org/").english,
                       navigation: [NavItem] = []) throws -> String {
        try Renderer(templates: templates, config: config, navigation: navigation, generator: "sitegen test").render(page)
    }

    /// The page at `path` among `pages`, rendered.
    static func render(_ path: String, in pages: [Page], config: SiteConfig = SiteConfig(title: "Test Site", baseURL: "https://example.org/").english) throws -> String {
        guard let page = pages.first(where: { $0.path.value == path || $0.path.outputFile == path }) else {
            throw SitegenError("no page at \(path); pages: \(pages.map(\.path.value).prefix(20))")
        }
        return try render(page, config: config)
    }

    /// Renders a single partial with a model, e.g. "partials/events/home", as the home page shows it.
    static func renderPartial(_ name: String, model: any Sendable) throws -> String {
        try Renderer(templates: templates, config: SiteConfig(title: "Test Site", baseURL: "https://example.org/").english, navigation: [],
                     generator: "sitegen test").renderFragment(name, model: model, at: .root)
    }
}
