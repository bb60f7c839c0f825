#!/usr/bin/env python3
"""Looks at `sitegen serve` in headless Chromium as an author would, through the DevTools
protocol: a post edited while its page is open reloads the page; saving the same bytes again
does not; a stylesheet edit is swapped in without a reload; a broken template shows the error
overlay, and putting it back removes it. Prints what it saw, saves screenshots, and exits 1 if
any of these did not happen (`.ci/run` runs it). It edits a copy of the site, never the
repository's:

    pip install websocket-client
    python3 Scripts/serve/chromium-check.py      # from the repository root, after swift build

It starts `.build/debug/sitegen serve` on port 18400 and Chromium (`chromium`) on 9333.
"""
import base64, json, os, shutil, signal, subprocess, sys, tempfile, time, urllib.request
import websocket

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
TEMPLATE = os.path.join(WORK, "Templates/news/post.mustache")
PAGE = "http://127.0.0.1:18400/music/news/release-notes/"

server = subprocess.Popen([os.path.join(REPO, ".build/debug/sitegen"), "serve", "--port", "18400", "--date", "2026-11-22", "-q"],
                          cwd=WORK, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
print(server.stdout.readline().strip())
browser = subprocess.Popen(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=9333",
                            "--user-data-dir=" + os.path.join(WORK, "profile"), "about:blank"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    for _ in range(100):
        try:
            urllib.request.urlopen("http://127.0.0.1:9333/json/version")
            break
        except OSError:
            time.sleep(0.1)
    target = json.load(urllib.request.urlopen(urllib.request.Request("http://127.0.0.1:9333/json/new?" + PAGE, method="PUT")))
    ws = websocket.create_connection(target["webSocketDebuggerUrl"], timeout=30)
    ids = iter(range(1, 10**6))

    def call(method, **params):
        n = next(ids)
        ws.send(json.dumps({"id": n, "method": method, "params": params}))
        while True:
            message = json.loads(ws.recv())
            if message.get("id") == n:
                return message.get("result", {})

    def js(expression):
        return call("Runtime.evaluate", expression=expression, returnByValue=True).get("result", {}).get("value")

    def wait_for(expression, timeout=10):
        end = time.time() + timeout
        while time.time() < end:
            if js(expression):
                return True
            time.sleep(0.1)
        return False

    def shot(name):
        path = os.path.join(WORK, name + ".png")
        open(path, "wb").write(base64.b64decode(call("Page.captureScreenshot", format="png")["data"]))
        return path

    call("Page.enable")
    saw("page loaded and listening", wait_for("window.sitegenLiveReload && window.sitegenLiveReload.connected"))
    text = open(POST).read()
    js("window.marker = 1")
    start = time.time()
    open(POST, "w").write(text.replace("What changed in this release:", "What changed in this release (edited live):"))
    saw("edited post reloaded the page", wait_for("window.marker === undefined && document.body.innerText.includes('edited live')"),
        "after %.2f s" % (time.time() - start), shot("1-after-edit"))
    js("window.marker = 2")
    same = open(POST).read()
    open(POST, "w").write(same)
    time.sleep(1.5)
    saw("no-op save left the page alone", js("window.marker") == 2)
    js("window.marker = 3")
    css = open(CSS).read()
    open(CSS, "w").write(css + "\nbody { background-color: rgb(255, 230, 0) !important; }\n")
    saw("stylesheet swapped without a reload", wait_for("getComputedStyle(document.body).backgroundColor === 'rgb(255, 230, 0)'")
        and js("window.marker") == 3)
    open(CSS, "w").write(css)
    template = open(TEMPLATE).read()
    open(TEMPLATE, "w").write(template.replace("{{/content}}", "{{#oops}}\n{{/content}}", 1))
    saw("broken template shows the overlay", wait_for("document.getElementById('sitegen-error-overlay') !== null"))
    print("  ", js("document.getElementById('sitegen-error-place').textContent"), "·",
          js("document.getElementById('sitegen-error-message').textContent"), shot("2-overlay"))
    open(TEMPLATE, "w").write(template)
    saw("fixed template removes the overlay", wait_for("document.getElementById('sitegen-error-overlay') === null"), shot("3-fixed"))
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
