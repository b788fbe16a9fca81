// What the reader's pages do, in every page of both languages (overrides/main.html loads it after
// Material's bundle): one cached file rather than the same script inlined in every page, whose
// bytes a phone would fetch again with each page (bench/README.md, "Lighthouse on phones").
//
// - The copy button of a code block sits in a <nav> of its own, an unnamed navigation landmark
//   per block (axe: landmark-unique), where a reader's list of landmarks should hold the site's
//   navigation only: once the page is mounted, the button stays, its wrapper is no landmark.
// - A card's raw YAML (rulecheck/hosts/cards.py, source_block) is loaded from its page's examples
//   file and gets its copy button when a reader first opens it, not at load: two listeners for the
//   whole page, nothing set up per card.
// - A link to a card lands on it once the cards above it are laid out, its tab opened (see `land`).
// - A card's hover hints are written data-tip, not title (rulecheck/hosts/cards.py, TIP), or once
//   as a step link's label or a chart's, and become the element's title when a pointer or the
//   focus first reaches it: the browser's own tooltip, with nothing mounted per element at load.
// - The language switcher's link to the other language keeps the reader's place: both languages
//   share heading ids, so the link carries the page's #anchor when it is followed.
document$.subscribe(function () {
  document.querySelectorAll("nav.md-code__nav").forEach(function (nav) { nav.setAttribute("role", "none"); });
});
(function () {
  // A hint written once: a step's § link says its label; a chart's bar, its item of the chart's
  // label, the bars' items in the bars' order (rulecheck/hosts/cards.py, BAR_ITEMS).
  var tipOf = function (element) {
    if (element.dataset.tip) return element.dataset.tip;
    if (element.matches(".rc-spread__bar")) {
      var chart = element.parentElement, bars = Array.prototype.slice.call(chart.querySelectorAll(".rc-spread__bar"));
      return (chart.getAttribute("aria-label") || "").split(", ")[bars.indexOf(element)];
    }
    return element.getAttribute("aria-label");
  };
  var hint = function (event) {
    var tipped = event.target.closest && event.target.closest("[data-tip], .rc-spread__bar, a.rc-rule");
    var tip = tipped && !tipped.hasAttribute("title") && tipOf(tipped);
    if (tip) tipped.setAttribute("title", tip);
  };
  document.addEventListener("pointerover", hint, { passive: true });
  // A link to a card far down the page: the browser scrolls to the card by the estimated size of
  // the cards above it, which are laid out only once near the screen (content-visibility); once
  // they are, their true size can push the card below the screen. Land on it again until it holds.
  var land = function () {
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!target) return;
    // A card in a tab that is not shown: open its tab (and the tabs around it) first.
    for (var block = target.closest(".tabbed-block"); block; block = block.parentElement.closest(".tabbed-block")) {
      var tabs = block.closest(".tabbed-set").querySelectorAll(":scope > input");
      var tab = tabs[Array.prototype.indexOf.call(block.parentElement.children, block)];
      if (tab && !tab.checked) tab.click();
    }
    var tries = 0, again = function () {
      var top = target.getBoundingClientRect().top;
      target.scrollIntoView();
      if (++tries < 5 && Math.abs(target.getBoundingClientRect().top - top) > 1) requestAnimationFrame(again);
    };
    requestAnimationFrame(again);
  };
  window.addEventListener("hashchange", land);
  window.addEventListener("load", land);
  document.addEventListener("focusin", hint);
  var labelled = function (button, data, copied) {
    button.textContent = copied ? data.dataset.copied : data.dataset.copy;
  };
  // A page's folded examples are in its examples file (rulecheck/hosts/example_sources.py), loaded
  // once, by a script element (a file:// page may load a script, not fetch a file), the first time a
  // reader opens one; until then, and if it cannot load, the block stays empty and says so (CSS).
  var examples = {};
  var loaded = function (src) {
    if (!examples[src]) examples[src] = new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      window.rulecheckExamples = resolve;
      script.onerror = function () { delete examples[src]; script.remove(); reject(); };
      script.src = src;
      document.head.append(script);
    });
    return examples[src];
  };
  var filled = function (source, data) {
    if (!data.dataset.src || data.textContent) return Promise.resolve();
    data.classList.add("rc-yaml--loading");
    var done = function () { data.classList.remove("rc-yaml--loading"); };
    return loaded(data.dataset.src).then(function (sources) {
      done();
      var text = sources[source.closest(".rc-card").dataset.example];
      if (typeof text !== "string") return Promise.reject();
      data.textContent = text;
    }, function () { done(); return Promise.reject(); });
  };
  // "toggle" does not bubble: listened to on its way down.
  document.addEventListener("toggle", function (event) {
    var source = event.target;
    if (!source.matches || !source.matches("details.rc-source[open]") || source.querySelector(".rc-copy")) return;
    var data = source.querySelector("pre.rc-yaml");
    filled(source, data).then(function () {
      if (source.querySelector(".rc-copy")) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "rc-copy";
      button.setAttribute("aria-live", "polite");
      labelled(button, data, false);
      data.before(button);
    }, function () {});
  }, true);
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.rc-copy");
    if (!button) return;
    var data = button.closest("details.rc-source").querySelector("pre.rc-yaml");
    var text = data.textContent;
    var done = function () {
      labelled(button, data, true);
      setTimeout(function () { labelled(button, data, false); }, 2000);
    };
    var byHand = function () {  // file:// pages have no clipboard API
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.append(area);
      area.select();
      try { if (document.execCommand("copy")) done(); } finally { area.remove(); button.focus(); }
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, byHand);
    else byHand();
  });
})();
document.querySelectorAll(".md-select__link[hreflang]").forEach(function (link) {
  function keepPlace() { if (location.hash) link.hash = location.hash; }
  ["click", "auxclick", "contextmenu", "focus", "mouseenter"].forEach(function (type) {
    link.addEventListener(type, keepPlace);
  });
});
