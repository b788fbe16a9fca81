// The site as an installable web app, over http(s) only: browsers offer neither a web app
// manifest nor a service worker to a page opened from file://, which this script leaves alone.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || (location.protocol !== "https:" && location.protocol !== "http:")) return;
  var manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = script.getAttribute("data-manifest");
  document.head.appendChild(manifest);
  if (!("serviceWorker" in navigator)) return;
  var before = navigator.serviceWorker.controller;
  var reloaded = false;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    var now = navigator.serviceWorker.controller;
    // A new build of this language's worker took over: show it. (On a page first opened under the
    // default language's wider scope, its own language's worker taking over serves the same page:
    // no reload.)
    if (before && now && before.scriptURL === now.scriptURL && !reloaded) {
      reloaded = true;
      location.reload();
    }
  });
  navigator.serviceWorker
    .register(script.getAttribute("data-service-worker"), { scope: script.getAttribute("data-scope") })
    .catch(function (error) {
      console.warn("offline copy unavailable:", error);
    });
})();
