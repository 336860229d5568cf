// A lesson's progress line. Python fills in the text; every time the badge is shown it asks
// Python for a fresh reading, so a page served from a preheated kernel is never stale.
function render({ model, el }) {
  el.classList.add("cl-progress");
  el.setAttribute("role", "status");
  const draw = () => {
    const text = model.get("text");
    el.textContent = text;
    el.hidden = !text;
  };
  model.on("change:text", draw);
  draw();
  // Guarded: with its kernel gone (the page says so) a send throws "Cannot send".
  try { model.send({ type: "refresh" }); } catch { /* the page's kernel is gone */ }
  return () => model.off("change:text", draw);
}
export default { render };
