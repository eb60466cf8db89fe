/* Bonanza Rummy's table page: the poker pot and the cards of whoever went out. The server decides. */
(function () {
  "use strict";
  // Bonanza Rummy: the poker pot grows by the stake per entrant; whoever went out holds no
  // cards, so their box is emptied and set aside. The server decides.
  function bonanza(form) {
    var entrants = form.querySelectorAll("input[name=poker_entrants]:checked").length;
    var pot = parseInt(form.dataset.poker, 10) + entrants * parseInt(form.dataset.stake, 10);
    var note = form.querySelector("[data-poker-pot]");
    if (note && entrants > 0) { note.textContent = form.dataset.msgPoker.replace("%s", pot); }
    var out = form.querySelector("input[name=out_seat]:checked");
    form.querySelectorAll("input[data-cards]").forEach(function (input) {
      var isOut = out !== null && input.dataset.cards === out.value;
      if (isOut) { input.value = ""; }
      input.readOnly = isOut;
      input.classList.toggle("went-out", isOut);
    });
  }
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.matches("[data-bonanza]")) { bonanza(form); }
  });

  function enhance(root) {
    root.querySelectorAll("form[data-bonanza]").forEach(function (form) { bonanza(form); });
  }
  document.addEventListener("DOMContentLoaded", function () { enhance(document); });
  document.addEventListener("htmx:afterSwap", function (event) { enhance(event.target); });
})();
