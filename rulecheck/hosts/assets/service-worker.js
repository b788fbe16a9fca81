// The site offline, every language of it. rulecheck's web-app plugin generates this file at build
// time with Workbox's injectManifest: the list below holds every language's pages, search index
// and 404 page and the shared assets, each with its revision, so that a new build installs a new
// worker, which fetches what changed, takes over and drops what the new build no longer has.
importScripts("assets/javascripts/workbox/workbox-sw.js");
workbox.setConfig({ debug: false, modulePathPrefix: "assets/javascripts/workbox/" });

// What the plugin tells this worker: the files it keeps besides the precache, each with its
// revision (the PDFs, which `make site` writes after the build and lists here), and each
// language's 404 page by the folder of its pages.
var SETTINGS = self.__RULECHECK_SETTINGS;
var OPTIONAL_CACHE = "rulecheck-optional";

self.addEventListener("install", function (event) {
  self.skipWaiting(); // a new build replaces the old one as soon as it is cached, not when every tab is closed
  event.waitUntil(keepOptionalFiles());
});
workbox.core.clientsClaim();
workbox.precaching.cleanupOutdatedCaches();
// A file the page has just loaded is in the browser's HTTP cache: revalidate it (a 304) rather
// than download it a second time (Workbox asks for a full reload of each revision by default).
workbox.precaching.addPlugins([{
  requestWillFetch: function (context) { return new Request(context.request, { cache: "no-cache" }); },
}]);
// Search results link to "page.html?h=word": the page is the same.
workbox.precaching.precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });

function keepOptionalFiles() {
  return caches.open(OPTIONAL_CACHE).then(function (cache) {
    return Promise.all(SETTINGS.optional.map(function (entry) {
      return fetch(entry.url, { cache: "no-cache" }).then(function (response) {
        return response.ok ? cache.put(entry.url, response) : null;
      }).catch(function () { return null; }); // offline copies are a bonus: never fail the install
    }));
  });
}

// The PDFs: the network when there is one (a new build's), else the copy kept at install.
workbox.routing.registerRoute(function (options) { return /\.pdf$/.test(options.url.pathname); },
  new workbox.strategies.NetworkFirst({ cacheName: OPTIONAL_CACHE }));

// The 404 page's script looks for the site's root with HEAD requests: answer them from the
// precache too, so that offline it finds the root as it does online.
workbox.routing.registerRoute(function (options) { return options.request.method === "HEAD"; }, function (options) {
  return fetch(options.request).catch(function () {
    var url = workbox.precaching.getCacheKeyForURL(options.url.href);
    return caches.match(url || options.url.href).then(function (kept) {
      return new Response(null, { status: kept ? 200 : 404 });
    });
  });
}, "HEAD");

// Anything else goes to the network; a page the network cannot give (offline, a missing page)
// gets the 404 page of its language, chosen by the folder of its address.
workbox.routing.setDefaultHandler(new workbox.strategies.NetworkOnly());
workbox.routing.setCatchHandler(function (options) {
  if (options.request.mode !== "navigate") return Promise.resolve(Response.error());
  var scope = new URL(self.registration.scope);
  var path = options.url.pathname.slice(scope.pathname.length);
  var page = SETTINGS.defaultNotFound;
  Object.keys(SETTINGS.notFound || {}).forEach(function (folder) {
    if (path.indexOf(folder) === 0) page = SETTINGS.notFound[folder];
  });
  return workbox.precaching.matchPrecache(page).then(function (kept) { return kept || Response.error(); });
});
