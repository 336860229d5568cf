/* The class client: added by a class's server (serving/site_files.py) to every lesson page
 * of the in-browser edition it hands out.
 *
 * The page's Python (pages/browser_class.py, in a web worker) posts what the lesson records
 * on the BroadcastChannel "cassino-learn-class": {type: "event", learner, event} with an id
 * made there, and {type: "progress", learner, progress} after every save. This keeps them in
 * the browser's localStorage (an outbox per learner: it survives a reload, a closed lid and a
 * dropped connection) and sends them to the server (POST class/api/sync, with the learner's
 * cookie and the XSRF token of GET class/api/me) every few seconds, at once when the network
 * comes back, and when the page is hidden. An event leaves the outbox only when the server
 * has answered that it has it; sending it twice is harmless (the server keeps one per id).
 * A browser the class does not know (never joined, or the class was ended) goes to the name
 * page. A small note says when something is waiting to be sent.
 */
(function () {
  "use strict";
  if (window.__cassinoClass) { return; }
  window.__cassinoClass = true;
  var script = document.currentScript;
  var BASE = script ? new URL("./", script.src).pathname : "/";
  var API = BASE + "class/api/";
  var CHANNEL = "cassino-learn-class";
  var FLUSH_MS = 3000;
  var BATCH = 200;
  var me = null;       // {id, name, code}
  var xsrf = null;
  var sending = false;
  var failures = 0;
  var lastSent = null;
  var soon = null;

  function key(kind, learner) { return "cassino-class:" + kind + ":" + learner; }
  function read(name, fallback) {
    try { var text = localStorage.getItem(name); return text ? JSON.parse(text) : fallback; }
    catch (e) { return fallback; }
  }
  function write(name, value) {
    try {
      if (value === null) { localStorage.removeItem(name); }
      else { localStorage.setItem(name, JSON.stringify(value)); }
      return true;
    } catch (e) { return false; }
  }

  function keep(message) {
    if (!message || typeof message.learner !== "string") { return; }
    if (message.type === "event" && message.event && typeof message.event.id === "string") {
      var name = key("outbox", message.learner);
      var box = read(name, []);
      if (!box.some(function (e) { return e.id === message.event.id; })) {
        box.push(message.event);
        write(name, box);
      }
    } else if (message.type === "progress" && message.progress) {
      write(key("progress", message.learner),
            {progress: message.progress, stamp: Date.now() + ":" + Math.random()});
    } else { return; }
    if (!soon) {  // the records of a moment go in one request
      soon = setTimeout(function () { soon = null; flush(); }, 300);
    }
  }

  if (window.BroadcastChannel) {
    new BroadcastChannel(CHANNEL).onmessage = function (event) {
      var data = event.data;
      try { keep(typeof data === "string" ? JSON.parse(data) : data); }
      catch (e) { console.warn("cassino class: a record could not be kept", e); }
    };
  }

  function toJoin() {
    var next = location.pathname;
    location.assign(BASE + "class/join?next=" + encodeURIComponent(next));
  }

  function whoAmI() {
    return fetch(API + "me", {credentials: "same-origin", cache: "no-store"})
      .then(function (response) {
        if (response.status === 401) { toJoin(); return null; }
        if (!response.ok) { throw new Error("HTTP " + response.status); }
        return response.json().then(function (data) {
          me = data.learner; xsrf = data.xsrf;
          write("cassino-class:me", me);
          return me;
        });
      });
  }

  function waiting() {
    if (!me) { return 0; }
    return read(key("outbox", me.id), []).length +
      (read(key("progress", me.id), null) ? 1 : 0);
  }

  function show() {
    var count = waiting();
    var note = document.getElementById("cassino-class-note");
    if (!note) {
      if (!document.body) { return; }
      note = document.createElement("div");
      note.id = "cassino-class-note";
      note.setAttribute("role", "status");
      note.style.cssText = "position:fixed;right:10px;bottom:10px;z-index:1000;padding:4px 10px;" +
        "border-radius:6px;font:13px system-ui,sans-serif;background:#fff7e0;color:#5a4300;" +
        "border:1px solid #d9b54a;display:none";
      document.body.appendChild(note);
    }
    note.dataset.waiting = String(count);
    note.dataset.refused = String(me ? read(key("refused", me.id), []).length : 0);
    if (refusedNote) {
      note.textContent = refusedNote;
      note.style.display = "block";
    } else if (count && failures) {
      note.textContent = "Not connected to the class: your work is kept in this browser " +
        "and sent when the connection is back.";
      note.style.display = "block";
    } else {
      note.textContent = count ? "Sending your work to the class…" : "Your work is with the class.";
      note.style.display = "none";
    }
  }

  // A record the server refused for good is set aside (kept in localStorage, never sent
  // again) with a note; the others are sent on. The server names the refused event (its id)
  // or says the progress was refused; a refusal naming neither sets aside the whole batch.
  var refusedNote = "";
  function aside(learner, records, reason) {
    var name = key("refused", learner);
    var kept = read(name, []).concat(records.map(function (r) {
      return {record: r, reason: String(reason).slice(0, 300)};
    }));
    write(name, kept.slice(-50));
    refusedNote = records.length + (records.length === 1 ? " record was" : " records were") +
      " refused by the class's server and set aside: " + String(reason).slice(0, 200);
    console.warn("cassino class: " + refusedNote);
  }
  function refused(learner, events, pending, why) {
    var reason = (why && why.error) || "refused";
    var outbox = read(key("outbox", learner), []);
    if (why && typeof why.id === "string") {
      var bad = outbox.filter(function (e) { return e.id === why.id; });
      aside(learner, bad, reason);
      write(key("outbox", learner), outbox.filter(function (e) { return e.id !== why.id; }));
    } else if (why && why.field === "progress") {
      var now = read(key("progress", learner), null);
      if (pending && now && now.stamp === pending.stamp) {
        aside(learner, [pending.progress], reason);
        write(key("progress", learner), null);
      }
    } else {
      var gone = {};
      events.forEach(function (e) { gone[e.id] = true; });
      aside(learner, events, reason);
      write(key("outbox", learner), outbox.filter(function (e) { return !gone[e.id]; }));
      if (pending) { write(key("progress", learner), null); }
    }
    failures = 0;
    if (waiting()) { setTimeout(flush, 50); }  // the others go on at once
  }

  function flush() {
    if (sending) { return; }
    if (!me || !xsrf) {
      sending = true;
      whoAmI().then(function () { sending = false; if (me && xsrf) { flush(); } },
                    function () { sending = false; failures += 1; show(); });
      return;
    }
    var learner = me.id;
    var events = read(key("outbox", learner), []).slice(0, BATCH);
    var pending = read(key("progress", learner), null);
    if (!events.length && !pending) { failures = 0; show(); return; }
    var body = {learner: learner, events: events};
    if (pending) { body.progress = pending.progress; }
    sending = true;
    fetch(API + "sync", {method: "POST", credentials: "same-origin", cache: "no-store",
                         headers: {"Content-Type": "application/json", "X-XSRFToken": xsrf},
                         body: JSON.stringify(body)})
      .then(function (response) {
        if (response.status === 400) {
          return response.json().then(function (why) { refused(learner, events, pending, why); },
                                      function () { refused(learner, events, pending, {}); });
        }
        if (response.ok || response.status === 413) {
          if (!response.ok) {  // refused for good: sending it again would be refused again
            console.warn("cassino class: the server refused a record", response.status);
            aside(learner, events, "the request was too large");
          }
          var sent = {};
          events.forEach(function (e) { sent[e.id] = true; });
          write(key("outbox", learner),
                read(key("outbox", learner), []).filter(function (e) { return !sent[e.id]; }));
          var now = read(key("progress", learner), null);
          if (pending && now && now.stamp === pending.stamp) { write(key("progress", learner), null); }
          failures = 0;
          lastSent = new Date();
          if (waiting()) { setTimeout(flush, 50); }
        } else if (response.status === 401) {
          toJoin();
        } else if (response.status === 403) {
          me = null; xsrf = null;  // another learner in this browser now, or a stale token
          failures += 1;
        } else if (response.status === 429) {
          // Sent too often: what waits goes with the next regular send, nothing is wrong.
        } else {
          failures += 1;
        }
      }, function () { failures += 1; })
      .then(function () { sending = false; show(); });
  }

  me = read("cassino-class:me", null);
  whoAmI().then(flush, function () { failures += 1; show(); });
  setInterval(flush, FLUSH_MS);
  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") { flush(); }
  });
  window.__cassinoClassState = function () {
    return {learner: me && me.id, waiting: waiting(), failures: failures,
            lastSent: lastSent && lastSent.toISOString(),
            refused: me ? read(key("refused", me.id), []) : []};
  };
})();
