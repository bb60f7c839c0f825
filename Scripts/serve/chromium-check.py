#!/usr/bin/env python3
"""Looks at `sitegen serve` in headless Chromium as an author would, through the DevTools
protocol: eight tabs of the site open at once all load and listen (a browser keeps six
connections to a host); a post edited while its page is open reloads the page (and its copies in
the other tabs); saving the same bytes again does not, nor does a change to a data file the page
does not load; a stylesheet edit is swapped in without a reload, and one the page loads through
`@import` reloads it; a broken template shows the error overlay, and putting it back removes
it; a new path in base_url takes the open page to its new address. Prints what it saw, saves screenshots, and exits 1 if
any of these did not happen (`.ci/run` runs it). It edits a copy of the site, never the
repository's:

    pip install websocket-client
    python3 Scripts/serve/chromium-check.py      # from the repository root, after swift build

It starts `.build/debug/sitegen serve` and Chromium (`chromium`) on free ports (from
SITEGEN_TEST_PORTS, "26100-26199", when it is set).
"""
import base64, json, os, shutil, signal, subprocess, sys, tempfile, time, urllib.request
import websocket

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../Tests/Browser"))
from ports import free_port  # noqa: E402



failed = []


def saw(label, ok, *details):
    """Prints one observation; a False one fails the run."""
    print(label + ":", ok, *details)
    if not ok:
        failed.append(label)


REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WORK = tempfile.mkdtemp(prefix="sitegen-chromium-")
for folder in ("Content", "Templates"):
    shutil.copytree(os.path.join(REPO, folder), os.path.join(WORK, folder))
POST = os.path.join(WORK, "Content/news/2026-11-19-release-notes.md")
CSS = os.path.join(WORK, "Templates/assets/css/base.css")
IMPORTED = os.path.join(WORK, "Templates/assets/css/imported.css")
SITE = os.path.join(WORK, "Content/site.yml")
open(IMPORTED, "w").write("/* imported by base.css */\n")
# Read before the file is opened for writing, which empties it.
stylesheet = open(CSS).read()
open(CSS, "w").write('@import "imported.css";\n' + stylesheet)
TEMPLATE = os.path.join(WORK, "Templates/news/post.mustache")
DATA = os.path.join(WORK, "Content/static/notes.txt")
open(DATA, "w").write("notes\n")
# Free ports, not fixed ones: a Chromium left by an earlier run on a fixed port was driven
# instead of this run's own.
PORT = str(free_port())
DEVTOOLS = "http://127.0.0.1:" + str(free_port(taken=(int(PORT),)))
PAGE = "http://127.0.0.1:" + PORT + "/music/news/release-notes/"
TABS = 8

