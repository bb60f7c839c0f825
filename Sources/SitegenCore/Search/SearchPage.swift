import Foundation

extension SitePages {
    /// `/search/`: the search form and, once search.js has read `?q=` from the address, the
    /// results. The sections are those whose index files search.js may fetch
    /// (`search-<section>/index.json`; a section without data has none, which it skips).
    static func search(sections: [String], _ language: SiteLanguage) -> Page {
        let model = SearchPageModel(sections: sections.joined(separator: " "), dateOrder: NumericDateOrder.of(language.locale).rawValue,
                                    months: monthNames(language.locale))
        return .html(.page("search"), template: "search", model: model,
              meta: PageMeta(title: language.text("search_title"), inSitemap: false), inputs: [])
    }
}

/// The search page's model, for search.js: the sections with an index, space-separated,
/// whether a numeric date is day or month first in the site's language (`NumericDateOrder`),
/// and its month names, January first, separated by "|".
struct SearchPageModel: Sendable {
    let sections: String
    let dateOrder: String
    let months: String
}

/// The month names of `locale` in lower case, as a date on its pages writes them ("mai",
/// "märz"), from Foundation's locale data: search.js reads "8. Mai 1977" as the date it is, as
/// it reads English month names on every site.
private func monthNames(_ locale: Locale) -> String {
    let formatter = DateFormatter()
    formatter.locale = locale
    return formatter.monthSymbols.map { $0.lowercased(with: locale) }.joined(separator: "|")
}
