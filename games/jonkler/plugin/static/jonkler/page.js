/* Jonkler's table page: the bid the dealer may not make and the tricks left to share out. The server decides. */
(function () {
  "use strict";
  // Jonkler: once the others have bid, show the bid the dealer may not make (the hook) and
  // mark it if typed; show how many tricks are left to share out. The server decides.
  function jonkler(form) {
    var cards = parseInt(form.dataset.cards, 10), dealer = form.dataset.dealer;
    var value = function (input) { return input.value === "" ? null : parseInt(input.value, 10); };
    var bids = form.querySelectorAll("input[data-bid]"), others = 0, missing = 0, dealerBox;
    bids.forEach(function (input) {
      if (input.dataset.bid === dealer) { dealerBox = input; return; }
      var bid = value(input);
      if (bid === null) { missing += 1; } else { others += bid; }
    });
    var note = form.querySelector("[data-hook-note]");
    if (note && form.dataset.hook === "1" && dealerBox && true) {
      var forbidden = cards - others;
      var show = missing === 0 && forbidden >= 0;
      note.textContent = show ? form.dataset.msgForbidden.replace("%s", forbidden) : note.textContent;
      var bad = show && value(dealerBox) === forbidden;
      dealerBox.classList.toggle("refused", bad);
      note.classList.toggle("warn", bad);
    }
    var taken = 0;
    form.querySelectorAll("input[data-tricks]").forEach(function (input) { taken += value(input) || 0; });
    var left = form.querySelector("[data-tricks-left]");
    if (left && taken > 0) {
      left.textContent = taken === cards ? form.dataset.msgDone
        : taken < cards ? form.dataset.msgLeft.replace("%s", cards - taken)
        : taken - cards === 1 ? form.dataset.msgOverOne
        : form.dataset.msgOver.replace("%s", taken - cards);
      left.classList.toggle("warn", taken > cards);
    }
  }
  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.matches("[data-jonkler]")) { jonkler(form); }
  });
})();
