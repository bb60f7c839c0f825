#!/usr/bin/env python3
"""Writes a complete Content/ folder for benchmarking sitegen, in the real cache formats
(shared/formats.md): archive.org search pages and item metadata, Last.fm weekly album charts,
Songkick metro calendars, and news posts of 4-6 KB of varied CommonMark.

    python3 Benchmarks/generate.py --scale small|10k|archive --out DIR [--seed N]

Seeded: the same scale and seed give the same bytes. Build with --date 2026-11-22 (BUILD_DATE):
events and "N years ago" are laid out around that day. Standard library only; the archive
scale writes its ~240,000 files with one process per core in a few minutes.

Scales
  small    about the size of the sample site: 3 artists, 3 listeners, 2 cities, 30 posts
  10k      10,000 news posts and nothing else (the Hugo comparison)
  archive  8,000 artists, 200,000 recordings in about 150,000 concerts, 20 listeners x 20
           years of weekly charts, 50 cities x 200 events, 5,000 posts
"""
import argparse
import datetime as dt
import json
import multiprocessing
import os
import random
import shutil

BUILD_DATE = dt.date(2026, 11, 22)
SCALES = {
    "small": dict(artists=3, concerts=60, listeners=3, years=6, metros=2, events=40, posts=30),
    "10k": dict(artists=0, concerts=0, listeners=0, years=0, metros=0, events=0, posts=10_000),
    "archive": dict(artists=8_000, concerts=150_000, listeners=20, years=20, metros=50, events=200, posts=5_000),
}

WORDS = ("the band played a long slow jam into space and back again while the crowd on the floor "
         "danced under coloured lights of an old hall tape deck reel soundboard matrix encore set "
         "second first night show tour summer winter city river road song guitar drums bass keys "
         "harmony tempo segue crescendo quiet loud bright warm clean hiss lineage master copy").split()
TAG_POOL = ["tapes", "shows", "archive", "charts", "vinyl", "tour", "interview", "review", "festival", "soundboard",
            "audience", "matrix", "jam", "setlist", "history", "gear", "radio", "bootleg", "live", "studio"] + \
           [f"topic-{i}" for i in range(30)]
FIRST = ["Velvet", "Copper", "Northern", "Paper", "Silver", "Hollow", "Quiet", "Electric", "Golden", "Midnight",
         "Static", "Wild", "Glass", "Lunar", "Neon", "Amber", "Harbour", "Winter", "Crimson", "Pale"]
SECOND = ["Lanterns", "Harbours", "Foxes", "Satellites", "Orchards", "Engines", "Rivers", "Parade", "Tides",
          "Choir", "Radio", "Gardens", "Echoes", "Machines", "Sparrows", "Motel", "Kites", "Weather", "Owls", "Signals"]
SONGS = ["Bertha", "Jack Straw", "Sugaree", "Loser", "Deal", "Scarlet Begonias", "Fire On The Mountain", "Eyes Of The World",
         "Drums", "Space", "The Other One", "Wharf Rat", "Morning Dew", "Reba", "Tweezer", "Harry Hood", "Stash", "Ghost",
         "Rebubula", "Meat", "Plane Crash", "Buster", "Moth", "Akimbo", "Kids", "Brent Black"]
VENUES = [("Fillmore East", "New York, NY"), ("Fillmore West", "San Francisco, CA"), ("Red Rocks Amphitheatre", "Morrison, CO"),
          ("Madison Square Garden", "New York, NY"), ("The Capitol Theatre", "Port Chester, NY"), ("Winterland Arena", "San Francisco, CA"),
          ("Hampton Coliseum", "Hampton, VA"), ("Boston Garden", "Boston, MA"), ("The Spectrum", "Philadelphia, PA"),
          ("Greek Theatre", "Berkeley, CA"), ("Alpine Valley Music Theatre", "East Troy, WI"), ("Merriweather Post Pavilion", "Columbia, MD"),
          ("Barton Hall, Cornell University", "Ithaca, NY"), ("Orpheum Theatre", "Boston, MA"), ("The Warfield", "San Francisco, CA"),
          ("Roseland Ballroom", "New York, NY"), ("Nassau Coliseum", "Uniondale, NY"), ("Deer Creek", "Noblesville, IN")]
