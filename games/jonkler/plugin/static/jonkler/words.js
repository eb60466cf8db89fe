/* Jonkler's rounds waiting on a phone without a network, as the score sheet says them:
   "Round 6: Anna deals — Bram bid 2, took 2; …" (static/js/offline.js shows them; the points
   are the server's, counted when the round is sent). */
(function () {
  "use strict";
  var games = window.tableGames, w = games.words;
  games.jonkler = games.jonkler || {};
  games.jonkler.describe = function (form, entry) {
    var names = w.names(), given = w.fields(entry);
    var dealer = names[form.dataset.dealer];
    var head = dealer ? w.say("deals", { name: dealer }) + " — " : "";
    var said = Array.prototype.map.call(form.querySelectorAll("input[data-bid]"), function (bid) {
      var seat = bid.dataset.bid, tricks = given["tricks_" + seat];
      return w.say("bidTook", {
        name: names[seat] || seat, bid: given[bid.name] || "0", tricks: tricks ? tricks : "0"
      });
    });
    return head + said.join("; ");
  };
})();
