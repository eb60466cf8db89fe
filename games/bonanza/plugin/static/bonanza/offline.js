/* Bonanza Rummy's checks and next hand for the table page while offline (static/js/offline.js
   runs them; static/js/offline-games.js gives the helpers every game's checks use). */
(function () {
  "use strict";
  var games = window.tableGames, h = games.helpers;
  var say = h.say, shown = h.shown, labelText = h.labelText, groupName = h.groupName, number = h.number;
  // Bonanza Rummy: whoever went out holds no cards; the rest is the rules' (sent with the hand).
  games.bonanza = {
    check: function (form, box) {
      var out = form.querySelector("input[name=out_seat]:checked"), problems = [];
      if (out) {
        var left = form.querySelector("input[data-cards='" + out.value + "']");
        if (left && left.value !== "" && left.value !== "0") {
          problems.push({ text: say(box, "msgRange", { label: labelText(left), min: 0, max: 0 }), field: left });
        }
      }
      return problems;
    },
    // The next hand while hands wait: the deal passes to the left; the first dealer is chosen.
    advance: function (form, entry, queued) {
      var line = form.querySelector("[data-hand-dealer]");
      form.querySelectorAll("[data-first-only]").forEach(function (link) { link.hidden = true; });
      if (!line || line.dataset.handDealer === "") { return; }
      var names = line.dataset.names.split("|");
      var dealer = (parseInt(line.dataset.handDealer, 10) + queued) % names.length;
      line.textContent = line.dataset.says.split("{name}").join(names[dealer]);
    }
  };
})();
