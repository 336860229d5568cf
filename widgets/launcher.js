// A button that asks Python to build what it opens (a demonstration, the quiz, practice, a
// game), under a line saying what that is. Python then puts what it built in the button's place.
function render({ model, el }) {
  el.classList.add("cl-widget", "cl-launcher");
  const intro = document.createElement("p");
  intro.className = "cl-on-demand-intro";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cl-button";
  const draw = () => {
    intro.textContent = model.get("intro");
    intro.hidden = !model.get("intro");
    button.textContent = model.get("label");
    button.classList.toggle("cl-action", model.get("primary"));
  };
  // Guarded: with its kernel gone (the page says so) a send throws "Cannot send".
  button.addEventListener("click", () => {
    try { model.send({ type: "press" }); } catch { /* the page's kernel is gone */ }
  });
  model.on("change:intro change:label change:primary", draw);
  draw();
  el.append(intro, button);
  return () => model.off("change:intro change:label change:primary", draw);
}
export default { render };
