extension SitePages {
    /// `/search/`: the search form and, once search.js has read `?q=` from the address, the
    /// results. The sections are those whose index files search.js may fetch
    /// (`search-<section>/index.json`; a section without data has none, which it skips).
    static func search(sections: [String], _ language: SiteLanguage) -> Page {
        .html(.page("search"), template: "search", model: SearchPageModel(sections: sections.joined(separator: " ")),
              meta: PageMeta(title: language.text("search_title"), inSitemap: false),
              inputs: [.setting("search"), .derived("search/sections", fingerprint: Fingerprint.of(sections))])
    }
}

/// The search page's model: the sections with an index, space-separated, for search.js.
struct SearchPageModel: Sendable {
    let sections: String
}
