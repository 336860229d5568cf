// The learner's side of a class demonstration, for any class page: a banner while the teacher
// shows a table ("Your teacher is showing a table — Follow"), and the followed table over the
// page, kept in step by the server's event stream. Stop following closes it: the page beneath
// is as the learner left it. Include demo_common.js, then this with data-prefix="{base}class/demo/"
// (in the head or the body).
"use strict";
(function () {
  const D = window.CassinoDemo;
  const script = document.currentScript;
  const prefix = (script && script.dataset.prefix) || "/class/demo/";
  let state = null;
  let following = false;
  let chosen = { card: null, table: [] };
  let shownVersion = -1;

  // ---------------------------------------------------------------- the banner and the view
  const banner = D.el("div", "cd-banner");
  banner.setAttribute("role", "status");
  banner.hidden = true;
  const bannerText = D.el("span", "cd-banner-text", "Your teacher is showing a table");
  const followButton = D.el("button", "cd-button cd-primary", "Follow");
  followButton.type = "button";
  followButton.id = "cd-follow";
  banner.append(bannerText, followButton);

  const view = D.el("section", "cd-follow");
  view.id = "cd-follow-view";
  view.hidden = true;
  view.setAttribute("aria-label", "Your teacher's table");
  view.innerHTML =
    '<div class="cd-follow-head"><h2 class="cd-follow-title"></h2>' +
    '<span class="cd-live" aria-live="polite"></span>' +
    '<button type="button" class="cd-button" id="cd-unfollow">Stop following</button></div>' +
    '<p class="cd-caption"></p>' +
    '<div class="cd-follow-table cd-table-box"></div>' +
    '<p class="cd-last"></p>' +
    '<div class="cd-question" hidden>' +
    '  <h3>Your move? <span class="cd-question-seat"></span></h3>' +
    '  <p class="cd-note">Click a card of the hand, then the table cards it takes or builds on, or type the move.</p>' +
    '  <div class="cd-row cd-compose">' +
    '    <button type="button" class="cd-button cd-small" data-verb="take">Take</button>' +
    '    <label class="cd-small-label">value <input type="number" min="1" max="14" class="cd-build-value" aria-label="build value"></label>' +
    '    <button type="button" class="cd-button cd-small" data-verb="build">Build</button>' +
    '    <button type="button" class="cd-button cd-small" data-verb="trail">Trail</button>' +
    '    <button type="button" class="cd-button cd-small" data-verb="clear">Clear</button>' +
    '  </div>' +
    '  <div class="cd-row"><input type="text" class="cd-answer-text" spellcheck="false" autocomplete="off" aria-label="your move" placeholder="8S take 2S 6H">' +
    '  <button type="button" class="cd-button cd-primary cd-send">Send my move</button></div>' +
    '  <p class="cd-answer-status" role="status"></p>' +
    '</div>' +
    '<div class="cd-result" hidden><h3>The class chose</h3><div class="cd-compare"></div><ol class="cd-reveal"></ol></div>';
  const q = (sel) => view.querySelector(sel);

  function mount() {
    ["table.css", "demo.css"].forEach((name) => {  // a class page that has not linked them
      const href = prefix + "static/" + name;
      if (!document.querySelector('link[href="' + href + '"]')) {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = href;
        document.head.appendChild(link);
      }
    });
    document.body.prepend(banner);
    document.body.appendChild(view);
  }

  // ---------------------------------------------------------------- drawing
  function drawBanner() {
    const on = state && state.on;
    banner.hidden = !on || following;
    if (on && state.question && state.question.state === "open") {
      bannerText.textContent = "Your teacher is asking the class a question";
    } else {
      bannerText.textContent = "Your teacher is showing a table";
    }
    if (!on && following) stopFollowing();
  }

  function drawView() {
    if (!following || !state || !state.on) return;
    q(".cd-follow-title").textContent = state.title;
    q(".cd-caption").textContent = state.caption || "";
    if (shownVersion !== state.version) {
      const box = q(".cd-follow-table");
      const focusedRow = box.contains(document.activeElement) ? rowOf(document.activeElement) : null;
      box.innerHTML = state.table_html;  // the server's drawing of the core's position
      shownVersion = state.version;
      markChosen();
      rove();
      if (focusedRow) (current(focusedRow) || box).focus();  // the focus stays in its row
    }
    D.drawLastMove(q(".cd-last"), state);
    const question = state.question;
    const asking = !!question && question.state === "open";
    view.classList.toggle("cd-asking", asking);
    q(".cd-question").hidden = !question || question.state === "revealed";
    if (question) {
      q(".cd-question-seat").textContent = "(seat " + question.seat + " to move)";
      q(".cd-send").disabled = !asking;
      if (!asking && question.state === "closed") q(".cd-answer-status").textContent = "Answers are closed: wait for the reveal.";
    }
    q(".cd-live").textContent = question ? (question.answered + " answered") : "";
    const result = q(".cd-result");
    result.hidden = !(question && question.reveal);
    if (question && question.reveal) drawReveal(question);
  }

  let revealedFor = null;
  async function drawReveal(question) {
    if (revealedFor === question.id) return;
    revealedFor = question.id;
    chosen = { card: null, table: [] };
    markChosen();
    const list = q(".cd-reveal");
    list.replaceChildren(...question.reveal.moves.map((entry) => D.revealItem(entry, question.reveal.best, false)));
    const mine = await D.request(prefix + "mine");
    const box = q(".cd-compare");
    box.replaceChildren();
    if (!mine.ok || !mine.data.move) {
      box.appendChild(D.el("p", "cd-note", "You did not answer this one."));
      return;
    }
    const c = mine.data.comparison;
    list.querySelectorAll(".cd-choice").forEach((item) => item.classList.toggle("cd-yours", item.dataset.move === mine.data.move));
    if (!c) return;
    const head = D.el("p", "cd-compare-head");
    if (c.move === c.best) {
      head.textContent = "Your move, " + c.move_words + ", is the expert's best: the round likely ends " + c.ahead + ".";
      head.classList.add("cd-good");
    } else {
      head.textContent = "Your move, " + c.move_words + ", costs about " + c.cost + " against the best: " +
        c.best_words + (c.mark ? " (" + c.mark + ")" : "") + ".";
    }
    box.appendChild(head);
    c.why.forEach((line) => box.appendChild(D.el("p", "cd-why", line)));
  }

  // ---------------------------------------------------------------- rows and focus
  // One Tab stop per row (roving tabindex), as on the lesson's card table (widgets/table.js):
  // arrows move within the hand or the table, and the row remembers where the learner was.
  const OPTION = '[role="option"]';
  const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  const rows = {
    hand: () => [...view.querySelectorAll('.cd-follow-table [data-zone="hand"] ' + OPTION)],
    table: () => [...view.querySelectorAll('.cd-follow-table [data-zone="table"] ' + OPTION)],
  };
  const memory = { hand: { key: null, index: 0 }, table: { key: null, index: 0 } };
  const keyOf = (node) => (node.dataset.build !== undefined ? "b" + node.dataset.build : node.dataset.card);
  const rowOf = (node) => (node.closest('[data-zone="hand"]') ? "hand" : "table");

  function remember(node) {
    const row = rowOf(node);
    memory[row] = { key: keyOf(node), index: rows[row]().indexOf(node) };
  }

  function current(row) {
    const items = rows[row]();
    const { key, index } = memory[row];
    return items.find((n) => keyOf(n) === key) || items[Math.min(index, items.length - 1)] || items[0];
  }

  function rove() {
    for (const row of Object.keys(rows)) {
      const chosen = current(row);
      for (const node of rows[row]()) node.tabIndex = node === chosen ? 0 : -1;
    }
  }

  function moveWithin(node, key) {
    const row = rowOf(node);
    const items = rows[row]();
    const at = items.indexOf(node);
    let target = null;
    if (key in STEPS) target = items[(at + STEPS[key] + items.length) % items.length];
    if (key === "Home") target = items[0];
    if (key === "End") target = items[items.length - 1];
    if (!target) return false;
    remember(target);
    rove();
    target.focus();
    return true;
  }

  // ---------------------------------------------------------------- answering
  function markChosen() {
    view.querySelectorAll(".cd-follow-table [data-card], .cd-follow-table [data-build]").forEach((node) => {
      const card = node.dataset.card;
      const on = node.dataset.build !== undefined
        ? chosen.table.indexOf("b" + node.dataset.build) >= 0
        : (card === chosen.card || chosen.table.indexOf(card) >= 0);
      node.classList.toggle("cd-picked", on);
      if (node.getAttribute("role") === "option") node.setAttribute("aria-selected", on ? "true" : "false");
    });
  }

  function tableCards() {
    const cards = [];
    chosen.table.forEach((t) => {
      if (t[0] === "b") cards.push(...state.builds[Number(t.slice(1))]);
      else cards.push(t);
    });
    return cards;
  }

  function pick(node) {
    if (!state || !state.question || state.question.state !== "open") return;
    if (node.dataset.build !== undefined) {
      toggle("b" + node.dataset.build);
    } else if (node.closest('[data-zone="hand"]')) {
      chosen.card = chosen.card === node.dataset.card ? null : node.dataset.card;
    } else if (node.closest('[data-zone="table"]')) {
      toggle(node.dataset.card);
    } else {
      return;
    }
    markChosen();
  }

  function toggle(key) {
    const at = chosen.table.indexOf(key);
    if (at >= 0) chosen.table.splice(at, 1); else chosen.table.push(key);
  }

  function compose(verb) {
    const input = q(".cd-answer-text");
    const status = q(".cd-answer-status");
    if (verb === "clear") { chosen = { card: null, table: [] }; markChosen(); input.value = ""; return; }
    if (!chosen.card) { status.textContent = "First click the card of the hand you play."; return; }
    if (verb === "trail") input.value = "trail " + chosen.card;
    else if (verb === "take") input.value = chosen.card + " take " + tableCards().join(" ");
    else {
      const value = q(".cd-build-value").value.trim();
      if (!value) { status.textContent = "Type the build's value first."; return; }
      input.value = chosen.card + " build " + value + " " + tableCards().join(" ");
    }
    status.textContent = "";
    input.focus();
  }

  let xsrf = "";  // asked of the server: its XSRF cookie may be HttpOnly
  async function xsrfToken(fresh) {
    if (!xsrf || fresh) {
      const mine = await D.request(prefix + "mine");
      xsrf = (mine.ok && mine.data.xsrf) || D.cookie("_xsrf");
    }
    return xsrf;
  }

  async function post(body, fresh) {
    return D.request(prefix + "answer", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-XSRFToken": await xsrfToken(fresh) },
      body: body });
  }

  async function send() {
    const status = q(".cd-answer-status");
    const question = state && state.question;
    if (!question || question.state !== "open") return;
    const move = q(".cd-answer-text").value;
    status.className = "cd-answer-status";
    status.textContent = "Sending…";
    const body = JSON.stringify({ question: question.id, move: move });
    let result = await post(body, false);
    if (result.status === 403) result = await post(body, true);  // a token gone stale
    if (result.ok) {
      status.classList.add("cd-good");
      status.textContent = "Your answer: " + result.data.words + ". You can change it until your teacher reveals the answers.";
    } else {
      status.classList.add("cd-error");
      status.textContent = "Not counted: " + (result.data.error || "refused") + (result.data.rule ? " (rule " + result.data.rule + ")" : "");
    }
  }

  // ---------------------------------------------------------------- following
  let before = null;  // where the learner was: scroll and focus
  function startFollowing() {
    before = { x: window.scrollX, y: window.scrollY, focus: document.activeElement };
    following = true;
    remember(true);
    shownVersion = -1;
    document.body.classList.add("cd-following");
    view.hidden = false;
    drawBanner();
    drawView();
    q("#cd-unfollow").focus();
  }

  function stopFollowing() {
    following = false;
    remember(false);
    view.hidden = true;
    document.body.classList.remove("cd-following");
    drawBanner();
    if (before) {
      window.scrollTo(before.x, before.y);
      if (before.focus && before.focus.focus) before.focus.focus();
    }
  }

  function remember(on) {  // a reload keeps following
    try { if (on) sessionStorage.setItem("cd-following", "1"); else sessionStorage.removeItem("cd-following"); } catch (err) { /* storage off */ }
  }

  function remembered() {
    try { return sessionStorage.getItem("cd-following") === "1"; } catch (err) { return false; }
  }

  function receive(data) {
    if (!following && data.on && remembered() && !state) { state = data; startFollowing(); }
    const newQuestion = !state || !state.question || !data.question || state.question.id !== data.question.id;
    if (newQuestion && data.question) { chosen = { card: null, table: [] }; q(".cd-answer-text").value = ""; q(".cd-answer-status").textContent = ""; }
    state = data;
    drawBanner();
    drawView();
  }

  function listen() {
    const stream = new EventSource(prefix + "stream");
    stream.addEventListener("table", (e) => receive(JSON.parse(e.data)));
    stream.addEventListener("count", (e) => {
      const data = JSON.parse(e.data);
      if (state && state.question) { state.question.answered = data.answered; q(".cd-live").textContent = data.answered + " answered"; }
    });
    stream.addEventListener("open", () => view.classList.remove("cd-offline"));
    stream.addEventListener("error", () => view.classList.add("cd-offline"));
  }

  function start() {
    mount();
    followButton.addEventListener("click", startFollowing);
    q("#cd-unfollow").addEventListener("click", stopFollowing);
    q(".cd-follow-table").addEventListener("click", (e) => {
      const node = e.target.closest("[data-build]") || e.target.closest("[data-card]");
      if (!node) return;
      if (node.matches(OPTION)) { remember(node); rove(); }
      pick(node);
    });
    q(".cd-follow-table").addEventListener("keydown", (e) => {
      const node = e.target.closest(OPTION);
      if (!node) return;
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        remember(node);
        pick(node);
      } else if (moveWithin(node, e.key)) {
        e.preventDefault();
      }
    });
    view.querySelectorAll(".cd-compose [data-verb]").forEach((b) => b.addEventListener("click", () => compose(b.dataset.verb)));
    q(".cd-send").addEventListener("click", send);
    q(".cd-answer-text").addEventListener("keydown", (e) => { if (e.key === "Enter") send(); });
    listen();
  }

  // included in a page's <head>: wait for its body
  if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
})();
