/* The table pages' service worker (served by results.views.offline; scope /t/).
   Table pages: from the network while there is one (a copy is kept), else the kept copy.
   The site's scripts, styles and icons: kept when the worker installs, served from the copy.
   Writes (POST) always go to the network; the page keeps what could not be sent. */
"use strict";
var CACHE = "tables-__VERSION__";
var ASSETS = [{% for url in assets %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
var OFFLINE_TEXT = "Geen verbinding, en deze tafel is op deze telefoon nog niet geopend. / " +
  "No connection, and this table was not opened on this phone before.";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(ASSETS); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("tables-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function isTablePage(url) {
  return url.origin === self.location.origin && /^\/t\/[^/]+\/$/.test(url.pathname);
}

function keep(request, response) {
  if (response && response.ok && response.type === "basic") {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
  }
  return response;
}

function fromCopy(request) {
  return caches.open(CACHE).then(function (cache) {
    // A page varies on its cookie and language; offline, the kept copy is the one there is.
    return cache.match(request, { ignoreVary: true }).then(function (found) {
      return found || cache.match(request, { ignoreSearch: true, ignoreVary: true });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  if (isTablePage(url)) {
    event.respondWith(fetch(request).then(function (response) {
      return keep(request, response);
    }).catch(function () {
      return fromCopy(request).then(function (found) {
        return found || new Response(OFFLINE_TEXT, {
          status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      });
    }));
    return;
  }
  if (ASSETS.indexOf(url.pathname) !== -1) {
    event.respondWith(fromCopy(request).then(function (found) {
      return found || fetch(request).then(function (response) { return keep(request, response); });
    }));
  }
});

// The page asks to keep itself (its first visit came before the worker took over).
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.keep && isTablePage(new URL(data.keep, self.location.origin))) {
    event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.add(data.keep); }));
  }
});
