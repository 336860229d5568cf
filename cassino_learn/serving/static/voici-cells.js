/* cassino-learn: cells sent at once (voici_cells.py) */
const sent = [];
for (let e = 0; e < ${count}; e++) {
  const ${cell} = ${source}.cells.get(e);
  if ("code" !== ${cell}.type) continue;
  ${send};
  sent.push([e, p]);
}
for (const [e, p] of sent) {
  window.update_loading_text(e + 1, ${count}, null);
  await p.future.done;
  ${place}}
}
