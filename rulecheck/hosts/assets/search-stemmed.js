// Stemmed search for Material for MkDocs, run as its search worker.
//
// Material turns every typed word into a prefix query ("parade*"), which lunr runs without its
// stemmer, so a stemmed index misses inflected words. This worker loads Material's own worker
// and adds each plain word of a query once more with a neutral boost ("parade^1"): Material
// leaves such a term exact, and lunr stems it. "parades" then finds "parade", and typing
// "para" still finds it through the prefix.
//
// Accents are optional too: "degats" finds « dégâts » and "frere" « Frère », as a player types
// on a phone. The index keeps each word without its accents (a step of lunr's pipeline just
// before the stemmer, so that both spellings stem alike), and the query is folded the same way
// before Material reads it, since its prefix terms skip the pipeline. Results are highlighted in
// the page's own spelling: Material marks where the matched words stand, not their letters. The
// words a result says it found (and the page it opens highlights) are the reader's own.
(function () {
  "use strict";
  var MATERIAL_WORKER = "__MATERIAL_WORKER__";
  var self_ = typeof self !== "undefined" ? self : window;
  var own = typeof document !== "undefined" && document.currentScript
    ? document.currentScript.src          // inside the iframe-worker shim (file://)
    : self_.location.href;                // a real worker
  var listeners = [];
  var add = self_.addEventListener.bind(self_);

  function folded(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }

  // Each word of the last query, folded as Material reads it, to the word as the reader typed it.
  var typed = {};
  function rememberSpellings(query) {
    typed = {};
    query.toLowerCase().split(/\s+/).forEach(function (word) {
      if (folded(word) !== word) typed[folded(word)] = word;
    });
  }
  function inTheReadersSpelling(message) {
    var items = message && message.data && message.data.items;
    if (!Array.isArray(items)) return message;
    items.forEach(function (group) {
      (Array.isArray(group) ? group : []).forEach(function (result) {
        if (!result || typeof result.terms !== "object" || result.terms === null) return;
        var terms = {};
        Object.keys(result.terms).forEach(function (term) { terms[typed[term] || term] = result.terms[term]; });
        result.terms = terms;
      });
    });
    return message;
  }
  var post = self_.postMessage;
  self_.postMessage = function (message) {
    var args = Array.prototype.slice.call(arguments);
    args[0] = inTheReadersSpelling(message);
    return post.apply(self_, args);
  };

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
        material = loaded.then(adaptLunr);
      } else {
        adaptLunr();
        material = true;
      }
    }
    return material;
  }
  add("message", function (event) {
    var data = event.data;
    if (data && data.type === 2 && typeof data.data === "string") {
      rememberSpellings(data.data);
      data = { type: 2, data: stemmed(folded(data.data)) };
    }
    var forwarded = { data: data };
    function deliver() { listeners.forEach(function (listener) { listener.call(self_, forwarded); }); }
    var ready = loadMaterial();
    if (typeof ready.then === "function") ready.then(deliver);  // in order: each waits on the same load
    else deliver();
  });

  function adaptLunr() {
    var lunr_ = self_.lunr;
    if (!(lunr_ && lunr_.Index && lunr_.QueryParser && lunr_.Builder && lunr_.Pipeline)) return;
    foldAccentsInTheIndex(lunr_);
    countStemmedWordsAsFound(lunr_);
  }

  function foldAccentsInTheIndex(lunr_) {
    function foldAccents(token) { return token.update(folded); }
    lunr_.Pipeline.registerFunction(foldAccents, "rulecheckFoldAccents");
    var add = lunr_.Builder.prototype.add;
    lunr_.Builder.prototype.add = function () {
      if (!this.rulecheckFolds) {  // once the language's pipelines are set up, before the first page
        this.rulecheckFolds = true;
        [this.pipeline, this.searchPipeline].forEach(function (pipeline) {
          var stemmer = pipeline._stack.filter(function (step) { return /^stemmer/.test(step.label || ""); })[0];
          if (stemmer) pipeline.before(stemmer, foldAccents);
          else pipeline.add(foldAccents);
        });
      }
      return add.apply(this, arguments);
    };
  }

  // Material marks a typed word "missing" from a result unless one of the result's matched index
  // terms starts with the word as typed; but a stemmed index holds "parad", not "parade", so every
  // result said « Non trouvé : parade ». Each result's matched terms also get, here, the typed
  // words whose stem (the index's own search pipeline) starts one of them: found words are found.
  function countStemmedWordsAsFound(lunr_) {
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
