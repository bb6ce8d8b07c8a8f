// The shared screen follows the table: each event carries the table's
// new HTML, made by tablemate from its own renderer with every text
// escaped. On a seat's page (`/seat?s=...`) it also posts the seat's
// actions, the secret in a header (never a cookie), and shows the answer.
(function () {
  "use strict";
  var query = new URLSearchParams(location.search);
  var token = query.get("t");
  var secret = query.get("s");
  // `?view=tv`: the television's layout at any width.
  if (query.get("view") === "tv") { document.body.className = "tv"; }
  var key = secret ? "?s=" + encodeURIComponent(secret)
    : token ? "?t=" + encodeURIComponent(token) : "";
  var live = document.getElementById("live");
  var source = new EventSource("/events" + key);
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

  var seat = document.getElementById("seat");
  if (!seat || !secret) { return; }
  var answer = document.getElementById("answer");
  // The table's answer as text, a dropped die (`~~6~~` in the terminal's
  // words) struck through: built node by node, never as markup.
  function show(said) {
    answer.textContent = "";
    String(said).split("~~").forEach(function (part, i) {
      if (i % 2 === 1) {
        var s = document.createElement("s");
        s.className = "dropped";
        s.textContent = part;
        answer.appendChild(s);
      } else {
        answer.appendChild(document.createTextNode(part));
      }
    });
  }
  function post(what, body) {
    answer.className = "answer";
    answer.textContent = "…";
    fetch("/seat/" + what, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Tablemate-Seat": secret },
      body: JSON.stringify(body || {}),
      credentials: "omit",
      cache: "no-store"
    }).then(function (r) {
      return r.json().catch(function () { return { ok: false, said: "the table sent no answer (" + r.status + ")" }; });
    }).then(function (a) {
      answer.className = a.ok ? "answer" : "answer refused";
      show(a.said);
    }, function () {
      answer.className = "answer refused";
      answer.textContent = "the table cannot be reached: is tablemate still serving?";
    });
  }
  document.getElementById("roll").addEventListener("submit", function (e) {
    e.preventDefault();
    post("roll", { expr: document.getElementById("expr").value });
  });
  Array.prototype.forEach.call(document.querySelectorAll("button.saved"), function (b) {
    b.addEventListener("click", function () { post("roll", { expr: b.getAttribute("data-expr") }); });
  });
  document.getElementById("pad").addEventListener("submit", function (e) {
    e.preventDefault();
    var score = document.getElementById("score");
    post("pad", { score: score.value });
    score.value = "";
  });
  document.getElementById("turn").addEventListener("click", function () { post("turn"); });
  document.getElementById("undo").addEventListener("click", function () { post("undo"); });
})();
