import SitegenCore

extension EventsSection {
    func eventPage(_ event: Event, plan: CityPlan, context: PageContext) -> Page {
        let path = plan.eventPath(event)
        let absolute = context.config.absoluteURL(path)
        let heading = plan.headline(event)
        let language = plan.language
        let when = event.isMultiDay ? language.range(event.start.date, event.lastDate) : language.date(event.start.date, .weekdayLong)
        let statusNote: String? = switch event.status {
        case .ok: nil
        case .postponed: language.text("postponed_note")
        case .cancelled: language.text("cancelled_note")
        }
        let headliners = event.headliners.map { artistView($0, withDetails: true, language: language) }
        let lead = event.headliners.first?.name
        // Shared as the page is titled: a postponed or cancelled event says so in the mail too.
        let title = plan.status(event).map { language.text("status_title", ["status": $0.label, "heading": heading]) } ?? heading
        let shareSubject = language.text("share_subject", ["heading": title, "when": when])
        let shareBody = language.text("share_body", ["heading": title, "venue": plan.venueName(event.venue), "when": when, "url": absolute])
        // The city page lists the event as a row: starring it here keeps that row for /favourites/.
        var favourite = plan.favourite(event)
        favourite.favFrom = plan.cityPath.value
        var model = EventsEventModel(
            heading: heading,
            status: plan.status(event),
            statusNote: statusNote,
            typeLabel: plan.typeLabel(event),
            seriesName: event.seriesName.flatMap { $0 == heading ? nil : $0 },
            whenText: when,
            datetime: EventText.machine(event.start.date, event.start.time),
            time: event.start.time.map { language.time(hour: $0.hour, minute: $0.minute) },
            timeTBA: event.start.time == nil,
            headlinersHeading: language.count("headliners", headliners.count),
            headliners: headliners,
            support: event.support.map { artistView($0, withDetails: false, language: language) },
            noLineup: event.headliners.isEmpty && event.support.isEmpty,
            venue: venueView(event.venue, plan: plan, linkToPage: true, fallback: event.location),
            ageRestriction: event.ageRestriction,
            videoSearch: lead.map(EventText.videoSearch),
            videoSearchLabel: lead.map { language.text("video_search", ["name": $0]) },
            shareMailto: EventText.mailto(subject: shareSubject, body: shareBody),
            shareURL: absolute,
            songkickURL: event.uri,
            calendarHref: plan.eventCalendarPath(event).value,
            indexHref: SitePath.page("events").value,
            cityName: plan.cityName,
            cityHref: plan.cityPath.value,
            dayHref: plan.cityPath.value + "#d-\(max(event.start.date, context.clock.today))",
            favourite: favourite)
        let description = [plan.status(event)?.label, language.text("event_at", ["heading": heading, "venue": plan.venueName(event.venue)]), when]
            .compactMap { $0 }.joined(separator: ", ")
        let image = event.headliners.first.flatMap(picture)?.absolute(context.config)
        model.calendarUpdate = switch event.status {
        case .ok: nil
        case .postponed: language.text("marks_postponed")
        case .cancelled: language.text("marks_cancelled")
        }
        model.structuredData = structuredData(event, heading: heading, url: absolute, image: image, description: description)
        return .html(path, template: "events/event", model: model,
                     meta: PageMeta(title: title,
                                    description: description, section: Self.key, image: image),
                     inputs: [])
    }

    func artistView(_ performer: Performer, withDetails: Bool, language: SiteLanguage) -> ArtistModel {
        let info = withDetails ? artists[LastFMArtistFiles.file(for: performer.name)] : nil
        return ArtistModel(
            name: performer.name,
            artistSongkickURL: performer.uri,
            picture: info?.picture.flatMap { shown in
                picture(performer).map { PictureModel(src: $0.src, localPicture: $0.local, width: String(shown.size), height: String(shown.size),
                                                     alt: language.text("photo_alt", ["name": performer.name])) }
            },
            bio: info?.bio,
            lastfmURL: info?.url)
    }

    /// The performer's picture: the copy in static/ when fetch made one (named for the
    /// artist.getInfo file), else Last.fm's; nil without a cached picture.
    func picture(_ performer: Performer) -> ImageSource? {
        guard let remote = artists[LastFMArtistFiles.file(for: performer.name)]?.picture?.url else { return nil }
        return pictures.source(stem: LastFMArtistFiles.stem(for: performer.name), remote: remote)
    }

    /// The venue with its address, a map link when coordinates are known (its Songkick page
    /// otherwise) and its distance from the city centre when both points are known.
    func venueView(_ venue: Venue, plan: CityPlan, linkToPage: Bool, fallback: Coordinate? = nil) -> VenueModel {
        let point = venue.coordinate ?? fallback
        let distance: String? = {
            guard let point, let centre = plan.metro.centre else { return nil }
            let kilometres = EventText.distance(centre, point)
            return plan.language.text("distance", ["km": plan.language.decimal(kilometres, digits: kilometres < 10 ? 1 : 0),
                                                   "city": plan.cityName])
        }()
        let lines = [venue.street, venue.zip].compactMap { $0 }
        return VenueModel(
            name: plan.venueName(venue),
            pageHref: linkToPage ? plan.venuePath(venue)?.value : nil,
            addressLines: lines,
            phone: venue.phone,
            phoneHref: venue.phone.flatMap(EventText.telURI),
            website: venue.website,
            capacity: venue.capacity.map { plan.language.text("capacity", ["count": plan.language.number($0)]) },
            mapURL: point.map(EventText.openStreetMap),
            venueSongkickURL: point == nil ? venue.uri : nil,
            distanceText: distance,
            unknown: venue.id == nil)
    }
}
