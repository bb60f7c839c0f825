// "Near me" on /events/ and the city pages: on the button's click only, the browser is asked
// for the visitor's position (Geolocation API); cities (/events/) and each day's concerts are
// then ordered by their distance from it, shown on each. A list of several days (a city's
// card on /events/, its rows dated) keeps its date order: only the concerts of one day move. The position is used in this page
// and never sent anywhere. Places without coordinates stay in the list, last, marked.
// Without JavaScript the button stays hidden and the lists keep the site's order.
(function () {
  "use strict";
  var box = document.querySelector(".ev-nearme");
  if (!box) return;
  if (!navigator.geolocation) { box.style.display = "none"; return; }
  var button = box.querySelector("button");
  var status = box.querySelector("[role=status]");
  // The note says what the button will do; once it is pressed the status says what it did.
  var note = box.querySelector("#ev-nearme-note");

  // Great-circle distance in kilometres (haversine, mean Earth radius 6371 km), as the site
  // computes a venue's distance from the city centre.
  function distance(lat1, lng1, lat2, lng2) {
    var rad = Math.PI / 180;
    var dLat = (lat2 - lat1) * rad, dLng = (lng2 - lng1) * rad;
    var h = Math.pow(Math.sin(dLat / 2), 2) + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.pow(Math.sin(dLng / 2), 2);
    return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
  }

  // "2.5 km", "2,5 km": the number in the site's locale (data-locale), the words from the page.
  function kilometres(value) {
    var digits = value < 10 ? 1 : 0;
    var text;
    try {
      text = value.toLocaleString(box.dataset.locale || undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    } catch (error) { text = value.toFixed(digits); }
    return box.dataset.km.replace("{km}", text);
  }

  function place(element) {
    var lat = parseFloat(element.dataset.lat), lng = parseFloat(element.dataset.lng);
    return isFinite(lat) && isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat: lat, lng: lng } : null;
  }

  // Shows the distance in `where` (replacing an earlier one) and returns it (Infinity: unknown).
  function mark(element, where, here) {
    var point = place(element);
    var km = point ? distance(here.lat, here.lng, point.lat, point.lng) : Infinity;
    var label = where.querySelector(".ev-distance");
    if (!label) {
      label = document.createElement("span");
      label.className = "ev-distance";
      where.appendChild(label);
    }
    label.textContent = point ? kilometres(km) : box.dataset.unknown;
    label.classList.toggle("ev-distance--unknown", !point);
    return km;
  }

  // Nearest first, in the place of `children` (consecutive children of `parent`); equal
  // distances (and unknown ones, last) keep the site's order.
  function reorder(parent, children, distances) {
    var after = children.length ? children[children.length - 1].nextSibling : null;
    children.map(function (child, index) { return { child: child, km: distances[index], index: index }; })
      .sort(function (a, b) { return a.km !== b.km ? (a.km < b.km ? -1 : 1) : a.index - b.index; })
      .forEach(function (entry) { parent.insertBefore(entry.child, after); });
  }

  // The day a row shows (its date, on a list of several days), or "" under a day's heading.
  function day(row) {
    var date = row.querySelector("time.ev-date");
    return date ? date.getAttribute("datetime") : "";
  }

  function order(here) {
    document.querySelectorAll(".ev-list").forEach(function (list) {
      var rows = Array.prototype.filter.call(list.children, function (child) { return child.classList.contains("ev-row"); });
      var distances = rows.map(function (row) { return mark(row, row.querySelector(".ev-where") || row, here); });
      // Each run of rows of one day is ordered in its place.
      for (var start = 0, end; start < rows.length; start = end) {
        for (end = start + 1; end < rows.length && day(rows[end]) === day(rows[start]); end++);
        reorder(list, rows.slice(start, end), distances.slice(start, end));
      }
    });
    var cities = Array.prototype.slice.call(document.querySelectorAll(".ev-city"));
    if (cities.length > 0) {
      reorder(cities[0].parentNode, cities, cities.map(function (city) { return mark(city, city.querySelector(".meta") || city, here); }));
    }
  }

  box.hidden = false;
  button.addEventListener("click", function () {
    status.textContent = box.dataset.asking;
    if (note) note.hidden = true;
    button.disabled = true;
    navigator.geolocation.getCurrentPosition(function (position) {
      button.disabled = false;
      order({ lat: position.coords.latitude, lng: position.coords.longitude });
      status.textContent = box.dataset.sorted;
    }, function () {
      button.disabled = false;
      status.textContent = box.dataset.failed;
    }, { maximumAge: 600000, timeout: 20000 });
  });
})();
