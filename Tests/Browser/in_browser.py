#!/usr/bin/env python3
"""Favourites, near me and discover in a real browser: headless Chromium driven through the
DevTools protocol (websocket-client), the built site served by a real HTTP server on localhost.

    python3 Tests/Browser/in_browser.py OUTPUT_FOLDER

OUTPUT_FOLDER is the sample site built with --date 2026-11-22, served under /music/. Ports come
from SITEGEN_TEST_PORTS ("26100-26199") when it is set. Checks:
  - without JavaScript no button or input shows on the pages that carry the new controls;
  - star a concert, reload: still starred; /favourites/ lists it as a card, and an event from a
    city page with its date; import a file (hostile entries are dropped, links out of the site
    with percent-encoded dots among them), export gives the list back;
  - every star of a concert page, /discover/ and a city page has a name of its own;
  - star a concert from its cell on an artist page (keyboard) and an artist from the index:
    /favourites/ shows them as the same concert cell and artist row, markup and links;
  - star a recording on its own page: /favourites/ shows it as its tile from the concert page,
    markup and links, under the concert's artist and date, nothing of it past its edge at 390
    and 1280 px;
  - with the geolocation overridden, "near me" orders each day's concerts and the cities by
    distance (checked against distances computed here), unknown places last and marked, and
    the rows of a city's card on /events/ (several days) stay in date order;
  - the random-concert button lands on a concert page;
  - German counts the templates put between words of the strings file ("Das Archiv hat 32
    Konzerte") follow no preposition that asks for the dative ("Eines von 32 Konzerte");
  - a recording page's player: without JavaScript only the tracks' own <audio controls>; with it,
    play/pause toggles, next and previous move the highlighted track, the arrow keys and Enter
    work, and a track that ends starts the next one (the tracks' sources replaced by a short WAV
    made here, as the sample's are archive.org's, which the test does not reach).
Exits non-zero with a message on the first failure.
"""
import base64
import contextlib
import datetime
import functools
import http.server
import io
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import wave

import websocket  # pip: websocket-client

from ports import free_port

# The site is served under a sub-path, as a host serves a site whose base_url has one: a link
# that leaves the site's folder (an imported favourite's) is then a link outside the site.
SUB_PATH = "music/"


