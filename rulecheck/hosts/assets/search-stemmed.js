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
  // Material's worker is loaded with the first message, its index, which the page asks for once it
  // has loaded: before that, a phone's connection carries the page's own files only.
  var material = null;
  function loadMaterial() {
    if (material === null) {
      var loaded = importScripts(new URL(MATERIAL_WORKER, own).href);
      // A real worker loads synchronously; the iframe-worker shim (file://) returns a promise.
      if (loaded && typeof loaded.then === "function") {
        material = loaded.then(countStemmedWordsAsFound);
      } else {
        countStemmedWordsAsFound();
        material = true;
      }
    }
    return material;
  }
  add("message", function (event) {
    var data = event.data;
    if (data && data.type === 2 && typeof data.data === "string") {
      data = { type: 2, data: stemmed(data.data) };
    }
    var forwarded = { data: data };
    function deliver() { listeners.forEach(function (listener) { listener.call(self_, forwarded); }); }
    var ready = loadMaterial();
    if (typeof ready.then === "function") ready.then(deliver);  // in order: each waits on the same load
    else deliver();
  });

  // Material marks a typed word "missing" from a result unless one of the result's matched index
  // terms starts with the word as typed; but a stemmed index holds "parad", not "parade", so every
  // result said « Non trouvé : parade ». Each result's matched terms also get, here, the typed
  // words whose stem (the index's own search pipeline) starts one of them: found words are found.
  function countStemmedWordsAsFound() {
    var lunr_ = self_.lunr;
    if (!(lunr_ && lunr_.Index && lunr_.QueryParser)) return;
    var search = lunr_.Index.prototype.search;
    lunr_.Index.prototype.search = function (queryString) {
      var results = search.apply(this, arguments);
      var terms = [];
      try {
        var query = new lunr_.Query(this.fields);
        new lunr_.QueryParser(queryString, query).parse();
        query.clauses.forEach(function (clause) { terms.push(clause.term); });
      } catch (error) {
        return results;  // lunr syntax it cannot parse: Material reports it as before
      }
      var pipeline = this.pipeline;
      results.forEach(function (result) {
        var metadata = result.matchData.metadata;
        var matched = Object.keys(metadata);
        terms.forEach(function (term) {
          if (!term || term in metadata) return;
          var stems = pipeline.runString(term.toLowerCase());
          var hit = stems.some(function (stem) {
            return stem && matched.some(function (key) { return key.indexOf(stem) === 0; });
          });
          if (hit) metadata[term] = {};  // no positions: highlighting is unchanged
        });
      });
      return results;
    };
  }
})();
