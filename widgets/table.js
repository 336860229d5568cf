// The card table widget's front end (anywidget ES module, no build step).
//
// Python decides everything: it sends the table as HTML (drawn by cassino_learn.drawing.render),
// whose turn it is in words, the moves to mark, the cards the selected card could use, and the
// actions that are legal for the selection. This module only shows them, keeps the learner's
// selection in the model, moves the keyboard focus, and reports pressed actions. It never
// judges whether a move is legal.

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
// A card or build the learner can choose: an option of the hand's or the table's listbox
// (render's hook); `aria-selected` says whether it is chosen.
const ITEM = '[role="option"]';

function quietMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function render({ model, el: root }) {
  const widget = el("div", { class: "cl-widget" });
  const board = el("div", { class: "cl-board", tabindex: "-1", role: "region",
    "aria-label": "card table" });
  const recent = el("section", { class: "cl-recent", "aria-label": "last moves" });
  const controls = el("div", { class: "cl-controls" });
  const actions = el("div", { class: "cl-actions", role: "toolbar", "aria-label": "moves" });
  const clear = el("button", { type: "button", class: "cl-button cl-clear",
    "aria-keyshortcuts": "Escape" }, "Clear");
  const form = el("form", { class: "cl-movebox" });
  const input = el("input", {
    type: "text", class: "cl-move-input", "aria-label": "type a move",
    placeholder: "or type a move: 7S take 3C 4H", autocomplete: "off", spellcheck: "false",
  });
  const go = el("button", { type: "submit", class: "cl-button" }, "Play");
  form.append(input, go);
  const demo = el("div", { class: "cl-demo", role: "group", "aria-label": "demonstration" });
  const back = el("button", { type: "button", class: "cl-button", "data-demo": "back" }, "◀ Back");
  const step = el("span", { class: "cl-step" });
  const next = el("button", { type: "button", class: "cl-button", "data-demo": "next" }, "Next ▶");
  // A demonstration's caption sits above the table with the step buttons, so the words and
  // the cards are read together; it is the one description of each play (role=status: read
  // out as the step changes).
  const caption = el("p", { class: "cl-caption", role: "status", "aria-live": "polite" });
  demo.append(back, step, next);
  const demoHead = el("div", { class: "cl-demo-head" });
  demoHead.append(caption, demo);
  const message = el("div", { class: "cl-message", role: "status", "aria-live": "polite" });
  // Whose turn, for screen readers: the visible turn line is redrawn with the table, and a
  // live region must stay in the page to be announced.
  const turnNews = el("div", { class: "cl-visually-hidden cl-turn-news", role: "status",
    "aria-live": "polite" });
  const reading = readingBox(model); // table_a11y.js: the reading mode
  controls.append(actions, form);
  // (a lesson's stage draws the reading box apart, under its verdict: reading_box.js)
  widget.append(demoHead, board, recent, controls,
    ...(model.get("reading_box") === false ? [] : [reading]), message, turnNews);
  root.append(widget);
  // JupyterLab's own arrow-key and Escape shortcuts give way inside the card rows.
  for (const row of [board, actions]) row.setAttribute("data-lm-suppress-shortcuts", "true");

  // ------------------------------------------------------------------ rows and focus

  // One Tab stop per row (roving tabindex); the row remembers where the learner was.
  const rows = {
    hand: () => [...board.querySelectorAll(`[data-seat] ${ITEM}`)],
    table: () => [...board.querySelectorAll(`[data-zone="table"] ${ITEM}`)],
    actions: () => [...actions.querySelectorAll("button")].filter((b) => !b.hidden),
  };
  const memory = { hand: { key: null, index: 0 }, table: { key: null, index: 0 },
    actions: { key: null, index: 0 } };
  const keyOf = (node) => node.dataset.card ?? node.dataset.build ?? node.dataset.action
    ?? node.textContent;
  const rowOf = (node) => (actions.contains(node) ? "actions"
    : node.closest("[data-seat]") ? "hand" : "table");

  function remember(node) {
    const row = rowOf(node);
    memory[row] = { key: keyOf(node), index: rows[row]().indexOf(node) };
  }

  function current(row) {
    const items = rows[row]();
    const { key, index } = memory[row];
    return items.find((n) => keyOf(n) === key) || items[Math.min(index, items.length - 1)]
      || items[0];
  }

  function rove() {
    for (const row of Object.keys(rows)) {
      const chosen = current(row);
      for (const node of rows[row]()) node.tabIndex = node === chosen ? 0 : -1;
    }
  }

  // Focus belongs to the table once the learner is in it: a redraw that removes the focused
  // card or button puts it back on the hand (or the table itself), never on the page body.
  let keepFocus = false;
  widget.addEventListener("focusin", () => { keepFocus = true; });
  widget.addEventListener("focusout", (event) => {
    if (event.relatedTarget && !widget.contains(event.relatedTarget)) keepFocus = false;
  });
  const outside = (event) => { if (!widget.contains(event.target)) keepFocus = false; };
  document.addEventListener("pointerdown", outside, true);

  function restoreFocus() {
    const active = document.activeElement;
    if (!keepFocus) return;
    // The table itself holds the focus only while there is no card to hold it.
    const lost = !active || active === document.body || !widget.contains(active);
    if (!lost && active !== board) return;
    const hand = current("hand");
    if (hand) hand.focus({ preventScroll: true });
    else if (lost) board.focus({ preventScroll: true });
  }

  // ------------------------------------------------------------------ drawing

  let shownCards = new Set();
  let leaving = new Map(); // table cards of the previous drawing: where they were, how they looked

  function drawTable() {
    const focused = document.activeElement && board.contains(document.activeElement)
      ? document.activeElement : null;
    const focusRow = focused && focused.matches(ITEM) ? rowOf(focused) : null;
    const frame = board.getBoundingClientRect();
    leaving = new Map([...board.querySelectorAll('[data-zone="table"] [data-card]')].map(
      (node) => {
        const box = node.getBoundingClientRect();
        return [node.dataset.card, { html: node.outerHTML, left: box.left - frame.left,
          top: box.top - frame.top }];
      }));
    board.innerHTML = model.get("table_html");
    exposeTable(board, model.get("spoken")); // table_a11y.js: the hand, table, builds in words
    for (const node of board.querySelectorAll(ITEM)) {
      node.dataset.label = node.getAttribute("aria-label");
    }
    // A short entrance for what is new on the table (a trailed card, a new build).
    const now = new Set([...board.querySelectorAll('[data-zone="table"] [data-card]')]
      .map((node) => node.dataset.card));
    if (shownCards.size) {
      for (const node of board.querySelectorAll('[data-zone="table"] [data-card]')) {
        if (!shownCards.has(node.dataset.card)) {
          (node.closest("[data-build]") || node).classList.add("cl-enter");
        }
      }
    }
    shownCards = now;
    rove();
    if (focusRow) (current(focusRow) || current("hand") || board).focus({ preventScroll: true });
    drawSelection();
    afterUpdate();
  }

  function label(node, usable) {
    const parts = [node.dataset.label];
    if (usable) parts.push("can be used with your card");
    if (node.dataset.lastBy) parts.push(`just played by ${node.dataset.lastBy}`);
    node.setAttribute("aria-label", parts.join(", "));
  }

  function drawSelection() {
    const card = model.get("selected_card");
    const chosen = new Set(model.get("selected_table"));
    const usable = new Set(model.get("usable_cards"));
    const usableBuilds = new Set(model.get("usable_builds").map(String));
    // Hand cards drawn read-only (a "watch" table showing a move to judge) are raised too.
    for (const node of board.querySelectorAll("[data-seat] [data-card]")) {
      const on = node.dataset.card === card;
      node.classList.toggle("cl-selected", on);
      if (node.matches(ITEM)) node.setAttribute("aria-selected", String(on));
    }
    for (const node of board.querySelectorAll('[data-zone="table"] > .cl-cards > [data-card]')) {
      const on = chosen.has(node.dataset.card);
      const can = usable.has(node.dataset.card);
      node.classList.toggle("cl-selected", on);
      node.classList.toggle("cl-usable", can);
      if (node.matches(ITEM)) {
        node.setAttribute("aria-selected", String(on));
        label(node, can);
      }
    }
    for (const node of board.querySelectorAll("[data-build]")) {
      const on = node.dataset.cards.split(" ").every((c) => chosen.has(c));
      const can = usableBuilds.has(node.dataset.build);
      node.classList.toggle("cl-selected", on);
      node.classList.toggle("cl-usable", can);
      if (node.matches(ITEM)) {
        node.setAttribute("aria-selected", String(on));
        label(node, can);
      }
    }
  }

  function drawActions() {
    actions.replaceChildren();
    const offered = model.get("actions");
    offered.forEach((action, index) => {
      const button = el("button", {
        type: "button",
        class: action.legal ? "cl-button cl-action" : "cl-button cl-action cl-try",
        "data-action": action.label,
        title: action.describe || action.label,
        "aria-label": action.describe ? `${action.label}: ${action.describe}` : action.label,
      }, action.label);
      button.addEventListener("click", () => model.send({ type: "action", index }));
      actions.append(button);
    });
    if (!offered.length && model.get("can_act")) {
      actions.append(el("span", { class: "cl-hint" },
        model.get("selected_card") ? "Now choose table cards." : "Choose a card from your hand."));
    }
    clear.hidden = !model.get("can_act");
    actions.append(clear);
    rove();
    afterUpdate();
  }

  function drawMessage() {
    const rule = model.get("rule");
    announceKind(message, model.get("message_kind")); // table_a11y.js
    // table_a11y.js: only new sentences are put in, so each is read once
    sayInParts(message, model.get("message") + (rule ? ` (rule ${rule})` : ""));
    message.dataset.kind = model.get("message_kind");
    message.dataset.rule = rule;
  }

  function drawRecent() {
    recent.innerHTML = model.get("recent_html");
    // In a demonstration the caption tells the play; the list of last moves would tell it again.
    recent.hidden = !model.get("recent_html")
      || (model.get("mode") === "demo" && Boolean(model.get("caption")));
  }

  function drawMode() {
    const mode = model.get("mode");
    widget.dataset.mode = mode;
    widget.dataset.size = model.get("card_size");
    const playing = mode === "play";
    controls.hidden = !playing;
    form.hidden = !model.get("move_box") || !model.get("can_act");
    reading.hidden = !model.get("move_box") || mode === "demo";
    demoHead.hidden = mode !== "demo";
    caption.hidden = mode !== "demo" || !model.get("caption");
    caption.textContent = model.get("caption");
    const index = model.get("demo_index");
    const length = model.get("demo_length");
    step.textContent = `Step ${index} of ${length}`;
    back.disabled = index <= 0;
    next.disabled = index >= length;
  }

  function drawTurn() {
    turnNews.textContent = model.get("turn_text");
  }

  // ------------------------------------------------------------------ the last moves

  function markLastMoves() {
    for (const move of model.get("last_moves")) {
      let node = null;
      if (move.kind === "trail") {
        node = board.querySelector(`[data-zone="table"] > .cl-cards > [data-card="${move.card}"]`);
      } else if (move.kind === "build") {
        node = [...board.querySelectorAll("[data-build]")]
          .find((b) => b.dataset.cards.split(" ").includes(move.card));
      }
      if (!node) continue;
      const by = move.who === "You" ? "you" : move.who;
      node.classList.add("cl-last");
      node.dataset.lastBy = by;
      node.append(el("span", { class: "cl-last-tag", "aria-hidden": "true" }, by));
      if (node.dataset.label) label(node, node.classList.contains("cl-usable"));
      else node.setAttribute("aria-label", `${node.getAttribute("aria-label")}, just played by ${by}`);
    }
  }

  // A capture's cards visibly leave the table for the capturer's side.
  function showCapturesLeaving() {
    if (quietMotion() || !leaving.size) return;
    const tableNode = board.querySelector(".cl-table");
    if (!tableNode) return;
    const frame = tableNode.getBoundingClientRect();
    const boardFrame = board.getBoundingClientRect();
    for (const move of model.get("last_moves")) {
      if (move.kind !== "capture") continue;
      const goal = board.querySelector(`[data-seat="${move.seat}"]`)
        || board.querySelector(".cl-piles");
      if (!goal) continue;
      const target = goal.getBoundingClientRect();
      for (const card of move.cards) {
        const was = leaving.get(card);
        if (!was || board.querySelector(`[data-zone="table"] [data-card="${card}"]`)) continue;
        const holder = document.createElement("div");
        holder.innerHTML = was.html;
        const ghost = holder.firstElementChild;
        ghost.removeAttribute("tabindex");
        ghost.setAttribute("aria-hidden", "true");
        ghost.classList.remove("cl-selected", "cl-usable", "cl-enter", "cl-last");
        ghost.classList.add("cl-leaving");
        const left = was.left - (frame.left - boardFrame.left);
        const top = was.top - (frame.top - boardFrame.top);
        Object.assign(ghost.style, { left: `${left}px`, top: `${top}px` });
        tableNode.append(ghost);
        const dx = target.left + target.width / 2 - (frame.left + left) - 30;
        const dy = target.top + target.height / 2 - (frame.top + top) - 40;
        const flight = ghost.animate([
          { transform: "none", opacity: 1 },
          { transform: `translate(${dx}px, ${dy}px) scale(0.45)`, opacity: 0 },
        ], { duration: 650, easing: "ease-in", fill: "forwards" });
        flight.finished.then(() => ghost.remove(), () => ghost.remove());
      }
    }
    leaving = new Map();
  }

  // Several traits change together (one message from Python); act once they all have.
  let pending = false;
  let tableChanged = false;
  function afterUpdate() {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      if (tableChanged) {
        tableChanged = false;
        markLastMoves();
        showCapturesLeaving();
      }
      rove();
      restoreFocus();
    });
  }

  // ------------------------------------------------------------------ input

  function toggle(node) {
    if (!model.get("can_act") || !node.matches(ITEM)) return;
    if (node.closest("[data-seat]")) {
      const card = node.dataset.card;
      model.set("selected_card", model.get("selected_card") === card ? "" : card);
    } else {
      const chosen = new Set(model.get("selected_table"));
      const cards = node.dataset.build !== undefined ? node.dataset.cards.split(" ")
        : [node.dataset.card];
      const on = cards.every((c) => chosen.has(c));
      for (const c of cards) on ? chosen.delete(c) : chosen.add(c);
      model.set("selected_table", [...chosen]);
    }
    model.save_changes();
  }

  function clearSelection() {
    model.set("selected_card", "");
    model.set("selected_table", []);
    model.save_changes();
  }

  function moveWithin(row, node, key) {
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

  board.addEventListener("click", (event) => {
    const node = event.target.closest(ITEM);
    if (!node || !board.contains(node)) return;
    remember(node);
    rove();
    toggle(node);
  });
  board.addEventListener("keydown", (event) => {
    const node = event.target.closest(ITEM);
    if (!node) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      remember(node);
      toggle(node);
    } else if (moveWithin(rowOf(node), node, event.key)) {
      event.preventDefault();
    }
  });
  actions.addEventListener("keydown", (event) => {
    const node = event.target.closest("button");
    if (node && moveWithin("actions", node, event.key)) event.preventDefault();
  });
  actions.addEventListener("focusin", (event) => {
    if (event.target.matches("button")) { remember(event.target); rove(); }
  });
  widget.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && model.get("can_act")) {
      event.preventDefault();
      event.stopPropagation(); // JupyterLab would leave the cell for command mode
      clearSelection();
    }
  });
  clear.addEventListener("click", () => model.send({ type: "clear" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (input.value.trim()) model.send({ type: "move_text", text: input.value });
  });
  back.addEventListener("click", () => model.send({ type: "demo", step: -1 }));
  next.addEventListener("click", () => model.send({ type: "demo", step: 1 }));

  const handlers = [
    ["change:table_html", () => { tableChanged = true; drawTable(); }],
    ["change:selected_card change:selected_table change:usable_cards change:usable_builds",
      drawSelection],
    ["change:actions change:can_act change:selected_card", drawActions],
    ["change:message change:rule change:message_kind", drawMessage],
    ["change:recent_html change:mode change:caption", drawRecent],
    ["change:turn_text", drawTurn],
    ["change:mode change:can_act change:move_box change:demo_index change:demo_length "
      + "change:caption change:card_size", drawMode],
    ["change:last_move", () => { if (model.get("message_kind") === "move") input.value = ""; }],
  ];
  for (const [events, handler] of handlers) model.on(events, handler);
  tableChanged = true;
  drawTable();
  drawActions();
  drawMessage();
  drawRecent();
  drawTurn();
  drawMode();
  // Ask Python to re-read the learner's settings (suit colours, card size): this page may come
  // from a kernel that ran before the learner changed them.
  // Guarded: with its kernel gone (the page says so) a send throws "Cannot send".
  try { model.send({ type: "shown" }); } catch { /* the page's kernel is gone */ }
  return () => {
    for (const [events, handler] of handlers) model.off(events, handler);
    document.removeEventListener("pointerdown", outside, true);
  };
}

export default { render };
