#!/usr/bin/env python3
"""The recording-type filter of the archive pages in a real browser: headless Chromium through
the DevTools protocol, the built site served on localhost (the Browser of in_browser.py).

    python3 Tests/Browser/type_filter.py OUTPUT_FOLDER

OUTPUT_FOLDER is the sample site built with --date 2026-11-22. Checks, on an artist page (concert
cells) and a concert page (recording tiles):
  - without JavaScript the filter is not shown and every concert and recording is listed;
  - the filter offers the types the page has, no others;
  - with it, each type shows exactly the concerts that have a recording of that type (by the
    badges of the concert's own page, not by the attribute the script reads) and, inside them,
    only that type's tiles, and a concert's "+N" counts its recordings of the type that no tile
    shows (or goes when there are none); "FM and Pre-FM" keeps both; "All" brings everything back;
  - the filter is used with the keyboard alone: Tab to it, arrow keys to choose;
  - on an on-this-day page, an artist's entry and a year with nothing of the type are hidden.
Exits non-zero with a message on the first failure.
"""
import os
import re
import shutil
import sys
import urllib.parse

from in_browser import Browser, check, serve

ARTIST = "artists/grateful-dead/"
CONCERT = "artists/grateful-dead/1977-05-08/"
ON_THIS_DAY = "on-this-day/12-31/"
FAMILIES = ("sbd", "aud", "mtx", "sbd-aud", "fm", "unknown")

VISIBLE_CELLS = """[...document.querySelectorAll('.concert-cell')].filter(e => e.getClientRects().length > 0)
  .map(e => e.querySelector('h3 a').getAttribute('href'))"""
MORE_BY_CONCERT = """Object.fromEntries([...document.querySelectorAll('.concert-cell')].filter(e => e.getClientRects().length > 0)
  .map(e => [e.querySelector('h3 a').getAttribute('href'), [e.querySelectorAll('.cell-tiles li:not(.cell-more)').length,
    [...e.querySelectorAll('.cell-tiles li:not(.cell-more)')].filter(t => t.getClientRects().length > 0).length,
    (m => m && m.getClientRects().length > 0 ? m.textContent + ' | ' + m.querySelector('a').title : null)(e.querySelector('.cell-more'))]]))"""
VISIBLE_BADGES = """[...document.querySelectorAll('.cell-tiles li, .recording-tile')].filter(e => e.getClientRects().length > 0)
  .map(e => (e.querySelector('[data-family]') || {dataset: {}}).dataset.family).filter(Boolean)"""


def families_by_concert(output, artist_html):
    """Each concert's recordings' families, one per recording, read from the badges on its own
    page in the built output."""
    families = {}
    for href in re.findall(r'<article class="concert-cell"[^>]*>\s*<h3><a href="([^"]+)"', artist_html):
        path = os.path.normpath(os.path.join(output, ARTIST, urllib.parse.unquote(href), "index.html"))
        with open(path, encoding="utf-8") as page:
            html = page.read()
        selector = re.split(r'<ol class="selector"[^>]*>', html, maxsplit=1)[1].split("</ol>", 1)[0]
        families[href] = re.findall(r'class="type type-[a-z-]+" data-family="([a-z-]+)"', selector)
    return families


def choose(browser, value):
    browser.js(f"document.querySelector('#type-filter input[value=\"{value}\"]').click(); true")


def without_javascript(browser, base):
    browser.call("Emulation.setScriptExecutionDisabled", value=True)
    for page in (ARTIST, CONCERT):
        browser.open(base + page)
        check(browser.js("document.getElementById('type-filter').getClientRects().length") == 0,
              f"without JavaScript the type filter shows on {page}")
        check(browser.js("[...document.querySelectorAll('[data-families]')].every(e => e.getClientRects().length > 0)"),
              f"without JavaScript something is hidden on {page}")
    browser.call("Emulation.setScriptExecutionDisabled", value=False)
    print("ok: without JavaScript the filter is hidden and everything is listed")


