/* Bonanza Rummy's chips with the hands that wait on a phone without a network
   (static/js/offline.js shows them, marked as not yet sent), hand after hand on the board the
   saved hands left (the page's forecast data): every seat puts the ante on each section; a
   bought widow's price goes from the buyer to the dealer; each poker entrant adds the stake to
   the poker section, which its winner takes; each other section goes to the seat that showed
   it or stays; who went out takes the Bonanza section and a chip per card left from every other
   seat. The server scores every hand when it arrives; tests/browser/test_offline_forecast.py
   checks that these sums equal the rules' on every sample session. */
(function () {
  "use strict";
  var games = window.tableGames;
  function seatOf(value) { var n = parseInt(value, 10); return isNaN(n) ? null : n; }
  function all(entry, name) {
    return entry.fields.filter(function (pair) { return pair[0] === name; })
      .map(function (pair) { return pair[1]; });
  }
  function hand(entry, number, board, seats, data) {
    var fields = games.words.fields(entry), nets = [], seat;
    var first = data.firstDealer === null ? seatOf(fields.first_dealer) : data.firstDealer;
    var out = seatOf(fields.out_seat);
    if (first === null || out === null) { return null; }
    var dealer = (first + number - 1) % seats;
    for (seat = 0; seat < seats; seat += 1) { nets.push(-data.ante * data.sections.length); }
    data.sections.forEach(function (code) { board[code] += data.ante * seats; });
    var buyer = seatOf(fields.widow_buyer);
    if (buyer !== null) {
      var price = seatOf(fields.widow_price) || 0;
      nets[buyer] -= price;
      nets[dealer] += price;
    }
    all(entry, "poker_entrants").forEach(function (entrant) {
      nets[seatOf(entrant)] -= data.stake;
      board.poker += data.stake;
    });
    var winner = seatOf(fields.poker_winner);
    if (winner !== null) { nets[winner] += board.poker; board.poker = 0; }
    data.shown.forEach(function (code) {
      var taker = seatOf(fields["section_" + code]);
      if (taker !== null) { nets[taker] += board[code]; board[code] = 0; }
    });
    for (seat = 0; seat < seats; seat += 1) {
      if (seat !== out) {
        var cards = seatOf(fields["cards_" + seat]) || 0;
        nets[seat] -= cards;
        nets[out] += cards;
      }
    }
    nets[out] += board.bonanza;
    board.bonanza = 0;
    return nets;
  }
  games.bonanza = games.bonanza || {};
  // Each waiting hand's chips per seat, or null when one of them cannot be added up here.
  games.bonanza.forecast = function (entries, data, seats) {
    var board = {};
    data.sections.forEach(function (code) { board[code] = data.board[code] || 0; });
    var scored = [];
    for (var index = 0; index < entries.length; index += 1) {
      var nets = hand(entries[index], entries[index].part, board, seats, data);
      if (nets === null) { return null; }
      scored.push(nets);
    }
    showBoard(board);
    return scored;
  };
  // The board as the next hand finds it, after the waiting hands (marked like the totals).
  function showBoard(board) {
    var list = document.querySelector("ol.board[data-put]"), put;
    if (!list) { return; }
    put = parseInt(list.dataset.put, 10) || 0;
    list.classList.add("is-pending");
    list.querySelectorAll("li[data-section]").forEach(function (cell) {
      var carried = board[cell.dataset.section] || 0, note = cell.querySelector(".carried");
      cell.querySelector(".chips").textContent = String(carried + put);
      if (!carried && note) { note.remove(); }
      if (carried) {
        if (!note) {
          note = document.createElement("span");
          note.className = "carried";
          cell.appendChild(note);
        }
        note.textContent = list.dataset.carried.replace("{n}", carried);
      }
    });
    var form = list.closest("form");
    if (form && form.dataset.poker !== undefined) { form.dataset.poker = String(board.poker + put); }
  }
})();
