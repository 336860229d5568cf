// The stage runner's two panels (anywidget ES module, no build step).
//
// "top": the map of the lesson's stages with their stars, what the stage says, its task and a
// folded "Why?". "bottom": the verdict, the answer buttons, the hint and the way on. Python
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

// Stars are drawn as ★ and ☆, which a screen reader reads out as "black star, white star":
// each run of them is hidden from it, and said in words beside ("2 of 3 stars") by the CSS
// (stages.css, .cl-stage-said), so the text the page shows and copies stays the glyphs.
function starWords(run, after) {
  const full = [...run].filter((c) => c === "★").length;
  if (run === "★" && /^\s*\d/.test(after)) return "Stars:";  // "★ 12 of 27": a sign
  if (full === run.length) return full === 1 ? "1 star" : `${full} stars`;
  return `${full} of ${run.length} stars`;
}

function setWithStarWords(node, text) {
  node.textContent = "";
  const parts = text.split(/([★☆]+)/);
  parts.forEach((part, index) => {
    if (!/^[★☆]+$/.test(part)) {
      if (part) node.append(part);
      return;
    }
    node.append(el("span", { "aria-hidden": "true" }, part),
      el("span", { class: "cl-stage-said", "data-said": starWords(part, parts[index + 1] || "") }));
  });
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
      // Done three ways: solved (its stars), seen (the answer was shown: no star) or, for a
      // demonstration, watched (a tick: demonstrations are not starred).
      const state = !dot.solved ? "" : dot.starred === false ? "watched"
        : dot.seen ? "seen" : "solved";
      const said = { solved: `, solved, ${dot.stars} stars`, seen: ", seen: the answer was shown",
        watched: ", demonstration watched", "": "" }[state];
      const go = button(String(dot.n), {
        class: "cl-stage-dot", "data-stage": String(dot.n),
        "data-solved": String(dot.solved), "data-stars": String(dot.stars),
        "data-state": state || "open",
        "aria-current": dot.current ? "step" : "false",
        "aria-label": `stage ${dot.n}${said}`,
      });
      const mark = { solved: starText(dot.stars), seen: "seen", watched: "✓", "": "" }[state];
      if (mark) go.append(el("span", { class: "cl-stage-dot-stars" }, mark));
      go.addEventListener("click", () => model.send({ type: "goto", n: dot.n }));
      item.append(go);
      map.append(item);
    }
    setWithStarWords(total, model.get("stars"));
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
  const showButton = button("Show me", { class: "cl-stage-button cl-stage-show-button",
    title: "Show the answer (the stage then earns no star)" });
  const hint = el("p", { class: "cl-stage-hint" });
  const next = button("Next stage ▶", { class: "cl-stage-button cl-stage-next" });
  const bar = el("span", { class: "cl-stage-countdown" });
  next.append(bar);
  // WCAG 2.2.1: the countdown to the next stage is a time limit the learner can turn off
  // (the setting is kept in the progress file: Python saves it).
  const goOn = el("label", { class: "cl-stage-go-on" });
  const goOnBox = el("input", { type: "checkbox", class: "cl-stage-go-on-box" });
  goOn.append(goOnBox, document.createTextNode(" Next stage by itself"));
  goOnBox.addEventListener("change", () => {
    if (!goOnBox.checked) { clearTimeout(timer); bar.classList.remove("cl-stage-running"); }
    model.send({ type: "go_on", on: goOnBox.checked });
  });
  tools.append(next, goOn, hintButton, showButton);
  // The verdict right under the table (or the cards to count), where the eye is after a try,
  // then one row for every control (answers, "That's all", Next, Hint, Show me): the verdict is
  // never pushed under the buttons, and the page brings it into view (`showVerdict`).
  const row = el("div", { class: "cl-stage-row" });
  row.append(choices, found, tools);
  const complete = el("div", { class: "cl-stage-complete", role: "status" });
  root.append(exhibit, verdict, row, hint, complete);
  let timer = null;
  const picked = {};
  const stopScroll = scrollStageIntoView(root, model);

  hintButton.addEventListener("click", () => model.send({ type: "hint", stage: model.get("stage_index") }));
  showButton.addEventListener("click", () => model.send({ type: "show", stage: model.get("stage_index") }));
  next.addEventListener("click", () => {
    clearTimeout(timer);
    model.send({ type: "next", from: model.get("stage_index") });
  });

  function drawChoices() {
    choices.replaceChildren();
    const sides = model.get("sides");
    if (sides.length) {
      for (const side of sides) {
        const line = el("div", { class: "cl-stage-side", "data-side": String(side) });
        line.append(el("span", { class: "cl-stage-side-name" }, `Side ${side}:`));
        const top = 12;  // a side's points in a round: 11 plus sweeps
        for (let n = 0; n <= top; n++) {
          const pick = button(String(n), {
            class: "cl-stage-button cl-stage-number", "data-value": String(n),
            "aria-pressed": String(picked[side] === n),
          });
          // Marked in place, not redrawn: the pressed button keeps the keyboard's focus.
          pick.addEventListener("click", () => { picked[side] = n; markPicked(); });
          line.append(pick);
        }
        choices.append(line);
      }
      const check = button("Check", { class: "cl-stage-button cl-stage-check" });
      check.disabled = !sides.every((side) => picked[side] !== undefined);
      function markPicked() {
        for (const pick of choices.querySelectorAll(".cl-stage-number")) {
          const side = Number(pick.closest("[data-side]").dataset.side);
          pick.setAttribute("aria-pressed", String(picked[side] === Number(pick.dataset.value)));
        }
        check.disabled = !sides.every((side) => picked[side] !== undefined);
      }
      check.addEventListener("click", () => model.send({ type: "answer", value: { ...picked }, stage: model.get("stage_index") }));
      choices.append(check);
      choices.hidden = false;
      return;
    }
    for (const value of model.get("choices")) {
      const choice = button(value, { class: "cl-stage-button cl-stage-choice", "data-value": value });
      choice.addEventListener("click", () => model.send({ type: "answer", value, stage: model.get("stage_index") }));
      choices.append(choice);
    }
    choices.hidden = !choices.children.length;
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
    done.addEventListener("click", () => model.send({ type: "check", stage: model.get("stage_index") }));
    found.append(el("span", { class: "cl-stage-found-title" },
      model.get("answers").length ? "Your captures:" : "No captures added yet."), list, done);
  }

  function drawVerdict() {
    const rule = model.get("rule");
    setWithStarWords(verdict, model.get("verdict") + (rule ? ` (rule ${rule})` : ""));
    verdict.dataset.kind = model.get("verdict_kind");
    verdict.hidden = !model.get("verdict");
    if (!verdict.hidden) showVerdict(verdict);
  }

  function drawTools() {
    exhibit.innerHTML = model.get("exhibit");
    exhibit.hidden = !model.get("exhibit");
    hintButton.hidden = !model.get("can_hint") || model.get("hint_shown");
    showButton.hidden = !model.get("can_show");
    hint.innerHTML = model.get("hint");
    hint.hidden = !model.get("hint_shown") || !model.get("hint");
    complete.innerHTML = model.get("complete");
    complete.hidden = !model.get("complete");
    const armed = model.get("next_armed");
    next.hidden = !armed;
    goOnBox.checked = model.get("go_on");
    clearTimeout(timer);
    bar.classList.remove("cl-stage-running");
    if (armed && model.get("next_auto") && model.get("go_on")) {
      const from = model.get("stage_index");
      const delay = model.get("delay_ms");
      bar.style.animationDuration = `${delay}ms`;
      void bar.offsetWidth;  // restart the countdown animation
      bar.classList.add("cl-stage-running");
      timer = setTimeout(() => {
        if (model.get("next_armed") && model.get("stage_index") === from) {
          // Guarded: a learner who leaves during the countdown takes the kernel's connection
          // with them before the old page is gone, and the send would throw "Cannot send".
          try { model.send({ type: "next", from }); } catch { /* the page is leaving */ }
        }
      }, delay);
    }
  }

  // A new stage: the control that had the keyboard's focus (Next, an answer, a card of the
  // table) is hidden or redrawn, and the focus would fall to the top of the page, where a
  // screen reader says nothing of the new stage. If the focus was in the stage, it goes to
  // the new stage's task instead, which a screen reader then reads.
  const runner = () => root.closest(".cl-stage-runner") || root.parentElement;
  let focusHere = false;
  const noteFocus = (event) => { focusHere = !!runner()?.contains(event.target); };
  document.addEventListener("focusin", noteFocus);
  let watching = null;
  function keepFocusInStage() {
    clearTimeout(watching);
    if (!focusHere) return;
    let checks = 0;
    const look = () => {
      const active = document.activeElement;
      const task = runner()?.querySelector(".cl-stage-task:not([hidden])");
      if (task && (!active || active === document.body)) {
        task.tabIndex = -1;
        task.focus({ preventScroll: true });  // the stage is scrolled into view on its own
      } else if (++checks < 20) {
        watching = setTimeout(look, 50);  // the stage's table comes in its own message
      }
    };
    watching = setTimeout(look, 0);
  }

  const handlers = [
    [["stage_index"], keepFocusInStage],
    [["choices", "sides", "stage_index"], () => { for (const key of Object.keys(picked)) delete picked[key]; drawChoices(); }],
    [["answers", "collecting"], drawFound],
    [["verdict", "verdict_kind", "rule"], drawVerdict],
    [["exhibit", "hint", "hint_shown", "can_hint", "can_show", "complete", "next_armed",
      "next_auto", "go_on", "delay_ms"], drawTools],
  ];
  for (const [names, draw] of handlers) for (const name of names) model.on(`change:${name}`, draw);
  drawChoices(); drawFound(); drawVerdict(); drawTools();
  return () => {
    clearTimeout(timer);
    clearTimeout(watching);
    document.removeEventListener("focusin", noteFocus);
    stopScroll();
    for (const [names, draw] of handlers) for (const name of names) model.off(`change:${name}`, draw);
  };
}

