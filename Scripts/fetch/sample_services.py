#!/usr/bin/env python3
"""Serves a sitegen content folder's cache as archive.org (/ia/), Last.fm (/2.0/) and Songkick
(/sk/) would, so `sitegen fetch` can be run end to end without the network (.ci/run).

    python3 Scripts/fetch/sample_services.py --content Content --port-file /tmp/port

Answers are the cached files as they are where the request names one (metadata, user.getInfo,
weekly charts, calendar pages, event details); album.getInfo and artist.getInfo are found by
the names and mbids inside the cached files; the search pages are served as scrape pages of
five items joined by a cursor. What the cache lacks is answered as the services answer it:
`{}` for an item, Last.fm error 6, a Songkick "not found" envelope, an empty chart or calendar.
"""
import argparse
import base64
import glob
import json
import os
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def read(path):
    with open(path, "rb") as handle:
        return handle.read()


class Cache:
    def __init__(self, root):
        self.root = root
        self.albums_by_mbid, self.albums_by_name, self.artists = {}, {}, {}
        for path in glob.glob(os.path.join(root, "charts/albums/*.json")):
            album = json.loads(read(path)).get("album")
            if isinstance(album, dict):
                if album.get("mbid"):
                    self.albums_by_mbid[album["mbid"].lower()] = path
                self.albums_by_name[(str(album.get("artist", "")).lower(), str(album.get("name", "")).lower())] = path
        for path in glob.glob(os.path.join(root, "lastfm/artists/*.json")):
            artist = json.loads(read(path)).get("artist")
            if isinstance(artist, dict):
                self.artists[str(artist.get("name", "")).lower()] = path

    def scrape_items(self, collection):
        items = []
        pages = glob.glob(os.path.join(self.root, "archive", collection, "search*.json"))
        for path in sorted(pages):
            page = json.loads(read(path))
            items += page.get("items") or page.get("response", {}).get("docs", [])
        return items


LASTFM_NOT_FOUND = b'{"error":6,"message":"Not found","links":[]}'


class Handler(BaseHTTPRequestHandler):
    cache = None

    def log_message(self, *args):
        pass

    def answer(self, body, status=200):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def file_or(self, path, fallback, status=200):
        full = os.path.join(self.cache.root, path)
        if os.path.isfile(full):
            return self.answer(read(full))
        return self.answer(fallback, status)

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        parts = [p for p in url.path.split("/") if p]
        if parts[:1] == ["ia"]:
            return self.archive(parts[1:], query)
        if parts[:1] == ["2.0"]:
            return self.lastfm(query)
        if parts[:1] == ["sk"]:
            return self.songkick(parts[1:], query)
        return self.answer(b'{"error":"unknown path"}', 404)

    def archive(self, parts, query):
        if parts[:1] == ["metadata"] and len(parts) == 2:
            for path in glob.glob(os.path.join(self.cache.root, "archive/*/items", parts[1] + ".json")):
                return self.answer(read(path))
            return self.answer(b"{}")
        collection = query.get("q", "").removeprefix("collection:")
        items = self.cache.scrape_items(collection)
        start = int(base64.b64decode(query["cursor"]).decode()) if "cursor" in query else 0
        page = {"items": items[start:start + 5], "count": len(items[start:start + 5]), "total": len(items) - start}
        if start + 5 < len(items):
            page["cursor"] = base64.b64encode(str(start + 5).encode()).decode()
        return self.answer(json.dumps(page).encode())

    def lastfm(self, query):
        method, user = query.get("method", ""), query.get("user", "")
        folder = os.path.join("charts", user)
        if method == "user.getinfo":
            return self.file_or(os.path.join(folder, "user.json"), b'{"error":6,"message":"User not found"}', 404)
        if method == "user.getweeklychartlist":
            return self.file_or(os.path.join(folder, "weeklychartlist.json"), b'{"error":6,"message":"User not found"}', 404)
        if method == "user.getfriends":
            return self.file_or(os.path.join(folder, "friends.json"), b'{"error":6,"message":"no such page","links":[]}', 400)
        if method == "user.getweeklyalbumchart":
            path = os.path.join(self.cache.root, folder, "weeks", "%s-%s.json" % (query.get("from"), query.get("to")))
            # A cached error body stands for a week Last.fm failed to give then; it answers now.
            if os.path.isfile(path) and b'"error"' not in read(path)[:20]:
                return self.answer(read(path))
            empty = {"weeklyalbumchart": {"album": [], "@attr": {"user": user, "from": query.get("from"), "to": query.get("to")}}}
            return self.answer(json.dumps(empty).encode())
        if method == "album.getinfo":
            path = self.cache.albums_by_mbid.get(query.get("mbid", "").lower()) or \
                self.cache.albums_by_name.get((query.get("artist", "").lower(), query.get("album", "").lower()))
            return self.answer(read(path)) if path else self.answer(LASTFM_NOT_FOUND)
        if method == "artist.getinfo":
            path = self.cache.artists.get(query.get("artist", "").lower())
            return self.answer(read(path)) if path else self.answer(LASTFM_NOT_FOUND)
        return self.answer(b'{"error":3,"message":"Invalid Method"}', 400)

    def songkick(self, parts, query):
        not_found = b'{"resultsPage":{"status":"error","error":{"message":"Resource not found"}}}'
        if parts[:1] == ["metro_areas"] and len(parts) == 3:
            page = int(query.get("page", "1"))
            empty = {"resultsPage": {"status": "ok", "results": {}, "perPage": 50, "page": page, "totalEntries": 0}}
            return self.file_or(os.path.join("events", parts[1], "calendar-%d.json" % page), json.dumps(empty).encode())
        if parts[:1] == ["events"] and len(parts) == 2:
            for path in glob.glob(os.path.join(self.cache.root, "events/*/events", parts[1])):
                return self.answer(read(path))
            return self.answer(not_found, 404)
        return self.answer(not_found, 404)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--content", required=True)
    parser.add_argument("--port-file", required=True)
    arguments = parser.parse_args()
    Handler.cache = Cache(arguments.content)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(arguments.port_file, "w") as handle:
        handle.write(str(server.server_address[1]))
    sys.stderr.write("serving %s on 127.0.0.1:%d\n" % (arguments.content, server.server_address[1]))
    server.serve_forever()


if __name__ == "__main__":
    main()
