/* The ± button beside a field that may be negative (core/widgets.py): flips the sign of the
   number in the field, or starts it with a minus when it is empty, and keeps the keypad open. */
(function () {
  "use strict";

  function flip(text) {
    var value = text.trim().replace(/[\u2212\u2013]/g, "-");
    return value.charAt(0) === "-" ? value.slice(1) : "-" + value;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-sign-toggle]");
    if (!button) { return; }
    event.preventDefault();
    var field = document.getElementById(button.getAttribute("aria-controls"));
    if (!field || field.disabled || field.readOnly) { return; }
    field.value = flip(field.value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
    field.focus();
  });

  // A typographic minus typed or pasted reads as the ordinary one.
  document.addEventListener("input", function (event) {
    var field = event.target;
    if (field.matches && field.matches("input[data-signed]") && /[\u2212\u2013]/.test(field.value)) {
      field.value = field.value.replace(/[\u2212\u2013]/g, "-");
    }
  });
})();
