#!/usr/bin/env python3
"""Writes the sample Live Music Archive cache under Content/archive/: search pages and item
metadata responses in archive.org's real shapes and quirks (see shared/formats.md section A).

Concert dates and venues are real shows; identifiers, tapers, download counts, track lengths
and reviews are made up for the sample. Seeded, so every run writes the same bytes:

    python3 Scripts/sample/archive.py            # from the repository root
"""
import json
import os
import random

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Content", "archive")
rng = random.Random(19770508)


def dump(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(obj, separators=(",", ":"), ensure_ascii=False))


SONGS = {
    "Grateful Dead": ["Bertha", "Jack Straw", "Sugaree", "Loser", "Tennessee Jed", "Deal", "Brown-Eyed Women",
                      "Looks Like Rain", "Scarlet Begonias", "Fire On The Mountain", "Estimated Prophet", "Eyes Of The World",
                      "Drums", "Space", "The Other One", "Wharf Rat", "Sugar Magnolia", "Morning Dew", "U.S. Blues"],
    "Phish": ["Chalk Dust Torture", "Divided Sky", "Reba", "Bathtub Gin", "Tweezer", "Harry Hood", "You Enjoy Myself",
              "Mike's Song", "I Am Hydrogen", "Weekapaug Groove", "Stash", "Ghost", "Slave To The Traffic Light", "Tweezer Reprise"],
    "moe.": ["Rebubula", "Meat", "Plane Crash", "Timmy Tucker", "Buster", "Recreational Chemistry", "Moth", "Akimbo",
             "Captain America", "Kids", "Spine Of A Dog", "Brent Black"],
}

# (collection, date as written in the data, venue, city, [recording specs]); a recording spec is
# (identifier, type word for the source, taper, options). Options: item (has an item file),
# stream (stream-only), legacy (old details shape), arrays (metadata values as arrays), reviews.
SBD, AUD, MTX, FM, UNK = "sbd", "aud", "mtx", "fm", "unknown"
SOURCES = {
    SBD: ["Soundboard > Master Reel > DAT > CDR", "SBD -> Dat (44.1k)", "dsbd(pre-FM)>dat", "SBD > Cassette Master (TDK SA-X)"],
    AUD: ["Schoeps MK4's>Rbox>Casio DAR-100 FOB/DFC", "AKG 480/CK61 > V3 > R-09, OTS", "Neumann KM184 > Sonosax > DAT",
          "Sonic Studios DSM > Sony D6 > Master Cassette", "Audience: Nak 300 > D5"],
    MTX: ["Matrix of SBD and AUD (Schoeps) sources", "UltraMatrix SBD > Cassette Master", "3 source matrix from mix of audience and soundboard"],
    FM: ["FM broadcast > Nak 550 > cassette", "KSAN FM broadcast > reel > DAT"],
    UNK: ["Master Reel > DAT > CDR", "unknown generation cassette > CD"],
}
TAPERS = ["Charlie Miller", "Rob Bertrando", "Dan Healy", "Jerry Moore", "Bob Wagner", "Mike Lai", "Scott Clugstone",
          "Sean Hoey", "Jack Gardner", "Chris Kapusta", "unknown"]


def rec(identifier, kind, **options):
    return (identifier, kind, options)


