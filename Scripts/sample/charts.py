#!/usr/bin/env python3
"""Writes the sample Last.fm cache under Content/charts/ (formats.md section B), seeded so
the bytes are the same on every run. Python 3 standard library only.

    python3 Scripts/sample/charts.py            # from the repository root

Three made-up listeners with real artists and albums. Around every "N years ago" of the build
date 2026-11-22 (and a few other weeks) their weekly album charts are cached in the real
response shapes, with the quirks a reader must survive: strings for numbers (and numbers in
2024-era files), one week with a single album as an object, an empty week, a week from before
registration without an `album` key, a cached error body, a listed week left uncached,
`mbid == ""`, escaped slashes, album.getInfo files with empty images or the placeholder star,
`"tags": ""`, a missing `tracks` key, a single track as an object.
"""
import datetime as dt
import json
import os
import random
import shutil
import unicodedata

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Content", "charts")
BUILD_DATE = dt.date(2026, 11, 22)
FIRST_FROM = 1108296000           # Sun 2005-02-13 12:00 UTC, the start of Last.fm's global list
WEEK = 604800
CAPTURE = 1795359600              # 2026-11-22 15:00 UTC: the list ends at that Sunday 12:00 UTC
PLACEHOLDER = "2a96cbd8b46e442fc41c2b86b821562f"
IMG = "https://lastfm.freetls.fastly.net/i/u/{size}/{hash}.{ext}"

rng = random.Random(20261122)

ALBUMS = [
    ("Radiohead", "In Rainbows"), ("Radiohead", "OK Computer"), ("Radiohead", "Kid A"),
    ("Sigur Rós", "Ágætis byrjun"), ("Sigur Rós", "( )"), ("Godspeed You! Black Emperor", "Lift Your Skinny Fists Like Antennas to Heaven"),
    ("Grateful Dead", "American Beauty"), ("Grateful Dead", "Workingman's Dead"), ("Grateful Dead", "Europe '72"),
    ("Phish", "A Live One"), ("Phish", "Billy Breathes"), ("The National", "Boxer"), ("The National", "High Violet"),
    ("Bon Iver", "For Emma, Forever Ago"), ("Bon Iver", "22, A Million"), ("Fleet Foxes", "Fleet Foxes"),
    ("Fleet Foxes", "Helplessness Blues"), ("Arcade Fire", "Funeral"), ("Arcade Fire", "The Suburbs"),
    ("LCD Soundsystem", "Sound of Silver"), ("LCD Soundsystem", "This Is Happening"), ("Beach House", "Teen Dream"),
    ("Beach House", "Bloom"), ("Explosions in the Sky", "The Earth Is Not a Cold Dead Place"), ("Wilco", "Yankee Hotel Foxtrot"),
    ("Wilco", "Sky Blue Sky"), ("PUP", "Live at The Electric Ballroom"), ("PUP", "The Dream Is Over"),
    ("Paramore", "Paramore"), ("Paramore", "After Laughter"), ("Kendrick Lamar", "To Pimp a Butterfly"),
    ("Kendrick Lamar", "good kid, m.A.A.d city"), ("Frank Ocean", "Blonde"), ("Frank Ocean", "channel ORANGE"),
    ("Tame Impala", "Currents"), ("Tame Impala", "Lonerism"), ("Big Thief", "Two Hands"),
    ("Big Thief", "Dragon New Warm Mountain I Believe in You"), ("Phoebe Bridgers", "Punisher"), ("Phoebe Bridgers", "Stranger in the Alps"),
    ("Mitski", "Be the Cowboy"), ("Japanese Breakfast", "Jubilee"), ("Khruangbin", "Con Todo El Mundo"),
    ("Goose", "Dripfield"), ("King Gizzard & The Lizard Wizard", "Nonagon Infinity"), ("King Gizzard & The Lizard Wizard", "Flying Microtonal Banana"),
    ("Billy Strings", "Home"), ("Billy Strings", "Me/And/Dad"), ("Nova Charisma", "Exposition I"),
    ("Caroline Polachek", "Desire, I Want to Turn Into You"), ("boygenius", "the record"), ("Jason Isbell and the 400 Unit", "Reunions"),
    ("Sufjan Stevens", "Carrie & Lowell"), ("Sufjan Stevens", "Illinois"), ("The War on Drugs", "Lost in the Dream"),
    ("The War on Drugs", "A Deeper Understanding"), ("Vampire Weekend", "Modern Vampires of the City"), ("Interpol", "Turn On the Bright Lights"),
    ("The Strokes", "Is This It"), ("Spoon", "Ga Ga Ga Ga Ga"), ("My Morning Jacket", "Z"), ("Widespread Panic", "Light Fuse, Get Away"),
    ("Tedeschi Trucks Band", "Revelator"), ("Allman Brothers Band", "At Fillmore East"), ("Nick Drake", "Pink Moon"),
    ("Joni Mitchell", "Blue"), ("Fleetwood Mac", "Rumours"), ("Talking Heads", "Remain in Light"),
]

