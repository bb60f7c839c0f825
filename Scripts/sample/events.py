#!/usr/bin/env python3
"""Writes the sample Songkick cache under Content/events/ (and two Last.fm artist.getInfo
responses under Content/lastfm/artists/) for the build date 2026-11-22.

Seeded and standard-library only: running it again gives the same bytes. The files copy the
real response shapes of formats.md section C: London in the 2013 shape (compact JSON, http
URIs, /metro_areas/), New York in the 2021 shape (indented, https, /metro-areas/,
ageRestriction, flaggedAsEnded), each calendar split into pages of 10 like `per_page=10`.
The quirks on purpose: events with and without times, multi-day festivals (one began before
the build date), a postponed and a cancelled event with the status leaked into displayName,
an unknown venue (null id/uri/lat/lng), an empty performance list, 3+ support acts, an event
on two pages, a past event, event details with capacity as a number and as "".

Usage: python3 Scripts/sample/events.py [Content]
"""
import datetime
import json
import os
import random
import shutil
import sys

CONTENT = sys.argv[1] if len(sys.argv) > 1 else "Content"
BUILD_DATE = datetime.date(2026, 11, 22)
rng = random.Random(20261122)

FIRST = ["Velvet", "Copper", "Northern", "Paper", "Silver", "Hollow", "Quiet", "Electric", "Golden", "Midnight",
         "Static", "Wild", "Glass", "Lunar", "Neon", "Amber", "Harbour", "Winter", "Crimson", "Pale"]
SECOND = ["Lanterns", "Harbours", "Foxes", "Satellites", "Orchards", "Engines", "Rivers", "Parade", "Tides",
          "Choir", "Radio", "Gardens", "Echoes", "Machines", "Sparrows", "Motel", "Kites", "Weather", "Owls", "Signals"]
SOLO = ["Ada Marlowe", "Tomás Reyes", "June Okafor", "Sigrún Ólafsdóttir", "Kit Lawson", "Mara Quinn",
        "Noor Haddad", "Eli Brandt", "Rosa Lindqvist", "Dev Patel Trio"]

def band_names():
    names = [f"{a} {b}" for a in FIRST for b in SECOND]
    rng.shuffle(names)
    return SOLO + names

NAMES = iter(band_names())

def slug(text):
    out, dash = "", False
    for ch in text.lower():
        if ch.isascii() and ch.isalnum():
            if dash and out:
                out += "-"
            out, dash = out + ch, False
        elif ch in "'’":
            continue
        else:
            dash = True
    return out

def long_date(day):
    return f"{day.strftime('%B')} {day.day}, {day.year}"

METROS = {
    24426: {"name": "London", "state": None, "country": "UK", "style": "2013", "offset": "+0000", "partner": "4791",
            "venues": [("Roundhouse", 17522, 51.5432, -0.1519, "London, UK"), ("Union Chapel", 9311, 51.5436, -0.1030, "London, UK"),
                       ("Electric Ballroom", 2061, 51.5395, -0.1426, "London, UK"), ("The Lexington", 59633, 51.5320, -0.1105, "London, UK"),
                       ("Scala", 24437, 51.5306, -0.1205, "London, UK"), ("KOKO", 17453, 51.5350, -0.1382, "London, UK"),
                       ("O2 Academy Brixton", 17424, 51.4652, -0.1149, "London, UK"), ("EartH", 3393389, 51.5495, -0.0750, "London, UK"),
                       ("Omeara", 3160379, 51.5035, -0.0905, "London, UK"), ("Moth Club", 2963814, 51.5446, -0.0560, "London, UK")]},
    7644: {"name": "New York (NYC)", "state": "NY", "country": "US", "style": "2021", "offset": "-0500", "partner": "41371",
           "venues": [("Bowery Ballroom", 1410, 40.7204, -73.9934, "New York, NY, US"),
                      ("Music Hall of Williamsburg", 1452, 40.7191, -73.9617, "Brooklyn, NY, US"),
                      ("Brooklyn Steel", 3197979, 40.7194, -73.9387, "Brooklyn, NY, US"),
                      ("Webster Hall", 1498, 40.7317, -73.9891, "New York, NY, US"),
                      ("Mercury Lounge", 1402, 40.7221, -73.9868, "New York, NY, US"),
                      ("Le Poisson Rouge", 62016, 40.7286, -74.0005, "New York, NY, US"),
                      ("Baby's All Right", 2252864, 40.7105, -73.9636, "Brooklyn, NY, US"),
                      ("Elsewhere", 3243034, 40.7093, -73.9232, "Brooklyn, NY, US")]},
}

