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
  var worker = script.getAttribute("data-service-worker");
  var scope = new URL(script.getAttribute("data-scope"), location.href).href;
  var before = navigator.serviceWorker.controller;
  var reloaded = false;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    var now = navigator.serviceWorker.controller;
    // A new build of the site's worker took over: show it. (The first install, or the one worker
    // replacing the per-language workers of earlier builds, serves the same page: no reload.)
    if (before && now && before.scriptURL === now.scriptURL && !reloaded) {
      reloaded = true;
      location.reload();
    }
  });
  function register() {
    navigator.serviceWorker.register(worker, { scope: scope }).catch(function (error) {
      console.warn("offline copy unavailable:", error);
    });
    // Earlier builds had a worker per language, the others scoped to their folder: a page under
    // such a scope would stay with it, so it goes.
    navigator.serviceWorker.getRegistrations().then(function (registrations) {
      registrations.forEach(function (registration) {
        if (registration.scope !== scope && registration.scope.indexOf(scope) === 0) registration.unregister();
      });
    });
  }
  // The offline copy waits until the page has loaded: its downloads never compete with the page's.
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
})();