// After a try, the verdict must be on screen: once the page has laid it out (the table may be
// redrawn in the same breath), it is scrolled just into view if any of it is outside the window
// or the notebook's scrolling panel. Nothing moves when it is in view already.
function outOfView(node) {
  const box = node.getBoundingClientRect();
  const parent = scrollingParent(node);
  const view = parent ? parent.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
  return box.top < Math.max(view.top, 0) || box.bottom > Math.min(view.bottom, window.innerHeight);
}

function showVerdict(node) {
  let frames = 0;
  const look = () => {
    if (!node.isConnected || node.hidden) return;
    if (outOfView(node)) node.scrollIntoView({ block: "nearest", inline: "nearest" });
    if (++frames < 3) requestAnimationFrame(look);  // again once the table has settled
  };
  requestAnimationFrame(look);
}

// When a stage opens, scroll the page (or the notebook panel) just enough that the stage's
// controls are on screen, but never past the stage map: at 1280x900 the answer buttons would
// otherwise sit under the bottom edge, below the table. The table is drawn by its own widget,
// possibly after this panel, so the runner is watched for size changes for a short while.
// A learner who scrolls, clicks or types meanwhile is left where they are.
const SETTLE_MS = 10000;
const VERDICT_ROOM = 56;  // px: a one-line verdict under the controls

