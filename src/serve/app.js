// The shared screen follows the table: each event carries the table's
// new HTML, made by tablemate from its own renderer with every text
// escaped. The page only reads; it sends nothing back.
(function () {
  "use strict";
  var token = new URLSearchParams(location.search).get("t");
  var live = document.getElementById("live");
  var source = new EventSource("/events" + (token ? "?t=" + encodeURIComponent(token) : ""));
  source.addEventListener("table", function (e) {
    document.getElementById("table").innerHTML = e.data;
  });
  source.onopen = function () { live.className = "live on"; live.textContent = "live"; };
  source.onerror = function () { live.className = "live off"; live.textContent = "reconnecting"; };
})();
