// Favourites, kept in this browser's localStorage and never sent anywhere. Every star on the
// site is a hidden <button class="fav-star">; this script shows the stars, keeps the list, and
// on /favourites/ draws it as cards and exports/imports it. Without JavaScript the stars stay
// hidden and nothing else changes.
//
// A star inside a card the site lists (an element with data-fav-card: a concert cell, an event
// row, a chart row, an artist row) needs little of its own: its kind can be the card's
// (data-fav-card="concert"), its link and title are the card's, and starring keeps a copy of
// the card itself, so /favourites/ shows the very markup the templates rendered (no copy of it
// here). A star on a page of its own (a concert's heading) carries title, link and a detail
// line in data-fav-* attributes instead, and names the page that lists its card.
(function () {
  "use strict";
  var KINDS = ["event", "concert", "recording", "artist", "album"];
  // What a kept card may hold: the elements and attributes the card partials use. Everything
  // else (the star itself, scripts, handlers, styles) is left out when a card is kept and
  // refused when one is read back, so stored or imported cards can only be the site's kind of markup.
  var CARD_TAGS = ["article", "div", "h2", "h3", "h4", "p", "a", "time", "span", "abbr", "ul", "ol", "li", "dl", "dt", "dd", "img", "strong", "em", "small"];
  var CARD_ATTRIBUTES = ["class", "href", "src", "datetime", "title", "alt", "width", "height", "loading", "data-family", "data-families", "data-more-families", "data-fav-name", "aria-hidden", "aria-label"];
  var CARD_NODES = 300, CARD_DEPTH = 12;
  var script = document.currentScript;
  if (!script || !window.localStorage || !window.JSON) {
    document.querySelectorAll(".fav-star[hidden]").forEach(function (star) { star.style.display = "none"; });
    return;
  }
  // The site's root, from this script's own address: the same on every page, at any depth,
  // under a sub-path or opened from disk. Sites on one host keep separate lists.
  var root = new URL("../../", script.src);
  var storageKey = "sitegen-favourites:" + root.pathname;
  // Kept cards are checked by building them here, where images do not load.
  var inert = document.implementation.createHTMLDocument("");

  function clean(value, limit) {
    return typeof value === "string" && value.length > 0 && value.length <= limit ? value : null;
  }

  // A link kept or read back is a path from the site's root that stays inside the site, as
  // the browser resolves it: the URL parser reads "%2e%2e" as "..", so the path is resolved
  // against the root and must stay under it. Encoded dots and slashes are refused outright, as
  // a server may decode them after the browser has resolved the path.
  function insideSite(path) {
    if (typeof path !== "string" || path.length === 0 || path.length > 500 || !/^[A-Za-z0-9][A-Za-z0-9._~%\/-]*$/.test(path) ||
        path.indexOf("..") !== -1 || /%(2e|2f|5c)/i.test(path)) return false;
    var url;
    try { url = new URL(path, root); } catch (error) { return false; }
    return url.origin === root.origin && url.pathname.indexOf(root.pathname) === 0;
  }

  // A link of a page at `base` as a path from the site's root; null when it leads elsewhere.
  function sitePath(value, base) {
    var url;
    try { url = new URL(value, base); } catch (error) { return null; }
    if (url.origin !== root.origin || url.pathname.indexOf(root.pathname) !== 0) return null;
    var path = url.pathname.slice(root.pathname.length);
    return insideSite(path) ? path : null;
  }

  // A card as plain data: [tag, {attribute: value}, child, ...], texts as strings, links as
  // paths from the site's root.
  function capture(node, base) {
    if (node.nodeType === 3) return node.nodeValue.replace(/\s+/g, " ");
    if (node.nodeType !== 1 || CARD_TAGS.indexOf(node.localName) === -1) return null;
    var attributes = {};
    Array.prototype.forEach.call(node.attributes, function (attribute) {
      var name = attribute.name, value = attribute.value;
      if (CARD_ATTRIBUTES.indexOf(name) === -1) return;
      if (name === "href" || name === "src") value = sitePath(value, base);
      if (value !== null) attributes[name] = value;
    });
    if (node.localName === "img" && !attributes.src) return null;  // a cover from elsewhere is not fetched again
    var tree = [node.localName, attributes];
    node.childNodes.forEach(function (child) {
      var part = capture(child, base);
      if (part) tree.push(part);
    });
    return tree;
  }

  // A list item is kept inside an empty copy of its list, so that it is drawn as it was shown.
  function snapshot(card, base) {
    var list = card.parentElement;
    var tree = capture(card, base);
    if (card.localName === "li" && list && (list.localName === "ol" || list.localName === "ul")) {
      tree = [list.localName, list.className ? { "class": list.className } : {}, tree];
    }
    return tree;
  }

  // The card back as elements of `doc`, or null when any part of it is not what capture makes.
  function build(tree, doc, budget, depth) {
    if (--budget.nodes < 0 || depth > CARD_DEPTH) return null;
    if (typeof tree === "string") return tree.length <= 2000 ? doc.createTextNode(tree) : null;
    if (!Array.isArray(tree) || CARD_TAGS.indexOf(tree[0]) === -1) return null;
    var attributes = tree[1];
    if (!attributes || typeof attributes !== "object" || Array.isArray(attributes)) return null;
    var element = doc.createElement(tree[0]);
    var names = Object.keys(attributes);
    for (var n = 0; n < names.length; n++) {
      var name = names[n], value = attributes[name];
      if (CARD_ATTRIBUTES.indexOf(name) === -1 || typeof value !== "string" || value.length > 500) return null;
      if (name === "href" || name === "src") {
        if (!insideSite(value)) return null;
        value = new URL(value, root).href;
      }
      // The page's own parts (a star, its label) are named fav-…: a card never takes such a
      // name, so it cannot pass for one of them.
      if (name === "class") value = value.split(/\s+/).filter(function (c) { return c.indexOf("fav-") !== 0; }).join(" ");
      element.setAttribute(name, value);
    }
    for (var i = 2; i < tree.length; i++) {
      var child = build(tree[i], doc, budget, depth + 1);
      if (!child) return null;
      element.appendChild(child);
    }
    return element;
  }

  function buildCard(tree, doc) { return tree ? build(tree, doc, { nodes: CARD_NODES }, 0) : null; }

  // Anything read back (storage another script wrote, an imported file) is checked: a link must
  // stay inside the site, text is only ever set as text, a card only holds what capture keeps.
  function valid(item) {
    if (!item || typeof item !== "object") return null;
    var kind = KINDS.indexOf(item.kind) === -1 ? null : item.kind;
    var id = clean(item.id, 500), title = clean(item.title, 500), href = clean(item.href, 500);
    if (!kind || !id || !title || !insideSite(href)) return null;
    var date = clean(item.date, 10), from = clean(item.from, 500);
    return {
      kind: kind, id: id, title: title, href: href,
      from: from && insideSite(from) ? from : null,
      detail: clean(item.detail, 500),
      date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
      added: typeof item.added === "number" && isFinite(item.added) ? item.added : 0,
      card: buildCard(item.card, inert) ? item.card : null,
      cardTried: typeof item.cardTried === "number" && isFinite(item.cardTried) ? item.cardTried : 0
    };
  }

  function load() {
    try {
      var stored = JSON.parse(localStorage.getItem(storageKey) || "{}");
      return Array.isArray(stored.items) ? stored.items.map(valid).filter(Boolean) : [];
    } catch (error) {
      return [];
    }
  }

  // Whether the list was kept: the browser refuses when its storage is full or turned off.
  function save(items) {
    try {
      localStorage.setItem(storageKey, JSON.stringify({ version: 1, items: items }));
      return true;
    } catch (error) {
      return false;
    }
  }

  // Says beside a star that its press was not kept (the script tag's data-unsaved), in a status
  // line screen readers read out; the star keeps the state it had.
  function tellUnsaved(star) {
    var note = star.nextElementSibling;
    if (!note || !note.classList.contains("fav-unsaved")) {
      note = document.createElement("span");
      note.className = "fav-unsaved";
      note.setAttribute("role", "status");
      star.after(note);
    }
    // Set after the element is in the page, so that the change is announced.
    setTimeout(function () { note.textContent = script.dataset.unsaved || ""; }, 50);
  }

  function key(item) { return item.kind + "\u0000" + item.id; }

  function find(items, item) {
    for (var i = 0; i < items.length; i++) if (key(items[i]) === key(item)) return items[i];
    return null;
  }

  // What a star of a page at `base` (this one unless given) names. In a card, its link and
  // title are the card's first link (unless the star, or a list of cards that share a title,
  // says otherwise) and `withCard` keeps the card too.
  function fromStar(star, withCard, base) {
    base = base || document.baseURI;
    var data = star.dataset;
    var card = star.closest("[data-fav-card]");
    var link = card && card.querySelector("a[href]");
    var href = data.favHref || (link ? sitePath(link.getAttribute("href"), base) : null);
    var titled = star.closest("[data-fav-title]");
    return valid({ kind: data.favKind || (card && card.dataset.favCard), id: data.favId || href,
                   title: (titled && titled.dataset.favTitle) || (link ? link.textContent.trim() : null),
                   href: href, detail: data.favDetail, date: data.favDate, from: data.favFrom, added: Date.now(),
                   card: withCard && card ? snapshot(card, base) : null });
  }

  // A star on a thing's own page names the page that lists it as a card (data-fav-from); that
  // card is fetched when the thing is starred, and again by /favourites/ while it is missing
  // (the visitor left the page before it came). Until it comes, or when it cannot (a site
  // opened from disk), /favourites/ shows the title and detail line. One fetch of `from` serves
  // every item in `items` that it lists; an item it does not give a card is stamped with the
  // time of the try (cardTried). Resolves to whether a card was kept.
  function fetchCards(items, from) {
    if (!insideSite(from)) return Promise.resolve(false);
    var url = new URL(from, root).href;
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.text();
    }).then(function (text) {
      var listing = new DOMParser().parseFromString(text, "text/html");
      var cards = {};
      listing.querySelectorAll("[data-fav-card] .fav-star").forEach(function (star) {
        var listed = fromStar(star, true, url);
        if (listed && listed.card) cards[key(listed)] = listed.card;
      });
      return cards;
    }).catch(function () { return {}; /* no card: the title and detail line stay */ }).then(function (cards) {
      var current = load(), keptAny = false;
      items.forEach(function (item) {
        var kept = find(current, item);
        if (!kept) return;
        if (cards[key(item)]) { kept.card = cards[key(item)]; keptAny = true; }
        else kept.cardTried = Date.now();
      });
      save(current);
      return keptAny;
    });
  }

  // A star's name for screen readers: its word (the label it shows, or its title when it shows
  // the icon alone) and what it keeps, told apart from the other stars of the page: the title,
  // the card's own name where it shares its title with its list (a recording's tile under its
  // concert's "Artist, date"), the detail line (an event's venue, an album's artist) and what
  // the card marks as naming its thing (data-fav-name: a recording's identifier).
  function starName(words, item, card) {
    var parts = [item.title];
    var link = card && card.querySelector("a[href]");
    var named = link ? link.textContent.replace(/\s+/g, " ").trim() : "";
    if (named && item.title.indexOf(named) === -1 && named.indexOf(item.title) === -1) parts.push(named);
    if (item.detail) parts.push(item.detail);
    var marked = card && card.querySelector("[data-fav-name]");
    if (marked && marked.textContent.trim()) parts.push(marked.textContent.trim());
    return words + ": " + parts.join(", ");
  }

  function setPressed(star, pressed) { star.setAttribute("aria-pressed", pressed ? "true" : "false"); }

  // Every star of the page shown, set and named for screen readers by the thing it keeps. A
  // favourite kept before its card was seen gets the card now.
  function showStars() {
    var items = load(), changed = false;
    document.querySelectorAll(".fav-star").forEach(function (star) {
      var item = fromStar(star, false);
      if (!item) return;
      var kept = find(items, item);
      setPressed(star, !!kept);
      var label = star.querySelector(".fav-label");
      star.setAttribute("aria-label", starName(label ? label.textContent : star.title, item, star.closest("[data-fav-card]")));
      star.hidden = false;
      if (kept && !kept.card && star.closest("[data-fav-card]")) {
        var withCard = fromStar(star, true);
        kept.card = withCard && withCard.card;
        changed = changed || !!kept.card;
      }
    });
    if (changed) save(items);
  }

  // One listener for every star of the page, those /favourites/ draws included.
  function onClick(event, redraw) {
    var star = event.target.closest && event.target.closest(".fav-star");
    if (!star) return;
    var item = fromStar(star, true);
    if (!item) return;
    var current = load();
    var pressed = !find(current, item);
    current = current.filter(function (other) { return key(other) !== key(item); });
    if (pressed) current.push(item);
    if (!save(current)) { tellUnsaved(star); return; }
    if (pressed && !item.card && star.dataset.favFrom) fetchCards([item], star.dataset.favFrom);
    document.querySelectorAll(".fav-star").forEach(function (other) {
      var named = fromStar(other, false);
      if (named && key(named) === key(item)) setPressed(other, pressed);
    });
    if (redraw) {
      // The lists are drawn anew, the pressed star with them: the focus it had goes to the star
      // now in its place (the next card's), or to the message that the list is empty.
      var stars = Array.prototype.slice.call(document.querySelectorAll(".fav-list .fav-star"));
      var at = stars.indexOf(document.activeElement);
      redraw();
      if (at >= 0 && !document.activeElement.closest(".fav-list")) {
        var now = document.querySelectorAll(".fav-list .fav-star");
        var empty = document.querySelector("[data-fav-empty]");
        if (now.length) now[Math.min(at, now.length - 1)].focus();
        else if (empty) { empty.tabIndex = -1; empty.focus(); }
      }
    }
  }

  // /favourites/: the list as cards, grouped by kind, upcoming events first.
  function page(container) {
    var today = new Date();
    var todayText = today.getFullYear() + "-" + String(today.getMonth() + 1).padStart(2, "0") + "-" + String(today.getDate()).padStart(2, "0");
    var template = container.querySelector("#fav-card");
    var tools = container.querySelector(".fav-tools");
    var status = tools.querySelector("[role=status]");
    // Dates and numbers in the site's locale (the build's: data-locale), from the browser's own
    // locale data (CLDR, as the build's are): "22 November 2026", "22. November 2026".
    var locale = tools.dataset.locale || undefined;

    function dayText(iso) {
      var parts = iso.split("-").map(Number);
      try {
        return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })
          .format(new Date(Date.UTC(parts[0], parts[1] - 1, parts[2])));
      } catch (error) { return iso; }
    }

    function order(items) {
      return items.slice().sort(function (a, b) {
        if (a.kind === "event" && b.kind === "event") {
          var aPast = (a.date || "") < todayText, bPast = (b.date || "") < todayText;
          if (aPast !== bPast) return aPast ? 1 : -1;
          if (a.date !== b.date) return (a.date || "") < (b.date || "") === !aPast ? -1 : 1;
        }
        return b.added - a.added;
      });
    }

    function entry(item, group) {
      var li = template.content.firstElementChild.cloneNode(true);
      var link = li.querySelector(".fav-title");
      link.textContent = item.title;
      link.href = new URL(item.href, root).href;
      var card = buildCard(item.card, document);
      if (card) {
        li.classList.add("fav-card--site");
        li.querySelector(".fav-site").appendChild(card);
        // A card drawn under its day's heading (an event row of a city page) does not show its
        // date: the line above it does.
        if (item.date && !card.querySelector('time[datetime="' + item.date + '"]')) li.querySelector(".fav-detail").textContent = dayText(item.date);
        else li.querySelector(".fav-meta").remove();
        // A group of cards that may not name their thing (a concert cell, a recording's tile)
        // keeps the title above each card, unless the card says it already.
        if (!group.hasAttribute("data-fav-heading") || card.textContent.indexOf(item.title) !== -1) li.querySelector(".fav-heading").remove();
      } else {
        li.querySelector(".fav-site").remove();
        li.querySelector(".fav-detail").textContent = [item.date && dayText(item.date), item.detail].filter(Boolean).join(" · ");
      }
      li.querySelector(".fav-past").hidden = !(item.kind === "event" && item.date && item.date < todayText);
      var star = li.querySelector(".fav-star");
      star.dataset.favKind = item.kind;
      star.dataset.favId = item.id;
      star.dataset.favTitle = item.title;
      star.dataset.favHref = item.href;
      star.setAttribute("aria-label", starName(star.title, item, card));
      return li;
    }

    function draw() {
      var items = order(load());
      container.querySelector("[data-fav-empty]").hidden = items.length > 0;
      KINDS.forEach(function (kind) {
        var group = container.querySelector('[data-fav-group="' + kind + '"]');
        var list = group.querySelector(".fav-list");
        list.textContent = "";
        items.filter(function (item) { return item.kind === kind; }).forEach(function (item) {
          list.appendChild(entry(item, group));
        });
        group.hidden = list.children.length === 0;
      });
    }

    tools.querySelector("[data-fav-export]").addEventListener("click", function () {
      var blob = new Blob([JSON.stringify({ version: 1, items: load() }, null, 2) + "\n"], { type: "application/json" });
      var link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = tools.dataset.exported;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
    });

    tools.querySelector("input[type=file]").addEventListener("change", function (event) {
      var file = event.target.files && event.target.files[0];
      if (!file) return;
      if (file.size > 5 * 1024 * 1024) { status.textContent = tools.dataset.invalid; return; }
      file.text().then(function (text) {
        var parsed = JSON.parse(text);
        if (!parsed || !Array.isArray(parsed.items)) throw new Error("not an export");
        var current = load();
        var added = 0;
        // Keys in a set: a list searched once per imported item held the tab for seconds on a
        // large file.
        var known = new Set(current.map(key));
        parsed.items.map(valid).filter(Boolean).forEach(function (item) {
          if (!known.has(key(item))) { known.add(key(item)); current.push(item); added += 1; }
        });
        if (!save(current)) { status.textContent = script.dataset.unsaved || ""; return; }
        draw();
        // The form of the count the language uses (CLDR's plural rules, as the build's counts).
        var form = "other";
        try { form = new Intl.PluralRules(locale).select(added); } catch (error) { form = added === 1 ? "one" : "other"; }
        var words = tools.getAttribute("data-imported-" + form) || tools.dataset.importedOther;
        status.textContent = words.replace("{count}", added.toLocaleString(locale));
      }).catch(function () {
        status.textContent = tools.dataset.invalid;
      }).then(function () { event.target.value = ""; });
    });

    container.hidden = false;
    draw();
    // Cards that did not come when their things were starred, asked for again: a few listing
    // pages a visit, each fetched once, those tried longest ago first, so that a card which can
    // no longer come (its page stopped listing it) does not hold back the others for ever.
    var missing = load().filter(function (item) { return !item.card && item.from; })
      .sort(function (a, b) { return a.cardTried - b.cardTried; });
    var pages = [];
    missing.forEach(function (item) { if (pages.indexOf(item.from) === -1) pages.push(item.from); });
    Promise.all(pages.slice(0, 10).map(function (from) {
      return fetchCards(missing.filter(function (item) { return item.from === from; }), from);
    })).then(function (kept) {
      if (kept.indexOf(true) !== -1) draw();
    });
    return function () { draw(); status.textContent = ""; };
  }

  function start() {
    showStars();
    var container = document.getElementById("favourites");
    var redraw = container ? page(container) : null;
    document.addEventListener("click", function (event) { onClick(event, redraw); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