# Street, zip and phone for the venues that get an event-details file.
ADDRESSES = {
    "Roundhouse": ("Chalk Farm Road", "NW1 8EH", "+44 300 6789 222"),
    "Union Chapel": ("19b Compton Terrace", "N1 2UN", ""),
    "Electric Ballroom": ("184 Camden High Street", "NW1 8QP", "+44 20 7485 9006"),
    "The Lexington": ("96-98 Pentonville Road", "N1 9JB", ""),
    "Scala": ("275 Pentonville Road", "N1 9NL", "+44 20 7833 2022"),
    "KOKO": ("1A Camden High Street", "NW1 7JE", ""),
    "O2 Academy Brixton": ("211 Stockwell Road", "SW9 9SL", ""),
    "EartH": ("11-17 Stoke Newington Road", "N16 8BH", ""),
    "Omeara": ("6 O'Meara Street", "SE1 1TE", ""),
    "Moth Club": ("Old Trades Hall, Valette Street", "E9 6NU", ""),
    "Bowery Ballroom": ("6 Delancey Street", "10002", "212 260 4700"),
    "Music Hall of Williamsburg": ("66 North 6th Street", "11249", ""),
    "Brooklyn Steel": ("319 Frost Street", "11222", ""),
    "Webster Hall": ("125 East 11th Street", "10003", "212 353 1600"),
    "Mercury Lounge": ("217 East Houston Street", "10002", ""),
    "Le Poisson Rouge": ("158 Bleecker Street", "10012", "212 505 3474"),
    "Baby's All Right": ("146 Broadway", "11211", ""),
    "Elsewhere": ("599 Johnson Avenue", "11237", ""),
}

class Builder:
    def __init__(self, metro_id):
        self.metro_id = metro_id
        self.m = METROS[metro_id]
        self.modern = self.m["style"] == "2021"
        scheme, area = ("https", "metro-areas") if self.modern else ("http", "metro_areas")
        self.scheme = scheme
        self.utm = f"?utm_source={self.m['partner']}&utm_medium=partner"
        self.metro_area = {"displayName": self.m["name"], "country": {"displayName": self.m["country"]}, "id": metro_id,
                           "uri": f"{scheme}://www.songkick.com/{area}/{metro_id}-{slug(self.m['country'] + ' ' + self.m['name'])}{self.utm}"}
        if self.m["state"]:
            self.metro_area["state"] = {"displayName": self.m["state"]}
        self.next_id = 41000000 + (metro_id % 1000) * 1000
        self.perf_id = 80000000 + (metro_id % 1000) * 1000

    def ident(self):
        self.next_id += rng.randint(3, 97)
        return self.next_id

    def artist(self, name, billing, index):
        self.perf_id += rng.randint(2, 40)
        artist_id = 9000000 + rng.randint(1000, 999999)
        mbids = [f"{rng.getrandbits(32):08x}-{rng.getrandbits(16):04x}-4{rng.getrandbits(12):03x}-8{rng.getrandbits(12):03x}-{rng.getrandbits(48):012x}"
                 for _ in range(rng.choice([0, 1, 1, 1, 2, 3]))]
        return {"id": self.perf_id, "displayName": name, "billing": billing, "billingIndex": index,
                "artist": {"id": artist_id, "displayName": name,
                           "uri": f"{self.scheme}://www.songkick.com/artists/{artist_id}-{slug(name)}{self.utm}",
                           "identifier": [{"mbid": m, "href": f"{self.scheme}://api.songkick.com/api/3.0/artists/mbid:{m}.json"} for m in mbids]}}

    def venue(self, spec, details=False):
        name, vid, lat, lng, _ = spec
        if vid is None:
            v = {"id": None, "displayName": "Unknown venue", "uri": None, "metroArea": self.metro_area, "lat": None, "lng": None}
        else:
            v = {"id": vid, "displayName": name, "uri": f"{self.scheme}://www.songkick.com/venues/{vid}-{slug(name)}{self.utm}",
                 "metroArea": self.metro_area, "lat": lat, "lng": lng}
        if details and vid is not None:
            street, zipcode, phone = ADDRESSES.get(name, ("", "", ""))
            v.update({"street": street, "zip": zipcode, "phone": phone,
                      "website": rng.choice(["www." + slug(name).replace("-", "") + ".com", ""]),
                      "capacity": rng.choice([550, 1700, 3300, ""]), "description": "",
                      "city": {"displayName": self.m["name"].split(" (")[0], "id": self.metro_id, "uri": self.metro_area["uri"],
                               "country": {"displayName": self.m["country"]}}})
        return v

    def event(self, day, time, headliners, support, venue_spec, kind="Concert", status="ok", end=None, series=None,
              title=None, details=False):
        eid = self.ident()
        names = headliners + support
        if title is None:
            lead = " and ".join(headliners) if headliners else "Various artists"
            title = lead + (" with " + ", ".join(support[:-1]) + (" and " if len(support) > 1 else "") + support[-1] if support else "")
            title += f" at {venue_spec[0] if venue_spec[1] else 'Unknown venue'} ({long_date(day)})"
        if status != "ok":
            title += f" ({status.upper()}) "
        perfs = [self.artist(n, "headline", i + 1) for i, n in enumerate(headliners)]
        perfs += [self.artist(n, "support", len(headliners) + i + 1) for i, n in enumerate(support)]
        if kind == "Festival":
            uri = f"{self.scheme}://www.songkick.com/festivals/{rng.randint(100000, 999999)}-{slug(series or title)}/id/{eid}-{slug(title)}{self.utm}"
        else:
            uri = f"{self.scheme}://www.songkick.com/concerts/{eid}-{slug(' '.join(names[:2]) or 'event')}-at-{slug(venue_spec[0])}{self.utm}"
        start = {"date": day.isoformat(), "datetime": None, "time": None}
        if time:
            start = {"date": day.isoformat(), "datetime": f"{day.isoformat()}T{time}:00{self.m['offset']}", "time": f"{time}:00"}
        _, vid, lat, lng, city = venue_spec
        e = {"id": eid, "displayName": title, "type": kind, "uri": uri, "status": status,
             "popularity": rng.choice([0, round(rng.random() / 50, 6)]), "start": start, "performance": perfs}
        if self.modern:
            e["ageRestriction"] = rng.choice([None, None, "", "18+", "21+"])
            e["flaggedAsEnded"] = False
        e["venue"] = self.venue(venue_spec, details)
        e["location"] = {"city": city, "lat": lat if vid else None, "lng": lng if vid else None}
        if end:
            e["end"] = {"date": end.isoformat(), "time": None, "datetime": None}
        if series:
            e["series"] = {"displayName": series}
        if not self.modern:  # the 2013 shape: keys in Songkick's order of the time, no ageRestriction
            order = ["type", "status", "displayName", "popularity", "start", "end", "location", "uri", "id", "series", "performance", "venue"]
            e = {k: e[k] for k in order if k in e}
        return e

    def dump(self, obj):
        if self.modern:
            return json.dumps(obj, ensure_ascii=False, indent=2)
        return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))

