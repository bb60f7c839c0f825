import SitegenCore

/// Reading the events section's cache: the metro areas site.yml lists and those cached, each
/// metro's calendar (`MetroLoader`), the headliners' Last.fm details (`ArtistInfoLoader`), and
/// the details files that events to be shown lack.
extension EventsSection {
    static func load(_ context: LoadContext, settings: EventsSettings) throws(SitegenError) -> EventsSection? {
        ArtistInfoLoader.warnAboutOldFolder(context)
        var cached: [Int] = []
        context.warnAboutStrays(in: "events", expected: "a folder for each Songkick metro area") { _, isFolder in isFolder }
        context.warnAboutStrays(in: LastFMArtistFiles.folder, expected: "artist.getInfo answers named <artist>.json") { name, isFolder in
            !isFolder && name.hasSuffix(".json")
        }
        for name in context.folders(in: "events") {
            guard let id = Int(name) else {
                context.warnings.add("not a Songkick metro area folder (expected events/<metroId>/); ignored",
                                     at: SourceLocation(file: context.displayPath("events/" + name)))
                continue
            }
            cached.append(id)
        }
        // Metros listed in site.yml come first, in its order; a cached metro it does not list is
        // still shown (after them, under Songkick's name), with a warning to list it.
        var listed = settings.metros ?? []
        for id in cached where !listed.contains(where: { $0.id == id }) {
            if settings.metros != nil {
                context.warnings.add(
                    "metro \(id) has cached events but is not listed under `events: metros:` in site.yml; shown under Songkick's name",
                    at: SourceLocation(file: context.displayPath("events/\(id)")))
            }
            listed.append(EventsSettings.Metro(id: id, name: "", slug: nil, centre: nil))
        }
        var metros: [Metro] = []
        var slugs = SlugRegistry()
        // Every metro is read even when one has a bad file, so a run reports them all.
        let problems = ProblemLog()
        for entry in listed {
            let folder = "events/\(entry.id)"
            var result = MetroLoader.Result(events: [], isAvailable: false)
            if cached.contains(entry.id) {
                guard let loaded = problems.attempt({ () throws(SitegenError) in
                    try MetroLoader.load(folder: folder, metroId: entry.id, context: context)
                }) else { continue }
                result = loaded
            } else {
                // Its pages are made all the same, saying the listings are not available yet,
                // so links and the site's navigation do not change with the cache.
                context.warnings.add(
                    "metro \(entry.id)\(entry.name.isEmpty ? "" : " (\(entry.name))") is listed in site.yml but has no cached calendar in \(context.displayPath(folder)); its pages say the listings are not available yet",
                    at: SourceLocation(file: context.displayPath(folder)))
            }
            let name = entry.name.isEmpty ? result.nameInData : entry.name
            let slug = slugs.claim(Slug.make(entry.slug ?? name ?? "", fallback: "metro-\(entry.id)"))
            metros.append(Metro(id: entry.id, name: name, slug: slug, centre: entry.centre, events: result.events,
                                isAvailable: result.isAvailable))
        }
        guard !metros.isEmpty else {
            try problems.throwIfAny()
            // An events/ folder or events settings without any city's calendar yet still make
            // the concerts page and its link, with an empty state; with neither it is left out.
            guard context.exists(key) || context.settings(for: key) != nil else { return nil }
            return EventsSection(settings: settings, metros: [], artists: [:])
        }

        // Pictures and bios only for the headliners that will be shown.
        var artists: [String: ArtistInfo] = [:]
        let names = Set(metros.flatMap { metro in
            Schedule(events: metro.events, today: context.clock.today, horizonDays: settings.horizonDays)
                .listings.flatMap { $0.event.headliners.map(\.name) }
        })
        for name in names.sorted() where artists[LastFMArtistFiles.file(for: name)] == nil {
            if let info = problems.attempt({ () throws(SitegenError) in try ArtistInfoLoader.load(name: name, context: context) }) ?? nil {
                artists[info.file] = info
            }
        }
        try problems.throwIfAny()
        // Only for the events that will be shown: one stat each.
        var missing: [CacheNeed] = []
        for metro in metros where !metro.isAvailable {
            missing.append(CacheNeed(file: "events/\(metro.id)/\(EventsCacheFiles.calendarPage(1))",
                                     purpose: "the Songkick calendar of metro area \(metro.id): until then its pages say the listings are not available"))
        }
        for metro in metros {
            for listing in Schedule(events: metro.events, today: context.clock.today, horizonDays: settings.horizonDays).listings {
                let file = "events/\(metro.id)/\(EventsCacheFiles.events)/\(EventsCacheFiles.event(listing.event.id))"
                if !context.exists(file) {
                    missing.append(CacheNeed(file: file, purpose: "Songkick event details: the venue's street, phone and website on the event's page"))
                }
            }
        }
        return EventsSection(settings: settings, metros: metros, artists: artists, pictures: LocalImages.load(kind: LastFMArtistFiles.imageKind, context: context),
                             missingDetails: Array(Set(missing)).sorted())
    }
}
