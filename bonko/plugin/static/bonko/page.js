/* Bonko's table page: the winner follows the scores while they differ, level scores show the roll-off, and the page asks every few seconds whether the King's table rang the bell. The server decides. */
(function () {
  "use strict";
  function bonko(form) {
    var scores = form.querySelectorAll("input[data-score]");
    if (scores.length !== 2 || scores[0].value === "" || scores[1].value === "") { return; }
    var a = parseInt(scores[0].value, 10), b = parseInt(scores[1].value, 10);
    var rolloff = form.querySelector("[data-rolloff]");
    if (a !== b) {
      var radio = form.querySelector("input[name=winner][value='" + (a > b ? 0 : 1) + "']");
      if (radio) { radio.checked = true; }
    }
    if (rolloff && rolloff.querySelector("input")) { rolloff.hidden = a !== b; }
  }
  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.matches("[data-bonko]")) { bonko(form); }
  });
  // Bonko: every table's page asks every few seconds whether the King's table rang the bell.
  function watchBell(banner) {
    var ask = function () {
      if (!banner.hidden) { return; }
      fetch(banner.dataset.bellUrl, { headers: { Accept: "application/json" } })
        .then(function (answer) { return answer.ok ? answer.json() : null; })
        .then(function (state) {
          if (state && state.rung) {
            banner.hidden = false;
            if (navigator.vibrate) { navigator.vibrate(300); }
          } else if (!state || state.status === "playing") {
            window.setTimeout(ask, 4000);
          }
        })
        .catch(function () { window.setTimeout(ask, 8000); });
    };
    window.setTimeout(ask, 4000);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-bell-url]").forEach(watchBell);
  });
})();
