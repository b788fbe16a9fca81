// The site offline, in one language. rulecheck's web-app plugin generates this file at build time
// with Workbox's injectManifest: the list below holds this language's pages, its search index and
// the shared assets, each with its revision, so that a new build installs a new worker, which
// fetches what changed, takes over and drops what the new build no longer has.
importScripts("assets/javascripts/workbox/workbox-sw.js");
workbox.setConfig({ debug: false, modulePathPrefix: "assets/javascripts/workbox/" });

self.addEventListener("install", function () {
  self.skipWaiting(); // a new build replaces the old one as soon as it is cached, not when every tab is closed
});
workbox.core.clientsClaim();
workbox.precaching.cleanupOutdatedCaches();
// Search results link to "page.html?h=word": the page is the same.
workbox.precaching.precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
