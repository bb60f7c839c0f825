import SitegenArchive
import SitegenCharts
import SitegenCore
import SitegenEvents
import SitegenNews

/// The sections a site is made of, in navigation and loading order. A new data source joins
/// the site with one line here.
public enum SectionRegistry {
    public static let all: [any Section.Type] = [
        NewsSection.self,
        ArchiveSection.self,
        ChartsSection.self,
        EventsSection.self,
    ]
}
