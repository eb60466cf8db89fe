/* Bonken's totals with the games that wait on a phone without a network (static/js/offline.js
   shows them, marked as not yet sent): a waiting game's points from what each seat took, at
   the contract's value per unit or per card kind (the page's forecast data, from the event's
   ruleset), then the doubles: a double of a on b moves base[a] - base[b] from b to a. The
   server scores every game when it arrives; tests/browser/test_offline_forecast.py checks that
   these sums equal the rules' on every sample session. */
(function () {
  "use strict";
  var games = window.tableGames, SEATS = [0, 1, 2, 3];
  function whole(value) { var n = parseInt(value, 10); return isNaN(n) ? 0 : n; }
  function given(value) { return value !== undefined && value !== null && value !== ""; }
  function base(fields, contract, code) {
    var points = [0, 0, 0, 0], takers = [];
    for (var unit = 1; unit <= contract.units; unit += 1) { takers.push(fields["took_" + code + "_" + unit]); }
    if (contract.oneByOne && takers.every(given)) {
      takers.forEach(function (seat) { points[whole(seat)] += contract.value; });
    } else if (Object.keys(contract.kinds).length) {
      Object.keys(contract.kinds).forEach(function (kind) {
        SEATS.forEach(function (seat) {
          points[seat] += contract.kinds[kind] * whole(fields["count_" + kind + "_" + seat]);
        });
      });
    } else {
      SEATS.forEach(function (seat) { points[seat] = contract.value * whole(fields["count_" + seat]); });
    }
    return points;
  }
  function score(fields, data) {
    var contract = data.contracts[fields.contract];
    if (!contract) { return null; }
    var deal = base(fields, contract, fields.contract), points = deal.slice();
    SEATS.forEach(function (doubler) {
      SEATS.forEach(function (target) {
        if (doubler !== target && given(fields["d_" + doubler + "_" + target])) {
          var difference = deal[doubler] - deal[target];
          points[doubler] += difference;
          points[target] -= difference;
        }
      });
    });
    return points;
  }
  games.bonken = games.bonken || {};
  // Each waiting entry's points per seat, or null when one of them cannot be added up here.
  games.bonken.forecast = function (entries, data) {
    var scored = entries.map(function (entry) { return score(games.words.fields(entry), data); });
    return scored.indexOf(null) < 0 ? scored : null;
  };
})();
