/* Jonkler's checks and "next entry" for the table page while offline (static/js/offline.js
   runs them; static/js/offline-games.js gives the helpers every game's checks use). */
(function () {
  "use strict";
  var games = window.tableGames, h = games.helpers;
  var say = h.say, shown = h.shown, labelText = h.labelText, groupName = h.groupName, number = h.number;
  // Jonkler: round n has n cards and the deal moves one seat each round, so the page can
  // set out the next rounds itself: the bidding order, the cards, the dealer's forbidden bid.
  function jonklerRound(form, round) {
    var seats = parseInt(form.dataset.seats, 10);
    if (form.dataset.firstRound === undefined) {
      form.dataset.firstRound = form.dataset.entryNumber;
      form.dataset.firstDealt = form.dataset.dealer;
    }
    var first = ((parseInt(form.dataset.firstDealt, 10) - (parseInt(form.dataset.firstRound, 10) - 1)) % seats + seats) % seats;
    var dealer = (first + round - 1) % seats, order = [];
    for (var step = 1; step <= seats; step += 1) { order.push((dealer + step) % seats); }
    return { cards: round, dealer: dealer, order: order };
  }
  games.jonkler = {
    check: function (form, box) {
      // The tricks add up to the round's cards; the bids (the dealer's forbidden one too) are
      // the rules', checked when the round is sent.
      var problems = [], cards = parseInt(form.dataset.cards, 10), tricks = 0;
      form.querySelectorAll("input[data-tricks]").forEach(function (input) { tricks += number(input); });
      if (tricks !== cards) {
        problems.push({ text: say(box, "msgSum", { got: tricks, want: cards }),
                        field: form.querySelector("input[data-tricks]") });
      }
      return problems;
    },
    advance: function (form, entry, queued) {
      var round = jonklerRound(form, parseInt(form.dataset.entryNumber, 10) + queued);
      form.dataset.cards = round.cards;
      form.dataset.dealer = round.dealer;
      var dealerName = "";
      form.querySelectorAll("input[data-bid], input[data-tricks]").forEach(function (input) {
        input.max = round.cards;
        if (input.dataset.bid === String(round.dealer)) { dealerName = labelText(input); }
      });
      form.querySelectorAll(".counts").forEach(function (row) {
        var cells = Array.prototype.slice.call(row.children);
        cells.sort(function (a, b) {
          var seatA = a.querySelector("input").dataset, seatB = b.querySelector("input").dataset;
          return round.order.indexOf(parseInt(seatA.bid || seatA.tricks, 10)) -
            round.order.indexOf(parseInt(seatB.bid || seatB.tricks, 10));
        });
        cells.forEach(function (cell) { row.appendChild(cell); });
      });
      if (form.dataset.msgForbiddenAny) {
        form.dataset.msgForbidden = form.dataset.msgForbiddenAny.split("{name}").join(dealerName);
      }
      var note = form.querySelector("[data-round-note]");
      var box = document.querySelector("[data-offline]");
      if (note && box) { note.textContent = say(box, round.cards === 1 ? "msgRoundOne" : "msgRound", { cards: round.cards, name: dealerName }); }
      var left = form.querySelector("[data-tricks-left]");
      if (left) { left.textContent = ""; }
    }
  };
})();
