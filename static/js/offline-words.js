/* The words a table's page uses for what waits on a phone without a network: offline.js says
   the state and the count in them, each game's words.js says its entries in the sheet's own
   words (its plug-in's "offline_words" part gives the phrases, in the page's language). */
(function () {
  "use strict";
  var games = window.tableGames = window.tableGames || {};
  function sets() {
    var own = document.querySelector("[data-offline-words]");
    var box = document.querySelector("[data-offline]");
    return { own: own ? own.dataset : {}, box: box ? box.dataset : {} };
  }
  function fill(text, values) {
    Object.keys(values || {}).forEach(function (key) {
      text = text.split("{" + key + "}").join(values[key]);
    });
    return text;
  }
  // A phrase of the game's own words, else the page's.
  function say(name, values) {
    var found = sets(), text = found.own[name] !== undefined ? found.own[name] : found.box[name];
    return fill(text || "", values);
  }
  function count(name, n) { return say(name + (n === 1 ? "One" : "Many"), { n: n }); }
  function names() {
    var given = sets().own.names;
    return given ? given.split("|") : [];
  }
  // What a tile or a label says, without the words only a screen reader hears.
  function tileText(input) {
    var label = input.labels && input.labels[0];
    if (!label) { return input.value; }
    var copy = label.cloneNode(true);
    copy.querySelectorAll(".visually-hidden, input, .chips").forEach(function (el) { el.remove(); });
    return copy.textContent.replace(/\s+/g, " ").replace(/:\s*$/, "").trim();
  }
  function picked(form, name) { return form.querySelector("input[name='" + name + "']:checked"); }
  function fields(entry) {
    var given = {};
    entry.fields.forEach(function (pair) { if (!(pair[0] in given)) { given[pair[0]] = pair[1]; } });
    return given;
  }
  function shown(el) { return !!el && !el.disabled && !el.closest("[hidden]"); }
  games.words = {
    say: say, count: count, names: names, tileText: tileText, picked: picked,
    fields: fields, shown: shown, whole: function () { return "whole" in sets().own; }
  };
})();
