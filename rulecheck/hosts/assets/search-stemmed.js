// Stemmed search for Material for MkDocs, run as its search worker.
//
// Material turns every typed word into a prefix query ("parade*"), which lunr runs without its
// stemmer, so a stemmed index misses inflected words. This worker loads Material's own worker
// and adds each plain word of a query once more with a neutral boost ("parade^1"): Material
// leaves such a term exact, and lunr stems it. "parades" then finds "parade", and typing
// "para" still finds it through the prefix.
(function () {
  "use strict";
  var MATERIAL_WORKER = "__MATERIAL_WORKER__";
  var self_ = typeof self !== "undefined" ? self : window;
  var own = typeof document !== "undefined" && document.currentScript
    ? document.currentScript.src          // inside the iframe-worker shim (file://)
    : self_.location.href;                // a real worker
  var listeners = [];
  var add = self_.addEventListener.bind(self_);

  function stemmed(query) {
    if (/["*+\-:^~]/.test(query)) return query;  // the reader wrote lunr syntax: leave it alone
    return query.split(/(\s+)/).map(function (part) {
      return part.trim() ? part + " " + part + "^1" : part;
    }).join("");
  }

  self_.addEventListener = function (type, listener, options) {
    if (type !== "message") return add(type, listener, options);
    listeners.push(listener);
  };
  add("message", function (event) {
    var data = event.data;
    if (data && data.type === 2 && typeof data.data === "string") {
      data = { type: 2, data: stemmed(data.data) };
    }
    var forwarded = { data: data };
    listeners.forEach(function (listener) { listener.call(self_, forwarded); });
  });
  importScripts(new URL(MATERIAL_WORKER, own).href);
})();
