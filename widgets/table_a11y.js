// The card table for a screen reader (put before table.js in the same module; no exports).
//
// The words are Python's (cassino_learn.ui.reading_box, from cassino_learn.core.spoken): this
// file only puts them where assistive technology reads them, makes a refused move's message
// assertive, and draws the reading mode's box, whose words Python answers.

// The hand's, the table's and each build's accessible name, from the model's `spoken` words.
function exposeTable(board, spoken) {
  if (!spoken || !spoken.hand) return;
  const hand = board.querySelector('[data-zone="hand"]');
  if (hand) {
    hand.setAttribute("role", "group");
    hand.setAttribute("aria-label", spoken.hand);
  }
  const table = board.querySelector('[data-zone="table"]');
  if (table) {
    table.setAttribute("role", "group");
    table.setAttribute("aria-label", spoken.table);
  }
  for (const build of board.querySelectorAll("[data-build]")) {
    const words = (spoken.builds || [])[Number(build.dataset.build)];
    if (words) build.setAttribute("aria-label", words);
  }
}

// A refused move (or words not understood) interrupts; play is told politely.
function announceKind(message, kind) {
  message.setAttribute("aria-live", kind === "error" ? "assertive" : "polite");
}

// The reading mode: a labelled text box whose commands and plain-word moves Python answers
// in the table's message (its live region).
function readingBox(model) {
  const form = document.createElement("form");
  form.className = "cl-readingbox";
  const id = `cl-reading-${Math.random().toString(36).slice(2, 10)}`;
  const label = document.createElement("label");
  label.className = "cl-reading-label";
  label.htmlFor = id;
  label.textContent = "Read or say a move";
  const input = document.createElement("input");
  Object.assign(input, { id, type: "text", className: "cl-reading-input", autocomplete: "off",
    spellcheck: false, placeholder: "hand, table, help, or: take the seven with the seven" });
  input.setAttribute("aria-describedby", `${id}-help`);
  const help = document.createElement("span");
  help.id = `${id}-help`;
  help.className = "cl-visually-hidden";
  help.textContent = "Commands: hand, table, builds, score, last, turn, help. "
    + "The answer is read in the table's messages.";
  const go = document.createElement("button");
  go.type = "submit";
  go.className = "cl-button";
  go.textContent = "Read";
  form.append(label, input, go, help);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    model.send({ type: "reading", text });
    input.value = "";
  });
  return form;
}

// The message's words, sentence by sentence: sentences it already shows stay in the page and
// only the new ones are put in, so a live region reads each sentence once ("You played …"
// is not read again when the computer's answer is added after it).
function sayInParts(message, text) {
  const sentences = text.split(/(?<=[.!?…])\s+/).filter(Boolean);
  const shown = [...message.querySelectorAll(":scope > .cl-sentence")];
  let kept = 0;
  while (kept < shown.length && kept < sentences.length
    && shown[kept].textContent === sentences[kept]) kept += 1;
  if (kept === 0) message.replaceChildren();
  else for (const node of shown.slice(kept)) { node.previousSibling?.remove(); node.remove(); }
  for (const sentence of sentences.slice(kept)) {
    if (message.childNodes.length) message.append(" ");
    const part = document.createElement("span");
    part.className = "cl-sentence";
    part.textContent = sentence;
    message.append(part);
  }
  message.setAttribute("aria-atomic", "false");
  message.setAttribute("aria-relevant", "additions text");
}
