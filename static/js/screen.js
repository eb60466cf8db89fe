/* The room's screen: asks the server for the event's state every few seconds and redraws the
   standings, the round's tables, the bell and the timer; the clock and the timer tick here. */
(function () {
  "use strict";

  var body = document.getElementById("screen");
  if (!body) { return; }
  var url = body.dataset.jsonUrl;
  var every = Math.max(parseInt(body.dataset.pollSeconds, 10) || 5, 2) * 1000;
  var lang = body.dataset.lang || "en";
  var timer = { running: false, remaining: null, at: Date.now() };

  function $(selector) { return document.querySelector(selector); }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }
  function show(node, visible) { if (node) { node.classList.toggle("is-hidden", !visible); } }
  function fill(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_m, key) { return values[key]; });
  }
  function two(n) { return n < 10 ? "0" + n : String(n); }

  function tickClock() {
    var now = new Date();
    var clock = $("[data-clock]");
    if (clock) { clock.textContent = two(now.getHours()) + ":" + two(now.getMinutes()); }
  }

  function tickTimer() {
    var box = $("[data-timer]");
    if (!box || timer.remaining === null) { return; }
    var left = timer.remaining;
    if (timer.running) { left -= Math.floor((Date.now() - timer.at) / 1000); }
    var shown = Math.max(left, 0);
    box.querySelector("[data-timer-text]").textContent =
      Math.floor(shown / 60) + ":" + two(shown % 60);
    var up = left <= 0;
    box.classList.toggle("is-up", up);
    box.classList.toggle("is-paused", !timer.running && !up);
    box.classList.toggle("is-ending", !up && left <= 300);
    var note = box.querySelector("[data-timer-note]");
    note.textContent = up ? body.dataset.textTimeUp : (timer.running ? "" : body.dataset.textPaused);
  }

  function standings(state) {
    var head = $("[data-standings-head]"), rows = $("[data-standings]");
    if (!head || !rows) { return; }
    head.replaceChildren(el("th", "num", "#"), el("th", "", head.dataset.player));
    state.columns.forEach(function (name) { head.appendChild(el("th", "num more", name)); });
    head.appendChild(el("th", "num", state.total_name || head.dataset.points));
    head.querySelectorAll("th").forEach(function (th) { th.scope = "col"; });
    rows.replaceChildren();
    state.standings.forEach(function (row) {
      var tr = el("tr");
      tr.appendChild(el("td", "num", row.rank));
      var name = el("td", "name", row.name);
      if (row.stats.length) {  // on a phone the figures fold under the name (tables.css)
        var fold = el("span", "fold");
        row.stats.forEach(function (value, i) {
          fold.appendChild(el("span", "", state.columns[i] + "\u00a0" + value));
          fold.appendChild(document.createTextNode(" "));
        });
        name.appendChild(document.createTextNode(" "));
        name.appendChild(fold);
      }
      tr.appendChild(name);
      row.stats.forEach(function (value) { tr.appendChild(el("td", "num more", value)); });
      tr.appendChild(el("td", "num total", row.total));
      rows.appendChild(tr);
    });
    show($("[data-no-results]"), state.standings.length === 0);
  }

  function tables(round) {
    var list = $("[data-tables]");
    if (!list) { return; }
    list.replaceChildren();
    round.tables.forEach(function (table) {
      var li = el("li", "screen-table is-" + table.status);
      li.appendChild(el("span", "screen-table-number", table.number));
      var players = el("span", "screen-table-players");
      if (table.title) {
        players.appendChild(el("strong", "screen-table-title", table.title));
        players.appendChild(document.createTextNode(" · "));
      }
      players.appendChild(document.createTextNode(table.players.join(", ")));
      li.appendChild(players);
      li.appendChild(el("span", "screen-table-status", table.label));
      if (table.result) { li.appendChild(el("span", "screen-table-result", table.result)); }
      list.appendChild(li);
    });
    var done = $("[data-done]");
    if (done) {
      done.textContent = fill(body.dataset.textDone, { done: round.done, total: round.tables.length });
    }
  }

  function draw(state) {
    standings(state);
    var round = state.round;
    var title = $("[data-round-title]");
    if (title) { title.textContent = round ? round.title : ""; }
    show($("[data-no-round]"), !round);
    if (!round) { show($("[data-timer]"), false); return; }
    tables(round);
    timer = { running: round.timer.running, remaining: round.timer.remaining, at: Date.now() };
    show($("[data-timer]"), round.timer.remaining !== null);
    tickTimer();
    var target = $("[data-target]");
    if (target && round.target) { target.textContent = round.target; }
    if (round.bell) {
      show($("[data-bell]"), round.bell.rung);
      show($("[data-bell-waiting]"), !round.bell.rung);
    }
  }

  function poll() {
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      })
      .then(function (state) {
        if ((state.door_version || "") !== (body.dataset.door || "")) { window.location.reload(); return; }
        show($("[data-offline]"), false);
        draw(state);
      })
      .catch(function () {
        var offline = $("[data-offline]");
        if (offline) { offline.textContent = body.dataset.textOffline; show(offline, true); }
      });
  }

  var box = $("[data-timer]");
  if (box && box.dataset.remaining !== undefined && box.dataset.remaining !== "") {
    timer = { running: box.dataset.running === "1",
              remaining: parseInt(box.dataset.remaining, 10), at: Date.now() };
  }
  document.documentElement.lang = lang;
  tickClock();
  tickTimer();
  setInterval(function () { tickClock(); tickTimer(); }, 1000);
  setInterval(poll, every);
})();
