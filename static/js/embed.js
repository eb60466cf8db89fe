/* A running event's embed reloads itself every data-refresh seconds (no meta refresh: a
   reader's screen reader is not interrupted while the page is hidden). */
(function () {
  "use strict";
  var seconds = parseInt(document.body.getAttribute("data-refresh") || "", 10);
  if (!(seconds > 0)) return;
  setInterval(function () {
    if (document.visibilityState === "visible") window.location.reload();
  }, seconds * 1000);
})();
