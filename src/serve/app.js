// The shared screen follows the table: each event carries the table's
// new HTML, made by tablemate from its own renderer with every text
// escaped. The page only reads; it sends nothing back.
(function () {
  "use strict";
  var query = new URLSearchParams(location.search);
  var token = query.get("t");
  // `?view=tv`: the television's layout at any width.
  if (query.get("view") === "tv") { document.body.className = "tv"; }
  var live = document.getElementById("live");
  var source = new EventSource("/events" + (token ? "?t=" + encodeURIComponent(token) : ""));
  var say = document.getElementById("say");
  var said = "";
  source.addEventListener("table", function (e) {
    document.getElementById("table").innerHTML = e.data;
    // A screen reader hears what changed that matters at the table: whose
    // turn it is and the last roll (the page itself is replaced whole).
    var parts = [];
    ["whose", "turn"].forEach(function (id) {
      var el = document.getElementById(id);
      if (el) { parts.push(el.textContent); }
    });
    var last = document.querySelector(".roll.last");
    if (last) { parts.push(last.textContent); }
    var now = parts.join(". ");
    if (now !== said) { said = now; say.textContent = now; }
  });
  source.onopen = function () { live.className = "live on"; live.textContent = "live"; };
  source.onerror = function () { live.className = "live off"; live.textContent = "reconnecting"; };
})();