def plan(builder, count, festival, specials):
    """Ordinary concerts on random days over the next ~12 weeks, plus the special cases."""
    venues = builder.m["venues"]
    events = []
    for i in range(count):
        day = BUILD_DATE + datetime.timedelta(days=rng.randint(0, 86))
        time = rng.choice(["19:00", "19:30", "20:00", "20:00", "21:00", None])
        support = [next(NAMES) for _ in range(rng.choice([0, 0, 1, 1, 2]))]
        events.append(builder.event(day, time, [next(NAMES)], support, rng.choice(venues), details=(i % 9 == 4)))
    return events + festival + specials

def write_metro(builder, events, per_page=10):
    events.sort(key=lambda e: (e["start"]["date"], e["start"]["time"] or "99", e["id"]))
    pages = [events[i:i + per_page] for i in range(0, len(events), per_page)]
    # The calendar moved while it was fetched: page 1's last event shows up again on page 2.
    pages[1].insert(0, pages[0][-1])
    folder = os.path.join(CONTENT, "events", str(builder.metro_id))
    shutil.rmtree(folder, ignore_errors=True)  # the folder is this script's output only
    os.makedirs(os.path.join(folder, "events"), exist_ok=True)
    for number, page in enumerate(pages, 1):
        envelope = {"resultsPage": {"status": "ok", "results": {"event": page}, "perPage": per_page, "page": number,
                                    "totalEntries": len(events)}}
        with open(os.path.join(folder, f"calendar-{number}.json"), "w", encoding="utf-8") as out:
            out.write(builder.dump(envelope))
    for event in events:
        if "street" in event["venue"]:
            detail = {"resultsPage": {"status": "ok", "results": {"event": event}}}
            with open(os.path.join(folder, "events", f"{event['id']}.json"), "w", encoding="utf-8") as out:
                out.write(builder.dump(detail))
            # The calendar itself never carries the details.
            for key in ["street", "zip", "phone", "website", "capacity", "description", "city"]:
                event["venue"].pop(key, None)
    for number, page in enumerate(pages, 1):  # rewrite without the details
        envelope = {"resultsPage": {"status": "ok", "results": {"event": page}, "perPage": per_page, "page": number,
                                    "totalEntries": len(events)}}
        with open(os.path.join(folder, f"calendar-{number}.json"), "w", encoding="utf-8") as out:
            out.write(builder.dump(envelope))

