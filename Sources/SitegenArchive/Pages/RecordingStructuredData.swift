import SitegenCore

extension RecordingPageModel {
    /// schema.org `MusicRecording` for a recording's page: its title, the band, the concert it
    /// was recorded at (date as far as it is known, venue and city), its length when the files
    /// say, and the page's address. Made from the model's own fields, so it says nothing the
    /// page does not. `venueName` is nil for a venue nobody named: the page's words for one
    /// ("Unknown venue") name no place, and the concert is then named by the band alone.
    func structuredData(url: String, venueName: String?, language: SiteLanguage) -> String {
        JSONLD.fields([
            "@context": .string("https://schema.org"),
            "@type": .string("MusicRecording"),
            "name": .string(title),
            "byArtist": .fields(["@type": .string("MusicGroup"), "name": .string(artist)]),
            "recordedAt": .fields([
                "@type": .string("MusicEvent"),
                // The page's venue, with its show ("Fillmore East (early show)"): two shows of a day differ.
                "name": .string(venueName == nil ? artist : language.text("event_at", ["heading": artist, "venue": venue])),
                "startDate": dateISO.map(JSONLD.string),
                "location": venueName == nil && city == nil ? nil
                    : .fields(["@type": .string("Place"), "name": venueName.map(JSONLD.string),
                               "address": city.map { .fields(["@type": .string("PostalAddress"), "addressLocality": .string($0)]) }]),
            ]),
            "duration": runtimeISO.map(JSONLD.string),
            "url": .string(url),
        ]).scriptText
    }
}
