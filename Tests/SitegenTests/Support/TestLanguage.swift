import Foundation
import SitegenCore

/// The repository's own words (Templates/strings/), for tests that make view models without a
/// build: a `SiteConfig()` alone has no words, only English formats.
enum TestLanguage {
    static func load(_ language: String) -> SiteLanguage {
        do {
            let strings = try SiteStrings.load(templates: TestPaths.templates, folderName: "Templates", language: language, warnings: WarningLog())
            return SiteLanguage(strings: strings, language: language)
        } catch {
            fatalError("the repository's strings do not load: \(error)")
        }
    }

    static let english = load("en")
}

extension SiteConfig {
    /// This configuration with the repository's English words.
    var english: SiteConfig {
        var config = self
        config.localization = TestLanguage.english
        return config
    }
}
