/* Bonanza Rummy's hands waiting on a phone without a network, as the table says them:
   "Hand 4: A♠: Bram; K♥: Cees; widow sold to Cees for 3; poker won by Bram; Cees went
   out; cards left: Anna 5, Bram 2" (static/js/offline.js shows them; the chips are the
   server's, counted when the hand is sent). */
(function () {
  "use strict";
  var games = window.tableGames, w = games.words;
  games.bonanza = games.bonanza || {};
  games.bonanza.describe = function (form, entry) {
    var names = w.names(), given = w.fields(entry), said = [];
    // One tap per section in each player's row: the section's name is the tile's own text.
    form.querySelectorAll("input[name^=section_]").forEach(function (input) {
      if (!input.checked || input.value === "") { return; }  // what nobody took stays on the board
      said.push(w.tileText(input) + ": " + (names[input.value] || input.value));
    });
    var buyer = form.elements.widow_buyer;
    if (buyer && buyer.value !== "") {
      said.push(w.say("widow", { name: names[buyer.value] || buyer.value, price: given.widow_price || "0" }));
    }
    var poker = w.picked(form, "poker_winner");
    if (poker && poker.value !== "") { said.push(w.say("poker", { name: names[poker.value] || poker.value })); }
    var out = w.picked(form, "out_seat");
    if (out) { said.push(w.say("out", { name: names[out.value] || out.value })); }
    var left = [];
    form.querySelectorAll("input[data-cards]").forEach(function (input) {
      if (input.value !== "" && input.value !== "0") { left.push((names[input.dataset.cards] || "") + " " + input.value); }
    });
    if (left.length) { said.push(w.say("left") + ": " + left.join(", ")); }
    return said.join("; ");
  };
})();
