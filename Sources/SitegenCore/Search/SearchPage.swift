extension SitePages {
    /// `/search/`: the search form and, once search.js has read `?q=` from the address, the
    /// results. The sections are those whose index files search.js may fetch
    /// (`search-<section>/index.json`; a section without data has none, which it skips).
    static func search(sections: [String], _ language: SiteLanguage) -> Page {
        let model = SearchPageModel(sections: sections.joined(separator: " "), dateOrder: NumericDateOrder.of(language.locale).rawValue)
        return .html(.page("search"), template: "search", model: model,
              meta: PageMeta(title: language.text("search_title"), inSitemap: false), inputs: [])
    }
}

/// The search page's model, for search.js: the sections with an index, space-separated, and
/// whether a numeric date is day or month first in the site's language (`NumericDateOrder`).
struct SearchPageModel: Sendable {
    let sections: String
    let dateOrder: String
}
