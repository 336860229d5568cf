// The stage runner's two panels (anywidget ES module, no build step).
//
// "top": the map of the lesson's stages with their stars, what the stage says, its task and a
// folded "Why?". "bottom": the answer buttons, the verdict, the hint and the way on. Python
// judges every answer; this module only draws the state and reports clicks.

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function button(label, attrs = {}) {
  return el("button", { type: "button", class: "cl-stage-button", ...attrs }, label);
}

function starText(stars) {
  return "★".repeat(stars) + "☆".repeat(3 - stars);
}

function renderTop(model, root) {
  const map = el("ol", { class: "cl-stage-map", "aria-label": "stages of this lesson" });
  const total = el("div", { class: "cl-stage-total", role: "status" });
  const say = el("p", { class: "cl-stage-say" });
  const task = el("p", { class: "cl-stage-task" });
  const why = el("details", { class: "cl-stage-why" });
  const whyBody = el("div");
  why.append(el("summary", {}, "Why?"), whyBody);
  const head = el("div", { class: "cl-stage-head" });
  head.append(map, total);
  root.append(head, say, task, why);

  function draw() {
    map.replaceChildren();
    for (const dot of model.get("dots")) {
      const item = el("li");
      const go = button(String(dot.n), {
        class: "cl-stage-dot", "data-stage": String(dot.n),
        "data-solved": String(dot.solved), "data-stars": String(dot.stars),
        "aria-current": dot.current ? "step" : "false",
        "aria-label": `stage ${dot.n}${dot.solved ? `, solved, ${dot.stars} stars` : ""}`,
      });
      if (dot.solved) go.append(el("span", { class: "cl-stage-dot-stars" }, starText(dot.stars)));
      go.addEventListener("click", () => model.send({ type: "goto", n: dot.n }));
      item.append(go);
      map.append(item);
    }
    total.textContent = model.get("stars");
    say.innerHTML = model.get("say");
    say.hidden = !model.get("say");
    task.textContent = model.get("task");
    task.hidden = !model.get("task");
    whyBody.innerHTML = model.get("why");
    why.hidden = !model.get("why");
  }
  const names = ["dots", "stars", "say", "task", "why"];
  for (const name of names) model.on(`change:${name}`, draw);
  draw();
  // Guarded: with its kernel gone (the page says so) a send throws "Cannot send".
  try { model.send({ type: "shown" }); } catch { /* the page's kernel is gone */ }
  return () => names.forEach((name) => model.off(`change:${name}`, draw));
}

