/* Small conveniences on top of server-rendered pages; every page works without them. */
(function () {
  "use strict";

  // Print buttons on the table cards and score sheets.
  document.addEventListener("click", function (event) {
    if (event.target.closest("button[data-print]")) { window.print(); }
  });

  // The header's account menu (a disclosure): a tap elsewhere or Escape closes it.
  document.addEventListener("click", function (event) {
    document.querySelectorAll("details[data-menu][open]").forEach(function (menu) {
      if (!menu.contains(event.target)) { menu.open = false; }
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") { return; }
    document.querySelectorAll("details[data-menu][open]").forEach(function (menu) {
      menu.open = false;
      menu.querySelector("summary").focus();
    });
  });

  // A night's answer for a player: the chosen player's answer shows as chosen, none before.
  document.addEventListener("change", function (event) {
    var select = event.target;
    var form = select.closest ? select.closest("form[data-answer-for]") : null;
    if (!form || select.name !== "player") { return; }
    var option = select.options[select.selectedIndex];
    var answer = option ? option.getAttribute("data-answer") || "" : "";
    form.querySelectorAll("button[name=answer]").forEach(function (button) {
      var chosen = button.value === answer;
      button.classList.toggle("secondary", !chosen);
      button.setAttribute("aria-pressed", chosen ? "true" : "false");
    });
  });

  // The language switch submits itself when a language is picked.
  document.addEventListener("change", function (event) {
    if (event.target.matches("select[data-autosubmit]")) { event.target.form.submit(); }
  });

  // Scorer's page: one tap for zalen (double all three others) and ruitenwissen (double
  // both players other than yourself and the chooser). Only ticks boxes; the rules engine
  // on the server decides what is allowed.
  function chooser(form) {
    var picked = form.querySelector("input[name=chooser]:checked, select[name=chooser]");
    return picked && picked.value !== "" ? parseInt(picked.value, 10) : -1;
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-tap]");
    if (!button) { return; }
    event.preventDefault();
    var form = button.form, seat = parseInt(button.dataset.seat, 10);
    var skipChooser = button.dataset.tap === "ruitenwissen";
    var boxes = form.querySelectorAll("input[data-doubler='" + seat + "']");
    var all = Array.prototype.every.call(boxes, function (box) {
      var target = parseInt(box.dataset.target, 10);
      return box.checked || (skipChooser && target === chooser(form));
    });
    boxes.forEach(function (box) {
      var target = parseInt(box.dataset.target, 10);
      if (skipChooser && target === chooser(form)) { box.checked = false; return; }
      box.checked = !all;
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // Bonken's table page: the blocks that fit the tapped contract (counts per player, counts
  // per card kind, or "who took it?"), what is left to assign, and who deals, doubles first
  // and leads for the tapped chooser. Without script every block shows; the server decides.
  function contractOf(form) {
    return form.querySelector("input[name=contract]:checked");
  }
  function showKinds(form) {
    var picked = contractOf(form), code = picked ? picked.value : "";
    form.querySelectorAll("[data-kind-contracts]").forEach(function (block) {
      block.hidden = block.dataset.kindContracts.split(" ").indexOf(code) === -1;
    });
    form.querySelectorAll("[data-taker-contract]").forEach(function (block) {
      block.hidden = block.dataset.takerContract !== code;
    });
    var plain = form.querySelector("[data-plain-counts]");
    var other = Array.prototype.some.call(
      form.querySelectorAll("[data-kind-contracts], [data-taker-contract]"),
      function (b) { return !b.hidden; });
    if (plain) { plain.hidden = other; }
    countsLeft(form);
    showRoles(form);
  }
  function countsLeft(form) {
    var picked = contractOf(form), line = form.querySelector("[data-counts-left]");
    if (!picked || !line || !picked.dataset.units) { return; }
    var taken = 0;
    form.querySelectorAll("[data-plain-counts] input[data-stepper]").forEach(function (input) {
      taken += parseInt(input.value, 10) || 0;
    });
    var left = parseInt(picked.dataset.units, 10) - taken;
    line.textContent = left === 0 ? form.dataset.msgDone
      : left < 0 ? form.dataset.msgOver.replace("%s", -left)
      : (left === 1 ? picked.dataset.leftOne : picked.dataset.leftMany).replace("%s", left);
    line.classList.toggle("warn", left < 0);
    line.classList.remove("muted");
  }
  function showRoles(form) {
    var seat = chooser(form), lines = form.querySelectorAll("[data-roles-for]");
    if (seat < 0 || !lines.length) { return; }
    lines.forEach(function (p) { p.hidden = parseInt(p.dataset.rolesFor, 10) !== seat; });
    var none = form.querySelector("[data-roles-none]");
    if (none) { none.hidden = true; }
  }
  // The new-event form: the rules on offer are the chosen game's (without script every game's
  // rulesets show, grouped by game, and the server checks that they belong to the game).
  function offerRulesets(form) {
    var game = form.querySelector("select[data-game-choice]");
    var rules = form.querySelector("select[data-rulesets]");
    if (!game || !rules) { return; }
    rules.querySelectorAll("optgroup").forEach(function (group) {
      var mine = false;
      group.querySelectorAll("option").forEach(function (option) {
        var fits = option.dataset.game === game.value;
        option.hidden = !fits;
        option.disabled = !fits;
        mine = mine || fits;
      });
      group.hidden = !mine;
    });
    var picked = rules.options[rules.selectedIndex];
    if (picked && picked.disabled) { rules.value = ""; }
  }
  document.addEventListener("change", function (event) {
    if (event.target.matches("select[data-game-choice]")) { offerRulesets(event.target.form); }
  });
  // A part of a form that belongs to one choice of a radio group ("name=value" in
  // data-shown-when) shows only while that choice is picked; without script every part shows.
  function showChosen(form) {
    form.querySelectorAll("[data-shown-when]").forEach(function (part) {
      var wanted = part.dataset.shownWhen.split("="), picked = form.querySelector(
        "input[name='" + wanted[0] + "']:checked");
      part.hidden = !!picked && picked.value !== wanted[1];
    });
  }
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && event.target.type === "radio" && form.querySelector("[data-shown-when]")) {
      showChosen(form);
    }
  });
  function enhance(root) {
    root.querySelectorAll("[data-needs-js]").forEach(function (el) { el.hidden = false; });
    root.querySelectorAll("form").forEach(function (form) {
      if (form.querySelector("[data-shown-when]")) { showChosen(form); }
    });
    root.querySelectorAll("select[data-game-choice]").forEach(function (select) {
      if (select.form) { offerRulesets(select.form); }
    });
    root.querySelectorAll("form[data-game-form]").forEach(showKinds);
  }
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (!form || !form.matches("[data-game-form]")) { return; }
    if (event.target.name === "contract" || event.target.name === "chooser") { showKinds(form); }
  });
  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.matches("[data-game-form]")) { countsLeft(form); }
  });
  // Check-in: the count follows the taps, and a search box filters the list by name.
  function recount() {
    var count = document.getElementById("present-count");
    if (!count) { return; }
    var n = document.querySelectorAll("#checkin-table button[aria-pressed='true']").length;
    count.textContent = (n === 1 ? count.dataset.one : count.dataset.many).replace("%s", n);
  }
  document.addEventListener("htmx:afterSwap", recount);
  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!box.matches || !box.matches("input[data-filter-rows]")) { return; }
    var wanted = box.value.trim().toLowerCase();
    var rows = box.dataset.filterRows + " tbody tr, " + box.dataset.filterRows + " > details";
    document.querySelectorAll(rows).forEach(function (row) {
      row.hidden = wanted !== "" && row.textContent.toLowerCase().indexOf(wanted) === -1;
    });
  });

  // Destructive actions ask first and say what they will change (forms with data-confirm).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
    }
  });

  // A link to copy or share (planning/_share_link.html): Copy puts it on the clipboard and
  // says so beside the button; Share opens the phone's share sheet where it has one (the
  // button shows only there) and copies where sharing fails. Without script the link stays
  // selectable in its box.
  function linkBox(button) {
    var box = button.closest("[data-share-link]");
    return box ? box.querySelector("input") : null;
  }
  function tell(button, text) {
    var note = button.closest("[data-share-link]").querySelector("[data-copy-note]");
    if (!note) { return; }
    note.textContent = text;
    window.clearTimeout(note.copiedTimer);
    note.copiedTimer = window.setTimeout(function () { note.textContent = ""; }, 5000);
  }
  function copyLink(button) {
    var input = linkBox(button), copier = button.closest("[data-share-link]").querySelector("[data-copy]");
    if (!input || !copier) { return; }
    function done() { tell(button, copier.dataset.copied); }
    function byHand() {
      input.focus();
      input.select();
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
      tell(button, copied ? copier.dataset.copied : copier.dataset.copyFailed);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, byHand);
    } else {
      byHand();
    }
  }
  document.addEventListener("click", function (event) {
    var copy = event.target.closest("button[data-copy]");
    if (copy) { copyLink(copy); return; }
    var share = event.target.closest("button[data-share]");
    if (!share) { return; }
    var input = linkBox(share);
    if (!input) { return; }
    if (!navigator.share) { copyLink(share); return; }
    navigator.share({ text: share.dataset.shareText || "", url: input.value }).catch(function (error) {
      if (!error || error.name !== "AbortError") { copyLink(share); }
    });
  });
  function offerSharing(root) {
    root.querySelectorAll("button[data-share]").forEach(function (button) {
      button.hidden = typeof navigator.share !== "function";
    });
  }
  document.addEventListener("DOMContentLoaded", function () { offerSharing(document); });

  // A stepper's + and - buttons (a count on a table page).
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-step]");
    if (!button) { return; }
    var input = button.parentNode.querySelector("input[data-stepper]");
    var next = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
    input.value = Math.max(0, Math.min(99, next));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  document.addEventListener("DOMContentLoaded", function () {
    enhance(document);
  });
  document.addEventListener("htmx:afterSwap", function (event) { enhance(event.target); });

  // A refused submit, the one way on every form (core.refusals, includes/errors.html): the
  // summary of what is wrong comes into view and takes the focus (at once when the person asks
  // for less motion), the folded rows around it and around the fields it names open, and each
  // of its links goes to its field. The same for a page the server drew again (400), an htmx
  // answer, and a form the page checks itself (refuse()).
  function calm() {
    return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }
  function unfold(element) {
    var folded = element && element.parentElement ? element.parentElement.closest("details") : null;
    if (element && element.matches("details")) { element.open = true; }
    for (; folded; folded = folded.parentElement ? folded.parentElement.closest("details") : null) {
      folded.open = true;
    }
  }
  function fieldOf(link) {
    var id = decodeURIComponent(link.hash.slice(1));
    return id ? document.getElementById(id) : null;
  }
  function showSummary(summary) {
    unfold(summary);
    summary.querySelectorAll("a[href^='#']").forEach(function (link) { unfold(fieldOf(link)); });
    summary.focus({ preventScroll: true });
    // To the top of the screen, the form it is about below it; left where it is when it is
    // already there (high up, clear of a sticky save bar at the bottom).
    var box = summary.getBoundingClientRect(), high = window.innerHeight;
    if (box.top < 0 || box.top > high * 0.3 || box.bottom > high - 96) {
      // The heading that says which form this is comes along when both fit on the screen.
      var heading = headingOf(summary), top = summary;
      if (heading && box.bottom - heading.getBoundingClientRect().top < high - 96) { top = heading; }
      top.scrollIntoView({ block: "start", behavior: calm() ? "auto" : "smooth" });
    }
  }
  function headingOf(summary) {
    var form = summary.closest("form");
    var before = form ? form.previousElementSibling : null;
    return before && before.matches("h1, h2, h3, h4") ? before : null;
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest("[data-error-summary] a[href^='#']");
    var field = link && fieldOf(link);
    if (!field) { return; }
    event.preventDefault();
    unfold(field);
    var group = /^(radio|checkbox)$/.test(field.type || "") ? field.closest("fieldset") : null;
    var legend = group && group.querySelector("legend");
    (legend || field).scrollIntoView({ block: "center", behavior: calm() ? "auto" : "smooth" });
    field.focus({ preventScroll: true });
  });
  document.addEventListener("DOMContentLoaded", function () {
    var summary = document.querySelector("[data-error-summary]");
    // after the page's other scripts have drawn what they draw on loading
    if (summary) { window.setTimeout(function () { showSummary(summary); }, 0); }
  });
  // An htmx submit the server refused (4xx) with a summary is shown like an accepted one;
  // an accepted one clears the summary a refused one left in its place ([data-refusal-slot]).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var detail = event.detail, status = detail.xhr ? detail.xhr.status : 0;
    if (status >= 400 && status < 500 && /data-error-summary/.test(detail.serverResponse || "")) {
      detail.shouldSwap = true;
      detail.isError = false;
    }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var config = event.detail.requestConfig || {};
    if (!config.triggeringEvent || config.triggeringEvent.type !== "submit") { return; }
    var summary = document.querySelector("[data-error-summary]"), xhr = event.detail.xhr;
    if (summary && /data-error-summary/.test(xhr ? xhr.responseText : "")) {
      showSummary(summary);
    } else {
      document.querySelectorAll("[data-refusal-slot]").forEach(function (slot) { slot.textContent = ""; });
    }
  });

  // A form the page checks itself refuses with the same summary at its top and each message
  // beside its field. problems: texts, or {text, field} with the input the problem is about.
  function clearRefusal(form) {
    form.querySelectorAll("[data-page-refusal]").forEach(function (element) { element.remove(); });
    form.querySelectorAll("[data-page-described]").forEach(function (input) {
      var gone = input.getAttribute("data-page-described");
      var described = (input.getAttribute("aria-describedby") || "").split(" ").filter(function (id) {
        return id && id !== gone;
      });
      if (described.length) { input.setAttribute("aria-describedby", described.join(" ")); }
      else { input.removeAttribute("aria-describedby"); }
      input.removeAttribute("data-page-described");
      if (input.hasAttribute("data-page-invalid")) {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("data-page-invalid");
      }
    });
  }
  function markField(field, text) {
    var id = field.id + "_error", note = document.getElementById(id);
    if (note && !note.hasAttribute("data-page-refusal")) {  // the server's message of before
      id = field.id + "_page-error";
      note = document.getElementById(id);
    }
    if (!note) {
      note = document.createElement("p");
      note.className = "field-error";
      note.id = id;
      note.setAttribute("data-page-refusal", "");
      var group = /^(radio|checkbox)$/.test(field.type || "") ? field.closest("[role=radiogroup], fieldset") : null;
      var after = group || field.closest(".stepper-row, label") || field;
      after.insertAdjacentElement("afterend", note);
    } else {
      note.textContent += " ";
    }
    note.textContent += text;
    if (field.getAttribute("aria-invalid") !== "true") {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("data-page-invalid", "");
    }
    if (!field.hasAttribute("data-page-described")) {
      var described = field.getAttribute("aria-describedby");
      field.setAttribute("aria-describedby", described ? described + " " + id : id);
      field.setAttribute("data-page-described", id);
    }
  }
  function refuse(form, heading, problems) {
    clearRefusal(form);
    if (!problems.length) { return; }
    var summary = document.createElement("div");
    summary.className = "alert error error-summary";
    summary.setAttribute("role", "alert");
    summary.setAttribute("tabindex", "-1");
    summary.setAttribute("data-error-summary", "");
    summary.setAttribute("data-page-refusal", "");
    var title = document.createElement("h2");
    title.className = "error-summary-title";
    title.textContent = heading;
    var list = document.createElement("ul");
    problems.forEach(function (problem) {
      var text = typeof problem === "string" ? problem : problem.text;
      var field = typeof problem === "string" ? null : problem.field;
      var item = document.createElement("li");
      if (field && field.id) {
        var link = document.createElement("a");
        link.href = "#" + field.id;
        link.textContent = text;
        item.appendChild(link);
        markField(field, text);
      } else {
        item.textContent = text;
      }
      list.appendChild(item);
    });
    summary.appendChild(title);
    summary.appendChild(list);
    form.insertBefore(summary, form.firstChild);
    showSummary(summary);
  }
  window.siteRefusals = { refuse: refuse, clear: clearRefusal, show: showSummary };
})();
