/* What a table's page checks and knows of its game while offline (used by offline.js). Only
   what can be checked without the whole rules: required answers, numbers in range, counts that
   must add up; the page says which checks wait for the server, whose rules decide. A problem
   is {text, field}: the input it is about, where the refusal (site.js) puts its message. */
(function () {
  "use strict";
  function say(box, name, values) {
    var text = box.dataset[name] || "";
    Object.keys(values).forEach(function (key) { text = text.split("{" + key + "}").join(values[key]); });
    return text;
  }
  function shown(el) { return !el.disabled && !el.closest("[hidden]"); }
  function labelText(input) {
    var label = input.labels && input.labels[0];
    return label ? label.textContent.trim().replace(/:$/, "") : input.name;
  }
  function groupName(input) {
    var group = input.closest("[role=radiogroup]");
    var by = group && group.getAttribute("aria-labelledby");
    if (by && document.getElementById(by)) { return document.getElementById(by).textContent.trim(); }
    if (group && group.getAttribute("aria-label")) { return group.getAttribute("aria-label"); }
    var legend = input.closest("fieldset") && input.closest("fieldset").querySelector("legend");
    return legend ? legend.textContent.trim() : input.name;
  }
  function number(input) { return input.value === "" ? 0 : parseInt(input.value, 10) || 0; }

  // Every game: required answers and numbers in their range.
  function basics(form, box) {
    var problems = [], groups = {};
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || !shown(input)) { return; }
      if (input.type === "radio") {
        var group = groups[input.name] || (groups[input.name] = { required: false, picked: false, first: input });
        group.required = group.required || input.required;
        group.picked = group.picked || input.checked;
      } else if (input.type === "number") {
        var min = input.min === "" ? null : Number(input.min);
        var max = input.max === "" ? null : Number(input.max);
        if (input.value === "" && input.required) {
          problems.push({ text: say(box, "msgRequired", { label: labelText(input) }), field: input });
        } else if (input.value !== "" && (!/^\d+$/.test(input.value) ||
            (min !== null && Number(input.value) < min) || (max !== null && Number(input.value) > max))) {
          problems.push({ text: say(box, "msgRange", { label: labelText(input), min: min === null ? 0 : min,
                                                       max: max === null ? "…" : max }), field: input });
        }
      }
    });
    Object.keys(groups).forEach(function (name) {
      if (groups[name].required && !groups[name].picked) {
        problems.push({ text: say(box, "msgRequired", { label: groupName(groups[name].first) }),
                        field: groups[name].first });
      }
    });
    return problems;
  }

  var games = {
    check: function (form, game, box) {
      var problems = basics(form, box);
      return game.check ? problems.concat(game.check(form, box)) : problems;
    }
  };

  // Each game adds its own checks (its plug-in's offline script, loaded after this one).
  games.helpers = { say: say, shown: shown, labelText: labelText, groupName: groupName, number: number };
  window.tableGames = games;
})();
