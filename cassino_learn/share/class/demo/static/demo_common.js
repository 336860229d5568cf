// What the teacher's page and the learners' follow view share: requests, and drawing the
// revealed moves. Names and anything a learner typed go in as text, never as markup; the
// cards come drawn by the server (the rules core's SVG cards).
"use strict";
window.CassinoDemo = (function () {
  function cookie(name) {
    const found = document.cookie.split("; ").find((c) => c.startsWith(name + "="));
    return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
  }

  async function request(url, options) {
    let response;
    try {
      response = await fetch(url, Object.assign({ credentials: "same-origin", cache: "no-store" }, options || {}));
    } catch (err) {
      return { ok: false, status: 0, data: { error: "The server cannot be reached: check the network and try again." } };
    }
    let data = {};
    try { data = await response.json(); } catch (err) { data = { error: "The server's answer could not be read." }; }
    return { ok: response.ok, status: response.status, data: data };
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  // "Last move:" and its cards (drawn by the server from the core's move), or nothing.
  function drawLastMove(box, state) {
    box.replaceChildren();
    if (!state.last_move) return;
    box.appendChild(el("span", "cd-last-label", "Last move: "));
    const cards = el("span", "cd-last-cards");
    cards.innerHTML = state.last_move_html || "";
    box.appendChild(cards);
  }

  function signed(value) {
    const shown = Math.round(value * 10) / 10;
    if (shown === 0) return "0.0";
    return (shown > 0 ? "+" : "\u2212") + Math.abs(shown).toFixed(1);
  }

  // One revealed move as a list item: its cards, how many chose it, the expert's value, the
  // reason; `names` (the teacher's view only) who chose it.
  function revealItem(entry, best, withNames) {
    const item = el("li", "cd-choice" + (entry.move === best ? " cd-best" : ""));
    item.dataset.move = entry.move;
    const cards = el("div", "cd-choice-cards");
    cards.innerHTML = entry.html || "";  // drawn by the server from a move the core judged legal
    item.appendChild(cards);
    const text = el("div", "cd-choice-text");
    const head = el("p", "cd-choice-head");
    const count = el("strong", "cd-count", entry.count === 1 ? "1 chose it" : entry.count + " chose it");
    if (entry.count === 0) count.textContent = "the expert's choice, chosen by nobody";
    head.appendChild(count);
    head.appendChild(document.createTextNode(" · "));
    head.appendChild(el("span", "cd-value", "the round likely ends " + entry.ahead));
    head.appendChild(document.createTextNode(" "));
    if (entry.move === best) head.appendChild(el("span", "cd-tag cd-tag-best", "best"));
    else if (entry.mark) head.appendChild(el("span", "cd-tag cd-tag-" + entry.mark, entry.mark));
    text.appendChild(head);
    text.appendChild(el("p", "cd-reason", entry.reason));
    if (withNames && entry.names && entry.names.length) {
      const who = el("p", "cd-who");
      who.appendChild(el("span", "cd-who-label", "Chosen by: "));
      entry.names.forEach(function (name, i) {
        if (i) who.appendChild(document.createTextNode(", "));
        who.appendChild(el("span", "cd-name", name || "(no name)"));
      });
      text.appendChild(who);
    }
    item.appendChild(text);
    return item;
  }

  return { cookie: cookie, request: request, el: el, signed: signed, revealItem: revealItem,
           drawLastMove: drawLastMove };
})();
