import Foundation

/// The site's pages for what a visitor does in the browser: /favourites/ (filled by
/// assets/js/favourites.js from the browser's own storage) and /discover/ (each section's block,
/// assembled as the home page is). Neither page shows anything of a section's data itself.
extension SitePages {
    static let favouritesPath = SitePath.page("favourites")
    static let discoverPath = SitePath.page("discover")

    /// The same for every site and every build: what it lists lives in the visitor's browser.
    static func favourites(_ language: SiteLanguage) -> Page {
        .html(favouritesPath, template: "favourites", model: FavouritesModel(),
              meta: PageMeta(title: language.text("favourites_title"), description: language.text("favourites_description")),
              inputs: [])
    }

    /// Each section's discover block, already rendered, by section key (the page says so when
    /// no section has one: the footer links to it on every site).
    static func discover(blocks: [String: String], sections: [String], _ language: SiteLanguage) -> Page {
        assembled(discoverPath, template: "discover", blocks: blocks, sections: sections,
                  meta: PageMeta(title: language.text("discover_title"), description: language.text("discover_description")))
    }
}

struct FavouritesModel: Sendable {}
