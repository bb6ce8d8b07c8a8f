// The shared screen follows the table: each event carries the table's
// new HTML, made by tablemate from its own renderer with every text
// escaped. On a seat's page (`/seat?s=...`) it also posts the seat's
// actions, the secret in a header (never a cookie), and shows the answer.
(function () {
  "use strict";
  var query = new URLSearchParams(location.search);
  var token = query.get("t");
  var secret = query.get("s");
  // The television's layout: asked for (`?view=tv`), or any landscape
  // screen from 1280 px wide that shows the table (not a seat's page).
  var seatPage = !!document.getElementById("seat");
  function tvLayout() {
    var tv = query.get("view") === "tv"
      || (!seatPage && window.innerWidth >= 1280 && window.innerWidth >= window.innerHeight * 1.25);
    document.body.classList.toggle("tv", tv);
    fitAll();
  }
  // Whose turn it is on one line where it fits: its type is made smaller
  // (to half) until it does, and only then may it wrap.
  // Every part of the TV fits its box: the side (boards and dice) and the
  // game's words have their type made smaller (to half) until they do.
  function fitAll() {
    fitBanner();
    fitSide(document.getElementById("side"));
    var game = document.querySelector("section.game");
    shrink(game);
  }
  // The least type on the TV: 24 px at 1080 lines (the style's --least).
  function least() { return 24 * window.innerHeight / 1080; }
  function overflows(el) {
    return el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
  }
  // Smaller type (to half, never under the least) until `el` fits.
  function shrink(el) {
    if (!el) { return; }
    el.style.fontSize = "";
    if (!document.body.classList.contains("tv")) { return; }
    var size = parseFloat(getComputedStyle(el).fontSize);
    var floor = Math.max(size / 2, least());
    while (overflows(el) && size * 0.92 >= floor) {
      size = size * 0.92;
      el.style.fontSize = size + "px";
      upright(el);
    }
    upright(el);
  }
  // A pad's names set upright where one is too long for its column at
  // this size (a word is never broken inside).
  function upright(el) {
    Array.prototype.forEach.call(el.querySelectorAll("table.pad"), function (t) {
      t.classList.remove("upright");
      var wide = Array.prototype.some.call(t.querySelectorAll("thead th"), function (th) {
        return th.scrollWidth > th.clientWidth + 1;
      });
      if (wide) { t.classList.add("upright"); }
    });
  }
  // The side (boards, dice, luck) fits at the least type by leaving
  // parts out, least needed first: the evening's luck, the boards before
  // the last, the last board's older rounds (its total stays, and its
  // latest round), then the roll before the last. What is left out is
  // named: a phone shows the whole table.
  function fitSide(side) {
    if (!side) { return; }
    var note = side.querySelector(".folded");
    if (note) { side.removeChild(note); }
    Array.prototype.forEach.call(side.querySelectorAll("[hidden]"), function (c) { c.hidden = false; });
    shrink(side);
    if (!document.body.classList.contains("tv") || !overflows(side)) { return; }
    var list = function (q) { return Array.prototype.slice.call(side.querySelectorAll(q)); };
    var boards = list("section.board");
    var last = boards[boards.length - 1];
    var rounds = last ? Array.prototype.slice.call(last.querySelectorAll("tbody tr")) : [];
    var parts = list("section.luck").map(function (s) { return [s, s.querySelector("h2").textContent]; })
      .concat(boards.slice(0, -1).map(function (b) { return [b, b.querySelector("h2").textContent]; }))
      .concat(rounds.slice(0, -1).map(function (r) { return [r, "earlier rounds"]; }))
      .concat(list(".roll:not(.last)").map(function (r) { return [r, "the roll before"]; }));
    note = document.createElement("p");
    note.className = "folded";
    side.appendChild(note);
    var hid = [];
    var say = function () {
      var names = [];
      hid.forEach(function (h) { if (names.indexOf(h[1]) < 0) { names.push(h[1]); } });
      note.textContent = "also on a phone: " + names.join(", ");
      shrink(side);
    };
    for (var i = 0; i < parts.length && overflows(side); i++) {
      parts[i][0].hidden = true;
      hid.push(parts[i]);
      say();
    }
    // The last part left out may have freed more than was needed: bring
    // back, most needed first, what still fits (a round, the roll before).
    for (var j = hid.length - 1; j >= 0; j--) {
      hid[j][0].hidden = false;
      shrink(side);
      if (overflows(side)) { hid[j][0].hidden = true; } else { hid.splice(j, 1); }
    }
    say();
  }
  function fitBanner() {
    var el = document.getElementById("whose");
    if (!el) { return; }
    el.style.fontSize = "";
    el.style.whiteSpace = "";
    if (!document.body.classList.contains("tv")) { return; }
    var size = parseFloat(getComputedStyle(el).fontSize);
    var least = size / 2;
    while (el.scrollWidth > el.clientWidth + 1 && size > least) {
      size = size * 0.92;
      el.style.fontSize = size + "px";
    }
    if (el.scrollWidth > el.clientWidth + 1) { el.style.whiteSpace = "normal"; }
  }
  window.addEventListener("resize", tvLayout);
  var key = secret ? "?s=" + encodeURIComponent(secret)
    : token ? "?t=" + encodeURIComponent(token) : "";
  var live = document.getElementById("live");
  // What each table event is given to; the stream is opened below.
  var onTable = [];
  var say = document.getElementById("say");
  var said = "";
  // Only what changed is replaced: each part of the table (the people,
  // the game, a board, the dice) is a section with its own key, and a
  // section equal to the one shown stays as it is (no redrawn picture,
  // no flicker, a screen reader's place kept).
  function update(html) {
    var t = document.createElement("template");
    t.innerHTML = html;
    patch(document.getElementById("table"), t.content);
  }
  // `into`'s keyed children made those of `from`: an equal one kept, a
  // group of them (the side: the boards and the dice) patched in turn.
  function patch(into, from) {
    var shown = {};
    Array.prototype.forEach.call(into.children, function (c) {
      shown[c.getAttribute("data-key")] = c;
    });
    var want = Array.prototype.map.call(from.children, function (n) {
      var old = shown[n.getAttribute("data-key")];
      if (old && old.isEqualNode(n)) { return old; }
      if (old && old.classList.contains("side") && n.classList.contains("side")) {
        patch(old, n);
        return old;
      }
      return n;
    });
    Array.prototype.slice.call(into.children).forEach(function (c) {
      if (want.indexOf(c) < 0) { into.removeChild(c); }
    });
    want.forEach(function (n, i) {
      if (into.children[i] !== n) { into.insertBefore(n, into.children[i] || null); }
    });
  }
  onTable.push(function (e) {
    update(e.data);
    fitAll();
    // A screen reader hears what changed that matters at the table: whose
    // turn it is, the last move and the last roll.
    var parts = [];
    ["whose", "turn"].forEach(function (id) {
      var el = document.getElementById(id);
      if (el) { parts.push(el.textContent); }
    });
    var moves = document.querySelectorAll(".moves li");
    if (moves.length) { parts.push(moves[moves.length - 1].textContent); }
    var last = document.querySelector(".roll.last");
    if (last) { parts.push(last.textContent); }
    var now = parts.join(". ");
    if (now !== said) { said = now; say.textContent = now; }
  });
  // The time bank: the running person's time counts down from what the
  // table said when the page heard it; under a minute it warns, past
  // zero it is over (said in words as well as colour).
  function clock(s) {
    var sign = s < 0 ? "-" : "";
    s = Math.abs(s);
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = s % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return sign + (h > 0 ? h + ":" + two(m) : String(m)) + ":" + two(r);
  }
  function tick() {
    var now = Date.now();
    Array.prototype.forEach.call(document.querySelectorAll(".bank[data-left]"), function (el) {
      if (!el.getAttribute("data-seen")) { el.setAttribute("data-seen", String(now)); }
      var left = parseInt(el.getAttribute("data-left"), 10);
      if (el.getAttribute("data-run") === "1") {
        left -= Math.floor((now - parseInt(el.getAttribute("data-seen"), 10)) / 1000);
      }
      var text = left < 0 ? clock(-left) + " over" : left < 60 ? clock(left) + " left!" : clock(left);
      if (el.textContent !== text) { el.textContent = text; }
      el.classList.toggle("low", left >= 0 && left < 60);
      el.classList.toggle("over", left < 0);
    });
  }
  setInterval(tick, 500);
  tvLayout();
  tick();
  // "live" only while the stream is open (the page starts "connecting").
  // A stream that drops is opened again by the browser; one that is
  // refused (a proxy's 502 while the server restarts, or a seat closed)
  // the browser gives up on: the page asks why, and a closed seat stays
  // closed, while anything else is tried again, waiting twice as long
  // each time up to 30 s. The first event of a new stream is the whole
  // table, so the page catches up with what it missed.
  var source = null;
  var wait = 1000;
  function connect() {
    source = new EventSource("/events" + key);
    source.addEventListener("table", function (e) {
      onTable.forEach(function (f) { f(e); });
    });
    source.onopen = function () { wait = 1000; live.className = "live on"; live.textContent = "live"; };
    source.onerror = function () {
      live.className = "live off";
      if (source.readyState !== EventSource.CLOSED) { live.textContent = "reconnecting"; return; }
      fetch("/state.json" + key, { cache: "no-store" })
        .then(function (r) { return r.status; }, function () { return 0; })
        .then(function (status) {
          if (status === 403) { live.textContent = "closed: ask at the terminal"; return; }
          live.textContent = "reconnecting in " + Math.round(wait / 1000) + " s";
          setTimeout(connect, wait);
          wait = Math.min(wait * 2, 30000);
        });
    };
  }
  connect();

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
  // The nudge (#79): when the turn (or a move of the game in play) comes
  // to this seat, its page says so loudly: the title, a mark on the
  // page, a vibration where the phone allows, a short sound the player
  // can switch off, and a notification if the player allowed them.
  // Other seats get nothing; a page opened on its own turn is marked but
  // does not ring.
  var seatName = seat.getAttribute("data-name");
  var plainTitle = document.title;
  var soundButton = document.getElementById("sound");
  var notifyButton = document.getElementById("notify");
  var soundOn = true;
  try { soundOn = window.localStorage.getItem("tablemate-sound") !== "off"; } catch (e) { soundOn = true; }
  function showSound() {
    soundButton.textContent = "Sound on your turn: " + (soundOn ? "on" : "off");
    soundButton.setAttribute("aria-pressed", soundOn ? "true" : "false");
  }
  showSound();
  soundButton.addEventListener("click", function () {
    soundOn = !soundOn;
    try { window.localStorage.setItem("tablemate-sound", soundOn ? "on" : "off"); } catch (e) { /* private mode */ }
    showSound();
  });
  if ("Notification" in window && Notification.permission === "default") {
    notifyButton.hidden = false;
    notifyButton.addEventListener("click", function () {
      Notification.requestPermission().then(function () { notifyButton.hidden = true; });
    });
  }
  function beep() {
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!soundOn || !Ctx) { return; }
    try {
      var ctx = new Ctx();
      var tone = ctx.createOscillator();
      var gain = ctx.createGain();
      tone.frequency.value = 880;
      gain.gain.setValueAtTime(0.2, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.3);
      tone.connect(gain);
      gain.connect(ctx.destination);
      tone.start();
      tone.stop(ctx.currentTime + 0.3);
    } catch (e) { /* no sound here */ }
  }
  function mine() {
    if (document.querySelector("#yours #move")) { return true; }
    var now = document.querySelector(".seats li.now");
    return !!now && !!now.firstChild && now.firstChild.textContent === seatName;
  }
  var wasMine = null;
  var nudges = 0;
  function nudge() {
    var is = mine();
    document.title = is ? "Your turn - " + plainTitle : plainTitle;
    document.body.classList.toggle("your-turn", is);
    if (is && wasMine === false) {
      nudges += 1;
      document.body.setAttribute("data-nudges", String(nudges));
      if (navigator.vibrate) { navigator.vibrate([200, 100, 200]); }
      beep();
      if ("Notification" in window && Notification.permission === "granted" && document.hidden) {
        try { new Notification("Your turn", { body: plainTitle, tag: "tablemate-turn" }); } catch (e) { /* not here */ }
      }
    }
    wasMine = is;
  }
  onTable.push(nudge);
  nudge();
  // A secret roll's dice are listed on this seat until revealed.
  var secrets = document.getElementById("secret-rolls");
  function secretly(body, a) {
    if (!secrets || !a.ok || !body || typeof body.expr !== "string") { return; }
    if (/ secret$/.test(body.expr)) {
      var li = document.createElement("li");
      li.textContent = String(a.said).split(" (in secret")[0];
      document.getElementById("secret-list").appendChild(li);
      secrets.hidden = false;
    } else if (body.expr === "reveal") {
      var list = document.getElementById("secret-list");
      if (list.firstChild) { list.removeChild(list.firstChild); }
      secrets.hidden = !list.firstChild;
    }
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
      // A question (the faces of more dice) is no refusal.
      answer.className = a.ok || a.asks ? "answer" : "answer refused";
      show(a.said);
      secretly(body, a);
    }, function () {
      answer.className = "answer refused";
      answer.textContent = "the table cannot be reached: is tablemate still serving?";
    });
  }
  // The keypad's faces follow the die written in the roll (the largest,
  // up to d20; Fudge and piecepack dice their own), a d6's before any.
  var expr = document.getElementById("expr");
  var keys = document.getElementById("keys");
  function faces() {
    var written = expr.value.split(" = ")[0];
    if (/dF/i.test(written)) { return ["-", "0", "+"]; }
    if (/\dpp|^pp/i.test(written)) { return ["null", "ace", "2", "3", "4", "5"]; }
    var most = 0;
    written.replace(/d(\d+|%)/gi, function (_, n) {
      var sides = n === "%" ? 100 : parseInt(n, 10);
      if (sides > most) { most = sides; }
      return _;
    });
    var sides = Math.min(most || 6, 20);
    var out = [];
    for (var f = 1; f <= sides; f++) { out.push(String(f)); }
    return out;
  }
  function keypad() {
    if (!keys) { return; }
    var want = faces().join(" ");
    if (keys.getAttribute("data-faces") === want) { return; }
    keys.setAttribute("data-faces", want);
    keys.textContent = "";
    faces().concat(["⌫"]).forEach(function (f) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "face";
      b.textContent = f;
      b.setAttribute("aria-label", f === "⌫" ? "take back the last face" : "a face of " + f);
      keys.appendChild(b);
    });
  }
  if (expr && keys) {
    expr.addEventListener("input", keypad);
    keys.addEventListener("click", function (e) {
      var b = e.target && e.target.closest ? e.target.closest("button.face") : null;
      if (!b) { return; }
      var v = expr.value.replace(/\s+$/, "");
      if (b.textContent === "⌫") {
        // The last face, and the '=' once no face is left.
        v = v.replace(/\s*\S+$/, "");
        if (/ =$/.test(v)) { v = v.slice(0, -2); }
      } else {
        if (v.indexOf(" = ") < 0 && !/ =$/.test(v)) { v = (v || "1d6") + " ="; }
        v += " " + b.textContent;
      }
      expr.value = v;
      keypad();
    });
    keypad();
  }
  document.getElementById("roll").addEventListener("submit", function (e) {
    e.preventDefault();
    var secretly = document.getElementById("secretly");
    var expr = document.getElementById("expr").value;
    post("roll", { expr: secretly && secretly.checked ? expr + " secret" : expr });
  });
  // Saved rolls come with the table's events (one saved at the terminal
  // shows at once), so they are listened for on the page.
  document.addEventListener("click", function (e) {
    var b = e.target && e.target.closest ? e.target.closest("button.saved") : null;
    if (b) { post("roll", { expr: b.getAttribute("data-expr") }); }
  });
  // A refusal is about the table as it was: the next change clears it.
  onTable.push(function () {
    if (answer.className.indexOf("refused") >= 0) { answer.textContent = ""; answer.className = "answer"; }
  });
  // On a score sheet the box takes a category and its entry (`ones 1 1
  // 1 4 5`), so the phone offers letters; on plain scores, digits.
  onTable.push(function () {
    var sheet = document.querySelector("table.pad[data-entered]");
    var score = document.getElementById("score");
    var names = sheet ? sheet.getAttribute("data-entered").split(" ") : [];
    score.setAttribute("inputmode", sheet ? "text" : "numeric");
    score.setAttribute("placeholder", sheet ? names[0] + " ..." : "");
  });
  document.getElementById("pad").addEventListener("submit", function (e) {
    e.preventDefault();
    var score = document.getElementById("score");
    post("pad", { score: score.value });
    score.value = "";
  });
  document.getElementById("turn").addEventListener("click", function () { post("turn"); });
  document.getElementById("reveal").addEventListener("click", function () { post("roll", { expr: "reveal" }); });
  // The seat's moves live in the part of the page the table's events
  // replace, so they are listened for on the page, not on each button.
  document.addEventListener("submit", function (e) {
    if (e.target && e.target.id === "move") {
      e.preventDefault();
      var line = document.getElementById("line");
      post("move", { line: line.value });
    }
  });
  document.addEventListener("click", function (e) {
    var b = e.target && e.target.closest ? e.target.closest("button.move") : null;
    if (b) { post("move", { line: b.getAttribute("data-line") }); }
  });
  document.getElementById("undo").addEventListener("click", function () { post("undo"); });
})();