function scrollingParent(node) {
  for (let at = node.parentElement; at; at = at.parentElement) {
    const style = getComputedStyle(at);
    if (/(auto|scroll)/.test(style.overflowY) && at.scrollHeight > at.clientHeight) return at;
  }
  return null;  // the window scrolls
}

function scrollStageIntoView(root, model) {
  if (typeof ResizeObserver === "undefined") return () => {};
  let until = 0;
  let reserve = 12;  // px kept under the controls; a verdict line's room once the learner acts
  let runner = null;  // the panel may be drawn before it is in the page: found when it is
  const attach = () => {
    if (!runner && (runner = root.closest(".cl-stage-runner"))) watch.observe(runner);
    return runner;
  };
  const fit = () => {
    if (performance.now() > until || !attach()) return;
    const box = scrollingParent(runner);
    const view = box ? box.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    const top = (runner.querySelector(".cl-stage-top") || runner).getBoundingClientRect().top;
    // the controls, the verdict and the hint; room for a verdict line before there is one
    const parts = [".cl-stage-row", ".cl-stage-verdict", ".cl-stage-hint"]
      .map((name) => root.querySelector(name)).filter((node) => node && !node.hidden);
    const bottom = Math.max(...parts.map((node) => node.getBoundingClientRect().bottom));
    const shownVerdict = parts.find((node) => node.classList.contains("cl-stage-verdict"));
    const below = bottom + (shownVerdict ? 12 : reserve) - view.bottom;  // under the edge
    // how far the stage map can go up, and never the verdict past the top edge
    const room = Math.min(top - view.top - 4, shownVerdict
      ? shownVerdict.getBoundingClientRect().top - Math.max(view.top, 0) : Infinity);
    if (below > 0 && room > 0) (box || window).scrollBy(0, Math.min(below, room));
  };
  const watch = new ResizeObserver(fit);
  watch.observe(root);
  const poll = () => {
    if (performance.now() > until) return;
    if (attach()) fit(); else requestAnimationFrame(poll);
  };
  const opened = () => { until = performance.now() + SETTLE_MS; requestAnimationFrame(poll); };
  const changes = ["stage_index", "verdict", "hint_shown"];  // a new stage, an answer, a hint
  const acted = () => { reserve = VERDICT_ROOM; opened(); };
  for (const name of changes) model.on(`change:${name}`, acted);
  // On arrival only the controls need to be in sight: the page is not pushed past the lesson's
  // title to make room for a verdict nobody has asked for yet.
  opened();
  // Scrolling means "leave me here"; so does a click or a key outside the stages (one inside
  // them is what opens the next stage).
  const leave = (event) => {
    const scrolled = event.type === "wheel" || event.type === "touchmove";
    const inside = event.target instanceof Node && (runner || root).contains(event.target);
    if (scrolled || !inside) until = 0;
  };
  const events = ["wheel", "touchmove", "keydown", "mousedown"];
  for (const name of events) window.addEventListener(name, leave, { passive: true, capture: true });
  return () => {
    watch.disconnect();
    for (const name of changes) model.off(`change:${name}`, acted);
    for (const name of events) window.removeEventListener(name, leave, { capture: true });
  };
}

function render({ model, el: root }) {
  const part = model.get("part");
  root.classList.add("cl-stage", `cl-stage-${part}`);
  return part === "top" ? renderTop(model, root) : renderBottom(model, root);
}

export default { render };
