/* A table's page without a network. Games entered while the phone is offline are kept on the
   phone (localStorage, per table link), checked as far as the page can (offline-games.js),
   shown as "waiting to send", and sent in order when the connection returns: each as the
   page's own form would post it, with the Idempotency-Key it got when it was entered and the
   revision it was based on, so a resend never saves it twice and a change made meanwhile
   (another phone, the organizer) stops the queue and is shown, never overwritten.
   Without script the page posts its form as always. */
(function () {
  "use strict";
  var box = document.querySelector("[data-offline]");
  if (!box || !window.localStorage) { return; }
  var games = window.tableGames || {};
  var form = document.querySelector("form[data-offline-form]");
  var game = games[box.dataset.game] || {};
  var store = "table-queue:" + box.dataset.token;
  var sending = false, sentNow = 0;

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

  // What the page shows: online or not, the kept entries, and a stopped entry's problem.
  function render() {
    var queue = load(), state = find("[data-offline-state]");
    state.textContent = online() ? (sending ? box.dataset.msgSending : box.dataset.msgOnline)
      : box.dataset.msgOffline;
    box.classList.toggle("is-offline", !online());
    var list = find("[data-offline-list]");
    list.textContent = "";
    queue.forEach(function (entry) {
      var item = document.createElement("li");
      item.textContent = entry.summary;
      list.appendChild(item);
    });
    find("[data-offline-queue]").hidden = queue.length === 0;
    find("[data-offline-count]").textContent = text("msgWaiting", { n: queue.length });
    find("[data-offline-checks]").hidden = online() && queue.length === 0;
    var problem = queue.length ? queue[0].problem : null;
    find("[data-offline-problem]").hidden = !problem;
    if (problem) { showProblem(queue[0], problem); }
  }
  function showProblem(entry, problem) {
    var said = { conflict: "msgConflict", refused: "msgRefused" }[problem.kind] || "msgFailed";
    find("[data-offline-problem-text]").textContent = text(said, { status: problem.status });
    var errors = find("[data-offline-errors]");
    errors.textContent = "";
    (problem.errors || []).forEach(function (line) {
      var item = document.createElement("li");
      item.textContent = line;
      errors.appendChild(item);
    });
    var sheet = find("[data-offline-server-sheet]");
    sheet.textContent = "";
    if (problem.sheet) {
      var parsed = new DOMParser().parseFromString(problem.sheet, "text/html").body;
      while (parsed.firstChild) { sheet.appendChild(parsed.firstChild); }
    }
    find("[data-offline-server]").hidden = !problem.sheet;
    find("[data-offline-mine]").textContent = entry.summary;
    find("[data-offline-ontop]").hidden = problem.kind !== "conflict";
    find("[data-offline-retry]").hidden = problem.kind === "conflict" || problem.kind === "refused";
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
      number: (last ? last.number : 0) + 1, summary: "", at: new Date().toISOString()
    };
    entry.summary = (game.describe ? game.describe(form, entry, box) : "") ||
      describe(form);
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
        var set = input.closest("fieldset"), legend = set && set.querySelector("legend");
        var head = input.closest("[role=radiogroup]");
        var question = head && head.getAttribute("aria-labelledby");
        var name = question ? document.getElementById(question).textContent
          : legend ? legend.textContent : "";
        parts.push(name.trim() + ": " + labelOf(input));
      } else if (input.type === "checkbox" && input.checked) {
        parts.push(labelOf(input));
      } else if ((input.type === "number" || input.type === "text") && input.value !== "") {
        parts.push(labelOf(input) + " " + input.value);
      }
    });
    return parts.join("; ");
  }
  // The form moves on to the next game, as far as the page knows the rules (offline-games.js).
  function advance(entry, queued) {
    if (!form) { return; }
    form.reset();
    var heading = form.querySelector("[data-entry-title]");
    var next = parseInt(form.dataset.entryNumber, 10) + queued;
    if (heading) { heading.textContent = heading.dataset.entryTitle.replace("{n}", next); }
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
  function send(entry) {
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) {
      if (pair[0] === "revision") { body.append("revision", String(entry.revision)); }
      else if (pair[0] === "csrfmiddlewaretoken") { body.append(pair[0], csrf()); }
      else { body.append(pair[0], pair[1]); }
    });
    return fetch(box.dataset.post, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Idempotency-Key": entry.key, "X-CSRFToken": csrf(), Accept: "application/json" }
    }).then(function (answer) {
      if (answer.status === 201) {
        save(load().filter(function (kept) { return kept.key !== entry.key; }));
        return "sent";
      }
      return answer.text().then(function (page) { return stop(entry, answer.status, page); });
    }).catch(function () { return "network"; });
  }
  function stop(entry, status, page) {
    var doc = new DOMParser().parseFromString(page, "text/html");
    var kind = status === 409 || status === 412 ? "conflict" : status === 400 ? "refused" : "other";
    var sheet = doc.querySelector("[data-server-sheet]");
    var revision = sheet ? sheet.getAttribute("data-revision") : null;
    var errors = Array.prototype.map.call(
      doc.querySelectorAll("#errors li, form .errorlist li, form .alert.error li"),
      function (item) { return item.textContent.trim(); });
    if (!errors.length) {
      try { errors = JSON.parse(page).errors.map(function (e) { return e.text; }); } catch (e) { /* a page */ }
    }
    var queue = load();
    queue[0].problem = {
      kind: kind, status: status, errors: errors.filter(Boolean).slice(0, 8),
      revision: revision === null ? null : parseInt(revision, 10) || 0,
      sheet: sheet ? sheet.innerHTML : ""
    };
    save(queue);
    return "stopped";
  }
  // The scorer's choice on a stopped entry: drop it, or put it (and the rest) on top.
  function rebase(queue, revision) {
    if (revision === null || revision === undefined) { return; }
    queue.forEach(function (entry, index) { entry.revision = revision + index; });
  }
  function discard() {
    var queue = load(), problem = queue[0] && queue[0].problem;
    queue.shift();
    rebase(queue, problem ? problem.revision : null);
    save(queue);
    if (!queue.length) { done(); return; }
    flush();
  }
  function onTop() {
    var queue = load(), problem = queue[0].problem;
    delete queue[0].problem;
    rebase(queue, problem.revision);
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
      var shown = find("[data-offline-invalid]");
      shown.textContent = "";
      problems.forEach(function (line) {
        var item = document.createElement("li");
        item.textContent = line;
        shown.appendChild(item);
      });
      find("[data-offline-invalid-box]").hidden = problems.length === 0;
      if (problems.length) { find("[data-offline-invalid-box]").scrollIntoView(); return; }
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
    note.textContent = text("msgSent", { n: sent });
    note.hidden = false;
  }
  load().forEach(function (entry, index) { advance(entry, index + 1); });
  render();
  flush();
})();
