// Favourites, kept in this browser's localStorage and never sent anywhere. Every star on the
// site is a hidden <button class="fav-star"> that carries what /favourites/ shows again (kind,
// id, title, link, a detail line, an event's date) in data-fav-* attributes; this script shows
// the stars, keeps the list, and on /favourites/ draws it as cards and exports/imports it.
// Without JavaScript the stars stay hidden and nothing else changes.
(function () {
  "use strict";
  var KINDS = ["event", "concert", "recording", "artist", "album"];
  var script = document.currentScript;
  if (!script || !window.localStorage || !window.JSON) return;
  // The site's root, from this script's own address: the same on every page, at any depth,
  // under a sub-path or opened from disk. Sites on one host keep separate lists.
  var root = new URL("../../", script.src);
  var storageKey = "sitegen-favourites:" + root.pathname;

  function clean(value, limit) {
    return typeof value === "string" && value.length > 0 && value.length <= limit ? value : null;
  }

  // Anything read back (storage another script wrote, an imported file) is checked: a link must
  // stay inside the site, text is only ever set as text.
  function valid(item) {
    if (!item || typeof item !== "object") return null;
    var kind = KINDS.indexOf(item.kind) === -1 ? null : item.kind;
    var id = clean(item.id, 500), title = clean(item.title, 500), href = clean(item.href, 500);
    if (!kind || !id || !title || href === null || !/^[A-Za-z0-9][A-Za-z0-9._~%\/-]*$/.test(href) || href.indexOf("..") !== -1) return null;
    var date = clean(item.date, 10);
    return {
      kind: kind, id: id, title: title, href: href,
      detail: clean(item.detail, 500),
      date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
      added: typeof item.added === "number" && isFinite(item.added) ? item.added : 0
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

  function save(items) {
    try {
      localStorage.setItem(storageKey, JSON.stringify({ version: 1, items: items }));
    } catch (error) { /* storage full or disabled: the star simply does not stick */ }
  }

  function key(item) { return item.kind + "\u0000" + item.id; }

  function has(items, item) {
    return items.some(function (other) { return key(other) === key(item); });
  }

  function fromButton(button) {
    var data = button.dataset;
    return valid({ kind: data.favKind, id: data.favId, title: data.favTitle, href: data.favHref,
                   detail: data.favDetail, date: data.favDate, added: Date.now() });
  }

  function setPressed(button, pressed) { button.setAttribute("aria-pressed", pressed ? "true" : "false"); }

  // Stars on the page.
  function stars() {
    var items = load();
    document.querySelectorAll(".fav-star[data-fav-kind]").forEach(function (button) {
      var item = fromButton(button);
      if (!item) return;
      setPressed(button, has(items, item));
      button.hidden = false;
      button.addEventListener("click", function () {
        var current = load();
        var pressed = !has(current, item);
        current = current.filter(function (other) { return key(other) !== key(item); });
        if (pressed) current.push(fromButton(button));
        save(current);
        setPressed(button, pressed);
      });
    });
  }

  // /favourites/: the list as cards, grouped by kind, upcoming events first.
  function page(container) {
    var today = new Date();
    var todayText = today.getFullYear() + "-" + String(today.getMonth() + 1).padStart(2, "0") + "-" + String(today.getDate()).padStart(2, "0");
    var template = container.querySelector("#fav-card");
    var tools = container.querySelector(".fav-tools");
    var status = tools.querySelector("[role=status]");

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

    function draw() {
      var items = order(load());
      container.querySelector("[data-fav-empty]").hidden = items.length > 0;
      KINDS.forEach(function (kind) {
        var group = container.querySelector('[data-fav-group="' + kind + '"]');
        var list = group.querySelector(".fav-list");
        list.textContent = "";
        items.filter(function (item) { return item.kind === kind; }).forEach(function (item) {
          var card = template.content.firstElementChild.cloneNode(true);
          var link = card.querySelector(".fav-title");
          link.textContent = item.title;
          link.href = new URL(item.href, root).href;
          card.querySelector(".fav-detail").textContent = [item.date, item.detail].filter(Boolean).join(" · ");
          card.querySelector(".fav-past").hidden = !(item.kind === "event" && item.date && item.date < todayText);
          card.querySelector(".fav-star").addEventListener("click", function () {
            save(load().filter(function (other) { return key(other) !== key(item); }));
            draw();
            status.textContent = "";
          });
          list.appendChild(card);
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
        parsed.items.map(valid).filter(Boolean).forEach(function (item) {
          if (!has(current, item)) { current.push(item); added += 1; }
        });
        save(current);
        draw();
        status.textContent = tools.dataset.imported.replace("{n}", String(added));
      }).catch(function () {
        status.textContent = tools.dataset.invalid;
      }).then(function () { event.target.value = ""; });
    });

    container.hidden = false;
    draw();
  }

  function start() {
    stars();
    var container = document.getElementById("favourites");
    if (container) page(container);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
