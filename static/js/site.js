/* Small conveniences on top of server-rendered pages; every page works without them. */
(function () {
  "use strict";

  // Print buttons on the table cards and score sheets.
  document.addEventListener("click", function (event) {
    if (event.target.closest("button[data-print]")) { window.print(); }
  });

  // The language switch submits itself when a language is picked.
  document.addEventListener("change", function (event) {
    if (event.target.matches("select[data-autosubmit]")) { event.target.form.submit(); }
  });

  // Scorer's page: one tap for zalen (double all three others) and ruitenwissen (double
  // both players other than yourself and the chooser). Only ticks boxes; the rules engine
  // on the server decides what is allowed.
  function chooser(form) {
    var picked = form.querySelector("input[name=chooser]:checked, select[name=chooser]");
    return picked && picked.value !== "" ? parseInt(picked.value, 10) : -1;
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-tap]");
    if (!button) { return; }
    event.preventDefault();
    var form = button.form, seat = parseInt(button.dataset.seat, 10);
    var skipChooser = button.dataset.tap === "ruitenwissen";
    var boxes = form.querySelectorAll("input[data-doubler='" + seat + "']");
    var all = Array.prototype.every.call(boxes, function (box) {
      var target = parseInt(box.dataset.target, 10);
      return box.checked || (skipChooser && target === chooser(form));
    });
    boxes.forEach(function (box) {
      var target = parseInt(box.dataset.target, 10);
      if (skipChooser && target === chooser(form)) { box.checked = false; return; }
      box.checked = !all;
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // Bonken's table page: the blocks that fit the tapped contract (counts per player, counts
  // per card kind, or "who took it?"), what is left to assign, and who deals, doubles first
  // and leads for the tapped chooser. Without script every block shows; the server decides.
  function contractOf(form) {
    return form.querySelector("input[name=contract]:checked");
  }
  function showKinds(form) {
    var picked = contractOf(form), code = picked ? picked.value : "";
    form.querySelectorAll("[data-kind-contracts]").forEach(function (block) {
      block.hidden = block.dataset.kindContracts.split(" ").indexOf(code) === -1;
    });
    form.querySelectorAll("[data-taker-contract]").forEach(function (block) {
      block.hidden = block.dataset.takerContract !== code;
    });
    var plain = form.querySelector("[data-plain-counts]");
    var other = Array.prototype.some.call(
      form.querySelectorAll("[data-kind-contracts], [data-taker-contract]"),
      function (b) { return !b.hidden; });
    if (plain) { plain.hidden = other; }
    countsLeft(form);
    showRoles(form);
  }
  function countsLeft(form) {
    var picked = contractOf(form), line = form.querySelector("[data-counts-left]");
    if (!picked || !line || !picked.dataset.units) { return; }
    var taken = 0;
    form.querySelectorAll("[data-plain-counts] input[data-stepper]").forEach(function (input) {
      taken += parseInt(input.value, 10) || 0;
    });
    var left = parseInt(picked.dataset.units, 10) - taken;
    line.textContent = left === 0 ? form.dataset.msgDone
      : left < 0 ? form.dataset.msgOver.replace("%s", -left)
      : (left === 1 ? picked.dataset.leftOne : picked.dataset.leftMany).replace("%s", left);
    line.classList.toggle("warn", left < 0);
    line.classList.remove("muted");
  }
  function showRoles(form) {
    var seat = chooser(form), lines = form.querySelectorAll("[data-roles-for]");
    if (seat < 0 || !lines.length) { return; }
    lines.forEach(function (p) { p.hidden = parseInt(p.dataset.rolesFor, 10) !== seat; });
    var none = form.querySelector("[data-roles-none]");
    if (none) { none.hidden = true; }
  }
  // The new-event form: the rules on offer are the chosen game's (without script every game's
  // rulesets show, grouped by game, and the server checks that they belong to the game).
  function offerRulesets(form) {
    var game = form.querySelector("select[data-game-choice]");
    var rules = form.querySelector("select[data-rulesets]");
    if (!game || !rules) { return; }
    rules.querySelectorAll("optgroup").forEach(function (group) {
      var mine = false;
      group.querySelectorAll("option").forEach(function (option) {
        var fits = option.dataset.game === game.value;
        option.hidden = !fits;
        option.disabled = !fits;
        mine = mine || fits;
      });
      group.hidden = !mine;
    });
    var picked = rules.options[rules.selectedIndex];
    if (picked && picked.disabled) { rules.value = ""; }
  }
  document.addEventListener("change", function (event) {
    if (event.target.matches("select[data-game-choice]")) { offerRulesets(event.target.form); }
  });
  function enhance(root) {
    root.querySelectorAll("[data-needs-js]").forEach(function (el) { el.hidden = false; });
    root.querySelectorAll("select[data-game-choice]").forEach(function (select) {
      if (select.form) { offerRulesets(select.form); }
    });
    root.querySelectorAll("form[data-game-form]").forEach(showKinds);
    root.querySelectorAll("form[data-bonanza]").forEach(function (form) { bonanza(form); });
  }
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (!form || !form.matches("[data-game-form]")) { return; }
    if (event.target.name === "contract" || event.target.name === "chooser") { showKinds(form); }
  });
  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.matches("[data-game-form]")) { countsLeft(form); }
  });
  // Jonkler: once the others have bid, show the bid the dealer may not make (the hook) and
  // mark it if typed; show how many tricks are left to share out. The server decides.
  function jonkler(form) {
    var cards = parseInt(form.dataset.cards, 10), dealer = form.dataset.dealer;
    var value = function (input) { return input.value === "" ? null : parseInt(input.value, 10); };
    var bids = form.querySelectorAll("input[data-bid]"), others = 0, missing = 0, dealerBox;
    bids.forEach(function (input) {
      if (input.dataset.bid === dealer) { dealerBox = input; return; }
      var bid = value(input);
      if (bid === null) { missing += 1; } else { others += bid; }
    });
    var note = form.querySelector("[data-hook-note]");
    if (note && form.dataset.hook === "1" && dealerBox && true) {
      var forbidden = cards - others;
      var show = missing === 0 && forbidden >= 0;
      note.textContent = show ? form.dataset.msgForbidden.replace("%s", forbidden) : note.textContent;
      var bad = show && value(dealerBox) === forbidden;
      dealerBox.classList.toggle("refused", bad);
      note.classList.toggle("warn", bad);
    }
    var taken = 0;
    form.querySelectorAll("input[data-tricks]").forEach(function (input) { taken += value(input) || 0; });
    var left = form.querySelector("[data-tricks-left]");
    if (left && taken > 0) {
      left.textContent = taken === cards ? form.dataset.msgDone
        : taken < cards ? form.dataset.msgLeft.replace("%s", cards - taken)
        : form.dataset.msgOver.replace("%s", taken - cards);
      left.classList.toggle("warn", taken > cards);
    }
  }
  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.matches("[data-jonkler]")) { jonkler(form); }
  });
  // Bonanza Rummy: the poker pot grows by the stake per entrant; whoever went out holds no
  // cards, so their box is emptied and set aside. The server decides.
  function bonanza(form) {
    var entrants = form.querySelectorAll("input[name=poker_entrants]:checked").length;
    var pot = parseInt(form.dataset.poker, 10) + entrants * parseInt(form.dataset.stake, 10);
    var note = form.querySelector("[data-poker-pot]");
    if (note && entrants > 0) { note.textContent = form.dataset.msgPoker.replace("%s", pot); }
    var out = form.querySelector("input[name=out_seat]:checked");
    form.querySelectorAll("input[data-cards]").forEach(function (input) {
      var isOut = out !== null && input.dataset.cards === out.value;
      if (isOut) { input.value = ""; }
      input.readOnly = isOut;
      input.classList.toggle("went-out", isOut);
    });
  }
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.matches("[data-bonanza]")) { bonanza(form); }
  });

  // Check-in: the count follows the taps, and a search box filters the list by name.
  function recount() {
    var count = document.getElementById("present-count");
    if (!count) { return; }
    var n = document.querySelectorAll("#checkin-table button[aria-pressed='true']").length;
    count.textContent = (n === 1 ? count.dataset.one : count.dataset.many).replace("%s", n);
  }
  document.addEventListener("htmx:afterSwap", recount);
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches("input[data-filter-rows]")) { return; }
    var wanted = box.value.trim().toLowerCase();
    var rows = box.dataset.filterRows + " tbody tr, " + box.dataset.filterRows + " > details";
    document.querySelectorAll(rows).forEach(function (row) {
      row.hidden = wanted !== "" && row.textContent.toLowerCase().indexOf(wanted) === -1;
    });
  });

  // Destructive actions ask first and say what they will change (forms with data-confirm).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
    }
  });

  // Bonko: the + and - of a player's called Bonkos; the winner follows the scores while they
  // differ; level scores show the roll-off. The server decides.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-step]");
    if (!button) { return; }
    var input = button.parentNode.querySelector("input[data-stepper]");
    var next = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
    input.value = Math.max(0, Math.min(99, next));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  function bonko(form) {
    var scores = form.querySelectorAll("input[data-score]");
    if (scores.length !== 2 || scores[0].value === "" || scores[1].value === "") { return; }
    var a = parseInt(scores[0].value, 10), b = parseInt(scores[1].value, 10);
    var rolloff = form.querySelector("[data-rolloff]");
    if (a !== b) {
      var radio = form.querySelector("input[name=winner][value='" + (a > b ? 0 : 1) + "']");
      if (radio) { radio.checked = true; }
    }
    if (rolloff && rolloff.querySelector("input")) { rolloff.hidden = a !== b; }
  }
  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.matches("[data-bonko]")) { bonko(form); }
  });
  // Bonko: every table's page asks every few seconds whether the King's table rang the bell.
  function watchBell(banner) {
    var ask = function () {
      if (!banner.hidden) { return; }
      fetch(banner.dataset.bellUrl, { headers: { Accept: "application/json" } })
        .then(function (answer) { return answer.ok ? answer.json() : null; })
        .then(function (state) {
          if (state && state.rung) {
            banner.hidden = false;
            if (navigator.vibrate) { navigator.vibrate(300); }
          } else if (!state || state.status === "playing") {
            window.setTimeout(ask, 4000);
          }
        })
        .catch(function () { window.setTimeout(ask, 8000); });
    };
    window.setTimeout(ask, 4000);
  }

  document.addEventListener("DOMContentLoaded", function () {
    enhance(document);
    document.querySelectorAll("[data-bell-url]").forEach(watchBell);
  });
  document.addEventListener("htmx:afterSwap", function (event) { enhance(event.target); });
})();
