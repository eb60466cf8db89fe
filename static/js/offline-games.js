/* What a table's page checks and knows of its game while offline (used by offline.js). Only
   what can be checked without the whole rules: required answers, numbers in range, counts that
   must add up; the page says which checks wait for the server, whose rules decide. */
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
          problems.push(say(box, "msgRequired", { label: labelText(input) }));
        } else if (input.value !== "" && (!/^\d+$/.test(input.value) ||
            (min !== null && Number(input.value) < min) || (max !== null && Number(input.value) > max))) {
          problems.push(say(box, "msgRange", { label: labelText(input), min: min === null ? 0 : min,
                                               max: max === null ? "…" : max }));
        }
      }
    });
    Object.keys(groups).forEach(function (name) {
      if (groups[name].required && !groups[name].picked) {
        problems.push(say(box, "msgRequired", { label: groupName(groups[name].first) }));
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

  // Bonken: the contract's takers all tapped, or its counts adding up to what it deals out;
  // the next chooser one seat clockwise while the rotation says so; a minus contract once.
  games.bonken = {
    check: function (form, box) {
      var problems = [], picked = form.querySelector("input[name=contract]:checked");
      if (!picked) { return problems; }
      var takers = form.querySelector("[data-taker-contract='" + picked.value + "']");
      if (takers && shown(takers)) {
        takers.querySelectorAll("[role=radiogroup]").forEach(function (group) {
          if (!group.querySelector("input:checked")) {
            problems.push(say(box, "msgRequired", { label: groupName(group.querySelector("input")) }));
          }
        });
        return problems;
      }
      var plain = form.querySelector("[data-plain-counts]");
      if (picked.dataset.units && plain && shown(plain)) {
        var got = 0;
        plain.querySelectorAll("input[data-stepper]").forEach(function (input) { got += number(input); });
        if (got !== parseInt(picked.dataset.units, 10)) {
          problems.push(say(box, "msgSum", { got: got, want: picked.dataset.units }));
        }
      }
      return problems;
    },
    advance: function (form, entry) {
      var given = {};
      entry.fields.forEach(function (pair) { given[pair[0]] = pair[1]; });
      var played = form.querySelector("input[name=contract][value='" + given.contract + "']");
      var tile = played && played.closest("label");
      if (played && tile && !tile.classList.contains("plus")) {
        played.disabled = true;
        tile.classList.add("played");
      }
      var minusOpen = Array.prototype.some.call(form.querySelectorAll("label.tile:not(.plus) input[name=contract]"),
        function (input) { return !input.disabled; });
      var next = form.dataset.rotation === "passing" && !minusOpen ? null
        : (parseInt(given.chooser, 10) + 1) % 4;
      form.querySelectorAll("input[name=chooser]").forEach(function (radio) {
        radio.checked = next !== null && radio.value === String(next);
      });
      var chosen = form.querySelector("input[name=chooser]:checked") || form.querySelector("input[name=contract]");
      if (chosen) { chosen.dispatchEvent(new Event("change", { bubbles: true })); }
    }
  };

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
      var problems = [], cards = parseInt(form.dataset.cards, 10), dealer = form.dataset.dealer;
      var tricks = 0, others = 0, dealerBid = null, dealerName = "";
      form.querySelectorAll("input[data-tricks]").forEach(function (input) { tricks += number(input); });
      if (tricks !== cards) { problems.push(say(box, "msgSum", { got: tricks, want: cards })); }
      form.querySelectorAll("input[data-bid]").forEach(function (input) {
        if (input.dataset.bid === dealer) { dealerBid = input.value; dealerName = labelText(input); }
        else { others += number(input); }
      });
      if (form.dataset.hook === "1" && dealerBid !== null && dealerBid !== "" &&
          parseInt(dealerBid, 10) === cards - others) {
        problems.push(say(box, "msgHook", { name: dealerName, bid: dealerBid }));
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
      if (note && box) { note.textContent = say(box, "msgRound", { cards: round.cards, name: dealerName }); }
      var left = form.querySelector("[data-tricks-left]");
      if (left) { left.textContent = ""; }
    }
  };

  // Bonanza Rummy: whoever went out holds no cards; the rest is the rules' (sent with the hand).
  games.bonanza = {
    check: function (form, box) {
      var out = form.querySelector("input[name=out_seat]:checked"), problems = [];
      if (out) {
        var left = form.querySelector("input[data-cards='" + out.value + "']");
        if (left && left.value !== "" && left.value !== "0") {
          problems.push(say(box, "msgRange", { label: labelText(left), min: 0, max: 0 }));
        }
      }
      return problems;
    }
  };
  games.bonko = {};
  window.tableGames = games;
})();
