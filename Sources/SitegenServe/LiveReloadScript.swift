import Foundation

/// The script every served HTML page gets, added on the way out (never written into the output
/// folder). It listens to the server's event stream and
/// - after `reload`, swaps the changed stylesheets in place when only CSS changed, and reloads
///   the page when its own file changed, or any file that is neither HTML nor CSS (a script or
///   an image it may show), or on any change when it is the "not found" page;
/// - after `failed`, covers the page with the build's error; after `fixed` or `reload`, removes it.
enum LiveReloadScript {
    static let path = "/__sitegen/live-reload.js"
    static let eventsPath = "/__sitegen/events"

    /// The page with the script tag before its last `</body>` (or at its end when it has none).
    /// `page` is the URL path of the file served ("/music/news/a/index.html").
    static func inject(into html: Data, page: String, notFound: Bool) -> Data {
        let tag = "<script src=\"\(path)\" data-events=\"\(eventsPath)\" data-page=\"\(attribute(page))\""
            + (notFound ? " data-not-found" : "") + "></script>"
        var result = html
        let insertAt = html.range(of: Data("</body>".utf8), options: .backwards)?.lowerBound
            ?? html.range(of: Data("</BODY>".utf8), options: .backwards)?.lowerBound ?? html.endIndex
        result.replaceSubrange(insertAt..<insertAt, with: Data(tag.utf8))
        return result
    }

    private static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
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

      var source = new EventSource(script.getAttribute("data-events"));
      source.onopen = function () { state.connected = true; };
      source.addEventListener("failed", function (event) {
        state.events.push("failed");
        showError(JSON.parse(event.data));
      });
      source.addEventListener("fixed", function () {
        state.events.push("fixed");
        clearError();
      });
      source.addEventListener("reload", function (event) {
        state.events.push("reload");
        clearError();
        var changed = JSON.parse(event.data).changed || [];
        var reload = notFound || changed.some(function (path) {
          return path === page || !/\.(html?|css)$/.test(path);
        });
        if (reload) { location.reload(); return; }
        changed.filter(function (path) { return /\.css$/.test(path); }).forEach(swapStylesheet);
      });
    })();
    """#
}
