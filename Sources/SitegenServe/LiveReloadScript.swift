import Foundation
import SitegenCore

/// The script every served HTML page gets, added on the way out (never written into the output
/// folder). The open pages share one connection to the server's event stream, held by a shared
/// worker (`workerSource`): a browser keeps at most six connections to a host open, so a page
/// with a stream of its own left the seventh tab waiting for a connection forever. Where there
/// are no shared workers, each page opens its own stream. After
/// - `reload`, a page reloads when its own file changed, or a script, an image or any file it
///   loaded (a data file it fetched); it swaps the changed stylesheets in place; other files
///   (the feed, the sitemap, a calendar, a search index it never asked for) leave it alone;
///   a stylesheet it loaded through `@import` reloads it. The "not found" page reloads on any
///   change. When base_url's path moved the site, a page goes to its new address;
/// - `failed`, it covers the page with the build's error; after `fixed` or `reload`, removes it.
enum LiveReloadScript {
    static let path = "/__sitegen/live-reload.js"
    static let workerPath = "/__sitegen/live-reload-worker.js"
    static let eventsPath = "/__sitegen/events"

    /// The script tag for a page. `page` is the URL path of the file served
    /// ("/music/news/a/index.html").
    static func tag(page: String, notFound: Bool) -> Data {
        Data(("<script src=\"\(path)\" data-events=\"\(eventsPath)\" data-worker=\"\(workerPath)\" data-page=\"\(HTMLText.escape(page))\""
            + (notFound ? " data-not-found" : "") + "></script>").utf8)
    }

    /// The page with the script tag before its last `</body>` (or at its end when it has none).
    static func inject(_ tag: Data, into html: Data) -> Data {
        var result = html
        let insertAt = html.range(of: Data("</body>".utf8), options: .backwards)?.lowerBound
            ?? html.range(of: Data("</BODY>".utf8), options: .backwards)?.lowerBound ?? html.endIndex
        result.replaceSubrange(insertAt..<insertAt, with: tag)
        return result
    }

    static let source = #"""
    (function () {
      "use strict";
      var script = document.currentScript;
      var page = script.getAttribute("data-page");
      var notFound = script.hasAttribute("data-not-found");
      var overlay = null;
      var state = window.sitegenLiveReload = { connected: false, events: [] };

      function clearError() {
        if (overlay) { overlay.remove(); overlay = null; }
      }

      function showError(error) {
        clearError();
        overlay = document.createElement("div");
        overlay.id = "sitegen-error-overlay";
        overlay.setAttribute("role", "alert");
        overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;margin:0;padding:2rem;" +
          "background:rgba(20,20,20,.94);color:#fff;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;";
        var title = document.createElement("h1");
        title.style.cssText = "font-size:18px;color:#ff8080;margin:0 0 1rem;";
        title.textContent = "sitegen: the build failed (the last good site is still served)";
        var place = document.createElement("p");
        place.id = "sitegen-error-place";
        place.style.cssText = "color:#ffd080;margin:0 0 .5rem;";
        var where = error.file || "";
        if (error.line) { where += ":" + error.line + (error.column ? ":" + error.column : ""); }
        if (error.jsonPath) { where += " at " + error.jsonPath; }
        place.textContent = where;
        var message = document.createElement("pre");
        message.id = "sitegen-error-message";
        message.style.cssText = "white-space:pre-wrap;margin:0;";
        message.textContent = error.message;
        overlay.append(title, place, message);
        (document.body || document.documentElement).appendChild(overlay);
      }

      function swapStylesheet(changedPath) {
        var links = document.querySelectorAll("link[rel~=stylesheet]");
        var swapped = false;
        links.forEach(function (link) {
          var url = new URL(link.href, location.href);
          if (url.origin !== location.origin || url.pathname !== changedPath) { return; }
          url.searchParams.set("sitegen-reload", Date.now());
          link.href = url.href;
          swapped = true;
        });
        return swapped;
      }

      function loaded(path) {
        var urls = performance.getEntriesByType("resource").map(function (entry) { return entry.name; })
          .concat(Array.prototype.map.call(document.querySelectorAll("script[src], img[src]"), function (element) { return element.src; }));
        return urls.some(function (url) {
          url = new URL(url, location.href);
          return url.origin === location.origin && url.pathname === path;
        });
      }

      function handle(name, data) {
        state.events.push(name);
        if (name === "failed") { showError(JSON.parse(data)); return; }
        clearError();
        if (name !== "reload") { return; }
        var event = JSON.parse(data);
        // base_url's path changed: the page goes to its address in the moved site.
        if (event.movedTo && location.pathname.indexOf(event.movedFrom) === 0) {
          location.replace(event.movedTo + location.pathname.slice(event.movedFrom.length) + location.search + location.hash);
          return;
        }
        var changed = event.changed || [];
        var reload = notFound || changed.some(function (path) {
          return path === page || /\.(m?js|png|jpe?g|gif|webp|avif|svg|ico)$/i.test(path) ||
            (!/\.css$/.test(path) && loaded(path));
        });
        // A stylesheet is swapped in place where the page links it; one it loaded otherwise
        // (through @import) reloads the page.
        reload = reload || changed.some(function (path) { return /\.css$/.test(path) && !swapStylesheet(path) && loaded(path); });
        if (reload) { location.reload(); }
      }

      if (typeof SharedWorker === "function") {
        var worker = new SharedWorker(script.getAttribute("data-worker"), { name: "sitegen-live-reload" });
        worker.port.onmessage = function (message) {
          if (message.data.type === "open") { state.connected = true; return; }
          handle(message.data.type, message.data.data);
        };
        worker.port.start();
        // A page that leaves (or enters the back-forward cache) stops listening; one that
        // comes back from that cache listens again.
        window.addEventListener("pagehide", function () { worker.port.postMessage("leave"); });
        window.addEventListener("pageshow", function (event) { if (event.persisted) { worker.port.postMessage("join"); } });
      } else {
        var source = new EventSource(script.getAttribute("data-events"));
        source.onopen = function () { state.connected = true; };
        ["failed", "fixed", "reload"].forEach(function (name) {
          source.addEventListener(name, function (event) { handle(name, event.data); });
        });
      }
    })();
    """#

    /// The shared worker: one event stream for every open page of the preview, relayed to each.
    /// A page that joins while the last build is failed gets the failure at once, as a stream of
    /// its own would.
    static let workerSource = #"""
    "use strict";
    var pages = new Set();
    var open = false;
    var failure = null;
    var source = new EventSource("\#(eventsPath)");

    function tell(message) { pages.forEach(function (port) { port.postMessage(message); }); }

    function join(port) {
      pages.add(port);
      if (open) { port.postMessage({ type: "open" }); }
      if (failure !== null) { port.postMessage({ type: "failed", data: failure }); }
    }

    source.onopen = function () { open = true; tell({ type: "open" }); };
    source.onerror = function () { open = false; };
    ["failed", "fixed", "reload"].forEach(function (name) {
      source.addEventListener(name, function (event) {
        failure = name === "failed" ? event.data : null;
        tell({ type: name, data: event.data });
      });
    });

    onconnect = function (event) {
      var port = event.ports[0];
      port.onmessage = function (message) {
        if (message.data === "leave") { pages.delete(port); }
        if (message.data === "join") { join(port); }
      };
      join(port);
    };
    """#
}
