/* Bonko's result waiting on a phone without a network, as the table says it:
   "Anna & Cees 21 – Bram & Daan 18; Anna & Cees won; Bonkos: Anna 1" (static/js/offline.js
   shows it; the server checks it against the rules when it is sent). */
(function () {
  "use strict";
  var games = window.tableGames, w = games.words;
  games.bonko = games.bonko || {};
  games.bonko.describe = function (form) {
    var scores = Array.prototype.map.call(form.querySelectorAll("input[data-score]"), function (input) {
      return w.tileText(input) + " " + (input.value || "0");
    });
    var said = [scores.join(" – ")];
    var winner = w.picked(form, "winner");
    if (winner) { said.push(w.say("won", { team: w.tileText(winner) })); }
    var bonkos = [];
    form.querySelectorAll("input[name^=bonkos_]").forEach(function (input) {
      if (input.value !== "" && input.value !== "0") { bonkos.push(w.tileText(input) + " " + input.value); }
    });
    if (bonkos.length) { said.push(w.say("bonkos") + ": " + bonkos.join(", ")); }
    return said.join("; ");
  };
})();