SHOWS = [
    ("GratefulDead", "1966-00-00", "", "", [rec("gd1966-xx-xx.sbd.studio.81259.flac16", SBD, item=True, note="Undated studio reels")]),
    ("GratefulDead", "1967-01-14", "Polo Field, Golden Gate Park", "San Francisco, CA", [
        rec("gd1967-01-14.aud.humanbein.5021.shnf", AUD, item=True), rec("gd1967-01-14.sbd.bear.5022.shnf", SBD)]),
    ("GratefulDead", "1967-01-14", "Fillmore Auditorium", "San Francisco, CA", [rec("gd1967-01-14.sbd.fillmore.9911.flac16", SBD, item=True)]),
    ("GratefulDead", "1969-02-28", "Fillmore West", "San Francisco, CA", [
        rec("gd1969-02-28.sbd.bear.1215.shnf", SBD, item=True, reviews=3), rec("gd1969-02-28.sbd.miller.97373.flac16", SBD, item=True, stream=True),
        rec("gd69-02-28.aud.unknown.7734.sbefail.shnf", AUD)]),
    ("GratefulDead", "1970-02-14", "Fillmore East", "New York, NY", [
        rec("gd1970-02-14.early.sbd.cotsman.18260.sbeok.shnf", SBD, item=True, venue="The Fillmore East"),
        rec("gd1970-02-14.late.sbd.miller.88620.flac16", SBD, item=True, venue="Fillmore East, New York", stream=True),
        rec("gd70-02-14.aud.vernon.1440.shnf", AUD)]),
    ("GratefulDead", "1971-04-29", "Fillmore East", "New York, NY", [
        rec("gd1971-04-29.28342.shnf", UNK, item=True), rec("gd1971-04-29.sbd.hollister.2412.sbeok.shnf", SBD)]),
    ("GratefulDead", "1972-05-11", "Rotterdam Civic Hall", "Rotterdam, Netherlands", [
        rec("gd1972-05-11.sbd.miller.30852.flac16", SBD, item=True, stream=True, reviews=2), rec("gd72-05-11.mtx.seamons.1133.shnf", MTX, item=True)]),
    ("GratefulDead", "1972-08-27", "Old Renaissance Faire Grounds", "Veneta, OR", [
        rec("gd1972-08-27.sbd.orf.3328.sbeok.shnf", SBD, item=True, reviews=4), rec("gd1972-08-27.fm.ksan.4410.flac16", FM, item=True),
        rec("gd72-08-27.aud.field.77.shnf", AUD), rec("gd1972-08-27.mtx.seamons.112233.flac16", MTX, item=True),
        rec("gd1972-08-27.sbd.miller.11999.flac24", SBD, item=True, stream=True)]),
    ("GratefulDead", "1972-11-22", "Austin Municipal Auditorium", "Austin, TX", [
        rec("gd1972-11-22.sbd.hollister.4811.sbeok.shnf", SBD, item=True, reviews=1), rec("gd72-11-22.aud.dodd.3902.shnf", AUD)]),
    ("GratefulDead", "1973-06-10", "RFK Stadium", "Washington, DC", [
        rec("gd1973-06-10.fm.vernon.5511.flac16", FM, item=True, arrays=True), rec("gd1973-06-10.sbd.hicks.2320.shnf", SBD),
        rec("gd73-06-10.aud.pugh.818.shnf", AUD)]),
    ("GratefulDead", "1977-05-08", "Barton Hall, Cornell University", "Ithaca, NY", [
        rec("gd77-05-08.sbd.hicks.4982.sbeok.shnf", SBD, item=True, reviews=5, zeroed=True),
        rec("gd1977-05-08.shure57.stevenson.29303.flac16", AUD, item=True, reviews=2),
        rec("gd1977-05-08.mtx.dusborne.32690.flac16", MTX, item=True), rec("gd1977-05-08.sbd.miller.89401.flac16", SBD, item=True, stream=True),
        rec("gd77-05-08.aud.ladner.8811.sbefix.shnf", AUD), rec("gd1977-05-08.fm.wnew.2112.flac16", FM)]),
    ("GratefulDead", "1977-05-09", "War Memorial Auditorium", "Buffalo, NY", [
        rec("gd1977-05-09.sbd.hicks.4983.sbeok.shnf", SBD, item=True), rec("gd1977-05-09.aud.wise.1010.flac16", AUD)]),
    ("GratefulDead", "1989-07-07", "JFK Stadium", "Philadelphia, PA", [
        rec("gd1989-07-07.sbd.miller.5544.flac16", SBD, item=True, stream=True), rec("gd1989-07-07.aud.wagner.2299.flac16", AUD, item=True)]),
    ("GratefulDead", "1990-03-29", "Nassau Veterans Memorial Coliseum", "Uniondale, NY", [
        rec("gd1990-03-29.sbd.miller.9192.flac16", SBD, item=True, reviews=3), rec("gd1990-03-29.aud.moore.1290.flac16", AUD),
        rec("gd1990-03-29.mtx.hanno.3001.flac16", MTX)]),
    ("GratefulDead", "1990-04-03", "The Omni", "Atlanta, GA", [
        rec("gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644", MTX, item=True, stream=True, reviews=2),
        rec("gd1990-04-03.sbd.miller.3890.flac16", SBD, item=True, venue="Omni"), rec("gd1990-04-03.aud.bertrando.2211.flac16", AUD, item=True),
        rec("gd1990-04-03.aud.lai.3312.flac16", AUD), rec("gd90-04-03.sbd.clugstone.777.sbeok.shnf", SBD)]),
    ("GratefulDead", "1995-07-09", "Soldier Field", "Chicago, IL", [
        rec("gd1995-07-09.schoeps.wklitz.95444.flac1648", AUD, item=True, source="Schoeps MK4's>Rbox>Casio DAR-100 FOB/DFC"),
        rec("gd1995-07-09.sbd.miller.114369.flac16", SBD, item=True, stream=True, source="SBD -> Dat (44.1k)", reviews=2),
        rec("gd1995-07-09.schoeps.wklitz.95445.flac16", AUD, source="Schoeps MK4's>Rbox>Casio DAR-100 FOB/DFC"),
        rec("gd1995-07-09.sbd.gardner.4091.shnf", SBD, item=True, source="dsbd(pre-FM)>dat"),
        rec("gd95-07-09.sbd.7233.sbeok.shnf", SBD, source="Soundboard"),
        rec("gd1995-07-09.aud.mahoney.86405.flac16", AUD, source="? > Patch > Sony D6 > Master Cassette"),
        rec("gd1995-07-09.147058.walsh.suraci.at835.flac24", AUD, source="Source: Audio Technica 835b>Sony D5 Location: OTS, Stand at 9 feet"),
        rec("gd1995-07-09.127735.nick.flac16", MTX, item=True, source="3 source matrix from mix of audience source id 95445, soundboard source id 114369, and audience source id 86405"),
        rec("gd1995-07-09.134130.oade-micro-mics.flac1648", AUD, source="flac16/48kHz ; recording info: Oade Micro Mics > DAT Master @ 16bit/48kHz -23rd Row")]),
    ("Phish", "1993-08-13", "Murat Theatre", "Indianapolis, IN", [
        rec("ph1993-08-13.aud.gardner.1182.flac16", AUD, item=True, reviews=3), rec("ph1993-08-13.aud.lai.1183.flac16", AUD),
        rec("phish1993-08-13.mtx.hanno.7712.flac16", MTX, item=True)]),
    ("Phish", "1994-12-30", "Madison Square Garden", "New York, NY", [
        rec("ph1994-12-30.aud.kapusta.2211.flac16", AUD, item=True, legacy=True), rec("ph1994-12-30.aud.hoey.2212.flac16", AUD)]),
    ("Phish", "1995-12-31", "Madison Square Garden", "New York, NY", [
        rec("ph1995-12-31.aud.kapusta.3001.flac16", AUD, item=True, reviews=2), rec("ph1995-12-31.aud.hoey.3002.flac16", AUD),
        rec("ph1995-12-31.mtx.hanno.3003.flac16", MTX), rec("ph1995-12-31.aud.gardner.3004.flac16", AUD, item=True),
        rec("ph1995-12-31.aud.lai.3005.flac16", AUD)]),
    ("Phish", "1997-11-17", "McNichols Arena", "Denver, CO", [rec("ph1997-11-17.aud.hoey.4101.flac16", AUD, item=True)]),
    ("Phish", "1997-11-22", "Hampton Coliseum", "Hampton, VA", [
        rec("ph1997-11-22.aud.gardner.4201.flac16", AUD, item=True, reviews=4), rec("ph1997-11-22.aud.kapusta.4202.flac16", AUD, item=True),
        rec("ph1997-11-22.mtx.hanno.4203.flac16", MTX, item=True), rec("ph1997-11-22.aud.hoey.4204.flac16", AUD),
        rec("ph1997-11-22.aud.lai.4205.flac16", AUD), rec("ph97-11-22.aud.unknown.4206.shnf", AUD)]),
    ("Phish", "1997-11-23", "Hampton Coliseum", "Hampton, VA", [
        rec("ph1997-11-23.aud.gardner.4301.flac16", AUD, item=True), rec("ph1997-11-23.aud.hoey.4302.flac16", AUD)]),
    ("Phish", "1998-11-02", "E Centre", "Camden, NJ", [rec("ph1998-11-02.aud.lai.5101.flac16", AUD, item=True)]),
    ("Phish", "1999-12-31", "Big Cypress Seminole Reservation", "Big Cypress, FL", [
        rec("ph1999-12-31.aud.gardner.6101.flac16", AUD, item=True, reviews=3), rec("ph1999-12-31.aud.kapusta.6102.flac16", AUD),
        rec("ph1999-12-31.mtx.hanno.6103.flac16", MTX)]),
    ("Phish", "2003-02-28", "Nassau Veterans Memorial Coliseum", "Uniondale, NY", [rec("ph2003-02-28.aud.hoey.7101.flac16", AUD, item=True)]),
    ("moe", "1998-11-22", "Wetlands Preserve", "New York, NY", [
        rec("moe1998-11-22.sbd.flac16", SBD, item=True, reviews=2), rec("moe1998-11-22.aud.flac16", AUD)]),
    ("moe", "2001-12-31", "Roseland Ballroom", "New York, NY", [
        rec("moe2001-12-31.sbd.flac16", SBD, item=True), rec("moe2001-12-31.aud.neumann.flac16", AUD, item=True)]),
    ("moe", "2004-20-11", "Orpheum Theatre", "Boston, MA", [rec("moe.fall.tour.night.three.aud.flac16", AUD, item=True, reviews=1)]),
    ("moe", "2005-07-01", "Snow Ridge Ski Resort", "Turin, NY", [
        rec("moe2005-07-01.sbd.flac16", SBD, item=True), rec("moe2005-07-01.mtx.flac16", MTX), rec("moe2005-07-01.aud.akg480.flac16", AUD)]),
    ("moe", "2006-12-31", "Orpheum Theater", "Boston, MA", [
        rec("moe2006-12-31.sbd.flac16", SBD, item=True), rec("moe2006-12-31.akg480.flac16", AUD, source="AKG 480/CK61 > V3 > R-09")]),
    ("moe", "2009-09-31", "Lupo's Heartbreak Hotel", "Providence, RI", [rec("moe.lupos.2009.aud.flac16", AUD, item=True)]),
    ("moe", "2012-11-22", "Fox Theatre", "Oakland, CA", [
        rec("moe2012-11-22.sbd.flac16", SBD, item=True), rec("moe2012-11-22.aud.flac16", AUD)]),
]
CREATORS = {"GratefulDead": "Grateful Dead", "Phish": "Phish", "moe": "moe."}

