# Writes the archive loader's test fixtures: python3 Scripts/sample/archive_fixtures.py [FOLDER]
# (default: the repository's Tests/SitegenTests/Fixtures/archive, wherever it is checked out).
import json, os, sys
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "SitegenTests", "Fixtures", "archive")
os.makedirs(out, exist_ok=True)
def w(name, obj, raw=None):
    with open(os.path.join(out, name + ".json"), "w") as f:
        f.write(raw if raw is not None else json.dumps(obj, separators=(",", ":"), ensure_ascii=False))

# advancedsearch, older style: params as strings; arrays for multi-valued fields
w("search-advanced", {"responseHeader":{"status":0,"QTime":31,"params":{"query":"collection:GratefulDead","qin":"collection:GratefulDead","fields":"identifier,title,date,venue,coverage,creator,collection,downloads,avg_rating,num_reviews,source","wt":"json","rows":"3","start":"0"}},
 "response":{"numFound":4,"start":0,"docs":[
  {"identifier":"gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644","title":"Grateful Dead Live at The Omni on 1990-04-03","date":"1990-04-03T00:00:00Z","venue":"The Omni","coverage":"Atlanta, GA","creator":["Grateful Dead"],"collection":["GratefulDead","etree","stream_only"],"downloads":6822,"avg_rating":4.67,"num_reviews":3,"source":"UltraMatrix SBD > Cassette Master (TDK SA-X)"},
  {"identifier":"gd1990-04-03.aud.bertha.12345.flac16","title":"Grateful Dead Live at Omni on 1990-04-03","date":["1990-04-03T00:00:00Z"],"venue":"Omni, Atlanta, GA","coverage":"Atlanta, GA","creator":["Grateful Dead"],"collection":["GratefulDead","etree"],"downloads":812,"source":"Nak 300 > D5"},
  {"identifier":"gd1977-05-08.sbd.hicks.4982.sbeok.shnf","title":"Grateful Dead Live at Barton Hall, Cornell University on 1977-05-08","date":"0000-01-01T00:00:00Z","venue":"Barton Hall, Cornell University","coverage":"Ithaca, NY","creator":["Grateful Dead"],"collection":["GratefulDead","etree"],"downloads":"154321","avg_rating":"4.9","num_reviews":"211"}
 ]}})

# advancedsearch page 2, newer style: numeric rows/start
w("search-advanced-2", {"responseHeader":{"status":0,"QTime":12,"params":{"query":"collection:GratefulDead","rows":3,"start":3}},
 "response":{"numFound":4,"start":3,"docs":[
  {"identifier":"gd1970-02-14.early.sbd.set1.31.shnf","title":"Grateful Dead Live at Fillmore East on 1970-02-14","date":"1970-02-14T00:00:00Z","venue":"Fillmore East, New York","coverage":"New York, NY","creator":["Grateful Dead"],"collection":["GratefulDead","etree"],"downloads":901}
 ]}})

# scrape pages: total shrinks, cursor followed, then a last page without one
w("search-scrape-1", {"items":[
  {"identifier":"gd1970-02-14.aud.late.2201.flac16","title":"The Grateful Dead Live at the Fillmore East on 1970-02-14","date":"1970-02-14T00:00:00Z","venue":"The Fillmore East","coverage":"New York, NY","creator":["Grateful Dead"],"collection":["GratefulDead","etree"],"downloads":420,"avg_rating":4.0,"num_reviews":1},
  {"identifier":"gd1970-02-14.sbd.kesey.3301.flac16","title":"Grateful Dead Live at Kesey Farm on 1970-02-14","date":"1970-02-14T00:00:00Z","venue":"Kesey Farm","coverage":"Pleasant Hill, OR","creator":["Grateful Dead"],"collection":["GratefulDead","etree"],"downloads":33}
 ],"count":2,"total":5,"cursor":"W3siaWRlbnRpZmllciI6ImdkMTk3MC0wMi0xNCJ9XQ=="})
w("search-scrape-2", {"items":[
  {"identifier":"gd1997-xx-xx.swapped.fm.1.flac16","title":"Grateful Dead Live on 1997-20-05","date":"1997-20-05T00:00:00Z","venue":"Unknown","creator":["Grateful Dead"],"collection":["GratefulDead","etree"],"downloads":5}
 ],"count":1,"total":1})

w("search-error", {"error":"Invalid query (collection:)","forensics":{"statusCode":400}})
w("search-unknown-shape", {"responseHeader":{"status":0},"results":[]})
w("empty-item", {})
w("not-json", None, raw='{"metadata":{"identifier":"x",')
w("item-metadata-array", {"metadata":["gd1970-02-14"],"files":[]})

