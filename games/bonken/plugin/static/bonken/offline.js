/* Bonken's checks and "next entry" for the table page while offline (static/js/offline.js
   runs them; static/js/offline-games.js gives the helpers every game's checks use). */
(function () {
  "use strict";
  var games = window.tableGames, h = games.helpers;
  var say = h.say, shown = h.shown, labelText = h.labelText, groupName = h.groupName, number = h.number;
  // Bonken: the contract's takers all tapped, or its counts adding up to what it deals out;
  // the next chooser one seat clockwise while the rotation says so; a minus contract once.
  games.bonken = {
    check: function (form, box) {
      var problems = [], picked = form.querySelector("input[name=contract]:checked");
      if (!picked) { return problems; }
      var takers = form.querySelector("[data-taker-contract='" + picked.value + "']");
      if (takers && shown(takers)) {
        takers.querySelectorAll("[role=radiogroup]").forEach(function (group) {
          if (!group.querySelector("input:checked")) {
            var first = group.querySelector("input");
            problems.push({ text: say(box, "msgRequired", { label: groupName(first) }), field: first });
          }
        });
        return problems;
      }
      var plain = form.querySelector("[data-plain-counts]");
      if (picked.dataset.units && plain && shown(plain)) {
        var got = 0;
        plain.querySelectorAll("input[data-stepper]").forEach(function (input) { got += number(input); });
        if (got !== parseInt(picked.dataset.units, 10)) {
          problems.push({ text: say(box, "msgSum", { got: got, want: picked.dataset.units }),
                          field: plain.querySelector("input[data-stepper]") });
        }
      }
      return problems;
    },
    advance: function (form, entry) {
      var given = {};
      entry.fields.forEach(function (pair) { given[pair[0]] = pair[1]; });
      var played = form.querySelector("input[name=contract][value='" + given.contract + "']");
      var tile = played && played.closest("label");
      if (played && tile && !tile.classList.contains("plus")) {
        played.disabled = true;
        tile.classList.add("played");
      }
      var minusOpen = Array.prototype.some.call(form.querySelectorAll("label.tile:not(.plus) input[name=contract]"),
        function (input) { return !input.disabled; });
      var next = form.dataset.rotation === "passing" && !minusOpen ? null
        : (parseInt(given.chooser, 10) + 1) % 4;
      form.querySelectorAll("input[name=chooser]").forEach(function (radio) {
        radio.checked = next !== null && radio.value === String(next);
      });
      var chosen = form.querySelector("input[name=chooser]:checked") || form.querySelector("input[name=contract]");
      if (chosen) { chosen.dispatchEvent(new Event("change", { bubbles: true })); }
    }
  };
})();
