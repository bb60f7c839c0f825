// Optional instant filtering of a city's events by artist, venue or type. The page works
// without it: the filter pages (concerts, festivals, venues) are plain links.
(function () {
  var box = document.getElementById("ev-filter");
  if (!box) return;
  var input = box.querySelector("input");
  var status = box.querySelector(".ev-filter-status");
  var days = Array.prototype.slice.call(document.querySelectorAll(".ev-day"));
  box.hidden = false;
  input.addEventListener("input", function () {
    var query = input.value.trim().toLowerCase();
    var total = 0;
    days.forEach(function (day) {
      var shown = 0;
      day.querySelectorAll(".ev-row, .ev-continuing li").forEach(function (item) {
        var match = !query || item.textContent.toLowerCase().indexOf(query) !== -1;
        item.hidden = !match;
        if (match) shown += 1;
      });
      day.hidden = shown === 0;
      total += shown;
    });
    // With every day hidden the page would end at the controls: say why. (A page cached from
    // before the note existed has no place for it.)
    var typed = input.value.trim();
    if (status) status.textContent = query && total === 0 ? (box.getAttribute("data-none") || "").replace("{q}", function () { return typed; }) : "";
  });
})();