REVIEWS = [
    ("Essential", "One of the best. The <b>second set</b> is out of this world.<br /><br />Highly recommended."),
    ("Great sound", "Crisp and clear &amp; well balanced.<br />The jam out of the first song is worth the download alone."),
    ("Not the best source", "Some hiss, and a cut in the middle.<br />Try the other recording first."),
    ("wow", "I was there! <a href=\"https://example.org/\" rel=\"ugc nofollow\">my photos</a>\nStill gives me chills."),
    ("<i>Listen</i> loud", "Loud & proud <script>alert('xss')</script>: the encore is a monster."),
]


def source_for(kind, options):
    return options.get("source") or rng.choice(SOURCES[kind])


def make_files(identifier, creator, written_date, venue, songs, stream, mmss):
    files = []
    for number, (title, seconds) in enumerate(songs, start=1):
        stem = f"{identifier.split('.')[0]}t{number:02d}"
        original = {"name": stem + ".flac", "source": "original", "mtime": str(1100000000 + number), "size": str(int(seconds * 88200)),
                    "md5": "%032x" % rng.getrandbits(128), "format": "Flac", "length": f"{seconds:.2f}",
                    "title": title, "creator": creator, "album": f"{written_date} - {venue}", "track": f"{number:02d}"}
        if stream:
            original["private"] = "true"
        files.append(original)
        minutes, rest = divmod(int(round(seconds)), 60)
        mp3 = {"name": stem + ".mp3", "source": "derivative", "format": "VBR MP3", "original": stem + ".flac",
               "bitrate": str(rng.randint(170, 200)), "mtime": str(1100000500 + number), "size": str(int(seconds * 24000)),
               "length": f"{minutes:02d}:{rest:02d}" if mmss else f"{seconds + 0.04:.2f}"}
        if number % 3 != 1:  # newer derivatives often lack title and track: resolved through `original`
            mp3["title"] = title
        files.append(mp3)
    files.append({"name": identifier + "_files.xml", "source": "original", "format": "Metadata", "md5": "%032x" % rng.getrandbits(128), "summation": "md5"})
    files.append({"name": identifier + "_meta.xml", "source": "original", "format": "Metadata", "mtime": "1100000000", "size": "1432"})
    return files