def serve(folder, script_delay=0.0):
    """The folder under SUB_PATH; each script `script_delay` seconds late when asked."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            if script_delay and self.path.split("?")[0].endswith(".js"):
                time.sleep(script_delay)
            return super().do_GET()
    root = tempfile.mkdtemp(prefix="sitegen-www-")
    os.symlink(folder, os.path.join(root, SUB_PATH.rstrip("/")))
    handler = functools.partial(Quiet, directory=root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    server.root = root
    server.base = f"http://127.0.0.1:{server.server_address[1]}/{SUB_PATH}"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class Browser:
    """One headless Chromium and one page target, spoken to over the DevTools protocol."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="sitegen-chromium-")
        self.downloads = tempfile.mkdtemp(prefix="sitegen-downloads-")
        port = free_port()
        binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if not binary:
            raise SystemExit("no chromium on PATH")
        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
             f"--remote-debugging-port={port}", f"--user-data-dir={self.profile}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 30
        while True:
            try:
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=2))
                page = next(t for t in targets if t["type"] == "page")
                break
            except Exception:
                if time.time() > deadline:
                    raise SystemExit("chromium did not start")
                time.sleep(0.2)
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
        self.next_id = 0
        self.events = []
        self.call("Page.enable")
        self.call("Runtime.enable")

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise AssertionError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_for_event(self, method, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for index, event in enumerate(self.events):
                if event["method"] == method:
                    return self.events.pop(index)
            self.socket.settimeout(max(0.1, deadline - time.time()))
            try:
                message = json.loads(self.socket.recv())
            except websocket.WebSocketTimeoutException:
                break
            if "method" in message:
                self.events.append(message)
        raise AssertionError(f"no {method} within {timeout} s")

    def open(self, url):
        self.events.clear()
        self.call("Page.navigate", url=url)
        self.wait_for_event("Page.loadEventFired")

    def reload(self):
        self.events.clear()
        self.call("Page.reload")
        self.wait_for_event("Page.loadEventFired")

    def js(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression[:80]}…: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_until(self, expression, timeout=10):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.js(expression):
                return
            time.sleep(0.1)
        raise AssertionError(f"never true: {expression}")

    def close(self):
        with contextlib.suppress(Exception):
            self.socket.close()
        self.process.terminate()
        with contextlib.suppress(Exception):
            self.process.wait(timeout=10)
        shutil.rmtree(self.profile, ignore_errors=True)
        shutil.rmtree(self.downloads, ignore_errors=True)


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def kilometres(lat1, lng1, lat2, lng2):
    rad = math.pi / 180
    d_lat, d_lng = (lat2 - lat1) * rad, (lng2 - lng1) * rad
    h = math.sin(d_lat / 2) ** 2 + math.cos(lat1 * rad) * math.cos(lat2 * rad) * math.sin(d_lng / 2) ** 2
    return 2 * 6371 * math.asin(min(1, math.sqrt(h)))


# The favourites as stored in the browser.
STORED = "JSON.parse(localStorage.getItem(Object.keys(localStorage)[0])).items"

VISIBLE_CONTROLS = """[...document.querySelectorAll('main button, main input:not([readonly]), main select')]
  .filter(e => e.getClientRects().length > 0).map(e => e.outerHTML.slice(0, 80))"""


def without_javascript(browser, base, pages):
    browser.call("Emulation.setScriptExecutionDisabled", value=True)
    for page in pages:
        browser.open(base + page)
        shown = browser.js(VISIBLE_CONTROLS)
        check(shown == [], f"without JavaScript {page} shows controls: {shown}")
        check(browser.js("document.querySelectorAll('.fav-star').length") >= (1 if "artists/" in page else 0), f"no star in {page}")
    browser.call("Emulation.setScriptExecutionDisabled", value=False)
    print(f"ok: without JavaScript no control shows on {len(pages)} pages")


# The layout shifts a visitor sees, summed (the Layout Instability API), from the first paint.
SHIFT_OBSERVER = """window.__shift = 0;
new PerformanceObserver(list => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value; })
  .observe({type: 'layout-shift', buffered: true});"""


def no_layout_shift(browser, output, pages):
    """The controls that scripts show hold their place from the first paint: with every script
    a second late (a slow first visit: the page is painted before they run), showing them moves
    nothing, at a phone's width and a desktop's."""
    server = serve(output, script_delay=1.0)
    browser.call("Network.enable")
    browser.call("Network.setCacheDisabled", cacheDisabled=True)
    observer = browser.call("Page.addScriptToEvaluateOnNewDocument", source=SHIFT_OBSERVER)["identifier"]
    try:
        for width, mobile in [(390, True), (1280, False)]:
            browser.call("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1, mobile=mobile)
            for page in pages:
                browser.open(server.base + page)
                browser.wait_until("document.readyState === 'complete'")
                time.sleep(0.5)
                shift = browser.js("window.__shift")
                check(shift < 0.01, f"{page} at {width} px: the page moved as its scripts ran (layout shift {shift:.3f})")
    finally:
        browser.call("Page.removeScriptToEvaluateOnNewDocument", identifier=observer)
        browser.call("Emulation.clearDeviceMetricsOverride")
        browser.call("Network.setCacheDisabled", cacheDisabled=False)
        server.shutdown()
        shutil.rmtree(server.root, ignore_errors=True)
    print(f"ok: with scripts a second late, {len(pages)} pages do not move at 390 or 1280 px")


LATE_CONCERT = "artists/grateful-dead/1972-05-11/"


def favourites(browser, base, output):
    concert = "artists/grateful-dead/1977-05-08/"
    browser.open(base + concert)
    star = "document.querySelector('h1 ~ .fav-star')"
    check(browser.js(f"!{star}.hidden && {star}.getAttribute('aria-pressed')") == "false", "the concert's star is not shown unpressed")
    check(browser.js(f"{star}.tagName") == "BUTTON", "the star is not a button (keyboard)")
    browser.js(f"{star}.focus(); {star}.click(); true")
    check(browser.js(f"{star}.getAttribute('aria-pressed')") == "true", "clicking the star does not press it")
    # Starred on its own page, the concert's cell is fetched from the page that lists it.
    browser.wait_until(f"({STORED}).some(i => i.kind === 'concert' && i.card)")
    browser.reload()
    check(browser.js(f"{star}.getAttribute('aria-pressed')") == "true", "the star is not pressed after a reload")
    # A star on an event row, so the events group shows too.
    browser.open(base + "events/london/")
    # The first row is drawn under its day's heading and does not show its date itself.
    event_title, event_date = browser.js("(() => { const b = document.querySelector('.ev-row .fav-star'); b.click();"
                                         " return [b.dataset.favTitle, b.dataset.favDate]; })()")
    check(browser.js("!document.querySelector('.ev-row .ev-date')"), "the city page's first row shows its date: the check below needs one that does not")

    browser.open(base + "favourites/")
    cards = browser.js("""[...document.querySelectorAll('[data-fav-group]')].filter(g => !g.hidden).map(g =>
        [g.dataset.favGroup, [...g.querySelectorAll('.fav-card')].map(c => [c.querySelector('a').textContent, c.querySelector('a').getAttribute('href')])])""")
    groups = dict((kind, entries) for kind, entries in cards)
    check(list(groups) == ["event", "concert"], f"groups shown: {list(groups)}")
    check(groups["concert"] == [["Grateful Dead, 8 May 1977", base + concert]], f"concert cards: {groups['concert']}")
    check(groups["event"][0][0] == event_title, f"event cards: {groups['event']}")
    check(browser.js("!!document.querySelector('[data-fav-group=concert] .fav-site .concert-cell')"), "the concert is not shown as its cell")
    check(browser.js("!!document.querySelector('[data-fav-group=event] .fav-site .ev-list > .ev-row')"), "the event is not shown as its row")
    check(browser.js("document.querySelector('[data-fav-empty]').hidden") is True, "the empty note shows beside favourites")
    # The event's card says its date, as the site writes dates ("22 November 2026" in en-GB).
    day = datetime.date.fromisoformat(event_date)
    written = f"{day.day} {day.strftime('%B')} {day.year}"
    event_card = browser.js("document.querySelector('[data-fav-group=event] .fav-card').textContent.replace(/\\s+/g, ' ')")
    check(written in event_card, f"the kept event's card does not say its date {written!r}: {event_card!r}")

    # Import: one new event (upcoming, so first), one past event, one hostile entry that is dropped.
    entries = {"version": 1, "items": [
        {"kind": "event", "id": "900001", "title": "Imported upcoming", "href": "events/london/", "date": "2099-01-01", "added": 1},
        {"kind": "event", "id": "900002", "title": "Imported past", "href": "events/london/", "date": "2000-01-01", "added": 2},
        {"kind": "concert", "id": "x", "title": "Hostile", "href": "javascript:alert(1)", "added": 3},
        {"kind": "unknown", "id": "y", "title": "Unknown kind", "href": "artists/", "added": 4},
        # A card of elements and attributes the site's cards never have: the item stays, the card goes.
        {"kind": "event", "id": "900003", "title": "Card of strange markup", "href": "events/london/", "date": "2099-01-02", "added": 5,
         "card": ["li", {"onclick": "alert(1)"}, ["script", {}, "alert(1)"], ["a", {"href": "javascript:alert(1)"}, "x"]]},
        # Links out of the site's folder with the dots percent-encoded: the first item is
        # dropped, the second keeps its (inside) link and loses its card.
        {"kind": "concert", "id": "x1", "title": "Encoded dots", "href": "a/%2e%2e/%2e%2e/elsewhere/", "added": 6},
        {"kind": "album", "id": "x3", "title": "Card with encoded dots", "href": "artists/", "added": 7,
         "card": ["div", {}, ["a", {"href": "a/%2E%2E/%2E%2E/evil/"}, "x"], ["img", {"src": "a/%2e%2e/%2e%2e/track.gif"}]]},
        # A card whose class names are the page's own (fav-…): drawn without them, so it cannot
        # pass for a star or the page's parts.
        {"kind": "album", "id": "x4", "title": "Card posing as a star", "href": "artists/", "added": 9,
         "card": ["div", {"class": "fav-star fav-title plain"}, "x"]},
    ] + [
        # Cards that can no longer come (their pages are gone), stored first: /favourites/ asks
        # ten pages a visit, those tried longest ago first, so the one below comes on the third.
        {"kind": "album", "id": f"gone-{n}", "title": f"Gone {n}", "href": "charts/", "from": f"gone-{n}/", "added": 10 + n}
        for n in range(25)
    ] + [
        # Starred on its own page, and the page left before its card came: /favourites/ asks again.
        {"kind": "concert", "id": LATE_CONCERT, "title": "Grateful Dead, 11 May 1972", "href": LATE_CONCERT,
         "from": "artists/grateful-dead/", "added": 8}]}
    path = os.path.join(browser.downloads, "import.json")
    with open(path, "w") as file:
        json.dump(entries, file)
    node = browser.call("DOM.querySelector", nodeId=browser.call("DOM.getDocument")["root"]["nodeId"], selector="#fav-import")["nodeId"]
    browser.call("DOM.setFileInputFiles", files=[path], nodeId=node)
    browser.wait_until("/\\b31\\b/.test(document.querySelector('.fav-tools [role=status]').textContent)")
    posing = browser.js("(() => { const d = [...document.querySelectorAll('[data-fav-group=album] .fav-site div')].find(e => e.textContent === 'x'); return d && d.className; })()")
    check(posing == "plain", f"an imported card's class names: {posing!r}")
    titles = browser.js("[...document.querySelectorAll('[data-fav-group=event] .fav-card a')].map(a => a.textContent)")
    check(titles[-1] == "Imported past" and "Imported upcoming" in titles and "Card of strange markup" in titles, f"events after import: {titles}")
    check(browser.js("document.querySelectorAll('#favourites script, #favourites [onclick], #favourites a[href^=javascript]').length") == 0,
          "a hostile card was drawn")
    check(browser.js("[...document.querySelectorAll('[data-fav-group=event] .fav-card')].pop().querySelector('.fav-past').hidden") is False,
          "the past event is not marked past")
    check(browser.js("document.body.innerHTML.includes('Hostile') || document.body.innerHTML.includes('Unknown kind')") is False,
          "a hostile import entry was shown")
    outside = browser.js(f"""[...document.querySelectorAll('#favourites a[href], #favourites img[src]')].map(e => e.href || e.src)
        .filter(u => !u.startsWith({json.dumps(base)}))""")
    check(outside == [], f"/favourites/ links or loads outside the site: {outside}")
    kept = browser.js(f"({STORED}).map(i => [i.id, i.href, !!i.card])")
    check(["x3", "artists/", False] in kept and not any(i[0] == "x1" for i in kept), f"the imported links out of the site were kept: {kept}")
    tried = f"({STORED}).filter(i => i.cardTried > 0).length"
    for visit, stamped in [(1, 10), (2, 20)]:
        browser.reload()
        browser.wait_until(f"{tried} >= {stamped}")
        time.sleep(0.5)
        check(browser.js(tried) == stamped and browser.js(f"!({STORED}).find(i => i.id === {json.dumps(LATE_CONCERT)}).card"),
              f"visit {visit}: {browser.js(tried)} cards asked for in vain, the late card early")
    browser.reload()
    browser.wait_until(f"({STORED}).some(i => i.id === {json.dumps(LATE_CONCERT)} && i.card)")
    browser.wait_until(f"[...document.querySelectorAll('[data-fav-group=concert] .fav-site .concert-cell a')].some(a => a.href.endsWith({json.dumps(LATE_CONCERT)}))")

    # Export: the file the browser downloads holds the same list.
    browser.call("Browser.setDownloadBehavior", behavior="allow", downloadPath=browser.downloads)
    browser.js("document.querySelector('[data-fav-export]').click(); true")
    exported = os.path.join(browser.downloads, "favourites.json")
    deadline = time.time() + 10
    while not os.path.exists(exported) and time.time() < deadline:
        time.sleep(0.1)
    with open(exported) as file:
        ids = sorted(item["id"] for item in json.load(file)["items"])
    check(ids == sorted([concert, "900001", "900002", "900003", "x3", "x4", LATE_CONCERT] + [f"gone-{n}" for n in range(25)] + [browser.js(f"({STORED}).find(i => i.kind === 'event' && !i.id.startsWith('9000')).id")]),
          f"exported ids: {ids}")

    # Unstarring from /favourites/ removes the card; the concert page shows it unpressed again.
    browser.js("document.querySelector('[data-fav-group=concert] .fav-star').click(); true")
    left = browser.js("[...document.querySelectorAll('[data-fav-group=concert] .fav-card > a, [data-fav-group=concert] .fav-card .fav-title')].map(a => a.getAttribute('href'))")
    check(not any(href and href.endswith(concert) for href in left), f"the concert stays after unstarring: {left}")
    browser.js("document.querySelector('[data-fav-group=concert] .fav-star').click(); true")
    check(browser.js("document.querySelector('[data-fav-group=concert]').hidden") is True, "the late concert stays after unstarring")
    browser.open(base + concert)
    check(browser.js(f"{star}.getAttribute('aria-pressed')") == "false", "the concert is still starred after removal")
    print("ok: star, reload, /favourites/ cards grouped with upcoming events first, import, export, unstar")


# What a concert cell shows, and its markup without the star and with links left out (the
# artist page's are relative, /favourites/ makes them absolute).
CELL_FIELDS = """c => {
  const bare = c.cloneNode(true);
  bare.querySelectorAll('button').forEach(b => b.remove());
  [bare, ...bare.querySelectorAll('*')].forEach(e => { e.removeAttribute('href'); e.removeAttribute('data-fav-card'); });
  return { href: c.querySelector('h3 a').href, date: c.querySelector('h3').textContent.trim(),
           venue: c.querySelector('.cell-venue').textContent,
           tiles: [...c.querySelectorAll('.cell-tile')].map(t => [t.href, t.textContent.replace(/\\s+/g, ' ')]),
           markup: bare.outerHTML.replace(/\\s+/g, ' ') };
}"""


def star_names(browser, base):
    """Every star of a page is named for screen readers by what it keeps, and no two alike: a
    concert's recording tiles, /discover/'s recordings and albums, a city's events."""
    for page, per_star in [("artists/grateful-dead/1995-07-09/", "s.closest('.recording-tile') ? s.closest('.recording-tile').querySelector('.identifier').textContent : null"),
                           ("discover/", "s.dataset.favTitle"), ("events/london/", "s.dataset.favTitle")]:
        browser.open(base + page)
        stars = browser.js(f"[...document.querySelectorAll('.fav-star')].map(s => [s.getAttribute('aria-label'), {per_star}])")
        names = [name for name, _ in stars]
        check(len(stars) >= 9 and len(set(names)) == len(names), f"stars of {page} named alike: {names}")
        for name, must in stars:
            check(name and name.startswith("Favourite: ") and (must is None or must in name), f"a star of {page} is named {name!r}, not for {must!r}")
    print("ok: the stars of a concert's recordings, /discover/ and a city's events are each named for what they keep")


def storage_full(browser, base):
    """When the browser will not store the list (full or turned off), a star says so beside
    itself, in a status line, and keeps the state it had."""
    browser.open(base + "artists/grateful-dead/")
    star = "document.querySelector('.concert-cell .fav-star')"
    browser.wait_until(f"!{star}.hidden")
    before = browser.js(f"localStorage.getItem({json.dumps('sitegen-favourites:/' + SUB_PATH)})")
    pressed = browser.js(f"{star}.getAttribute('aria-pressed')")
    browser.js("Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); }; true")
    browser.js(f"{star}.click(); true")
    browser.wait_until(f"({star}.nextElementSibling || {{}}).textContent")
    note = browser.js(f"[{star}.nextElementSibling.className, {star}.nextElementSibling.getAttribute('role'), {star}.nextElementSibling.textContent]")
    check(note == ["fav-unsaved", "status", "Not kept: this browser’s storage is full or turned off."], f"the note beside an unsaved star: {note}")
    check(browser.js(f"{star}.getAttribute('aria-pressed')") == pressed, "a star whose press was not kept changed its state")
    check(browser.js(f"localStorage.getItem({json.dumps('sitegen-favourites:/' + SUB_PATH)})") == before, "the stored list changed")
    browser.reload()
    print("ok: a star the browser would not keep says so and stays unpressed")


def favourites_from_cards(browser, base):
    """Stars where things are listed: a concert cell on an artist page, a row of the artists
    index; /favourites/ shows each as the card the site showed."""
    browser.open(base + "artists/grateful-dead/")
    cell = "document.querySelector('.concert-cell')"
    star = f"{cell}.querySelector('.fav-star')"
    check(browser.js(f"document.querySelectorAll('.concert-cell .fav-star').length === document.querySelectorAll('.concert-cell').length"),
          "not every concert cell has a star")
    check(browser.js(f"!{star}.hidden && {star}.getAttribute('aria-pressed')") == "false", "the cell's star is not shown unpressed")
    label = browser.js(f"{star}.getAttribute('aria-label')")
    check(label.startswith("Favourite: Grateful Dead, "), f"the cell's star is not named for its concert: {label!r}")
    shown = browser.js(f"({CELL_FIELDS})({cell})")
    # The keyboard: focus the star and press Enter, as a visitor without a mouse does.
    browser.js(f"{star}.focus(); true")
    check(browser.js("document.activeElement.classList.contains('fav-star')"), "the cell's star takes no focus")
    browser.call("Input.dispatchKeyEvent", type="keyDown", key="Enter", code="Enter", windowsVirtualKeyCode=13, text="\r")
    browser.call("Input.dispatchKeyEvent", type="keyUp", key="Enter", code="Enter", windowsVirtualKeyCode=13)
    check(browser.js(f"{star}.getAttribute('aria-pressed')") == "true", "Enter on the cell's star does not press it")
    concert = shown["href"][len(base):]
    browser.open(shown["href"])
    check(browser.js("document.querySelector('h1 ~ .fav-star').getAttribute('aria-pressed')") == "true",
          "the concert's own page does not show it starred from its cell")
    browser.open(base + "artists/")
    row_star = "document.querySelector('.artist-list li .fav-star')"
    artist_name = browser.js(f"{row_star}.closest('li').querySelector('a').textContent")
    browser.js(f"{row_star}.click(); true")

    browser.open(base + "favourites/")
    card = "document.querySelector('[data-fav-group=concert] .fav-site .concert-cell')"
    check(browser.js(f"!!{card}"), "/favourites/ does not show the concert as a concert cell")
    drawn = browser.js(f"({CELL_FIELDS})({card})")
    for field in ("href", "date", "venue", "tiles", "markup"):
        check(drawn[field] == shown[field], f"the favourite's card differs in {field}:\n{drawn[field]!r}\non the artist page:\n{shown[field]!r}")
    heading = browser.js("document.querySelector('[data-fav-group=concert] .fav-card--site .fav-title').textContent")
    check(heading.startswith("Grateful Dead, "), f"the concert card's heading: {heading!r}")
    artist_card = browser.js("(() => { const a = document.querySelector('[data-fav-group=artist] .fav-site .artist-list li a'); return a && a.textContent; })()")
    check(artist_card == artist_name, f"the artist's card: {artist_card!r}, starred {artist_name!r}")
    # Unstarring the concert here, by keyboard, leaves the artist, and the focus goes to the star
    # now in the removed one's place (the artist's), not to the top of the page.
    browser.js("document.querySelector('[data-fav-group=concert] .fav-star').focus(); true")
    browser.call("Input.dispatchKeyEvent", type="keyDown", key="Enter", code="Enter", windowsVirtualKeyCode=13, text="\r")
    browser.call("Input.dispatchKeyEvent", type="keyUp", key="Enter", code="Enter", windowsVirtualKeyCode=13)
    check(browser.js("document.querySelector('[data-fav-group=concert]').hidden") is True, "the concert stays after unstarring")
    check(browser.js("!!document.activeElement.closest('[data-fav-group=artist]') && document.activeElement.classList.contains('fav-star')"),
          f"the focus after unstarring is on {browser.js('document.activeElement.outerHTML.slice(0, 80)')}")
    check(browser.js("document.querySelector('[data-fav-group=artist]').hidden") is False, "unstarring the concert lost the artist")
    print(f"ok: a concert starred from its cell ({concert}) and an artist from its row show on /favourites/ as the site's cards")


# What a recording's tile on a concert page shows, and its markup without the star and links.
TILE_FIELDS = """t => {
  const bare = t.cloneNode(true);
  bare.querySelectorAll('button').forEach(b => b.remove());
  [bare, ...bare.querySelectorAll('*')].forEach(e => { e.removeAttribute('href'); e.removeAttribute('data-fav-card'); });
  return { href: t.querySelector('h2 a').href, identifier: t.querySelector('.identifier').textContent,
           facts: [...t.querySelectorAll('.facts dt')].map(d => d.textContent),
           markup: bare.outerHTML.replace(/\\s+/g, ' ') };
}"""


def favourite_recording(browser, base):
    """A recording starred on its own page: /favourites/ shows its tile from the concert page,
    under the concert's artist and date, as it shows a concert's cell."""
    concert = base + "artists/grateful-dead/1977-05-08/"
    browser.open(concert)
    tile = "document.querySelectorAll('.selector > .recording-tile')[1]"
    shown = browser.js(f"({TILE_FIELDS})({tile})")
    check(shown["facts"], f"the tile shows no facts: {shown}")
    label = browser.js(f"{tile}.querySelector('.fav-star').getAttribute('aria-label')")
    check(label.startswith("Favourite: Grateful Dead, 8 May 1977, ") and label.endswith(shown["identifier"]),
          f"the tile's star is not named for its concert and recording: {label!r}")
    browser.open(shown["href"])
    star = "document.querySelector('h1 ~ .fav-star')"
    check(browser.js(f"{star}.dataset.favKind") == "recording", "the recording page's star is not a recording's")
    check(browser.js(f"new URL({star}.dataset.favFrom, document.baseURI.replace(/recordings\\/.*$/, '')).href") == concert,
          "the recording's star does not name its concert page")
    browser.js(f"{star}.click(); true")
    check(browser.js(f"{star}.getAttribute('aria-pressed')") == "true", "clicking the recording's star does not press it")
    # Starred on its own page, the recording's tile is fetched from the concert page.
    browser.wait_until(f"({STORED}).some(i => i.kind === 'recording' && i.card)")

    browser.open(base + "favourites/")
    card = "document.querySelector('[data-fav-group=recording] .fav-site .selector > .recording-tile')"
    check(browser.js(f"!!{card}"), "/favourites/ does not show the recording as its tile")
    drawn = browser.js(f"({TILE_FIELDS})({card})")
    for field in ("href", "identifier", "facts", "markup"):
        check(drawn[field] == shown[field], f"the recording's card differs in {field}:\n{drawn[field]!r}\non the concert page:\n{shown[field]!r}")
    # Nothing of the kept tile (its rating, "(14 reviews)") runs past the tile's edge, on a
    # phone or a desktop (the cards are narrow on both).
    for width in (390, 1280):
        browser.call("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1, mobile=width < 600)
        over = browser.js(f"""(() => {{ const tile = {card}, edge = tile.getBoundingClientRect().right;
            return [...tile.querySelectorAll('*')].filter(e => e.getClientRects().length && e.getBoundingClientRect().right > edge + 0.5)
              .map(e => e.className || e.tagName); }})()""")
        check(over == [], f"at {width} px, parts of the kept tile run past its edge: {over}")
    browser.call("Emulation.clearDeviceMetricsOverride")
    heading = browser.js("[...document.querySelectorAll('[data-fav-group=recording] .fav-card--site .fav-title')].map(a => [a.textContent, a.href])")
    check(heading == [["Grateful Dead, 8 May 1977", shown["href"]]], f"the recording card's heading: {heading!r}")
    # A recording starred on /discover/: its card names it already, so no heading repeats it.
    browser.open(base + "discover/")
    listed = browser.js("(() => { const b = document.querySelector('.discover-list li .fav-star'); b.click(); return b.dataset.favTitle; })()")
    browser.open(base + "favourites/")
    cards = browser.js("""[...document.querySelectorAll('[data-fav-group=recording] .fav-card--site')].map(c =>
        [!!c.querySelector('.fav-title'), !!c.querySelector('.fav-site .discover-list > li')])""")
    check(sorted(cards) == [[False, True], [True, False]], f"recording cards (heading, discover card): {cards}")
    check(browser.js("document.querySelector('[data-fav-group=recording] .discover-list > li a').textContent") == listed,
          "the discover card does not name its recording")
    # Unstarring them here empties the group; the recording's page shows it unpressed again.
    for _ in range(2):
        browser.js("document.querySelector('[data-fav-group=recording] .fav-star').click(); true")
    check(browser.js("document.querySelector('[data-fav-group=recording]').hidden") is True, "the recording stays after unstarring")
    browser.open(shown["href"])
    check(browser.js(f"{star}.getAttribute('aria-pressed')") == "false", "the recording is still starred after removal")
    print(f"ok: a recording starred on its page ({shown['identifier']}) shows on /favourites/ as its tile from the concert page")


def near_me(browser, base):
    here = (51.5450, -0.0760)  # beside the sample's venue at 51.5495, -0.0750, east of the centre
    browser.call("Browser.grantPermissions", permissions=["geolocation"], origin=base[:base.index("/", len("http://"))])
    browser.call("Emulation.setGeolocationOverride", latitude=here[0], longitude=here[1], accuracy=10)
    rows_of_lists = """[...document.querySelectorAll('.ev-list')].map(l => [...l.children].map(r =>
        [r.querySelector('a').getAttribute('href'), r.dataset.lat || null, r.dataset.lng || null,
         (r.querySelector('.ev-distance') || {}).textContent || null]))"""
    browser.open(base + "events/london/")
    before = browser.js(rows_of_lists)
    check(browser.js("document.querySelector('.ev-nearme').hidden") is False, "the near-me button is hidden")
    check(browser.js("document.querySelector('#ev-nearme-note').hidden") is False, "the note is hidden before the button is pressed")
    browser.js("document.querySelector('.ev-nearme button').click(); true")
    browser.wait_until("document.querySelectorAll('.ev-distance').length > 0")
    # The status says what the button did; the note of what it would do gives way to it.
    check(browser.js("document.querySelector('#ev-nearme-note').hidden") is True, "the note still stands beside the status")
    check(browser.js("getComputedStyle(document.querySelector('.ev-distance')).whiteSpace") == "nowrap", "a distance may break between number and unit")
    after = browser.js(rows_of_lists)
    check(len(after) == len(before), "a list was lost")
    moved = 0
    unknown = 0
    for old, new in zip(before, after):
        check(sorted(r[0] for r in old) == sorted(r[0] for r in new), "rows were lost or moved between lists")
        distances = []
        for href, lat, lng, label in new:
            check(label is not None, f"no distance shown for {href}")
            if lat is None:
                check(label == "distance unknown", f"{href} has no coordinates but shows {label}")
                distances.append(math.inf)
                unknown += 1
            else:
                km = kilometres(here[0], here[1], float(lat), float(lng))
                check(label == (f"{km:.1f} km" if km < 10 else f"{km:.0f} km"), f"{href}: {label}, expected {km:.2f} km")
                distances.append(km)
        check(distances == sorted(distances), f"a day is not ordered by distance: {distances}")
        moved += [r[0] for r in old] != [r[0] for r in new]
    check(moved > 0, "near me moved no row: the check would pass without it")
    check(unknown > 0, "the sample has no row without coordinates to check")

    # /events/: the cities by distance; from New York, New York comes first.
    browser.call("Emulation.setGeolocationOverride", latitude=40.73, longitude=-73.99, accuracy=10)
    browser.open(base + "events/")
    first = browser.js("document.querySelector('.ev-city h2').textContent")
    browser.js("document.querySelector('.ev-nearme button').click(); true")
    browser.wait_until("document.querySelectorAll('.ev-city .ev-distance').length > 0")
    order = browser.js("[...document.querySelectorAll('.ev-city h2')].map(h => h.textContent)")
    check(order[0] == "New York" and first != "New York", f"cities after near me: {order} (first before: {first})")
    # A city's card lists several days, each row dated: they keep their date order, and only
    # the rows of one day are ordered by distance.
    cards = browser.js("""[...document.querySelectorAll('.ev-city .ev-list')].map(l => [...l.children].map(r =>
        [r.querySelector('time.ev-date').getAttribute('datetime'), r.dataset.lat ? +r.dataset.lat : null, r.dataset.lng ? +r.dataset.lng : null]))""")
    days_checked = 0
    for rows in cards:
        check([r[0] for r in rows] == sorted(r[0] for r in rows), f"a city's card is out of date order after near me: {[r[0] for r in rows]}")
        for date in {r[0] for r in rows}:
            km = [kilometres(40.73, -73.99, r[1], r[2]) if r[1] is not None else math.inf for r in rows if r[0] == date]
            check(km == sorted(km), f"the concerts of {date} on a city's card are not ordered by distance: {km}")
            days_checked += len(km) > 1
    check(days_checked > 0, "no city card has a day of several concerts to order")
    print(f"ok: near me ordered {len(after)} days on the London page ({moved} changed, {unknown} rows without coordinates last) and the cities")


def random_concert(browser, base):
    browser.open(base + "discover/")
    check(browser.js("document.querySelector('.discover-random').hidden") is False, "the random-concert button is hidden")
    # A year's list that leads out of the site with percent-encoded dots is refused: the page
    # stays, says it failed, and the button can be pressed again.
    browser.js("window.fetch = () => Promise.resolve(new Response(JSON.stringify(Array(5000).fill('a/%2e%2e/%2e%2e/evil/')))); true")
    browser.js("document.querySelector('.discover-random button').click(); true")
    browser.wait_until("document.querySelector('.discover-random [role=status]').textContent !== ''")
    state = browser.js("[location.pathname, document.querySelector('.discover-random button').disabled]")
    check(state == [f"/{SUB_PATH}discover/", False], f"after a list with encoded dots: at {state[0]}, button disabled: {state[1]}")
    browser.reload()
    browser.events.clear()
    browser.js("document.querySelector('.discover-random button').click(); true")
    browser.wait_for_event("Page.loadEventFired")
    path = browser.js("location.pathname")
    check(path.startswith(f"/{SUB_PATH}artists/") and browser.js("document.querySelector('h1 ~ .fav-star').dataset.favKind") == "concert",
          f"the random concert is {path}")
    print(f"ok: the random concert went to {path}")


def silence(seconds):
    """A WAV of silence (8 kHz, 8-bit mono) as a data: URL."""
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(1)
        file.setframerate(8000)
        file.writeframes(bytes([128]) * int(8000 * seconds))
    return "data:audio/wav;base64," + base64.b64encode(buffer.getvalue()).decode()


def press(browser, selector):
    """A real click (a user gesture, which media playback asks for) in the middle of the element."""
    box = browser.js(f"(() => {{ const e = document.querySelector('{selector}'); e.scrollIntoView({{block: 'center'}});"
                     " const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    for kind in ("mousePressed", "mouseReleased"):
        browser.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)


def key(browser, name, code, text=None):
    """A real key press: `name` is the key and its code ("Enter", "ArrowRight"), `code` the virtual key."""
    for kind in ("keyDown", "keyUp"):
        params = {"type": kind, "key": name, "code": name, "windowsVirtualKeyCode": code}
        if text and kind == "keyDown":
            params["text"] = text
        browser.call("Input.dispatchKeyEvent", **params)


def player(browser, base, output):
    # A recording page whose player has at least three tracks, in sets (a list each) if the
    # sample has one: the playlist runs across them.
    page = None
    folder = os.path.join(output, "recordings")
    pages = []
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name, "index.html"), encoding="utf-8") as file:
            pages.append((name, file.read()))
    for name, html in sorted(pages, key=lambda named: "set-name" not in named[1]):
        if "data-player" in html and html.count("<audio") >= 3:
            page = f"recordings/{name}/"
            audios = html.count("<audio")
            break
    check(page is not None, "no recording page with a player of three tracks in the sample")
    state = """(() => { const items = [...document.querySelectorAll('[data-playlist] li')].filter(i => i.querySelector('audio'));
        const toggle = document.querySelector('[data-player-toggle]');
        return {current: items.findIndex(i => i.getAttribute('aria-current') === 'true'),
                playing: items.map(i => !i.querySelector('audio').paused).map((p, n) => p ? n : -1).filter(n => n >= 0),
                toggle: toggle.textContent, pressed: toggle.getAttribute('aria-pressed'),
                shown: items.map((i, n) => getComputedStyle(i.querySelector('audio')).display !== 'none' ? n : -1).filter(n => n >= 0),
                previous: document.querySelector('[data-player-previous]').disabled,
                next: document.querySelector('[data-player-next]').disabled,
                now: document.querySelector('[data-player-now]').textContent, count: items.length}; })()"""

    browser.call("Emulation.setScriptExecutionDisabled", value=True)
    browser.open(base + page)
    check(browser.js("document.querySelector('[data-player]').hidden") is True, "without JavaScript the player bar shows")
    check(browser.js("[...document.querySelectorAll('[data-playlist] audio')].every(a => a.controls && a.preload === 'none' && !a.autoplay)"),
          "without JavaScript a track has no native player, or one that loads or plays by itself")
    browser.call("Emulation.setScriptExecutionDisabled", value=False)

    browser.open(base + page)
    browser.js("document.querySelectorAll('[data-playlist] audio').forEach(a => { a.querySelectorAll('source').forEach(s => s.remove());"
               f" a.src = '{silence(4)}'; }}); true")
    start = browser.js(state)
    check(browser.js("document.querySelector('[data-player]').hidden") is False, "the player bar is hidden")
    # The toggle's label says what it does; aria-pressed beside it would say it twice.
    check(start["current"] == -1 and start["playing"] == [] and start["toggle"] == "Play" and start["pressed"] is None
          and start["previous"] and not start["next"], f"before anything is played: {start}")
    check(start["shown"] == [], f"with the bar, tracks still show their own players: {start['shown']}")
    check(start["count"] == audios, f"the playlist holds {start['count']} of the page's {audios} tracks")

    def until(condition, what):
        deadline = time.time() + 10
        while time.time() < deadline:
            now = browser.js(state)
            if condition(now):
                return now
            time.sleep(0.1)
        raise AssertionError(f"{what}: {browser.js(state)}")

    press(browser, "[data-player-toggle]")
    now = until(lambda s: s["current"] == 0 and s["playing"] == [0] and s["toggle"] == "Pause", "play did not start the first track")
    check(now["now"].startswith("Now playing:") and now["previous"] and now["shown"] == [0], f"while playing: {now}")
    press(browser, "[data-player-toggle]")
    now = until(lambda s: s["playing"] == [] and s["toggle"] == "Play", "pause did not pause")
    check(now["current"] == 0 and now["now"].startswith("Paused:"), f"paused: {now}")
    # Paused well into the first track: going back to it later starts it from its beginning.
    browser.js("[...document.querySelectorAll('[data-playlist] audio')][0].currentTime = 3; true")
    press(browser, "[data-player-next]")
    until(lambda s: s["current"] == 1 and s["playing"] == [1] and not s["previous"], "next did not play and highlight the second track")
    press(browser, "[data-player-previous]")
    until(lambda s: s["current"] == 0 and s["playing"] == [0], "previous did not go back to the first track")
    position = browser.js("[...document.querySelectorAll('[data-playlist] audio')][0].currentTime")
    check(position < 2, f"previous resumed the first track at {position} s rather than starting it again")

    # The keyboard: Enter on the focused toggle pauses; the right and left arrows move.
    browser.js("document.querySelector('[data-player-toggle]').focus(); true")
    key(browser, "Enter", 13, "\r")
    until(lambda s: s["playing"] == [] and s["toggle"] == "Play", "Enter on the toggle did not pause")
    key(browser, "ArrowRight", 39)
    until(lambda s: s["current"] == 1 and s["playing"] == [1], "the right arrow did not play the next track")
    key(browser, "ArrowRight", 39)
    until(lambda s: s["current"] == 2 and s["playing"] == [2], "the right arrow did not move on again")
    key(browser, "ArrowLeft", 37)
    until(lambda s: s["current"] == 1 and s["playing"] == [1], "the left arrow did not go back")

    # A track's own play button starts it (the bar's toggle then pauses it).
    label = browser.js("document.querySelectorAll('[data-playlist] .track-play')[0].getAttribute('aria-label')")
    check(label.startswith("Play ") and len(label) > len("Play "), f"a track's play button is labelled {label!r}")
    browser.js("document.querySelectorAll('[data-playlist] .track-play')[2].click(); true")
    until(lambda s: s["current"] == 2 and s["playing"] == [2] and s["shown"] == [2], "a track's play button did not play it")
    browser.js("document.querySelectorAll('[data-playlist] .track-play')[1].click(); true")
    until(lambda s: s["current"] == 1 and s["playing"] == [1], "another track's play button did not move to it")

    # A track that ends starts the next one: the second, moved to its last moment.
    browser.js("(() => { const a = [...document.querySelectorAll('[data-playlist] audio')][1]; a.currentTime = a.duration - 0.3; })(); true")
    until(lambda s: s["current"] == 2 and s["playing"] == [2], "the end of a track did not start the next")

    # A track that cannot be loaded is marked, said so, and passed over: the first track's
    # sources made unreachable, the others left playable.
    browser.open(base + page)
    browser.js("document.querySelectorAll('[data-playlist] audio').forEach((a, i) => {"
               " if (i === 0) { a.querySelectorAll('source').forEach(s => s.src = 'missing-track.mp3'); a.load(); return; }"
               f" a.querySelectorAll('source').forEach(s => s.remove()); a.src = '{silence(4)}'; }}); true")
    press(browser, "[data-player-toggle]")
    until(lambda s: s["current"] == 1 and s["playing"] == [1], "a track that cannot be loaded did not pass on to the next")
    check(browser.js("document.querySelector('[data-playlist] li').getAttribute('data-failed')") == "true",
          "the track that cannot be loaded is not marked")
    # Offline, no track loads: the bar ends on the last, saying it failed, and offers to play.
    browser.open(base + page)
    browser.js("document.querySelectorAll('[data-playlist] audio').forEach(a => {"
               " a.querySelectorAll('source').forEach(s => s.src = 'missing-track.mp3'); a.load(); }); true")
    press(browser, "[data-player-toggle]")
    last = until(lambda s: s["current"] == s["count"] - 1 and s["now"].startswith("Could not be loaded"),
                 "with no track loadable the bar did not end on the last one")
    check(last["toggle"] == "Play", f"with nothing playing the bar offers to pause: {last}")
    print(f"ok: the player on {page}: play, pause, next, previous, keys, on to the next track at the end and past one that "
          f"cannot be loaded ({start['count']} tracks)")


TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Templates")


def events_filter(browser, base):
    """The instant filter of a city's events hides the rows that do not match, and says so when
    none does: with every day hidden the page would end at the controls."""
    browser.open(base + "events/london/")
    browser.wait_until("!document.getElementById('ev-filter').hidden")
    rows = browser.js("document.querySelectorAll('.ev-row').length")
    name = browser.js("document.querySelector('.ev-row .ev-headline a').textContent.trim()")
    def typed(text):
        browser.js("(() => { const i = document.getElementById('ev-filter-input'); i.value = %s; "
                   "i.dispatchEvent(new Event('input')); })()" % json.dumps(text))
        return (browser.js("[...document.querySelectorAll('.ev-row')].filter(r => !r.hidden && !r.closest('.ev-day').hidden).length"),
                browser.js("document.querySelector('.ev-filter-status').textContent"))
    shown, status = typed(name)
    check(0 < shown < rows and status == "", f"filtering by {name!r}: {shown} of {rows} rows shown, status {status!r}")
    shown, status = typed("zzzqqq")
    check(shown == 0 and status == "No event here matches “zzzqqq”.", f"a filter matching nothing: {shown} rows, status {status!r}")
    check(browser.js("document.querySelector('.ev-filter-status').getAttribute('role')") == "status", "the filter's note is no status")
    shown, status = typed("")
    check(shown == rows and status == "", f"an emptied filter: {shown} of {rows} rows, status {status!r}")
    print(f"ok: the events filter on events/london/ ({rows} rows): matches, nothing matching said, emptied")


def german_counts():
    """A count the templates put between a strings pair ("{{strings.one_of.before}}{{concertCount}}")
    is the plural of the strings file's count ("32 Konzerte", nominative): in German it must not
    follow a preposition that asks for the dative ("Eines von 32 Konzerte")."""
    pairs = set()
    for folder, _, files in os.walk(TEMPLATES):
        for name in files:
            if name.endswith(".mustache"):
                with open(os.path.join(folder, name), encoding="utf-8") as file:
                    pairs |= set(re.findall(r"\{\{strings\.([a-z_]+)\.before\}\}\{\{\w*[Cc]ount\w*\}\}", file.read()))
    with open(os.path.join(TEMPLATES, "strings", "de.yml"), encoding="utf-8") as file:
        strings = file.read()
    for key in sorted(pairs):
        before = re.search(r"^%s:\n  before: \"(.*)\"$" % key, strings, re.M)
        check(before, f"de.yml has no {key}.before")
        check(not re.search(r"\b(von|mit|aus|bei|nach|seit|zu|zwischen)\s*$", before.group(1), re.I),
              f"de.yml's {key}.before {before.group(1)!r} puts a nominative count after a dative preposition")
    check(pairs, "no count between a strings pair in the templates: the check checks nothing")
    print(f"ok: German counts between words of the strings file ({', '.join(sorted(pairs))}) follow no dative preposition")


def main():
    output = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "Output")
    server = serve(output)
    base = server.base
    german_counts()
    browser = Browser()
    try:
        without_javascript(browser, base, ["artists/grateful-dead/1977-05-08/", "events/", "events/london/", "discover/", "favourites/",
                                            "charts/"])
        no_layout_shift(browser, output, ["artists/grateful-dead/", "artists/grateful-dead/1977-05-08/",
                                          "recordings/gd1977-05-08.sbd.miller.89401.flac16/", "events/", "events/london/",
                                          "events/london/41426057/", "charts/deadhead-mara/weeks/1763899200/", "discover/"])
        favourites(browser, base, output)
        star_names(browser, base)
        storage_full(browser, base)
        favourites_from_cards(browser, base)
        favourite_recording(browser, base)
        near_me(browser, base)
        random_concert(browser, base)
        events_filter(browser, base)
        player(browser, base, output)
    finally:
        browser.close()
        server.shutdown()
        shutil.rmtree(server.root, ignore_errors=True)


if __name__ == "__main__":
    try:
        main()
    except AssertionError as error:
        print(f"FAILED: {error}", file=sys.stderr)
        sys.exit(1)
