/* Jonkler's totals with the rounds that wait on a phone without a network (static/js/offline.js
   shows them, marked as not yet sent): in round R a bid met exactly scores R times the round
   factor plus the bid times the bid factor, a missed one the points per trick taken (the page's
   forecast data, from the event's ruleset). The server scores every round when it arrives;
   tests/browser/test_offline_forecast.py checks that these sums equal the rules' on every
   sample session. */
(function () {
  "use strict";
  var games = window.tableGames;
  function whole(value) { var n = parseInt(value, 10); return isNaN(n) ? 0 : n; }
  function score(fields, round, seats, data) {
    var points = [];
    for (var seat = 0; seat < seats; seat += 1) {
      var bid = fields["bid_" + seat], took = whole(fields["tricks_" + seat]);
      if (bid === undefined || bid === "") { return null; }
      points.push(whole(bid) === took ? data.metRound * round + data.metBid * whole(bid)
        : data.missTrick * took);
    }
    return points;
  }
  games.jonkler = games.jonkler || {};
  // Each waiting round's points per seat, or null when one of them cannot be added up here.
  games.jonkler.forecast = function (entries, data, seats) {
    var scored = entries.map(function (entry) {
      return score(games.words.fields(entry), entry.part, seats, data);
    });
    return scored.indexOf(null) < 0 ? scored : null;
  };
})();