def setlist(creator):
    pool = SONGS[creator]
    count = rng.randint(5, 8)
    start = rng.randrange(len(pool))
    picked = [pool[(start + i) % len(pool)] for i in range(count)]
    songs = []
    for i, song in enumerate(picked):
        title = song + (" >" if i in (2, 3) and rng.random() < 0.6 else (" ->" if i == 5 else ""))
        songs.append((title, round(rng.uniform(180, 1100), 2)))
    return songs


def review_list(count, identifier):
    out = []
    for i in range(count):
        title, body = REVIEWS[(hash_text(identifier) + i) % len(REVIEWS)]
        out.append({"reviewbody": body, "reviewtitle": title, "reviewer": rng.choice(["deadhead77", "phan_from_vt", "moe.ron", "tapeguy", "jbird"]),
                    "reviewer_itemname": "@" + rng.choice(["deadhead77", "tapeguy"]), "reviewdate": f"20{rng.randint(3, 24):02d}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)} 12:0{i}:00",
                    "createdate": "2010-01-01 00:00:00", "stars": str(rng.choice([0, 3, 4, 4, 5, 5]))})
    return out


def hash_text(text):
    return sum(ord(c) * (i + 1) for i, c in enumerate(text))


def item_response(collection, creator, written, venue, city, identifier, kind, options):
    stream = options.get("stream", False)
    songs = setlist(creator)
    date_field = "0000-00-00 00:00:00" if options.get("zeroed") else written
    metadata = {
        "identifier": identifier, "mediatype": "etree", "collection": [collection, "etree"] + (["stream_only"] if stream else []),
        "creator": creator, "date": date_field, "year": written[:4],
        "title": f"{creator} Live at {options.get('venue', venue) or 'Unknown'} on {written}", "type": "sound",
        "venue": options.get("venue", venue), "coverage": city, "source": source_for(kind, options),
        "lineage": rng.choice(["DAT > CDR > EAC > FLAC", "Master > DAT > Sound Forge > FLAC 16", "Cassette Master (Nakamichi CR-7A) > Tascam DA-3000 > FLAC/24"]),
        "taper": rng.choice(TAPERS), "transferer": rng.choice(TAPERS),
        "description": "<div><b>Set I</b><br />" + "<br />".join(t.replace(">", "&gt;") for t, _ in songs[:4]) + "</div><div><b>Set II</b><br />"
                       + "<br />".join(t.replace(">", "&gt;") for t, _ in songs[4:]) + "</div>",
        "notes": options.get("note", "Transferred from the master.\r\nThanks to the tapers!\r\n\r\n-- sample data --"),
        "publicdate": "2004-03-01 12:00:00", "addeddate": "2004-03-01 12:00:00", "uploader": "sample@example.org",
    }
    if stream:
        metadata["access-restricted-item"] = "true"
    if options.get("arrays"):
        metadata = {k: (v if isinstance(v, list) else [v]) for k, v in metadata.items()}
        metadata["taper"] = {}
        metadata["collection"] = collection  # a bare string
    if not metadata.get("venue"):
        metadata.pop("venue", None)
        metadata.pop("coverage", None)
    files = make_files(identifier, creator, written, venue, songs, stream, mmss=rng.random() < 0.4)
    body = {"created": 1751083971, "d1": "ia801509.us.archive.org", "d2": "ia601509.us.archive.org", "dir": f"/1/items/{identifier}",
            "files": files, "files_count": len(files), "item_last_updated": 1668952292, "item_size": sum(int(f.get("size", "0")) for f in files),
            "metadata": metadata, "server": "ia801509.us.archive.org", "uniq": rng.randint(10**8, 10**9),
            "workable_servers": ["ia801509.us.archive.org", "ia601509.us.archive.org"]}
    if options.get("reviews"):
        body["reviews"] = review_list(options["reviews"], identifier)
    if options.get("legacy"):
        legacy_meta = {k: [v] for k, v in metadata.items()}
        legacy_files = {"/" + f["name"]: {k: v for k, v in f.items() if k != "name"} for f in files}
        reviews = review_list(2, identifier)
        body = {"server": "ia700200.us.archive.org", "dir": f"/9/items/{identifier}", "metadata": legacy_meta, "files": legacy_files,
                "reviews": {"info": {"num_reviews": len(reviews), "avg_rating": "4.50"}, "reviews": reviews},
                "misc": {"image": "https://archive.org/images/notfound.png", "collection-title": creator}}
    return body


