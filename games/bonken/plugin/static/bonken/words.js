/* Bonken's games waiting on a phone without a network, as the score sheet says them:
   "Game 5: Hearts, chosen by Anna — Anna 3, Bram 5, Cees 0, Daan 5; doubles: Bram → Anna"
   (static/js/offline.js shows them; the points are the server's, counted when it is sent). */
(function () {
  "use strict";
  var games = window.tableGames, w = games.words;
  function counts(form, contract, names) {
    var takers = form.querySelector("[data-taker-contract='" + contract.value + "']");
    if (takers && w.shown(takers)) {
      return Array.prototype.map.call(takers.querySelectorAll("[role=radiogroup]"), function (group) {
        var head = document.getElementById(group.getAttribute("aria-labelledby"));
        var took = group.querySelector("input:checked");
        return (head ? head.textContent.trim().replace(/\?$/, "") + ": " : "") +
          (took ? w.tileText(took) : "–");
      });
    }
    var said = [];
    form.querySelectorAll("[data-kind-contracts]").forEach(function (row) {
      if (!w.shown(row) || row.dataset.kindContracts.split(" ").indexOf(contract.value) < 0) { return; }
      var legend = row.querySelector("legend");
      said.push((legend ? legend.textContent.trim() + ": " : "") + names.map(function (name, seat) {
        var input = row.querySelector("input[name$='_" + seat + "']");
        return name + " " + (input && input.value !== "" ? input.value : "0");
      }).join(", "));
    });
    if (said.length) { return said; }
    return [names.map(function (name, seat) {
      var input = form.querySelector("[name=count_" + seat + "]");
      return name + " " + (input && input.value !== "" ? input.value : "0");
    }).join(", ")];
  }
  function doubles(form, names) {
    var whom = {};
    form.querySelectorAll("input[name^=d_]:checked").forEach(function (box) {
      var seats = box.name.split("_");
      (whom[seats[1]] = whom[seats[1]] || []).push(names[seats[2]]);
    });
    return Object.keys(whom).map(function (seat) { return names[seat] + " → " + whom[seat].join(", "); });
  }
  games.bonken = games.bonken || {};
  games.bonken.describe = function (form, entry) {
    var names = w.names(), given = w.fields(entry);
    var contract = w.picked(form, "contract");
    var head = contract ? w.tileText(contract) : "";
    if (names[given.chooser]) { head += ", " + w.say("chosen", { name: names[given.chooser] }); }
    var said = contract ? counts(form, contract, names) : [];
    var doubled = doubles(form, names);
    if (doubled.length) { said.push(w.say("doubles") + ": " + doubled.join("; ")); }
    return head + (said.length ? " — " + said.join("; ") : "");
  };
})();