def artist_page(browser, base, output):
    with open(os.path.join(output, ARTIST, "index.html"), encoding="utf-8") as page:
        expected = families_by_concert(output, page.read())
    browser.open(base + ARTIST)
    check(browser.js("document.getElementById('type-filter').hidden") is False, "the type filter stays hidden")
    everything = browser.js(VISIBLE_CELLS)
    check(sorted(everything) == sorted(expected), f"the artist page lists {everything}, its concerts are {sorted(expected)}")
    # One choice for each family the page's concerts have, in the filter's order.
    choices = browser.js("[...document.querySelectorAll('#type-filter input')].map(e => e.value).filter(Boolean)")
    present = set().union(*map(set, expected.values()))
    check(choices == [family for family in FAMILIES if family in present],
          f"the filter offers {choices}, the concerts have {sorted(present)}")
    tried = 0
    counted_more = 0
    unfiltered = browser.js(MORE_BY_CONCERT)
    for family in choices:
        choose(browser, family)
        shown = browser.js(VISIBLE_CELLS)
        wanted = [href for href in everything if family in expected[href]]
        check(shown == wanted, f"{family}: shows {shown}, the concerts with {family} are {wanted}")
        badges = set(browser.js(VISIBLE_BADGES))
        check(badges <= {family}, f"{family}: tiles of {badges} still show")
        # Tiles are the concert's first recordings in its page's order: those of the family
        # beyond them are what "+N" now counts.
        for href, (tiles, visible, more) in browser.js(MORE_BY_CONCERT).items():
            hidden = expected[href][tiles:].count(family)
            check(visible == expected[href][:tiles].count(family), f"{family}: {href} shows {visible} tiles")
            # Its title says the same count in words (the sample is in English).
            said = f"+{hidden} | {hidden} more recording" + ("" if hidden == 1 else "s")
            check(more == (said if hidden else None), f"{family}: {href} says {more!r}, {hidden} of its other recordings are {family}")
            counted_more += 1 if hidden else 0
        # Each year says how many concerts it shows; the year list links only the years shown.
        years = browser.js("[...document.querySelectorAll('.year-group')].filter(g => !g.hidden).map(g => "
                           "[g.querySelectorAll('[data-families]:not([hidden])').length, g.querySelector('[data-concert-count]').textContent])")
        check(all(said == ("1 concert" if n == 1 else f"{n} concerts") for n, said in years), f"{family}: the years say {years}")
        links = browser.js("[...document.querySelectorAll('.year-nav li')].filter(l => !l.hidden)"
                           ".map(l => !document.getElementById(l.querySelector('a').getAttribute('href').slice(1)).hidden)")
        check(len(links) == len(years) and all(links), f"{family}: {len(links)} year links for {len(years)} years shown: {links}")
        status = browser.js("document.querySelector('.type-filter-status').textContent")
        check(str(len(wanted)) in status if wanted else status != "", f"{family}: the status says {status!r}")
        tried += bool(wanted)
    check(tried >= 3, f"the sample has concerts of only {tried} types: the check says little")
    check(counted_more >= 1, "no filtered concert counts a recording behind +N: the check says little")
    choose(browser, "")
    check(browser.js(VISIBLE_CELLS) == everything, "All does not bring every concert back")
    check(browser.js("[...document.querySelectorAll('.year-nav li')].every(l => !l.hidden)"), "All does not bring every year link back")
    check(browser.js(MORE_BY_CONCERT) == unfiltered, "All does not bring back every +N and its title")
    print(f"ok: on the artist page each type shows the concerts that have it ({len(everything)} concerts)")


def concert_page(browser, base):
    browser.open(base + CONCERT)
    every = browser.js(VISIBLE_BADGES)
    check(len(every) >= 2, f"the concert page has {len(every)} recordings")
    # Keyboard only: Tab from the top of the page to the filter, then arrow keys move the choice.
    browser.js("document.activeElement && document.activeElement.blur(); true")
    for _ in range(40):
        if browser.js("document.activeElement.name === 'type-filter'"):
            break
        for kind in ("rawKeyDown", "keyUp"):
            browser.call("Input.dispatchKeyEvent", type=kind, key="Tab", code="Tab", windowsVirtualKeyCode=9)
    check(browser.js("document.activeElement.name === 'type-filter'"), "Tab never reaches the type filter")
    target = every[0]
    for _ in range(7):
        if browser.js("document.querySelector('#type-filter input:checked').value") == target:
            break
        for kind in ("rawKeyDown", "keyUp"):
            browser.call("Input.dispatchKeyEvent", type=kind, key="ArrowRight", code="ArrowRight", windowsVirtualKeyCode=39)
    check(browser.js("document.querySelector('#type-filter input:checked').value") == target,
          f"the arrow keys never reached {target}")
    shown = browser.js(VISIBLE_BADGES)
    check(shown == [family for family in every if family == target],
          f"after choosing {target} with the keyboard the concert page shows {shown} of {every}")
    print(f"ok: on the concert page the keyboard chose {target}: {len(shown)} of {len(every)} recordings shown")


def on_this_day(browser, base):
    browser.open(base + ON_THIS_DAY)
    years = browser.js("document.querySelectorAll('.year-group').length")
    check(years >= 2, f"{ON_THIS_DAY} has {years} years: the check says little")
    hidden_years = 0
    for family in browser.js("[...document.querySelectorAll('#type-filter input')].map(e => e.value).filter(Boolean)"):
        choose(browser, family)
        wrong = browser.js(f"""[...document.querySelectorAll('.otd-entry')].filter(entry => {{
            const cell = entry.querySelector('.concert-cell');
            const has = (' ' + cell.dataset.families + ' ').includes(' {family} ');
            return (entry.getClientRects().length > 0) !== has; }}).length
          + [...document.querySelectorAll('.year-group')].filter(year =>
            (year.getClientRects().length > 0) !== [...year.querySelectorAll('.otd-entry')].some(e => e.getClientRects().length > 0)).length""")
        check(wrong == 0, f"{family}: {wrong} entries or years shown or hidden wrongly on {ON_THIS_DAY}")
        hidden_years += browser.js("[...document.querySelectorAll('.year-group')].filter(y => y.getClientRects().length === 0).length")
    check(hidden_years > 0, "no type ever hid a year: the check says little")
    print(f"ok: on {ON_THIS_DAY} entries and years without the type are hidden ({years} years)")


def run(output):
    """Every check against one server and one browser; the first failure ends the run."""
    server = serve(output)
    browser = Browser()
    try:
        base = server.base
        without_javascript(browser, base)
        artist_page(browser, base, output)
        concert_page(browser, base)
        on_this_day(browser, base)
    except AssertionError as error:
        raise SystemExit(f"FAILED: {error}")
    finally:
        browser.close()
        server.shutdown()
        shutil.rmtree(server.root, ignore_errors=True)


if __name__ == "__main__":
    run(os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "Output"))
