// The "random concert" button of /discover/: the block says how many concerts each year has
// (data-years="1965:3 1966:40 unknown:2"); one is picked uniformly over the whole archive and
// only the part of its year's list that holds it (random-concert/<year>-<part>.json, at most
// data-part-size concert paths from the site root) is fetched from this site. Without
// JavaScript the button stays hidden.
(function () {
  "use strict";
  var box = document.querySelector(".discover-random");
  if (!box) return;
  if (!window.fetch) { box.style.display = "none"; return; }
  var years = box.dataset.years.split(" ").map(function (part) {
    var pieces = part.split(":");
    return { name: pieces[0], count: parseInt(pieces[1], 10) || 0 };
  }).filter(function (year) { return /^[a-z0-9]+$/.test(year.name) && year.count > 0; });
  var total = years.reduce(function (sum, year) { return sum + year.count; }, 0);
  if (total === 0) { box.style.display = "none"; return; }
  var folder = new URL(box.dataset.folder, location.href);
  var root = new URL(box.dataset.root, location.href);
  var partSize = parseInt(box.dataset.partSize, 10) || 1000;
  var button = box.querySelector("button");
  var status = box.querySelector("[role=status]");
  box.hidden = false;
  button.addEventListener("click", function () {
    var pick = Math.floor(Math.random() * total);
    var year = years[0];
    for (var i = 0; i < years.length; i += 1) {
      year = years[i];
      if (pick < year.count) break;
      pick -= year.count;
    }
    button.disabled = true;
    var part = Math.floor(pick / partSize) + 1;
    pick = pick % partSize;
    fetch(new URL(year.name + "-" + part + ".json", folder)).then(function (response) {
      if (!response.ok) throw new Error(response.status);
      return response.json();
    }).then(function (paths) {
      var path = Array.isArray(paths) ? paths[Math.min(pick, paths.length - 1)] : null;
      // A path the build wrote: no dot segments, plain or percent-encoded (the URL parser reads
      // "%2e%2e" as ".."), and it must resolve under the site's root.
      if (typeof path !== "string" || !/^[A-Za-z0-9][A-Za-z0-9._~%\/-]*$/.test(path) || path.indexOf("..") !== -1 ||
          /%(2e|2f|5c)/i.test(path)) throw new Error("bad list");
      var target = new URL(path, root);
      if (target.origin !== root.origin || target.pathname.indexOf(root.pathname) !== 0) throw new Error("bad list");
      location.href = target.href;
    }).catch(function () {
      button.disabled = false;
      status.textContent = box.dataset.failed || "";
    });
  });
})();