def search_row(collection, creator, written, venue, city, identifier, kind, options, style):
    row = {"identifier": identifier, "title": f"{creator} Live at {options.get('venue', venue) or 'Unknown'} on {written}",
           "date": f"{written}T00:00:00Z", "venue": options.get("venue", venue), "coverage": city, "creator": [creator],
           "collection": [collection, "etree"] + (["stream_only"] if options.get("stream") else []), "mediatype": "etree",
           "downloads": rng.randint(40, 60000), "source": source_for(kind, options), "year": int(written[:4])}
    if options.get("zeroed"):
        row["date"] = "0000-01-01T00:00:00Z"   # the search index's "no date" sentinel
    if rng.random() < 0.5:
        row["avg_rating"] = round(rng.uniform(3.2, 5.0), 2)
        row["num_reviews"] = rng.randint(1, 40)
    if style == "scrape" and rng.random() < 0.3:
        row["date"] = [row["date"]]  # some rows carry date as an array
    if not row["venue"]:
        del row["venue"], row["coverage"]
    return row


def main():
    rows = {}
    for collection, written, venue, city, recordings in SHOWS:
        creator = CREATORS[collection]
        for identifier, kind, options in recordings:
            style = "scrape" if collection == "Phish" else "advanced"
            rows.setdefault(collection, []).append(search_row(collection, creator, written, venue, city, identifier, kind, options, style))
            if options.get("item"):
                dump(os.path.join(ROOT, collection, "items", identifier + ".json"),
                     item_response(collection, creator, written, venue, city, identifier, kind, options))
    # A stale cache entry: archive.org answers `{}` for an identifier it does not have.
    dump(os.path.join(ROOT, "GratefulDead", "items", "gd1977-05-08.sbd.hicks.4982.sbeok.shnf.json"), {})

    for collection, found in rows.items():
        size = 20
        pages = [found[i:i + size] for i in range(0, len(found), size)]
        for number, docs in enumerate(pages, start=1):
            name = os.path.join(ROOT, collection, f"search-{number}.json")
            if collection == "Phish":
                remaining = len(found) - (number - 1) * size
                page = {"items": docs, "count": len(docs), "total": remaining}
                if number < len(pages):
                    page["cursor"] = "W3siaWRlbnRpZmllciI6IiVzIn1d%02d" % number
                dump(name, page)
            else:
                params = {"query": f"collection:{collection}", "fields": "identifier,title,date,venue,coverage,creator,collection,downloads,avg_rating,num_reviews,source",
                          "rows": str(size) if number == 1 else size, "start": str((number - 1) * size) if number == 1 else (number - 1) * size,
                          "page": number, "wt": "json"}
                dump(name, {"responseHeader": {"status": 0, "QTime": rng.randint(5, 90), "params": params},
                            "response": {"numFound": len(found), "start": (number - 1) * size, "docs": docs}})


if __name__ == "__main__":
    main()