LISTENERS = [
    {"user": "deadhead_mara", "realname": "Mara Lindqvist", "country": "Sweden", "registered": 1173711600,
     "playcount": 148213, "era": 2020, "avatar": "photo", "pool": range(0, 68, 1), "favourites": [6, 7, 8, 9, 10, 3, 4, 61, 62, 63]},
    {"user": "vinyl_jonas", "realname": "", "country": "Germany", "registered": 1339502400,
     "playcount": 63120, "era": 2020, "avatar": "none", "pool": range(0, 68, 2), "favourites": [0, 2, 12, 18, 22, 34, 54, 56]},
    {"user": "tapehead77", "realname": "Sam", "country": "None", "registered": 1550404800,
     "playcount": 20877, "era": 2024, "avatar": "placeholder", "pool": range(1, 68, 2), "favourites": [27, 29, 31, 33, 37, 39, 41, 47, 49]},
]


def slug(text):
    """The same as sitegen's Slug.make: folded, lowercase ASCII letters and digits joined by '-'."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()
    out, dash = "", False
    for c in folded:
        if c.isascii() and c.isalnum():
            if dash and out:
                out += "-"
            dash = False
            out += c
        elif c in "'\u2019":
            continue
        else:
            dash = True
    return out


def album_slug(artist, album):
    def part(text):
        s = slug(text)
        return s if s else "x" + text.lower().encode("utf-8")[:40].hex()
    return part(artist) + "--" + part(album)


def hexhash():
    return "%032x" % rng.getrandbits(128)


def uuid():
    h = hexhash()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def lastfm_url(*parts):
    from urllib.parse import quote_plus
    return "https://www.last.fm/music/" + "/".join(quote_plus(p) for p in parts)


def images(kind, sizes=("small", "medium", "large", "extralarge", "mega", "")):
    paths = {"small": "34s", "medium": "64s", "large": "174s", "extralarge": "300x300", "mega": "300x300", "": "300x300"}
    h = PLACEHOLDER if kind == "placeholder" else hexhash()
    ext = "png" if kind == "placeholder" or rng.random() < 0.5 else "jpg"
    out = []
    for size in sizes:
        url = "" if kind == "none" else IMG.format(size=paths[size], hash=h, ext=ext)
        out.append({"#text": url, "size": size})
    return out


def write(path, obj, escape_slashes=False):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    if escape_slashes:
        text = text.replace("/", "\\/")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


# Album identities: most have an mbid, some have "" (their cache file is named by slug).
META = []
for artist, album in ALBUMS:
    META.append({"artist": artist, "album": album, "mbid": uuid() if rng.random() < 0.8 else "",
                 "artist_mbid": uuid() if rng.random() < 0.7 else ""})


def week_of(instant):
    return FIRST_FROM + (instant - FIRST_FROM) // WEEK * WEEK


def chart_entries(listener, picks):
    """Ranked entries from (album index, plays), ranks 1..N without gaps even for ties."""
    picks.sort(key=lambda p: (-p[1], META[p[0]]["artist"].lower(), META[p[0]]["album"].lower()))
    entries = []
    for rank, (index, plays) in enumerate(picks, 1):
        m = META[index]
        entries.append({"artist": {"mbid": m["artist_mbid"], "#text": m["artist"]}, "@attr": {"rank": str(rank)},
                        "mbid": m["mbid"], "playcount": str(plays), "name": m["album"],
                        "url": lastfm_url(m["artist"], m["album"])})
    return entries


def main():
    if os.path.isdir(ROOT):
        shutil.rmtree(ROOT)
    chart_list = [{"#text": "", "from": str(f), "to": str(f + WEEK)}
                  for f in range(FIRST_FROM, CAPTURE - WEEK + 1, WEEK) if f + WEEK <= CAPTURE]
    used_albums = set()
    for number, listener in enumerate(LISTENERS):
        user = listener["user"]
        base = os.path.join(ROOT, user)
        write(os.path.join(base, "weeklychartlist.json"), {"weeklychartlist": {"chart": chart_list, "@attr": {"user": user}}},
              escape_slashes=False)

        # The weeks to cache: around each N years ago (the target week, two before, one after),
        # back to the first full year after registration, plus a few weeks elsewhere.
        weeks = set()
        reg_year = dt.datetime.fromtimestamp(listener["registered"], dt.timezone.utc).year
        for n in range(1, BUILD_DATE.year - reg_year + 1):
            target = int(dt.datetime(BUILD_DATE.year - n, 11, 22, tzinfo=dt.timezone.utc).timestamp())
            start = week_of(target)
            weeks.update(start + k * WEEK for k in (-2, -1, 0, 1))
        for _ in range(6):
            weeks.add(week_of(rng.randrange(listener["registered"], CAPTURE - 2 * WEEK)))
        skipped = None
        if user == "vinyl_jonas":
            # A listed week left uncached: 4 years ago shows "not cached" and how to fetch it.
            skipped = week_of(int(dt.datetime(2022, 11, 22, tzinfo=dt.timezone.utc).timestamp()))
            weeks.discard(skipped)
        if user == "tapehead77":
            # One week from before registration (old-style empty response without `album`).
            weeks.add(week_of(int(dt.datetime(2018, 11, 22, tzinfo=dt.timezone.utc).timestamp())))

        favourites = list(listener["favourites"])
        pool = list(listener["pool"])
        current = rng.sample(pool, 12)
        for start in sorted(weeks):
            end = start + WEEK
            path = os.path.join(base, "weeks", "%d-%d.json" % (start, end))
            attr = {"user": user, "from": str(start), "to": str(end)}
            if start + WEEK <= listener["registered"]:
                write(path, {"weeklyalbumchart": {"@attr": attr}})
                continue
            if user == "deadhead_mara" and start == week_of(int(dt.datetime(2021, 11, 22, tzinfo=dt.timezone.utc).timestamp())):
                write(path, {"error": 8, "message": "Operation failed - Most likely the backend service failed. Please try again.", "links": []})
                continue
            if user == "vinyl_jonas" and start == week_of(int(dt.datetime(2023, 11, 22, tzinfo=dt.timezone.utc).timestamp())):
                write(path, {"weeklyalbumchart": {"album": [], "@attr": attr}})   # on holiday: no plays
                continue
            if user == "tapehead77" and start == week_of(int(dt.datetime(2020, 11, 22, tzinfo=dt.timezone.utc).timestamp())):
                single = chart_entries(listener, [(favourites[0], 31)])[0]
                used_albums.add(favourites[0])
                write(path, {"weeklyalbumchart": {"album": single, "@attr": attr}})
                continue
            # Drift: a few albums leave and arrive each week; favourites come back now and then.
            for _ in range(rng.randint(1, 4)):
                current.pop(rng.randrange(len(current)))
            while len(current) < rng.randint(9, 16):
                choice = rng.choice(favourites) if rng.random() < 0.4 else rng.choice(pool)
                if choice not in current:
                    current.append(choice)
            picks = []
            for index in current:
                weight = 3 if index in favourites else 1
                plays = max(1, int(rng.expovariate(1 / (4 * weight))) + 1)
                picks.append((index, plays))
            if rng.random() < 0.5 and len(picks) > 3:      # a tie in the middle of the chart
                picks[2] = (picks[2][0], picks[1][1])
            used_albums.update(i for i, _ in picks)
            entries = chart_entries(listener, picks)
            if listener["era"] == 2024 and rng.random() < 0.5:
                for e in entries:                         # 2024-era numbers
                    e["@attr"]["rank"] = int(e["@attr"]["rank"])
            write(path, {"weeklyalbumchart": {"album": entries, "@attr": attr}},
                  escape_slashes=(listener["era"] == 2020 and start < 1600000000))

        regs = listener["registered"]
        profile = {"playlists": "0", "playcount": str(listener["playcount"]), "gender": "n", "name": user, "subscriber": "0",
                   "url": "https://www.last.fm/user/" + user, "country": listener["country"],
                   "image": images(listener["avatar"], ("small", "medium", "large", "extralarge")),
                   "registered": {"unixtime": str(regs), "#text": regs}, "type": "user", "age": "0", "bootstrap": "0",
                   "realname": listener["realname"]}
        if listener["era"] == 2024:
            profile.update({"artist_count": "412", "track_count": "5120", "album_count": "930"})
        write(os.path.join(base, "user.json"), {"user": profile}, escape_slashes=(listener["era"] == 2020))

        def friend(name, reg):
            when = dt.datetime.fromtimestamp(reg, dt.timezone.utc).strftime("%Y-%m-%d %H:%M")
            return {"playlists": "0", "playcount": "0", "subscriber": "0", "name": name, "country": "None",
                    "image": images("none", ("small", "medium", "large", "extralarge")),
                    "registered": {"unixtime": str(reg), "#text": when}, "url": "https://www.last.fm/user/" + name,
                    "realname": "", "bootstrap": "0", "type": "user"}
        others = [l for l in LISTENERS if l is not listener]
        if user == "deadhead_mara":
            friends = [friend(l["user"], l["registered"]) for l in others] + [friend("kettle_drum", 1262304000), friend("owlbear", 1420070400)]
            write(os.path.join(base, "friends.json"), {"friends": {"user": friends, "@attr": {
                "page": "1", "perPage": "500", "user": user, "total": str(len(friends)), "totalPages": "1"}}})
        elif user == "vinyl_jonas":
            one = friend("deadhead_mara", LISTENERS[0]["registered"])     # one friend: an object, not a list
            write(os.path.join(base, "friends.json"), {"friends": {"user": one, "@attr": {
                "page": "1", "perPage": "500", "user": user, "total": "1", "totalPages": "1"}}})

    # album.getInfo for most charted albums; keyed by mbid, or by artist--album slug.
    for index in sorted(used_albums):
        if rng.random() < 0.12:
            continue                                      # not fetched yet: shown without art
        m = META[index]
        key = m["mbid"] if m["mbid"] else album_slug(m["artist"], m["album"])
        roll = rng.random()
        kind = "none" if roll < 0.1 else "placeholder" if roll < 0.18 else "art"
        modern = rng.random() < 0.4
        tracks = [{"name": "Track %d" % (t + 1), "url": lastfm_url(m["artist"], "_", "Track %d" % (t + 1)),
                   "duration": (None if modern and t == 0 else (rng.randint(120, 420) if modern else str(rng.randint(120, 420)))),
                   "@attr": {"rank": (t + 1) if modern else str(t + 1)}, "streamable": {"#text": "0", "fulltrack": "0"},
                   "artist": {"name": m["artist"], "mbid": m["artist_mbid"], "url": lastfm_url(m["artist"])}}
                  for t in range(rng.randint(1, 11))]
        tags = [{"name": t, "url": "https://www.last.fm/tag/" + t.replace(" ", "+")}
                for t in rng.sample(["indie", "rock", "jam band", "folk", "psychedelic", "live", "americana", "electronic", "post-rock", "hip-hop"], rng.randint(0, 4))]
        album = {"name": m["album"], "artist": m["artist"], "mbid": m["mbid"], "url": lastfm_url(m["artist"], m["album"]),
                 "image": images(kind), "listeners": str(rng.randint(2000, 900000)), "playcount": str(rng.randint(20000, 30000000))}
        if modern:
            album["userplaycount"] = rng.randint(0, 400)
        else:
            album["userplaycount"] = str(rng.randint(0, 400))
        if len(tracks) == 1:
            album["tracks"] = {"track": tracks[0]}        # a single track: an object
        elif rng.random() < 0.9:
            album["tracks"] = {"track": tracks}           # otherwise no `tracks` key at all
        album["tags"] = {"tag": tags if len(tags) != 1 else tags[0]} if tags else ""
        if rng.random() < 0.5:
            url = lastfm_url(m["artist"], m["album"])
            album["wiki"] = {"published": "06 Oct 2008, 13:22",
                             "summary": "%s is an album by %s. <a href=\"%s\">Read more on Last.fm</a>" % (m["album"], m["artist"], url),
                             "content": "%s is an album by %s." % (m["album"], m["artist"])}
        write(os.path.join(ROOT, "albums", key + ".json"), {"album": album}, escape_slashes=not modern and rng.random() < 0.3)


if __name__ == "__main__":
    main()