def files_for(songs, stream_only=True, mmss=False, drop_track=True):
    files = []
    for i, (title, secs) in enumerate(songs, start=1):
        stem = f"{i:02d} {title.rstrip(' >')}"
        files.append({"name": stem + ".flac", "source": "original", "mtime": "1668946902", "size": "9343874", "md5": "6a86c275bd93a729bb8520a47a855725",
                      "format": "Flac", "length": f"{secs:.2f}", "title": f"{i:02d} - {title}", "creator": "Grateful Dead", "album": "1990-04-03 - The Omni",
                      "track": f"{i:02d}", "artist": "Grateful Dead", **({"private": "true"} if stream_only else {})})
        m, s = divmod(int(round(secs)), 60)
        mp3 = {"name": stem + ".mp3", "source": "derivative", "creator": "Grateful Dead", "album": "April 3, 1990 - The Omni - Atlanta, GA",
               "bitrate": "181", "format": "VBR MP3", "original": stem + ".flac", "mtime": "1668947259", "size": "2470741",
               "length": f"{m:02d}:{s:02d}" if mmss else f"{secs + 0.04:.2f}"}
        if i != 2: mp3["title"] = f"{i:02d} - {title}"   # the second has no title: resolved through original
        files.append(mp3)
        files.append({"name": stem + ".png", "source": "derivative", "format": "PNG", "original": stem + ".flac", "mtime": "1668948143", "size": "35618"})
    return files

w("item-stream-only", {"created":1751083971,"d1":"ia601509.us.archive.org","dir":"/1/items/gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644",
 "files": files_for([("Tuning",108.81),("Shakedown Street",735.12),("Hell In The Bucket >",374.25),("Sugaree",754.25)]) + [
   {"name":"gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644_files.xml","source":"original","format":"Metadata","md5":"ea9b","summation":"md5"}],
 "files_count":14,"item_last_updated":1668952292,"item_size":1296578236,
 "metadata":{"identifier":"gd1990-04-03.158672.UltraMatrix.sbd.cm.miller.t.flac1644","mediatype":"etree","collection":["GratefulDead","etree","stream_only"],
  "creator":"Grateful Dead","date":"1990-04-03","description":"<div class=\"b1 set\"><span>Set I</span><br />Shakedown Street<br />Hell In A Bucket &gt;<br />Sugaree</div>",
  "subject":"Soundboard;Ultramatrix;Charlie Miller","title":"Grateful Dead Live at The Omni on 1990-04-03","type":"sound","venue":"The Omni","year":"1990",
  "publicdate":"2022-11-20 12:21:52","coverage":"Atlanta, GA","source":"UltraMatrix SBD > Cassette Master (TDK SA-X)",
  "lineage":"Cassette Master (Nakamichi CR-7A) > Tascam DA-3000 > FLAC/24","taper":"Recorded by Don Pearson and Dan Healy",
  "transferer":"All Transfers and Mastering by Charlie Miller","runtime":"165:31.53","notes":"Notes:\n-- Recorded by Don Pearson and Dan Healy\r\n-- Thanks to <b>Rob</b>","access-restricted-item":"true"},
 "server":"ia601509.us.archive.org","uniq":370520692,"workable_servers":["ia601509.us.archive.org"]})

w("item-quirks", {"created":1424121212,"dir":"/24/items/gd1997-xx-xx.swapped.fm.1.flac16","files_count":6,"item_size":1234,"updated":1424121000,
 "files": files_for([("Jack Straw",301.2),("Scarlet Begonias ->",612.0),("Fire On The Mountain",700.5)], stream_only=False, mmss=True),
 "metadata":{"identifier":"gd1997-xx-xx.swapped.fm.1.flac16","mediatype":"etree","collection":"GratefulDead",
  "creator":["Grateful Dead"],"date":["1997-20-05"],"venue":{},"coverage":["Oakland, CA"],"source":["FM broadcast > cassette"],"lineage":"",
  "taper":{},"notes":["first part","second part"],"year":"1997","access-restricted-item":"false"},
 "reviews":[{"reviewbody":"Great show!<br />Really <b>great</b> &amp; loud.<script>alert(1)</script>","reviewtitle":"Wow","reviewer":"deadhead","reviewer_itemname":"@deadhead","reviewdate":"2004-06-12 10:11:12","createdate":"2004-06-12 10:11:12","stars":"4"},
            {"reviewbody":"no stars here","reviewtitle":"meh","reviewer":"x","reviewdate":"2005-01-01 00:00:00","stars":"0"},
            {"reviewbody":"five","reviewtitle":"five","reviewer":"y","reviewdate":"2006-01-01 00:00:00","stars":"5"}]})

