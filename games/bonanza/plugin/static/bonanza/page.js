/* Bonanza Rummy's table page: the poker pot and the cards of whoever went out; a tapped tile
   tapped again is taken back (the section goes to nobody); ending the session asks first. The
   server decides and counts. */
(function () {
  "use strict";
  // Bonanza Rummy: the poker pot grows by the stake per entrant; whoever went out holds no
  // cards, so their box is emptied and set aside.
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
    form.querySelectorAll("input[data-toggle]").forEach(function (radio) {
      radio.dataset.was = radio.checked ? "1" : "";
    });
  }
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.matches("[data-bonanza]")) { bonanza(form); }
  });
  // A player's tile tapped again: nobody took that section (its "nobody" tile is checked).
  document.addEventListener("click", function (event) {
    var radio = event.target;
    if (!radio.matches || !radio.matches("form[data-bonanza] input[data-toggle]")) { return; }
    if (radio.dataset.was !== "1") { return; }
    var nobody = radio.form.querySelector("input[name='" + radio.name + "'][value='']");
    if (nobody) {
      nobody.checked = true;
      nobody.dispatchEvent(new Event("change", { bubbles: true }));
    }
  });
  // "No, keep playing" closes the question of ending the session.
  document.addEventListener("click", function (event) {
    var cancel = event.target.closest && event.target.closest("[data-end-cancel]");
    if (!cancel) { return; }
    var details = cancel.closest("details");
    if (details) {
      details.open = false;
      details.querySelector("summary").focus();
    }
  });
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (details.matches && details.matches("[data-end-confirm]") && details.open) {
      var question = details.querySelector("#end-question");
      if (question) { question.setAttribute("tabindex", "-1"); question.focus(); }
    }
  }, true);

  function enhance(root) {
    root.querySelectorAll("form[data-bonanza]").forEach(function (form) { bonanza(form); });
  }
  document.addEventListener("DOMContentLoaded", function () { enhance(document); });
  document.addEventListener("htmx:afterSwap", function (event) { enhance(event.target); });
})();
