import SitegenCore

extension EventsSection {
    /// schema.org `MusicEvent` for an event page, with what Google's event results require
    /// (name, startDate, location with an address) and recommend (eventStatus, endDate,
    /// performer, image, description, eventAttendanceMode, organizer is left out: Songkick
    /// does not give it). The start carries its UTC offset when Songkick gave one.
    func structuredData(_ event: Event, heading: String, url: String, image: String?, description: String) -> String {
        let status = switch event.status {
        case .ok: "https://schema.org/EventScheduled"
        case .postponed: "https://schema.org/EventPostponed"
        case .cancelled: "https://schema.org/EventCancelled"
        }
        let venue = event.venue
        // "London, UK", "New York, NY, US": the locality first, the state where there is one,
        // the country last. schema.org wants the country as ISO 3166-1, where the United
        // Kingdom is GB (Songkick's "UK" is only reserved there); the others Songkick writes are
        // codes or names, which it also takes.
        let cityParts = (event.city ?? "").split(separator: ",").map { $0.trimmed }.filter { !$0.isEmpty }
        let country = cityParts.count > 1 ? cityParts.last.map { $0 == "UK" ? "GB" : $0 } : nil
        let address = JSONLD.fields([
            "@type": .string("PostalAddress"),
            "streetAddress": venue.street.map(JSONLD.string),
            "postalCode": venue.zip.map(JSONLD.string),
            "addressLocality": cityParts.first.map(JSONLD.string),
            "addressRegion": cityParts.count == 3 ? .string(cityParts[1]) : nil,
            "addressCountry": country.map(JSONLD.string),
        ])
        let point = venue.coordinate ?? event.location
        // A venue Songkick does not know has no name here: the page's words for one ("Unknown
        // venue") are not a place's name.
        let place = JSONLD.fields([
            "@type": .string("Place"),
            "name": venue.name.map(JSONLD.string),
            "address": address,
            "telephone": venue.phone.map(JSONLD.string),
            "sameAs": venue.website.map(JSONLD.string),
            "geo": point.map { .fields(["@type": .string("GeoCoordinates"),
                                        "latitude": .number($0.latitude), "longitude": .number($0.longitude)]) },
        ])
        let performers = (event.headliners + event.support).map { performer in
            JSONLD.fields(["@type": .string("MusicGroup"), "name": .string(performer.name),
                           "sameAs": performer.uri.map(JSONLD.string)])
        }
        let data = JSONLD.fields([
            "@context": .string("https://schema.org"),
            "@type": .string("MusicEvent"),
            "name": .string(heading),
            "url": .string(url),
            "description": .string(description),
            "startDate": .string(Self.startDate(event.start)),
            "endDate": event.isMultiDay ? .string(event.lastDate.description) : nil,
            "eventStatus": .string(status),
            "eventAttendanceMode": .string("https://schema.org/OfflineEventAttendanceMode"),
            "location": place,
            "performer": performers.isEmpty ? nil : .array(performers),
            "image": image.map(JSONLD.string),
            "sameAs": event.uri.map(JSONLD.string),
        ])
        return data.scriptText
    }

    /// ISO 8601: "2026-12-01T19:30:00+01:00" with a known offset, local time without one, the
    /// date alone when the time is not known.
    static func startDate(_ start: EventStart) -> String {
        guard let time = start.time else { return start.date.description }
        let local = start.date.description + "T" + time.hour.zeroPadded(2) + ":" + time.minute.zeroPadded(2) + ":" + time.second.zeroPadded(2)
        guard let offset = start.utcOffset else { return local }
        let sign = offset < 0 ? "-" : "+"
        return local + sign + (abs(offset) / 3600).zeroPadded(2) + ":" + (abs(offset) % 3600 / 60).zeroPadded(2)
    }
}
