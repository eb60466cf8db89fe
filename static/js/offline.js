/* A table's page without a network. Games entered while the phone is offline are kept on the
   phone (localStorage, per table link), checked as far as the page can (offline-games.js),
   shown as waiting in the sheet's own words (each game's words.js) under one line of status,
   added to the totals where the game's forecast.js can (marked as not yet sent; the server
   scores them when they arrive), and
   sent in order when the connection returns: each as the page's own form would post it, with
   the Idempotency-Key it got when it was entered and the revision it was based on, so a resend
   never saves it twice and a change made meanwhile (another phone, the organizer) stops the
   queue and is shown, never overwritten. The phone then offers only the choices the server
   accepts (it asks first, results.views.keyed): keep theirs, replace theirs with mine, or mine
   after theirs; beside them the totals of each version, labelled (theirs as the server saved
   them, this phone's as its forecast adds them up), while the totals in view take no side
   until the scorer chose. Without script the page posts its form as always. */
(function () {
  "use strict";
  var box = document.querySelector("[data-offline]");
  if (!box || !window.localStorage) { return; }
  var games = window.tableGames || {};
  var words = games.words;
  var form = document.querySelector("form[data-offline-form]");
  var game = games[box.dataset.game] || {};
  var store = "table-queue:" + box.dataset.token;
  var sending = false, asking = false, askAfter = 0, sentNow = 0;

  function text(name, values) {
    var said = box.dataset[name] || "";
    Object.keys(values || {}).forEach(function (key) {
      said = said.split("{" + key + "}").join(values[key]);
    });
    return said;
  }
  function load() {
    try { return JSON.parse(window.localStorage.getItem(store)) || []; } catch (e) { return []; }
  }
  function save(queue) {
    if (queue.length) { window.localStorage.setItem(store, JSON.stringify(queue)); }
    else { window.localStorage.removeItem(store); }
  }
  function online() { return navigator.onLine !== false; }
  function find(selector) { return box.querySelector(selector); }
  function title(entry) { return words.say("part", { n: entry.part || entry.number }); }
  function said(entry) {
    return entry.words === undefined ? entry.summary : title(entry) + ": " + entry.words;
  }

  // What the page shows: one line of state, the waiting entries in words, the totals marked.
  function render() {
    var queue = load(), problem = queue.length ? queue[0].problem : null;
    find("[data-offline-state]").textContent = state(queue, problem);
    box.classList.toggle("is-offline", !online());
    box.classList.toggle("is-waiting", queue.length > 0);
    var list = find("[data-offline-list]");
    list.textContent = "";
    queue.forEach(function (entry, index) {
      if (problem && index === 0) { return; }  // shown with its problem
      var item = document.createElement("li"), head = document.createElement("strong");
      head.textContent = entry.words === undefined ? "" : title(entry);
      item.appendChild(head);
      item.appendChild(document.createTextNode(entry.words === undefined ? entry.summary : ": " + entry.words));
      list.appendChild(item);
    });
    find("[data-offline-queue]").hidden = !list.children.length;
    find("[data-offline-checks]").hidden = online() && queue.length === 0;
    totals(queue);
    find("[data-offline-problem]").hidden = !problem;
    if (problem) { showProblem(queue[0], problem); }
  }
  function state(queue, problem) {
    if (problem) { return text("stopped", { part: title(queue[0]) }); }
    if (!queue.length) { return words.say(online() ? "online" : "offline"); }
    return online() ? words.say("sending") : words.count("waiting", queue.length);
  }
  // While entries wait, the totals add them up where the game's forecast script can (marked as
  // not yet sent: the server scores them when they arrive); otherwise they say they are the
  // saved ones.
  var forecastData = (function () {
    var tag = document.getElementById("offline-forecast");
    try { return tag ? JSON.parse(tag.textContent) : null; } catch (e) { return null; }
  })();
  function pageBars() {
    return Array.prototype.filter.call(document.querySelectorAll(".seats-totals"), function (bar) {
      return !box.contains(bar);
    });
  }
  function totals(queue) {
    var waiting = queue.length, problem = waiting ? queue[0].problem : null;
    // Another phone saved meanwhile: which totals count is the scorer's choice, so the totals
    // in view show neither version; the problem shows both, each labelled.
    var choosing = !!problem && problem.kind === "conflict";
    pageBars().forEach(function (bar) {
      var spans = Array.prototype.slice.call(bar.querySelectorAll(".total"));
      spans.forEach(function (span) {
        if (span.dataset.saved === undefined) { span.dataset.saved = span.textContent; }
      });
      var saved = forecastData && forecastData.saved, known = saved && saved.length === spans.length;
      var added = waiting && !choosing && known && game.forecast ? game.forecast(queue, forecastData, spans.length) : null;
      spans.forEach(function (span, seat) {  // the saved totals (not a live check's preview)
        var sum = saved ? saved[seat] : 0;
        (added || []).forEach(function (points) { sum += points[seat] || 0; });
        span.textContent = added ? String(sum) : span.dataset.saved;
      });
      var note = bar.previousElementSibling;
      if (!note || !note.hasAttribute("data-offline-totals")) { note = null; }
      bar.hidden = choosing;
      var title = bar.parentNode.querySelector(".bar-title");
      if (title) { title.hidden = choosing; }
      bar.classList.toggle("is-pending", !!added);
      bar.classList.toggle("is-saved-only", waiting > 0 && !added && !choosing);
      var line = choosing ? words.say("totalsChoose")
        : waiting ? words.count(added ? "pending" : "totals", waiting) : "";
      if (!line) { if (note) { note.remove(); } return; }
      if (!note) {
        note = document.createElement("p");
        note.className = "small totals-note";
        note.setAttribute("data-offline-totals", "");
        bar.parentNode.insertBefore(note, bar);
      }
      note.classList.toggle("is-pending", !!added);
      note.classList.toggle("is-choosing", choosing);
      note.textContent = line;
    });
  }
  // This phone's version of the totals: the saved sheet its waiting entries were entered on,
  // and every one of them; null where the page cannot add them up (the page was loaded again
  // after the other phone saved, or the game has no forecast of an entry).
  function mineTotals(queue) {
    var saved = forecastData && forecastData.saved;
    if (!saved || !game.forecast || !queue.length || queue[0].revision !== pageRevision()) { return null; }
    var added = game.forecast(queue, forecastData, saved.length);
    if (!added) { return null; }
    return saved.map(function (total, seat) {
      added.forEach(function (points) { total += points[seat] || 0; });
      return String(total);
    });
  }
  // A version's totals, labelled, seat by seat under the names of the page's totals.
  function totalsGrid(into, values, label) {
    into.textContent = "";
    var bar = pageBars()[0], names = bar ? bar.querySelectorAll(".name") : [];
    into.hidden = !values || values.length !== names.length;
    if (into.hidden) { return; }
    var head = document.createElement("p"), grid = document.createElement("div");
    head.className = "small offline-totals-label";
    head.textContent = label;
    grid.className = "seats-totals seats-" + values.length;
    values.forEach(function (value, seat) {
      var cell = document.createElement("div"), name = document.createElement("span");
      var total = document.createElement("span");
      name.className = "name";
      name.textContent = names[seat].textContent;
      total.className = "total";
      total.textContent = value;
      cell.appendChild(name);
      cell.appendChild(total);
      grid.appendChild(cell);
    });
    into.appendChild(head);
    into.appendChild(grid);
  }
  function showProblem(entry, problem) {
    var conflict = problem.kind === "conflict", same = conflict && sameEntry(entry, problem);
    var which = { conflict: "msgConflict", refused: "msgRefused" }[problem.kind] || "msgFailed";
    find("[data-offline-problem-text]").textContent = same ? text("same", { part: title(entry) })
      : text(which, { status: problem.status });
    var errors = find("[data-offline-errors]");
    errors.textContent = "";
    (problem.errors || []).forEach(function (line) {
      var item = document.createElement("li");
      item.textContent = line;
      errors.appendChild(item);
    });
    var sheet = find("[data-offline-server-sheet]");
    sheet.textContent = "";
    if (problem.sheet) { theirs(sheet, problem.sheet, same ? entry.part : 0); }
    find("[data-offline-server]").hidden = !problem.sheet;
    find("[data-offline-mine]").textContent = said(entry);
    totalsGrid(find("[data-offline-server-totals]"), conflict ? problem.totals : null, words.say("totalsTheirs"));
    totalsGrid(find("[data-offline-mine-totals]"), conflict ? mineTotals(load()) : null, words.say("totalsMine"));
    var discard = find("[data-offline-discard]");
    if (!discard.dataset.mine) { discard.dataset.mine = discard.textContent; }
    discard.textContent = conflict ? discard.dataset.conflict : discard.dataset.mine;
    var choices = problem.choices || {};
    find("[data-offline-asking]").hidden = !conflict || !!problem.choices;
    find("[data-offline-replace]").hidden = !conflict || !choices.replace;
    find("[data-offline-ontop]").hidden = !conflict || !choices.after;
    find("[data-offline-retry]").hidden = conflict || problem.kind === "refused";
    if (conflict && !problem.choices) { ask(); }
  }
  function whole(problem) { return words.whole() || problem.parts === null || problem.parts === undefined; }
  function sameEntry(entry, problem) { return whole(problem) || problem.parts >= (entry.part || 0); }
  // What the server has: its sheet, from the entry both phones entered on.
  function theirs(into, html, from) {
    var parsed = new DOMParser().parseFromString(html, "text/html").body;
    var table = parsed.querySelector("table");
    if (table) { parsed.textContent = ""; parsed.appendChild(table); }  // the sheet, not its notes
    parsed.querySelectorAll("tfoot").forEach(function (foot) { foot.remove(); });  // its totals: below, labelled
    parsed.querySelectorAll("tbody tr").forEach(function (row) {
      var number = parseInt(row.cells[0] ? row.cells[0].textContent : "", 10);
      if (from && number < from) { row.remove(); }
    });
    while (parsed.firstChild) { into.appendChild(parsed.firstChild); }
  }

  // An entry: the form's fields as they are now, a key made once, the revision it builds on.
  function fields(of) {
    var pairs = [];
    new FormData(of).forEach(function (value, name) {
      if (typeof value === "string") { pairs.push([name, value]); }
    });
    return pairs;
  }
  function pageRevision() {
    var input = form && form.querySelector("input[name=revision]");
    return input ? parseInt(input.defaultValue, 10) || 0 : 0;
  }
  function keep() {
    var queue = load(), last = queue[queue.length - 1];
    var entry = {
      key: window.crypto.randomUUID(), fields: fields(form),
      revision: last ? last.revision + 1 : pageRevision(),
      number: (last ? last.number : 0) + 1, at: new Date().toISOString(),
      part: (parseInt(form.dataset.entryNumber, 10) || 1) + queue.length
    };
    entry.words = (game.describe ? game.describe(form, entry, box) : "") || describe(form);
    entry.summary = said(entry);
    queue.push(entry);
    save(queue);
    advance(entry, queue.length);
  }
  function labelOf(input) {
    var label = input.labels && input.labels[0];
    return label ? label.textContent.trim() : input.name;
  }
  function describe(of) {
    var parts = [];
    Array.prototype.forEach.call(of.elements, function (input) {
      if (!input.name || input.type === "hidden" || input.disabled) { return; }
      if (input.type === "radio" && input.checked) {
        parts.push(words.tileText(input));
      } else if (input.type === "checkbox" && input.checked) {
        parts.push(labelOf(input));
      } else if ((input.type === "number" || input.type === "text") && input.value !== "") {
        parts.push(labelOf(input).replace(/:$/, "") + " " + input.value);
      }
    });
    return parts.join(", ");
  }
  // The form moves on to the next game, as far as the page knows the rules (offline-games.js).
  function advance(entry, queued) {
    if (!form) { return; }
    form.reset();
    var next = parseInt(form.dataset.entryNumber, 10) + queued;
    form.querySelectorAll("[data-entry-title]").forEach(function (title) {  // heading, button
      title.textContent = title.dataset.entryTitle.replace("{n}", next);
    });
    var check = document.getElementById("check");
    if (check) { check.textContent = ""; }
    var last = parseInt(form.dataset.entryLast || "0", 10);
    var done = last > 0 && next > last;
    form.hidden = done;
    var full = find("[data-offline-full]");
    if (full) { full.hidden = !done; }
    if (game.advance && !done) { game.advance(form, entry, queued); }
  }

  // Sending: the oldest first; the next only after the server said yes.
  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function flush() {
    var queue = load();
    if (!sending && !queue.length && sentNow) { done(); return; }
    if (sending || !online() || !queue.length || queue[0].problem) { render(); return; }
    sending = true;
    render();
    send(queue[0]).then(function (outcome) {
      sending = false;
      if (outcome === "sent") { sentNow += 1; flush(); return; }
      if (outcome === "network") { window.setTimeout(flush, 5000); }
      render();
    });
  }
  function body(entry, revision, replaces) {
    var sent = new URLSearchParams();
    entry.fields.forEach(function (pair) {
      if (pair[0] === "revision") { sent.append("revision", String(revision)); }
      else if (pair[0] === "csrfmiddlewaretoken") { sent.append(pair[0], csrf()); }
      else { sent.append(pair[0], pair[1]); }
    });
    if (replaces !== null && replaces !== undefined) { sent.append("replace_last", String(replaces)); }
    return sent;
  }
  function post(sent, headers) {
    headers["X-CSRFToken"] = csrf();
    headers.Accept = "application/json";
    return fetch(box.dataset.post, { method: "POST", body: sent, credentials: "same-origin", headers: headers });
  }
  function send(entry) {
    return post(body(entry, entry.revision, entry.replaces), { "Idempotency-Key": entry.key })
      .then(function (answer) {
        if (answer.status === 201) {
          save(load().filter(function (kept) { return kept.key !== entry.key; }));
          return "sent";
        }
        return answer.text().then(function (page) { return stop(answer, page); });
      }).catch(function () { return "network"; });
  }
  function stop(answer, page) {
    var status = answer.status, doc = new DOMParser().parseFromString(page, "text/html");
    var kind = status === 409 || status === 412 ? "conflict" : status === 400 ? "refused" : "other";
    var sheet = doc.querySelector("[data-server-sheet]");
    var revision = answer.headers.get("Session-Revision") || (sheet ? sheet.getAttribute("data-revision") : null);
    var parts = answer.headers.get("Session-Parts");
    var summary = doc.querySelector("[data-error-summary]");  // the page's refusal, once
    var errors = Array.prototype.map.call(
      summary ? summary.querySelectorAll("li") : doc.querySelectorAll("form .errorlist li"),
      function (item) { return item.textContent.trim(); });
    if (!errors.length) {
      try { errors = JSON.parse(page).errors.map(function (e) { return e.text; }); } catch (e) { /* a page */ }
    }
    // Their totals: the page as the server has it now, its totals in view.
    var theirBar = Array.prototype.filter.call(doc.querySelectorAll(".seats-totals"), function (bar) {
      return !bar.closest("[data-offline]");
    })[0];
    var queue = load();
    queue[0].problem = {
      totals: kind === "conflict" && theirBar ? Array.prototype.map.call(
        theirBar.querySelectorAll(".total"), function (span) { return span.textContent.trim(); }) : null,
      kind: kind, status: status, errors: kind === "conflict" ? [] : errors.filter(Boolean).slice(0, 8),
      revision: revision === null ? null : parseInt(revision, 10) || 0,
      parts: parts === null ? null : parseInt(parts, 10) || 0,
      sheet: sheet ? sheet.innerHTML : ""
    };
    save(queue);
    return "stopped";
  }

  // After a conflict: ask the server which choices it would accept now (nothing is saved).
  function dryRun(entry, revision, replaces) {
    return post(body(entry, revision, replaces), { "X-Dry-Run": "1" })
      .then(function (answer) { return answer.status === 200; });
  }
  function ask() {
    var queue = load(), entry = queue[0], problem = entry && entry.problem;
    if (asking || !online() || Date.now() < askAfter || !problem || problem.choices ||
        problem.revision === null) { return; }
    asking = true;
    var base = problem.revision, tries;
    if (whole(problem)) {
      tries = [dryRun(entry, base, null), Promise.resolve(false)];
    } else {
      tries = [problem.parts === entry.part ? dryRun(entry, base + 1, base) : Promise.resolve(false),
               dryRun(entry, base, null)];
    }
    Promise.all(tries).then(function (ok) {
      var now = load();
      if (now.length && now[0].key === entry.key && now[0].problem) {
        now[0].problem.choices = { replace: ok[0], after: ok[1] };
        save(now);
      }
    }).catch(function () {  // no answer: asked again a little later
      askAfter = Date.now() + 5000;
      window.setTimeout(render, 5100);
    }).then(function () { asking = false; render(); });
  }
  function rebase(queue, from, revision) {
    queue.slice(from).forEach(function (entry, index) { entry.revision = revision + index; });
  }
  function renumber(queue, parts) {
    if (parts === null || parts === undefined) { return; }
    queue.forEach(function (entry, index) { entry.part = parts + 1 + index; });
  }
  // The scorer's choices on a stopped entry.
  function discard() {  // keep theirs (or, when refused, drop mine); the rest follows theirs
    var queue = load(), problem = queue[0] && queue[0].problem;
    queue.shift();
    if (problem && problem.revision !== null && problem.revision !== undefined) {
      rebase(queue, 0, problem.revision);
    }
    save(queue);
    if (!queue.length) { done(); return; }
    flush();
  }
  function replace() {  // mine in the place of theirs: theirs taken back, mine saved after it
    var queue = load(), problem = queue[0].problem, base = problem.revision;
    delete queue[0].problem;
    if (whole(problem)) {
      rebase(queue, 0, base);
    } else {
      queue[0].replaces = base;
      queue[0].revision = base + 1;
      rebase(queue, 1, base + 2);
    }
    save(queue);
    flush();
  }
  function onTop() {  // mine as the next one after theirs
    var queue = load(), problem = queue[0].problem;
    delete queue[0].problem;
    rebase(queue, 0, problem.revision);
    renumber(queue, problem.parts);
    save(queue);
    flush();
  }
  function retry() {
    var queue = load();
    if (queue.length) { delete queue[0].problem; save(queue); }
    flush();
  }
  function done() {
    if (sentNow) { window.sessionStorage.setItem(store + ":sent", String(sentNow)); }
    window.location.reload();
  }

  // The entry form: kept when offline or while older entries wait; checked first.
  if (form) {
    form.addEventListener("submit", function (event) {
      if (online() && !load().length) { return; }  // the page posts as always
      event.preventDefault();
      var problems = games.check ? games.check(form, game, box) : [];
      // Refused here, the one way every form refuses (site.js): the summary at the top of
      // the form, in view and focused, each message beside its field.
      window.siteRefusals.refuse(form, box.dataset.msgNotKept, problems);
      if (problems.length) { return; }
      keep();
      render();
      box.scrollIntoView({ block: "nearest" });
      flush();
    });
  }
  // Other writes (undo, paper sheet, the bell) need the connection and the queue sent first.
  document.addEventListener("submit", function (event) {
    var other = event.target;
    if (other === form || other.closest("[data-offline]") || other.method !== "post") { return; }
    if (online() && !load().length) { return; }
    event.preventDefault();
    event.stopImmediatePropagation();
    var note = find("[data-offline-note]");
    note.textContent = online() ? box.dataset.msgWaitFirst : box.dataset.msgNeedsNet;
    note.hidden = false;
  }, true);
  box.addEventListener("click", function (event) {
    if (event.target.closest("[data-offline-discard]")) { discard(); }
    if (event.target.closest("[data-offline-replace]")) { replace(); }
    if (event.target.closest("[data-offline-ontop]")) { onTop(); }
    if (event.target.closest("[data-offline-retry]")) { retry(); }
  });
  window.addEventListener("online", function () { find("[data-offline-note]").hidden = true; flush(); });
  window.addEventListener("offline", render);

  // The worker keeps this page and the site's files for the next time there is no network.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(box.dataset.worker, { scope: box.dataset.scope })
      .then(function () { return navigator.serviceWorker.ready; })
      .then(function (ready) {
        if (online() && ready.active) {
          ready.active.postMessage({ keep: window.location.pathname + window.location.search });
        }
      }).catch(function () { /* the page works without it */ });
  }

  var sent = window.sessionStorage.getItem(store + ":sent");
  // Only where games are entered, or while kept ones wait (a closed round has no form).
  box.hidden = !form && !load().length && !sent;
  if (sent) {
    window.sessionStorage.removeItem(store + ":sent");
    var note = find("[data-offline-note]");
    note.textContent = words.count("sent", parseInt(sent, 10));
    note.hidden = false;
  }
  load().forEach(function (entry, index) { advance(entry, index + 1); });
  render();
  flush();
})();
