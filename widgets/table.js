// The card table widget's front end (anywidget ES module, no build step).
//
// Python decides everything: it sends the table as HTML (drawn by cassino_learn.render), the
// cards the selected card could use, and the actions that are legal for the selection. This
// module only shows them, keeps the learner's selection in the model, and reports pressed
// actions. It never judges whether a move is legal.

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function render({ model, el: root }) {
  const widget = el("div", { class: "cl-widget" });
  const board = el("div", { class: "cl-board" });
  const controls = el("div", { class: "cl-controls" });
  const actions = el("div", { class: "cl-actions", role: "group", "aria-label": "moves" });
  const clear = el("button", { type: "button", class: "cl-button cl-clear" }, "Clear");
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
  const caption = el("p", { class: "cl-caption" });
  demo.append(back, step, next);
  const message = el("div", { class: "cl-message", role: "status", "aria-live": "polite" });
  controls.append(actions, clear, form);
  widget.append(board, demo, caption, controls, message);
  root.append(widget);

  let shownCards = new Set();

  function items() {
    return [...board.querySelectorAll('[tabindex="0"]')];
  }

  function drawTable() {
    const focused = document.activeElement && board.contains(document.activeElement)
      ? document.activeElement : null;
    const focusKey = focused ? focused.getAttribute("data-card") !== null
      ? `[data-card="${focused.dataset.card}"]` : `[data-build="${focused.dataset.build}"]` : null;
    board.innerHTML = model.get("table_html");
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
    if (focusKey) {
      const again = board.querySelector(`${focusKey}[tabindex="0"]`);
      (again || items()[0] || board).focus?.();
    }
    drawSelection();
  }

  function drawSelection() {
    const card = model.get("selected_card");
    const chosen = new Set(model.get("selected_table"));
    const usable = new Set(model.get("usable_cards"));
    const usableBuilds = new Set(model.get("usable_builds").map(String));
    for (const node of board.querySelectorAll('[data-zone="hand"] [data-card]')) {
      const on = node.dataset.card === card;
      node.classList.toggle("cl-selected", on);
      if (node.hasAttribute("aria-pressed")) node.setAttribute("aria-pressed", String(on));
    }
    for (const node of board.querySelectorAll('[data-zone="table"] > .cl-cards > [data-card]')) {
      const on = chosen.has(node.dataset.card);
      node.classList.toggle("cl-selected", on);
      node.classList.toggle("cl-usable", usable.has(node.dataset.card));
      if (node.hasAttribute("aria-pressed")) node.setAttribute("aria-pressed", String(on));
    }
    for (const node of board.querySelectorAll("[data-build]")) {
      const on = node.dataset.cards.split(" ").every((c) => chosen.has(c));
      node.classList.toggle("cl-selected", on);
      node.classList.toggle("cl-usable", usableBuilds.has(node.dataset.build));
      if (node.hasAttribute("aria-pressed")) node.setAttribute("aria-pressed", String(on));
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
  }

  function drawMessage() {
    const rule = model.get("rule");
    message.textContent = model.get("message") + (rule ? ` (rule ${rule})` : "");
    message.dataset.kind = model.get("message_kind");
    message.dataset.rule = rule;
  }

  function drawMode() {
    const mode = model.get("mode");
    widget.dataset.mode = mode;
    const playing = mode === "play";
    controls.hidden = !playing;
    form.hidden = !model.get("move_box") || !model.get("can_act");
    clear.hidden = !model.get("can_act");
    demo.hidden = mode !== "demo";
    caption.hidden = mode !== "demo" || !model.get("caption");
    caption.textContent = model.get("caption");
    const index = model.get("demo_index");
    const length = model.get("demo_length");
    step.textContent = `Step ${index} of ${length}`;
    back.disabled = index <= 0;
    next.disabled = index >= length;
  }

  function toggle(node) {
    if (!model.get("can_act") || node.getAttribute("tabindex") !== "0") return;
    if (node.closest('[data-zone="hand"]')) {
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

  board.addEventListener("click", (event) => {
    const node = event.target.closest('[tabindex="0"]');
    if (node && board.contains(node)) toggle(node);
  });
  board.addEventListener("keydown", (event) => {
    const node = event.target.closest('[tabindex="0"]');
    if (!node) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      toggle(node);
      return;
    }
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.key in moves) {
      event.preventDefault();
      const all = items();
      const at = all.indexOf(node);
      const target = all[(at + moves[event.key] + all.length) % all.length];
      target?.focus();
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
    ["change:table_html", drawTable],
    ["change:selected_card change:selected_table change:usable_cards change:usable_builds",
      drawSelection],
    ["change:actions change:can_act change:selected_card", drawActions],
    ["change:message change:rule change:message_kind", drawMessage],
    ["change:mode change:can_act change:move_box change:demo_index change:demo_length change:caption",
      drawMode],
    ["change:last_move", () => { if (model.get("message_kind") === "move") input.value = ""; }],
  ];
  for (const [events, handler] of handlers) model.on(events, handler);
  drawTable();
  drawActions();
  drawMessage();
  drawMode();
  // Ask Python to re-read the learner's settings (suit colours): this page may come from a
  // kernel that ran before the learner changed them.
  model.send({ type: "shown" });
  return () => {
    for (const [events, handler] of handlers) model.off(events, handler);
  };
}

export default { render };
