// Optional filtering of an archive page's concerts or recordings by recording type. Without
// JavaScript the control stays hidden and everything is listed. A concert cell carries the
// types of all its recordings (`data-families`), not only those of its tiles, so a concert
// whose soundboard hides behind "+3" still shows under SBD, and its "+N" counts the recordings
// of the chosen type behind it (`data-more-families`), or goes when there are none. A year
// with none of the chosen type's concerts goes, and so does its link in the year list; the
// others count the concerts they show.
(function () {
  var box = document.getElementById("type-filter");
  if (!box) return;
  var units = Array.prototype.slice.call(document.querySelectorAll("[data-families]"));
  if (units.length < 2) { box.style.display = "none"; return; }
  var tiles = Array.prototype.slice.call(document.querySelectorAll(".cell-tiles li"));
  var mores = Array.prototype.slice.call(document.querySelectorAll("[data-more-families]"));
  var groups = Array.prototype.slice.call(document.querySelectorAll(".year-group, .otd-entry"));
  var yearLinks = Array.prototype.slice.call(document.querySelectorAll(".year-nav a[href^='#']"));
  // The site's locale, as the build wrote "+N" (a tag the browser does not know: its own).
  var numbers, plurals;
  try {
    numbers = new Intl.NumberFormat(box.getAttribute("data-locale") || undefined);
    plurals = new Intl.PluralRules(box.getAttribute("data-locale") || undefined);
  } catch (error) {
    numbers = new Intl.NumberFormat();
    plurals = new Intl.PluralRules();
  }
  var status = box.querySelector(".type-filter-status");

  // "2 more recordings", "3 concerts": the site's words (data-<key>-<plural form>) for a count.
  function counted(key, count) {
    var words = box.getAttribute("data-" + key + "-" + plurals.select(count)) || box.getAttribute("data-" + key + "-other");
    return words.replace("{count}", numbers.format(count));
  }

  function has(element, family) {
    return (" " + element.getAttribute("data-families") + " ").indexOf(" " + family + " ") !== -1;
  }

  function apply(family) {
    var shown = 0;
    units.forEach(function (unit) {
      var match = !family || has(unit, family);
      unit.hidden = !match;
      if (match) shown += 1;
    });
    tiles.forEach(function (tile) {
      var badge = tile.querySelector("[data-family]");
      tile.hidden = Boolean(family && badge && badge.getAttribute("data-family") !== family);
    });
    mores.forEach(function (more) {
      var link = more.querySelector("a");
      if (!link.hasAttribute("data-all")) {
        link.setAttribute("data-all", link.textContent);
        link.setAttribute("data-all-title", link.title);
      }
      var count = !family ? 0 : more.getAttribute("data-more-families").split(" ").filter(function (each) {
        return each === family;
      }).length;
      more.hidden = Boolean(family) && count === 0;
      // While filtered, "+N" and its title ("2 more recordings", in the site's words and
      // plural forms) count the chosen type's only, until "All" brings back the counts of all.
      link.textContent = family ? "+" + numbers.format(count) : link.getAttribute("data-all");
      link.title = family ? counted("more", count) : link.getAttribute("data-all-title");
      // A screen reader says the words, not "+2": the label follows the title.
      link.setAttribute("aria-label", link.title);
    });
    groups.forEach(function (group) {
      var shownHere = group.querySelectorAll("[data-families]:not([hidden])").length;
      group.hidden = Boolean(family) && shownHere === 0;
      var count = group.querySelector("[data-concert-count]");
      if (count) {
        if (!count.hasAttribute("data-all")) count.setAttribute("data-all", count.textContent);
        count.textContent = family ? counted("concerts", shownHere) : count.getAttribute("data-all");
      }
    });
    yearLinks.forEach(function (link) {
      var target = document.getElementById(link.getAttribute("href").slice(1));
      link.parentNode.hidden = Boolean(target && target.hidden);
    });
    status.textContent = !family ? "" : shown === 0 ? box.getAttribute("data-none")
      : box.getAttribute("data-status").replace("{shown}", shown).replace("{total}", units.length);
  }

  box.addEventListener("change", function (event) {
    if (event.target.name === "type-filter") apply(event.target.value);
  });
  box.hidden = false;
  var checked = box.querySelector("input:checked");
  if (checked && checked.value) apply(checked.value);
})();