SOURCES = {
    "sbd": ["Soundboard > Master Reel > DAT > CDR", "SBD -> Dat (44.1k)", "dsbd(pre-FM)>dat"],
    "aud": ["Schoeps MK4's>Rbox>Casio DAR-100 FOB/DFC", "AKG 480/CK61 > V3 > R-09, OTS", "Neumann KM184 > Sonosax > DAT"],
    "mtx": ["Matrix of SBD and AUD (Schoeps) sources", "UltraMatrix SBD > Cassette Master"],
    "fm": ["FM broadcast > Nak 550 > cassette"],
}
TAPERS = ["Charlie Miller", "Rob Bertrando", "Jerry Moore", "Bob Wagner", "Mike Lai", "Scott Clugstone", "Sean Hoey", "unknown"]


def dump(path, obj, indent=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        out.write(json.dumps(obj, ensure_ascii=False, indent=indent, separators=None if indent else (",", ":")))


def slug(text):
    out, dash = "", False
    for ch in text.lower():
        if ch.isascii() and ch.isalnum():
            if dash and out:
                out += "-"
            out, dash = out + ch, False
        elif ch != "'":
            dash = True
    return out


# ---------------------------------------------------------------- news

def sentence(rng, words):
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def paragraph(rng):
    parts = []
    for _ in range(rng.randint(3, 6)):
        s = sentence(rng, rng.randint(8, 18))
        roll = rng.random()
        if roll < 0.2:
            s = s.replace(" the ", " *the* ", 1)
        elif roll < 0.35:
            s = s.replace(" a ", " **a** ", 1)
        elif roll < 0.5:
            s += f" See [the {rng.choice(WORDS)} notes](https://archive.org/details/gd{rng.randint(1966, 1995)}-05-08)."
        elif roll < 0.55:
            s += " It's the \"real\" thing -- honestly..."
        parts.append(s)
    return " ".join(parts)


def post_body(rng, number):
    blocks = []
    while sum(len(b) for b in blocks) < rng.randint(4000, 5800):
        roll = rng.random()
        if roll < 0.12:
            blocks.append(f"{'#' * rng.randint(2, 3)} {sentence(rng, rng.randint(2, 5))[:-1]}")
        elif roll < 0.22:
            blocks.append("\n".join(f"- {sentence(rng, rng.randint(4, 9))}" for _ in range(rng.randint(3, 6))))
        elif roll < 0.28:
            blocks.append("\n".join(f"{i}. {sentence(rng, rng.randint(4, 9))}" for i in range(1, rng.randint(3, 6))))
        elif roll < 0.36:
            blocks.append("> " + paragraph(rng))
        elif roll < 0.42:
            lines = [f"{rng.choice(SONGS)} > {rng.choice(SONGS)}  {rng.randint(3, 25)}:{rng.randint(10, 59)}" for _ in range(rng.randint(3, 7))]
            blocks.append("```\n" + "\n".join(lines) + "\n```")
        elif roll < 0.46:
            blocks.append(f"![{sentence(rng, 3)[:-1]}](/images/show-{number % 40}.jpg \"{rng.choice(SONGS)}\")")
        else:
            blocks.append(paragraph(rng))
    return "\n\n".join(blocks) + "\n"


def write_posts(out, count, seed):
    rng = random.Random(seed * 7 + 1)
    folder = os.path.join(out, "news")
    os.makedirs(folder, exist_ok=True)
    for number in range(count):
        day = BUILD_DATE - dt.timedelta(days=1 + (number * 3650) // max(count, 1))
        title = f"{sentence(rng, rng.randint(3, 7))[:-1]} ({number})"
        tags = ", ".join(rng.sample(TAG_POOL, rng.randint(1, 4)))
        front = (f"---\ntitle: \"{title}\"\ndate: {day.isoformat()}\ntags: [{tags}]\n"
                 f"summary: {sentence(rng, rng.randint(10, 20))}\nauthor: Bench Writer\n---\n\n")
        with open(os.path.join(folder, f"{day.isoformat()}-post-{number}.md"), "w", encoding="utf-8") as f:
            f.write(front + post_body(rng, number))


def write_static(out):
    """The files every site has in static/ and the posts' images name: the layout's favicon and
    show-0.jpg … show-39.jpg (a JPEG header of 1200 × 800 pixels, all the build reads of them),
    so `sitegen check` finds the site whole."""
    folder = os.path.join(out, "static", "images")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(out, "static", "favicon.svg"), "w", encoding="utf-8") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7"/></svg>\n')
    jpeg = bytes([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 800 >> 8, 800 & 0xFF, 1200 >> 8, 1200 & 0xFF,
                  0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9])
    for number in range(40):
        with open(os.path.join(folder, f"show-{number}.jpg"), "wb") as f:
            f.write(jpeg)


# ---------------------------------------------------------------- archive

def artist_plan(scale, seed):
    """(collection, creator, concert count) per artist: one very large artist, a few large, many small."""
    rng = random.Random(seed)
    artists, total = scale["artists"], scale["concerts"]
    if artists == 0:
        return []
    counts = [min(2000, total // 3)] + [min(500, total // 30)] * min(9, artists - 1)
    rest = artists - len(counts)
    left = total - sum(counts)
    counts += [max(1, int(rng.uniform(0.3, 1.7) * left / rest)) for _ in range(rest)] if rest > 0 else []
    plan = []
    for index, count in enumerate(counts):
        name = f"{FIRST[index % 20]} {SECOND[(index // 20) % 20]}" + (f" {index // 400}" if index >= 400 else "")
        plan.append((f"Bench{index:05d}", name, count))
    return plan


def recording_kinds(rng, big):
    count = rng.choice([1] * 20 + [2] * 3 + [3]) if not big else rng.choice([2, 3, 4, 5, 7, 9])
    return [rng.choice(["sbd", "sbd", "aud", "aud", "aud", "mtx", "fm"]) for _ in range(count)]


def item_response(rng, collection, creator, identifier, written, venue, city, kind):
    stream = rng.random() < 0.08
    songs = [(rng.choice(SONGS), round(rng.uniform(180, 1100), 2)) for _ in range(rng.randint(6, 10))]
    files = []
    stem = identifier.split(".")[0]
    for number, (title, seconds) in enumerate(songs, 1):
        original = {"name": f"{stem}t{number:02d}.flac", "source": "original", "format": "Flac", "length": f"{seconds:.2f}",
                    "title": title, "track": f"{number:02d}", "size": str(int(seconds * 88200))}
        if stream:
            original["private"] = "true"
        minutes, rest = divmod(int(seconds), 60)
        mp3 = {"name": f"{stem}t{number:02d}.mp3", "source": "derivative", "format": "VBR MP3", "original": original["name"],
               "length": f"{minutes:02d}:{rest:02d}" if number % 2 else f"{seconds:.2f}", "size": str(int(seconds * 24000))}
        files += [original, mp3]
    metadata = {"identifier": identifier, "mediatype": "etree", "collection": [collection, "etree"] + (["stream_only"] if stream else []),
                "creator": creator, "date": written, "year": written[:4], "title": f"{creator} Live at {venue} on {written}",
                "venue": venue, "coverage": city, "source": rng.choice(SOURCES[kind]), "taper": rng.choice(TAPERS),
                "lineage": rng.choice(["DAT > CDR > EAC > FLAC", "Master > DAT > Sound Forge > FLAC 16"]),
                "description": "Set I: " + ", ".join(t for t, _ in songs[:4]) + "<br />Set II: " + ", ".join(t for t, _ in songs[4:])}
    if rng.random() < 0.05:
        metadata["taper"] = {}                     # quirk: {} for a missing value
    body = {"created": 1751083971, "dir": f"/1/items/{identifier}", "files": files, "files_count": len(files),
            "metadata": metadata, "server": "ia801509.us.archive.org"}
    if rng.random() < 0.15:
        body["reviews"] = [{"reviewtitle": "Great", "reviewbody": "Crisp &amp; clear.<br />Recommended.", "reviewer": "tapeguy",
                            "reviewdate": "2012-05-01 12:00:00", "stars": str(rng.randint(3, 5))} for _ in range(rng.randint(1, 3))]
    return body


def write_artist(job):
    out, seed, (collection, creator, concerts) = job
    rng = random.Random(f"{seed}-{collection}")
    big = concerts >= 500
    rows, used = [], set()
    for concert in range(concerts):
        while True:
            day = dt.date(1965, 1, 1) + dt.timedelta(days=rng.randrange(60 * 365))
            if day not in used:
                used.add(day)
                break
        written = day.isoformat()
        venue, city = rng.choice(VENUES)
        for number, kind in enumerate(recording_kinds(rng, big)):
            identifier = f"{slug(creator)}{written}.{kind}.{rng.choice(TAPERS).split()[0].lower()}.{concert}{number}.flac16"
            row = {"identifier": identifier, "title": f"{creator} Live at {venue} on {written}", "date": f"{written}T00:00:00Z",
                   "venue": venue, "coverage": city, "creator": [creator], "collection": [collection, "etree"],
                   "mediatype": "etree", "downloads": rng.randint(40, 60000), "source": rng.choice(SOURCES[kind])}
            if rng.random() < 0.5:
                row["avg_rating"] = round(rng.uniform(3.2, 5.0), 2)
                row["num_reviews"] = str(rng.randint(1, 40))   # quirk: a number as a string
            rows.append(row)
            dump(os.path.join(out, "archive", collection, "items", identifier + ".json"),
                 item_response(rng, collection, creator, identifier, written, venue, city, kind))
    size = 100
    for page, start in enumerate(range(0, len(rows), size), 1):
        dump(os.path.join(out, "archive", collection, f"search-{page}.json"),
             {"responseHeader": {"status": 0, "QTime": 12, "params": {"query": f"collection:{collection}", "rows": str(size), "page": page}},
              "response": {"numFound": len(rows), "start": start, "docs": rows[start:start + size]}})
    return len(rows)


# ---------------------------------------------------------------- charts

WEEK = 604800
FIRST_FROM = 1108296000   # Sunday 2005-02-13 12:00 UTC, where Last.fm's week list starts


def write_charts(out, scale, seed):
    rng = random.Random(seed * 13 + 5)
    capture = int(dt.datetime(BUILD_DATE.year, BUILD_DATE.month, BUILD_DATE.day, tzinfo=dt.timezone.utc).timestamp())
    albums = [(f"{rng.choice(FIRST)} {rng.choice(SECOND)}", f"{sentence(rng, rng.randint(1, 4))[:-1]} {i}") for i in range(2000)]
    mbids = ["%08x-%04x-4%03x-8%03x-%012x" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12), rng.getrandbits(12),
                                              rng.getrandbits(48)) if rng.random() < 0.8 else "" for _ in albums]
    weeks = [(f, f + WEEK) for f in range(FIRST_FROM, capture - WEEK + 1, WEEK)]
    listeners = []
    for number in range(scale["listeners"]):
        user = f"listener_{number:02d}"
        registered = int(dt.datetime(BUILD_DATE.year - scale["years"], 1, 1, tzinfo=dt.timezone.utc).timestamp()) + number * 86400 * 9
        listeners.append(user)
        base = os.path.join(out, "charts", user)
        dump(os.path.join(base, "weeklychartlist.json"),
             {"weeklychartlist": {"chart": [{"#text": "", "from": str(f), "to": str(t)} for f, t in weeks], "@attr": {"user": user}}})
        dump(os.path.join(base, "user.json"), {"user": {
            "name": user, "realname": f"Listener {number}", "playcount": str(rng.randint(20000, 200000)), "country": "None",
            "url": f"https://www.last.fm/user/{user}", "image": [{"#text": "", "size": s} for s in ("small", "medium", "large")],
            "registered": {"unixtime": str(registered), "#text": registered}, "type": "user"}})
        pool = rng.sample(range(len(albums)), 300)
        current = rng.sample(pool, 15)
        for start, end in weeks:
            attr = {"user": user, "from": str(start), "to": str(end)}
            path = os.path.join(base, "weeks", f"{start}-{end}.json")
            if end <= registered:
                if rng.random() < 0.1:
                    dump(path, {"weeklyalbumchart": {"@attr": attr}})   # before registration: no album key
                continue
            for _ in range(rng.randint(1, 5)):
                current.pop(rng.randrange(len(current)))
            while len(current) < rng.randint(10, 20):
                pick = rng.choice(pool)
                if pick not in current:
                    current.append(pick)
            plays = sorted(((max(1, int(rng.expovariate(0.15))), index) for index in current), reverse=True)
            entries = [{"artist": {"mbid": "", "#text": albums[i][0]}, "@attr": {"rank": str(rank)}, "mbid": mbids[i],
                        "playcount": str(count), "name": albums[i][1], "url": "https://www.last.fm/music/x"}
                       for rank, (count, i) in enumerate(plays, 1)]
            dump(path, {"weeklyalbumchart": {"album": entries, "@attr": attr}})
    for index in range(0, len(albums), 3 if scale["listeners"] > 3 else 40):
        artist, album = albums[index]
        key = mbids[index] or f"{slug(artist)}--{slug(album)}"
        art = "" if index % 10 == 0 else f"https://lastfm.freetls.fastly.net/i/u/300x300/{index:032x}.jpg"
        dump(os.path.join(out, "charts", "albums", key + ".json"), {"album": {
            "name": album, "artist": artist, "mbid": mbids[index], "url": "https://www.last.fm/music/x",
            "image": [{"#text": art, "size": s} for s in ("small", "medium", "large", "extralarge")],
            "tags": "", "listeners": str(rng.randint(100, 90000))}})
    return listeners


# ---------------------------------------------------------------- events

def write_events(out, scale, seed):
    rng = random.Random(seed * 17 + 3)
    metros = []
    for number in range(scale["metros"]):
        metro_id = 20000 + number * 37
        name = f"{FIRST[number % 20]} City {number}"
        lat, lng = round(rng.uniform(-50, 60), 5), round(rng.uniform(-120, 140), 5)
        metros.append((metro_id, name, lat, lng))
        area = {"displayName": name, "country": {"displayName": "US"}, "id": metro_id,
                "uri": f"https://www.songkick.com/metro-areas/{metro_id}-{slug(name)}"}
        venues = [(f"{rng.choice(FIRST)} Hall {v}", metro_id * 10 + v) for v in range(12)]
        events = []
        for e in range(scale["events"]):
            eid = metro_id * 1000 + e
            day = BUILD_DATE + dt.timedelta(days=rng.randint(0, 85))
            time = rng.choice(["19:00", "19:30", "20:00", "21:00", None])
            names = [f"{rng.choice(FIRST)} {rng.choice(SECOND)}" for _ in range(rng.choice([1, 1, 2, 3]))]
            performance = [{"id": eid * 10 + i, "displayName": n, "billing": "headline" if i == 0 else "support", "billingIndex": i + 1,
                            "artist": {"id": eid * 10 + i, "displayName": n, "uri": f"https://www.songkick.com/artists/{eid * 10 + i}-{slug(n)}",
                                       "identifier": []}} for i, n in enumerate(names)]
            venue, vid = rng.choice(venues)
            status = "cancelled" if e % 97 == 5 else "postponed" if e % 89 == 7 else "ok"
            title = f"{names[0]} at {venue} ({day.isoformat()})" + (f" ({status.upper()})" if status != "ok" else "")
            start = {"date": day.isoformat(), "time": None, "datetime": None}
            if time:
                start = {"date": day.isoformat(), "time": time + ":00", "datetime": f"{day.isoformat()}T{time}:00-0500"}
            events.append({"id": eid, "displayName": title, "type": "Concert", "status": status, "popularity": 0.01,
                           "uri": f"https://www.songkick.com/concerts/{eid}-{slug(names[0])}", "start": start, "performance": performance,
                           "venue": {"id": vid, "displayName": venue, "uri": f"https://www.songkick.com/venues/{vid}", "metroArea": area,
                                     "lat": lat + rng.uniform(-0.05, 0.05), "lng": lng + rng.uniform(-0.05, 0.05)},
                           "location": {"city": f"{name}, US", "lat": lat, "lng": lng}})
        events.sort(key=lambda ev: (ev["start"]["date"], ev["start"]["time"] or "99", ev["id"]))
        per_page = 50
        for page, first in enumerate(range(0, len(events), per_page), 1):
            dump(os.path.join(out, "events", str(metro_id), f"calendar-{page}.json"),
                 {"resultsPage": {"status": "ok", "results": {"event": events[first:first + per_page]}, "perPage": per_page,
                                  "page": page, "totalEntries": len(events)}}, indent=2)
    return metros


# ---------------------------------------------------------------- site.yml

def site_yml(scale, listeners, metros):
    lines = ["title: sitegen benchmark", "description: Generated content for timing builds.",
             "base_url: https://example.org/", "language: en", "time_zone: UTC", "author: Bench Writer", "",
             "news:", "  page_size: 20", "  feed_size: 20", ""]
    if scale["artists"]:
        lines += ["archive:", "  year_order: newest_first", "  year_pages_over: 300", ""]
    if listeners:
        lines += ["charts:", "  min_plays: 1", "  listeners:"] + [f"    - user: {u}" for u in listeners] + [""]
    if metros:
        lines += ["events:", "  horizon_days: 90", "  preview_count: 5", "  metros:"]
        lines += [f"    - {{id: {m}, name: {n}, slug: {slug(n)}, lat: {lat}, lng: {lng}}}" for m, n, lat, lng in metros]
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", choices=sorted(SCALES), required=True)
    parser.add_argument("--out", required=True, help="the Content folder to write (replaced)")
    parser.add_argument("--seed", type=int, default=20261122)
    args = parser.parse_args()
    scale = SCALES[args.scale]
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(args.out)
    plan = artist_plan(scale, args.seed)
    with multiprocessing.Pool() as pool:
        jobs = [(args.out, args.seed, artist) for artist in plan]
        pending = pool.map_async(write_artist, jobs, chunksize=max(1, len(jobs) // 64))
        write_posts(args.out, scale["posts"], args.seed)
        write_static(args.out)
        listeners = write_charts(args.out, scale, args.seed)
        metros = write_events(args.out, scale, args.seed)
        recordings = sum(pending.get())
    with open(os.path.join(args.out, "site.yml"), "w", encoding="utf-8") as f:
        f.write(site_yml(scale, listeners, metros))
    print(f"{args.scale}: {len(plan)} artists, {recordings} recordings, {len(listeners)} listeners, "
          f"{len(metros)} cities, {scale['posts']} posts -> {args.out}")


if __name__ == "__main__":
    main()