def day(offset):
    return BUILD_DATE + datetime.timedelta(days=offset)

london = Builder(24426)
lv = london.m["venues"]
london_events = plan(london, 20, [
    london.event(day(19), None, ["Northern Lanterns", "Ada Marlowe", "Paper Satellites"], ["Quiet Tides", "Kit Lawson"], lv[0],
                 kind="Festival", end=day(21), series="Winter Lights Festival", title="Winter Lights Festival 2026"),
], [
    london.event(day(-1), "20:00", ["Yesterday Club"], [], lv[3]),  # before the build date: never listed
    london.event(day(0), "19:30", ["Golden Owls"], ["Pale Kites", "Static Gardens", "Mara Quinn", "Glass Engines"], lv[2], details=True),
    london.event(day(0), None, ["Harbour Choir"], [], lv[1]),
    london.event(day(5), "20:00", ["Crimson Radio"], ["Wild Sparrows"], lv[4], status="postponed"),
    london.event(day(12), "19:00", ["Lunar Parade"], [], lv[5], status="cancelled"),
    london.event(day(8), None, [], [], lv[7], title="Sunday Sessions: open stage at EartH (November 30, 2026)"),
    london.event(day(15), "21:00", ["Amber Motel"], [], ("Unknown venue", None, None, None, "London, UK")),
])
ny = Builder(7644)
nv = ny.m["venues"]
ny_events = plan(ny, 18, [
    ny.event(day(-2), "18:00", ["Electric Weather", "Noor Haddad"], ["Hollow Signals"], nv[5], kind="Festival", end=day(1),
             series="Lower East Side Song Week", title="Lower East Side Song Week 2026"),
    ny.event(day(33), None, ["Midnight Echoes", "Rosa Lindqvist"], [], nv[7], kind="Festival", end=day(35),
             series="New Year Noise", title="New Year Noise 2026"),
], [
    ny.event(day(0), "22:30", ["Silver Foxes"], ["Eli Brandt"], nv[0], details=True),
    ny.event(day(9), "20:00", ["Neon Orchards"], ["Tomás Reyes", "June Okafor", "Sigrún Ólafsdóttir"], nv[1], status="postponed"),
    ny.event(day(11), None, ["Winter Machines"], [], nv[2], status="cancelled"),
    ny.event(day(20), "19:00", ["Dev Patel Trio"], [], ("Unknown venue", None, None, None, "Queens, NY, US")),
])
write_metro(london, london_events)
write_metro(ny, ny_events)

# Last.fm artist.getInfo for two headliners: one with a picture, one with only the placeholder star.
PLACEHOLDER = "2a96cbd8b46e442fc41c2b86b821562f"
def lastfm(name, image_hash, summary):
    sizes = [("small", "34s"), ("medium", "64s"), ("large", "174s"), ("extralarge", "300x300"), ("mega", "300x300"), ("", "300x300")]
    url = "https://www.last.fm/music/" + name.replace(" ", "+")
    return {"artist": {"name": name, "mbid": "", "url": url,
                       "image": [{"#text": f"https://lastfm.freetls.fastly.net/i/u/{p}/{image_hash}.png", "size": s} for s, p in sizes],
                       "streamable": "0", "ontour": "1", "stats": {"listeners": str(rng.randint(900, 90000)), "playcount": str(rng.randint(9000, 900000))},
                       "similar": {"artist": []}, "tags": "",
                       "bio": {"links": {"link": {"#text": "", "rel": "original", "href": url + "/+wiki"}}, "published": "03 Mar 2024, 11:20",
                               "summary": summary + f' <a href="{url}">Read more on Last.fm</a>', "content": summary}}}
# Shared Last.fm answers have a folder of their own (SitegenCore's LastFMArtistFiles).
ARTISTS = os.path.join(CONTENT, "lastfm", "artists")
os.makedirs(ARTISTS, exist_ok=True)
for name, image, summary in [
    ("Golden Owls", "4f1e2d3c4b5a69788796a5b4c3d2e1f0",
     "Golden Owls are a five-piece from Leeds who play <b>slow-burning</b> folk rock &amp; long, loud codas. Their third album was recorded live in a disused chapel."),
    ("Silver Foxes", PLACEHOLDER,
     "Silver Foxes formed in Brooklyn in 2019. <i>Night buses, late shows</i> and a horn section."),
]:
    with open(os.path.join(ARTISTS, slug(name) + ".json"), "w", encoding="utf-8") as out:
        out.write(json.dumps(lastfm(name, image, summary), ensure_ascii=False, separators=(",", ":")))