server = subprocess.Popen([os.path.join(REPO, ".build/debug/sitegen"), "serve", "--port", PORT, "--date", "2026-11-22", "-q"],
                          cwd=WORK, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
print(server.stdout.readline().strip())
browser = subprocess.Popen(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=" + DEVTOOLS.rsplit(":", 1)[1],
                            "--user-data-dir=" + os.path.join(WORK, "profile"), "about:blank"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    for _ in range(100):
        try:
            urllib.request.urlopen(DEVTOOLS + "/json/version")
            break
        except OSError:
            time.sleep(0.1)
    ids = iter(range(1, 10**6))

    def open_tab():
        target = json.load(urllib.request.urlopen(urllib.request.Request(DEVTOOLS + "/json/new?" + PAGE, method="PUT")))
        return websocket.create_connection(target["webSocketDebuggerUrl"], timeout=30)

    def call(method, tab=None, timeout=30, **params):
        tab = tab or ws
        tab.settimeout(timeout)
        n = next(ids)
        tab.send(json.dumps({"id": n, "method": method, "params": params}))
        while True:
            message = json.loads(tab.recv())
            if message.get("id") == n:
                return message.get("result", {})

    def js(expression, tab=None):
        try:
            return call("Runtime.evaluate", tab, 5, expression=expression, returnByValue=True).get("result", {}).get("value")
        except websocket.WebSocketTimeoutException:  # a tab still waiting for its page
            return None

    def wait_for(expression, timeout=10, tab=None):
        end = time.time() + timeout
        while time.time() < end:
            if js(expression, tab):
                return True
            time.sleep(0.1)
        return False

    tabs = [open_tab() for _ in range(TABS)]
    ws = tabs[0]

    def shot(name):
        path = os.path.join(WORK, name + ".png")
        open(path, "wb").write(base64.b64decode(call("Page.captureScreenshot", format="png")["data"]))
        return path

    call("Page.enable")
    listening = "window.sitegenLiveReload && window.sitegenLiveReload.connected"
    # base.css defines the design's custom properties: a page without them lost its stylesheet.
    styled = "getComputedStyle(document.documentElement).getPropertyValue('--bg').trim() !== ''"
    saw("page loaded, styled and listening", wait_for(listening + " && " + styled))
    saw("all %d tabs loaded and listening" % TABS, all(wait_for(listening, tab=tab) for tab in tabs),
        [bool(js(listening, tab)) for tab in tabs])
    text = open(POST).read()
    for tab in tabs:
        js("window.marker = 1", tab)
    start = time.time()
    open(POST, "w").write(text.replace("What changed in this release:", "What changed in this release (edited live):"))
    saw("edited post reloaded the page, styled", wait_for("window.marker === undefined && document.body.innerText.includes('edited live') && " + styled),
        "after %.2f s" % (time.time() - start), shot("1-after-edit"))
    saw("every tab of the post reloaded", all(wait_for("window.marker === undefined", tab=tab) for tab in tabs))
    for tab in tabs[1:]:
        tab.close()
    js("window.marker = 2")
    same = open(POST).read()
    open(POST, "w").write(same)
    time.sleep(1.5)
    saw("no-op save left the page alone", js("window.marker") == 2)
    heard = js("window.sitegenLiveReload.events.length") or 0
    open(DATA, "w").write("notes, edited\n")
    saw("a data file the page does not load left it alone",
        wait_for("window.sitegenLiveReload.events.length > %d" % heard) and not time.sleep(0.5) and js("window.marker") == 2)
    js("window.marker = 3")
    css = open(CSS).read()
    open(CSS, "w").write(css + "\nbody { background-color: rgb(255, 230, 0) !important; }\n")
    saw("stylesheet swapped without a reload", wait_for("getComputedStyle(document.body).backgroundColor === 'rgb(255, 230, 0)'")
        and js("window.marker") == 3)
    open(CSS, "w").write(css)
    js("window.marker = 4")
    open(IMPORTED, "w").write("body { color: rgb(0, 128, 1) !important; }\n")
    saw("a stylesheet it @imports reloaded the page", wait_for("window.marker === undefined && getComputedStyle(document.body).color === 'rgb(0, 128, 1)'"))
    template = open(TEMPLATE).read()
    open(TEMPLATE, "w").write(template.replace("{{/content}}", "{{#oops}}\n{{/content}}", 1))
    saw("broken template shows the overlay", wait_for("document.getElementById('sitegen-error-overlay') !== null"))
    print("  ", js("document.getElementById('sitegen-error-place').textContent"), "·",
          js("document.getElementById('sitegen-error-message').textContent"), shot("2-overlay"))
    open(TEMPLATE, "w").write(template)
    saw("fixed template removes the overlay", wait_for("document.getElementById('sitegen-error-overlay') === null && " + styled), shot("3-fixed"))
    settings = open(SITE).read()
    open(SITE, "w").write(settings.replace("/music/", "/moved/", 1))
    saw("a new path in base_url took the page to its new address",
        wait_for("location.pathname === '/moved/news/release-notes/' && window.sitegenLiveReload && window.sitegenLiveReload.connected", 20),
        js("location.pathname"))
    ws.close()
finally:
    browser.terminate()
    server.send_signal(signal.SIGINT)
    print(server.stdout.read().strip())
    server.wait()
    print("screenshots and the site's copy:", WORK, file=sys.stderr)
if failed:
    print("FAILED:", ", ".join(failed), file=sys.stderr)
    sys.exit(1)
