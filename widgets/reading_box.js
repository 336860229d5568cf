// The reading mode's box drawn apart from its card table (put after table_a11y.js, whose
// readingBox it draws): on a lesson's stage the box sits under the stage's verdict, so the
// verdict stays right under the table. Python (cassino_learn.ui.reading_box.ReadingBox) passes
// what is typed to the table, whose message (its live region) answers.

function render({ model, el }) {
  const wrap = document.createElement("div");
  wrap.className = "cl-widget cl-reading-apart";
  wrap.append(readingBox(model)); // table_a11y.js
  const sync = () => { wrap.hidden = !model.get("active"); };
  model.on("change:active", sync);
  sync();
  el.append(wrap);
  return () => model.off("change:active", sync);
}

export default { render };
