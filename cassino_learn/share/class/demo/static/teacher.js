// The teacher's demonstration page: choose a table, step through it, ask the class, reveal.
"use strict";
(function () {
  const D = window.CassinoDemo;
  const body = document.body;
  const prefix = body.dataset.prefix;
  const token = body.dataset.token;
  const $ = (id) => document.getElementById(id);
  let state = null;
  let refreshing = null;
  let xsrf = body.dataset.xsrf || "";  // the server may keep its cookie HttpOnly

  function headers() {
    return { "Content-Type": "application/json", "X-Teacher-Token": token, "X-XSRFToken": xsrf || D.cookie("_xsrf") };
  }

  async function load(path) {
    return D.request(prefix + path, { headers: { "X-Teacher-Token": token } });
  }

  async function act(payload, errorBox) {
    const box = $(errorBox || "cd-error");
    box.textContent = "";
    setBusy(true);
    const result = await D.request(prefix + "teacher/do", {
      method: "POST", headers: headers(), body: JSON.stringify(payload) });
    setBusy(false);
    if (!result.ok) {
      const rule = result.data.rule ? " (rule " + result.data.rule + ")" : "";
      box.textContent = (result.data.error || "Refused.") + rule;
      draw(state);
      return false;
    }
    draw(result.data);
    loadAsked();
    return true;
  }

  function setBusy(busy) {  // one action at a time: clicks wait for the answer
    body.classList.toggle("cd-busy", busy);
  }

  function draw(s) {
    if (!s) return;
    state = s;
    $("cd-followers").textContent = s.followers + (s.followers === 1 ? " following" : " following");
    $("cd-stop").disabled = !s.on;
    const q = s.question || null;
    const open = q && q.state === "open";
    if (!s.on) {
      $("cd-title").textContent = "No table shown yet";
      $("cd-table").innerHTML = '<p class="cd-empty">Type a position, pick a lesson\u2019s stage or deal a game: the class sees it at once.</p>';
      ["cd-back", "cd-next", "cd-play", "cd-open", "cd-close", "cd-reveal"].forEach((id) => { $(id).disabled = true; });
      $("cd-hands").replaceChildren(D.el("legend", "", "Hands the class sees (the seat to move: always)"));
      $("cd-caption").textContent = "";
      $("cd-last").textContent = "";
      drawQuestion(null, s);
      return;
    }
    $("cd-title").textContent = s.title;
    $("cd-caption").textContent = s.caption || "";
    $("cd-table").innerHTML = s.table_html;  // drawn by the server from the core's position
    D.drawLastMove($("cd-last"), s);
    $("cd-back").disabled = open || s.moves_played === 0;
    $("cd-next").disabled = open || !s.can_forward;
    $("cd-play").disabled = open || s.legal.length === 0;
    const list = $("cd-legal");
    list.replaceChildren(...s.legal.map((m) => { const o = document.createElement("option"); o.value = m; return o; }));
    const hands = $("cd-hands");
    hands.replaceChildren(D.el("legend", "", "Hands the class sees (the seat to move: always)"));
    for (let seat = 1; seat <= s.players; seat++) {
      const label = D.el("label", "cd-seat");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.dataset.seat = seat;
      box.checked = seat === s.turn || s.shown.indexOf(seat) >= 0;
      box.disabled = seat === s.turn;
      box.addEventListener("change", () => act({ action: "show", seat: seat, shown: box.checked }));
      label.appendChild(box);
      label.appendChild(document.createTextNode(" Seat " + seat + (seat === s.turn ? " (to move)" : "")));
      hands.appendChild(label);
    }
    $("cd-open").disabled = !!open || s.legal.length === 0 || s.over;
    $("cd-close").disabled = !open;
    $("cd-reveal").disabled = !q || q.state === "revealed";
    drawQuestion(q, s);
  }

  function drawQuestion(q, s) {
    const progress = $("cd-progress");
    const list = $("cd-reveal-list");
    const waiting = $("cd-waiting");
    list.replaceChildren();
    waiting.replaceChildren();
    if (!q) {
      progress.textContent = "No question asked.";
      $("cd-waiting-box").hidden = true;
      return;
    }
    const p = s.progress || { answered: 0, waiting: [] };
    const total = p.answered + p.waiting.length;
    const words = { open: "Answers arriving", closed: "Answers stopped", revealed: "Revealed" }[q.state];
    progress.textContent = words + ": " + p.answered + (total ? " of " + total : "") +
      (p.answered === 1 ? " has answered" : " have answered") + " (seat " + q.seat + " to move).";
    $("cd-waiting-box").hidden = q.state === "revealed" || p.waiting.length === 0;
    $("cd-waiting-title").textContent = "Not answered yet (" + p.waiting.length + ")";
    p.waiting.forEach((name) => waiting.appendChild(D.el("li", "cd-name", name || "(no name)")));
    if (q.reveal) {
      q.reveal.moves.forEach((entry) => list.appendChild(D.revealItem(entry, q.reveal.best, true)));
      const plays = list.querySelectorAll(".cd-choice");
      plays.forEach((item) => {
        const button = D.el("button", "cd-button cd-small", "Play this move for everyone");
        button.type = "button";
        button.addEventListener("click", () => act({ action: "play", move: item.dataset.move }));
        item.querySelector(".cd-choice-text").appendChild(button);
      });
    }
  }

  async function refresh() {
    const result = await load("teacher/state.json");
    if (result.ok) { xsrf = result.data.xsrf || xsrf; draw(result.data); }
  }

  function soon() {  // many answers arriving: one refresh at a time
    if (refreshing) return;
    refreshing = setTimeout(async () => { await refresh(); refreshing = null; }, 250);
  }

  async function loadStages() {
    const result = await load("teacher/stages.json");
    if (!result.ok) return;
    const lessons = result.data.lessons;
    const lessonBox = $("cd-lesson");
    lessons.forEach((lesson, i) => {
      const o = document.createElement("option");
      o.value = lesson.slug; o.textContent = lesson.title; lessonBox.appendChild(o);
    });
    function fill() {
      const lesson = lessons.find((l) => l.slug === lessonBox.value);
      $("cd-stage").replaceChildren(...(lesson ? lesson.stages : []).map((stage, i) => {
        const o = document.createElement("option");
        o.value = stage.id; o.textContent = (i + 1) + ". " + stage.say;
        return o;
      }));
    }
    lessonBox.addEventListener("change", fill);
    fill();
  }

  async function loadAsked() {
    const result = await load("teacher/questions.json");
    if (!result.ok) return;
    const list = $("cd-asked");
    list.replaceChildren();
    result.data.questions.slice().reverse().forEach((q) => {
      const item = D.el("li", "cd-asked-item");
      const when = new Date(q.opened * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      let text = when + " · " + q.position + " · " + (q.state === "open" ? "asking" : q.answers.length + " answered");
      if (q.reveal) text += " · best: " + q.reveal.best;
      item.textContent = text;
      list.appendChild(item);
    });
  }

  $("cd-show-text").addEventListener("click", () => act({ action: "position", text: $("cd-position-text").value }, "cd-choose-error"));
  $("cd-show-stage").addEventListener("click", () => act({ action: "stage", lesson: $("cd-lesson").value, stage: $("cd-stage").value }, "cd-choose-error"));
  $("cd-deal").addEventListener("click", () => {
    const seed = $("cd-seed").value.trim();
    act({ action: "deal", players: Number($("cd-players").value), partners: $("cd-partners").checked,
      rules: $("cd-variant").value, seed: seed === "" ? null : Number(seed) }, "cd-choose-error");
  });
  $("cd-back").addEventListener("click", () => act({ action: "back" }));
  $("cd-next").addEventListener("click", () => act({ action: "next" }));
  $("cd-play").addEventListener("click", () => act({ action: "play", move: $("cd-move").value }).then((ok) => { if (ok) $("cd-move").value = ""; }));
  $("cd-move").addEventListener("keydown", (e) => { if (e.key === "Enter") $("cd-play").click(); });
  $("cd-open").addEventListener("click", () => act({ action: "ask" }));
  $("cd-close").addEventListener("click", () => act({ action: "close" }));
  $("cd-reveal").addEventListener("click", () => act({ action: "reveal" }));
  $("cd-stop").addEventListener("click", () => act({ action: "stop" }));
  $("cd-projector").addEventListener("change", (e) => body.classList.toggle("cd-projector", e.target.checked));
  $("cd-csv").href = prefix + "teacher/questions.csv?token=" + encodeURIComponent(token);

  const stream = new EventSource(prefix + "stream?token=" + encodeURIComponent(token));
  stream.addEventListener("table", soon);
  stream.addEventListener("count", soon);
  setInterval(refresh, 5000);  // the followers' count and who has joined
  refresh();
  loadStages();
  loadAsked();
})();
