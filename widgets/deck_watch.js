// "Your review" kept current: when the page is shown (drawn, brought back to the front from
// another tab, or restored by the back button) it asks Python to read the deck again, so cards
// a game added meanwhile show without a reload. Draws nothing.
function render({ model, el }) {
  el.hidden = true;
  const ask = () => {
    // Guarded: with its kernel gone (the page says so) a send throws "Cannot send".
    try { model.send({ type: "refresh" }); } catch { /* the page's kernel is gone */ }
  };
  const shown = () => { if (document.visibilityState === "visible") ask(); };
  const restored = (event) => { if (event.persisted) ask(); };
  document.addEventListener("visibilitychange", shown);
  window.addEventListener("pageshow", restored);
  ask();
  return () => {
    document.removeEventListener("visibilitychange", shown);
    window.removeEventListener("pageshow", restored);
  };
}
export default { render };