w("item-partial-date", {"files":[],"metadata":{"identifier":"gd1966-xx-xx.sbd.studio.81259.flac16","mediatype":"etree","collection":["GratefulDead","etree"],
 "creator":"Grateful Dead","date":"1966-00-00","title":"Grateful Dead Live at Unknown on 1966-00-00","source":"Soundboard"},"reviews":[]})

w("item-zeroed-date", {"files":[],"metadata":{"identifier":"gd77-05-08.sbd.hicks.4982.sbeok.shnf","mediatype":"etree","collection":["GratefulDead","etree"],
 "creator":"Grateful Dead","date":"0000-00-00 00:00:00","venue":"Barton Hall","coverage":"Ithaca, NY","source":"Soundboard"}})

w("item-invalid-date", {"files":[],"metadata":{"identifier":"moe.x.invalid.flac16","mediatype":"etree","collection":["moe","etree"],
 "creator":"moe.","date":"2009-09-31","venue":"Lupo's","coverage":"Providence, RI"}})

w("item-legacy", {"server":"ia700200.us.archive.org","dir":"/9/items/ph1997-11-22.sbd.flac16","metadata":{"identifier":["ph1997-11-22.sbd.flac16"],
 "title":["Phish Live at Hampton Coliseum on 1997-11-22"],"creator":["Phish"],"date":["1997-11-22"],"venue":["Hampton Coliseum"],"coverage":["Hampton, VA"],
 "collection":["Phish","etree"],"source":["SBD > DAT"],"taper":["unknown"],"runtime":["2:28:10"],"mediatype":["etree"]},
 "files":{"/ph97-11-22d1t01.flac":{"source":"original","format":"Flac","length":"00:24","track":"1","title":"Intro"},
          "/ph97-11-22d1t02.flac":{"source":"original","format":"Flac","length":"1320.6","track":"2","title":"Mike's Song >"},
          "/ph97-11-22d1t02.mp3":{"source":"derivative","format":"VBR MP3","original":"ph97-11-22d1t02.flac","length":"22:00"},
          "/ph97-11-22d1t03.flac":{"source":"original","format":"Flac","length":"1:02:03"},
          "/ph97-11-22d1t04.flac":{"source":"original","format":"Flac","length":"301","track":"4","title":"Weekapaug Groove -&gt;"}},
 "item":{"downloads":1234,"month":12,"week":3},
 "reviews":{"info":{"num_reviews":1,"avg_rating":"5.00"},"reviews":[{"reviewbody":"peak <i>Phish</i>","reviewtitle":"yes","reviewer":"phan","reviewdate":"2010-02-02 12:00:00","stars":"5"}]},
 "misc":{"image":"https://archive.org/images/notfound.png"}})
print("ok")

# identifiers that try to leave Output/
w("search-traversal", {"responseHeader":{"status":0,"QTime":1,"params":{"query":"collection:Evil","rows":"50","start":"0"}},"response":{"numFound":3,"start":0,"docs":[
  {"identifier":"../../../etc/passwd","title":"x","date":"1980-01-01T00:00:00Z","venue":"<script>alert(1)</script>","creator":["Evil"],"collection":["Evil","etree"],"downloads":1},
  {"identifier":"..","date":"1980-01-01T00:00:00Z","venue":"Hall","creator":["Evil"],"collection":["Evil","etree"]},
  {"identifier":"a/../../b","date":"1980-01-02T00:00:00Z","venue":"Hall","creator":["../Evil"],"collection":["Evil","etree"]}]}})

# markup and scripts in every free-text field
w("item-xss", {"files":[{"name":"01.flac","source":"original","format":"Flac","length":"61.2","title":"<script>alert('track')</script>Jam >","track":"1"},
                        {"name":"01.mp3","source":"derivative","format":"VBR MP3","original":"01.flac","length":"01:01"}],
 "metadata":{"identifier":"xss1999-01-01.sbd.flac16","mediatype":"etree","collection":["Xss","etree"],"creator":"<b>Xss</b> Band",
  "date":"1999-01-01","title":"Live at <script>alert('title')</script>","venue":"&lt;script&gt;alert('venue')&lt;/script&gt; Hall",
  "coverage":"<b>Springfield</b>, IL","taper":"<script>alert('taper')</script>Bob","source":"SBD <img src=x onerror=alert(1)>",
  "lineage":"<iframe src=\"https://example.org\"></iframe>DAT","notes":"line one<br>line two<img src=x onerror=alert(2)>",
  "description":"<a href=\"javascript:alert(1)\">setlist</a>"},
 "reviews":[{"reviewbody":"<script>alert('review')</script>nice &lt;script&gt;alert('escaped')&lt;/script&gt;","reviewtitle":"<script>t</script>Title",
             "reviewer":"<script>alert('reviewer')</script>rev","reviewdate":"2001-01-01 00:00:00","stars":"5"}]})
