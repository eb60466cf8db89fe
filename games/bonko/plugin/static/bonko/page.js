/* Bonko's table page: the winner follows the scores (and the roll-off) as they are typed; level
   scores ask for the roll-off at once, one more session while it stays level; a team tapped as
   the winner is taken when the scores allow it, otherwise the page says why. The page asks every
   few seconds whether the King's table rang the bell (or undid it); the King's table's page asks
   before it rings and counts down the seconds left to undo it. The server decides. */
(function () {
  "use strict";
  function number(input) {
    if (!input || input.value.trim() === "") { return null; }
    var value = parseInt(input.value, 10);
    return isNaN(value) ? null : value;
  }
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, key) {
      return values[key] !== undefined ? values[key] : all;
    });
  }
  function state(form) {
    var scores = Array.prototype.map.call(form.querySelectorAll("input[data-score]"), number);
    var result = { scores: scores, leader: null, level: false, played: 0, rows: [] };
    if (scores.length !== 2 || scores[0] === null || scores[1] === null) { return result; }
    if (scores[0] !== scores[1]) {
      result.leader = scores[0] > scores[1] ? 0 : 1;
      return result;
    }
    result.level = true;
    form.querySelectorAll("[data-rolloff-row]").forEach(function (row) {
      var inputs = row.querySelectorAll("input");
      result.rows.push([number(inputs[0]), number(inputs[1])]);
    });
    for (var i = 0; i < result.rows.length; i++) {
      var pair = result.rows[i];
      if (pair[0] === null || pair[1] === null) { break; }
      result.played = i + 1;
      if (pair[0] !== pair[1]) { result.leader = pair[0] > pair[1] ? 0 : 1; break; }
    }
    return result;
  }
  function say(form, text) {
    var note = form.querySelector("[data-winner-note]");
    if (note) { note.textContent = text; }
  }
  function addRow(form) {
    var fieldset = form.querySelector("[data-rolloff]");
    var template = form.querySelector("template[data-rolloff-template]");
    var rows = form.querySelectorAll("[data-rolloff-row]").length;
    if (!template || rows >= parseInt(form.dataset.maxSessions || "20", 10)) { return; }
    var html = template.innerHTML.replace(/__S__/g, String(rows)).replace(/__N__/g, String(rows + 1));
    template.insertAdjacentHTML("beforebegin", html);
    var sessions = form.querySelector("input[name=sessions]");
    if (sessions) { sessions.value = String(rows + 1); }
    return fieldset;
  }
  // The scores or the roll-off changed: the roll-off shows while the scores are level, and the
  // winner follows whoever leads.
  function follow(form) {
    var now = state(form);
    var fieldset = form.querySelector("[data-rolloff]");
    var teams = (form.dataset.teams || "|").split("|");
    if (fieldset) { fieldset.hidden = !now.level; }
    var level = form.querySelector("[data-rolloff-level]");
    if (now.level && level) {
      var last = now.rows[now.played - 1];
      if (now.leader === null && now.played > 0 && last && last[0] === last[1]) {
        if (now.played === now.rows.length) { addRow(form); }
        level.textContent = fill(form.dataset.msgLevelAgain, { n: now.played, next: now.played + 1 });
      } else {
        level.textContent = fill(form.dataset.msgLevel, {
          first: teams[0], second: teams[1], score: now.scores[0]
        });
      }
    }
    form.querySelectorAll("input[name=winner]").forEach(function (radio) {
      if (now.leader !== null) {
        radio.checked = radio.value === String(now.leader);
      } else if (now.level) {
        radio.checked = false;
      }
    });
    if (now.leader !== null || !now.level) { say(form, ""); }
  }
  // A team tapped as the winner: taken when the scores allow it, otherwise the page says why.
  function chosen(form, radio) {
    var now = state(form);
    var team = parseInt(radio.value, 10);
    var teams = (form.dataset.teams || "|").split("|");
    if (now.leader !== null && team !== now.leader) {
      var mine = now.level ? now.rows[now.played - 1][team] : now.scores[team];
      var theirs = now.level ? now.rows[now.played - 1][1 - team] : now.scores[1 - team];
      form.querySelector("input[name=winner][value='" + now.leader + "']").checked = true;
      say(form, fill(form.dataset.msgLower, {
        team: teams[team], other: teams[1 - team], lower: mine, higher: theirs
      }));
    } else if (now.leader === null && now.level) {
      radio.checked = false;
      say(form, form.dataset.msgUndecided);
      var empty = null;
      form.querySelectorAll("[data-rolloff-row] input").forEach(function (input) {
        if (empty === null && input.value === "") { empty = input; }
      });
      if (empty) { empty.focus(); }
    } else {
      say(form, "");
    }
  }
  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (!form || !form.matches("[data-bonko]")) { return; }
    if (event.target.name === "winner") { return; }
    if (event.target.matches("input[data-score], [data-rolloff] input")) { follow(form); }
  });
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.matches("[data-bonko]") && event.target.name === "winner") {
      chosen(form, event.target);
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-bonko]").forEach(function (form) {
      var now = state(form);
      if (now.level) { follow(form); }
    });
  });

  // Bonko: every table's page asks every few seconds whether the King's table rang the bell,
  // and shows it, or takes it away again when the King's table undid a bell rung by mistake.
  function watchBell(banner) {
    var ask = function () {
      fetch(banner.dataset.bellUrl, { headers: { Accept: "application/json" } })
        .then(function (answer) { return answer.ok ? answer.json() : null; })
        .then(function (state) {
          if (state) {
            if (state.rung && banner.hidden && navigator.vibrate) { navigator.vibrate(300); }
            banner.hidden = !state.rung;
          }
          if (!state || state.status === "playing") { window.setTimeout(ask, 4000); }
        })
        .catch(function () { window.setTimeout(ask, 8000); });
    };
    window.setTimeout(ask, 4000);
  }

  // The King's table: the first tap on "Ring the bell" asks in place; "Yes" sends the form with
  // the confirmation (without this script the server asks on a page of its own).
  function askBeforeRinging(form) {
    var box = form.querySelector("[data-bell-confirm]");
    var ring = form.querySelector("#ring-bell");
    if (!box || !ring) { return; }
    form.addEventListener("submit", function (event) {
      var by = event.submitter;
      if (by ? by.name === "confirm" : !box.hidden) { return; }  // "Yes" (or asked already)
      event.preventDefault();
      box.hidden = false;
      ring.setAttribute("aria-expanded", "true");
      var yes = box.querySelector("[data-bell-yes]");
      if (yes) { yes.focus(); }
    });
    ring.setAttribute("aria-expanded", "false");
    box.querySelector("[data-bell-cancel]").addEventListener("click", function () {
      box.hidden = true;
      ring.setAttribute("aria-expanded", "false");
      ring.focus();
    });
  }

  // The bell just rung: its undo button counts the seconds down; then the bell stands.
  function countDown(form) {
    var button = form.querySelector("[data-undo-button]");
    var left = parseInt(form.dataset.undoLeft, 10) || 0;
    var ends = Date.now() + left * 1000;
    var tick = function () {
      var now = Math.ceil((ends - Date.now()) / 1000);
      if (now <= 0) {
        var stands = document.createElement("p");
        stands.className = "small muted";
        stands.id = "undo-bell";
        stands.setAttribute("role", "status");
        stands.textContent = form.dataset.msgStands;
        form.replaceWith(stands);
        return;
      }
      button.textContent = fill(form.dataset.msgUndo, { s: now });
      window.setTimeout(tick, 250);
    };
    if (button) { tick(); }
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-bell-url]").forEach(watchBell);
    document.querySelectorAll("form[data-ring-bell]").forEach(askBeforeRinging);
    document.querySelectorAll("form[data-bell-undo]").forEach(countDown);
  });
})();
