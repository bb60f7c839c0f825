// The header's search box, on any page: when it first gets the focus, the files the search
// page reads as it opens (its script and style, each section's index.json with the first tier)
// are fetched as prefetches, while the visitor types, so the search page answers from memory as
// soon as it opens. Chromium keeps a prefetched file for the next page for five minutes without
// asking the server again. Their addresses come from the search page itself (its form names the
// sections), which is fetched for that: no list of sections on every page.
(function () {
  'use strict';
  var box = document.querySelector('.site-search input');
  if (!box || !window.fetch || !window.DOMParser) return;
  function hint(url) {
    var link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    document.head.appendChild(link);
  }
  box.addEventListener('focus', function () {
    var page = box.form.action;
    fetch(page).then(function (response) { return response.ok ? response.text() : ''; }).then(function (html) {
      var search = new DOMParser().parseFromString(html, 'text/html');
      var form = search.querySelector('[data-search]');
      if (!form) return;
      // The search page's own script and style (the others every page has).
      search.querySelectorAll('script[src*="search"], link[rel=stylesheet][href*="search"]').forEach(function (item) {
        hint(new URL(item.getAttribute('src') || item.getAttribute('href'), page).href);
      });
      var index = new URL(form.getAttribute('data-index'), page).href;
      form.getAttribute('data-sections').split(' ').filter(Boolean).forEach(function (section) {
        hint(index + section + '/index.json');
      });
    }).catch(function () {});
  }, { once: true });
})();
