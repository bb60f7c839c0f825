import SitegenCore

/// The site paths of archive pages. Every segment goes through `SitePath`, which keeps it
/// inside Output/ whatever an identifier holds ("../", "/", "%2e%2e"). It also carries the
/// site's language: every model that links to archive pages is made with one, and words its
/// dates and counts with the other.
struct ArchiveLinks: Sendable {
    let recordingSlugs: [String: String]
    let language: SiteLanguage

    init(recordingSlugs: [String: String], language: SiteLanguage = SiteLanguage()) {
        self.recordingSlugs = recordingSlugs
        self.language = language
    }

    static let artists = SitePath.page("artists")

    func artist(_ artist: Artist) -> SitePath { SitePath.page("artists", artist.slug) }

    func year(_ year: Int?, artist: Artist) -> SitePath {
        SitePath.page("artists", artist.slug, year?.zeroPadded(4) ?? "unknown-year")
    }

    func concert(_ concert: Concert, artist: Artist) -> SitePath { SitePath.page("artists", artist.slug, concert.slug) }

    func recording(_ recording: Recording) -> SitePath {
        SitePath.page("recordings", recordingSlugs[recording.key] ?? Slug.segment(recording.identifier))
    }

    static func onThisDay(_ monthDay: String) -> SitePath { SitePath.page("on-this-day", monthDay) }
    static let onThisDayIndex = SitePath.page("on-this-day")
}