function renderBottom(model, root) {
  const exhibit = el("div", { class: "cl-stage-exhibit" });
  const choices = el("div", { class: "cl-stage-choices", role: "group", "aria-label": "answers" });
  const found = el("div", { class: "cl-stage-found" });
  const verdict = el("div", { class: "cl-stage-verdict", role: "status", "aria-live": "polite" });
  const tools = el("div", { class: "cl-stage-tools" });
  const hintButton = button("Hint", { class: "cl-stage-button cl-stage-hint-button" });
  const hint = el("p", { class: "cl-stage-hint" });
  const next = button("Next stage ▶", { class: "cl-stage-button cl-stage-next" });
  const bar = el("span", { class: "cl-stage-countdown" });
  next.append(bar);
  tools.append(next, hintButton);
  const complete = el("div", { class: "cl-stage-complete", role: "status" });
  root.append(exhibit, choices, found, verdict, tools, hint, complete);
  let timer = null;
  const picked = {};

  hintButton.addEventListener("click", () => model.send({ type: "hint" }));
  next.addEventListener("click", () => {
    clearTimeout(timer);
    model.send({ type: "next", from: model.get("stage_index") });
  });

  function drawChoices() {
    choices.replaceChildren();
    const sides = model.get("sides");
    if (sides.length) {
      for (const side of sides) {
        const row = el("div", { class: "cl-stage-side", "data-side": String(side) });
        row.append(el("span", { class: "cl-stage-side-name" }, `Side ${side}:`));
        const top = 12;  // a side's points in a round: 11 plus sweeps
        for (let n = 0; n <= top; n++) {
          const pick = button(String(n), {
            class: "cl-stage-button cl-stage-number", "data-value": String(n),
            "aria-pressed": String(picked[side] === n),
          });
          pick.addEventListener("click", () => { picked[side] = n; drawChoices(); });
          row.append(pick);
        }
        choices.append(row);
      }
      const check = button("Check", { class: "cl-stage-button cl-stage-check" });
      check.disabled = !sides.every((side) => picked[side] !== undefined);
      check.addEventListener("click", () => model.send({ type: "answer", value: { ...picked } }));
      choices.append(check);
      return;
    }
    for (const value of model.get("choices")) {
      const choice = button(value, { class: "cl-stage-button cl-stage-choice", "data-value": value });
      choice.addEventListener("click", () => model.send({ type: "answer", value }));
      choices.append(choice);
    }
  }

  function drawFound() {
    found.replaceChildren();
    found.hidden = !model.get("collecting");
    if (found.hidden) return;
    const list = el("ul", { class: "cl-stage-answers", "aria-label": "your captures" });
    model.get("answers").forEach((text, index) => {
      const item = el("li", {}, text + " ");
      const remove = button("✕", { class: "cl-stage-remove", "aria-label": `remove ${text}` });
      remove.addEventListener("click", () => model.send({ type: "remove", index }));
      item.append(remove);
      list.append(item);
    });
    const done = button("That's all", { class: "cl-stage-button cl-stage-check" });
    done.addEventListener("click", () => model.send({ type: "check" }));
    found.append(el("span", { class: "cl-stage-found-title" },
      model.get("answers").length ? "Your captures:" : "No captures added yet."), list, done);
  }

  function drawVerdict() {
    const rule = model.get("rule");
    verdict.textContent = model.get("verdict") + (rule ? ` (rule ${rule})` : "");
    verdict.dataset.kind = model.get("verdict_kind");
    verdict.hidden = !model.get("verdict");
  }

  function drawTools() {
    exhibit.innerHTML = model.get("exhibit");
    exhibit.hidden = !model.get("exhibit");
    hintButton.hidden = !model.get("can_hint") || model.get("hint_shown");
    hint.innerHTML = model.get("hint");
    hint.hidden = !model.get("hint_shown") || !model.get("hint");
    complete.innerHTML = model.get("complete");
    complete.hidden = !model.get("complete");
    const armed = model.get("next_armed");
    next.hidden = !armed;
    clearTimeout(timer);
    bar.classList.remove("cl-stage-running");
    if (armed) {
      const from = model.get("stage_index");
      const delay = model.get("delay_ms");
      bar.style.animationDuration = `${delay}ms`;
      void bar.offsetWidth;  // restart the countdown animation
      bar.classList.add("cl-stage-running");
      timer = setTimeout(() => {
        if (model.get("next_armed") && model.get("stage_index") === from) {
          model.send({ type: "next", from });
        }
      }, delay);
    }
  }

  const handlers = [
    [["choices", "sides"], () => { for (const key of Object.keys(picked)) delete picked[key]; drawChoices(); }],
    [["answers", "collecting"], drawFound],
    [["verdict", "verdict_kind", "rule"], drawVerdict],
    [["exhibit", "hint", "hint_shown", "can_hint", "complete", "next_armed", "delay_ms"], drawTools],
  ];
  for (const [names, draw] of handlers) for (const name of names) model.on(`change:${name}`, draw);
  drawChoices(); drawFound(); drawVerdict(); drawTools();
  return () => {
    clearTimeout(timer);
    for (const [names, draw] of handlers) for (const name of names) model.off(`change:${name}`, draw);
  };
}

function render({ model, el: root }) {
  const part = model.get("part");
  root.classList.add("cl-stage", `cl-stage-${part}`);
  return part === "top" ? renderTop(model, root) : renderBottom(model, root);
}

export default { render };
