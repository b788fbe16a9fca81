// Material's bundle asks for the search index as it starts, which on a slow phone is before the
// page's first paint: the index (some 60 kB gzipped) then shares the connection with the page's
// own files. Written into each page just before the bundle, this holds that one request until the
// page has loaded (search-stemmed.js loads Material's worker with it). Others go as asked.
(function (xhr) {
  var open = xhr.open, send = xhr.send;
  xhr.open = function (method, url) {
    this.rcIndex = /\/search\/search_index\.json$/.test(url);
    return open.apply(this, arguments);
  };
  xhr.send = function () {
    var request = this, args = arguments;
    if (!request.rcIndex || document.readyState == "complete") return send.apply(request, args);
    addEventListener("load", function () { send.apply(request, args); });
  };
})(XMLHttpRequest.prototype);
