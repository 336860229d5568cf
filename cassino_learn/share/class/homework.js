// The teacher's homework table: for each homework, one row a learner and one column an item
// (solved on which try, tried, or not started); the class's common mistakes with a button
// that sets them as homework; the learners' decks. Polled every few seconds (only when the class
// changed: ?since=V). Names reach the page by textContent. HOMEWORK_URL and POLL_MS are set
// by the page before this script.
(function () {
  var token = new URLSearchParams(location.search).get('token') || '';
  var table = JSON.parse(document.getElementById('cc-homework-data').textContent);

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    if (cls) { node.className = cls; }
    return node;
  }
  function cellWords(cell) {
    if (!cell || cell.state === 'not started') { return ['not started', 'cc-hw-none']; }
    if (cell.state === 'solved') { return ['✔ try ' + cell.solved_on, 'cc-hw-solved']; }
    return [cell.tries === 1 ? 'tried once' : 'tried ' + cell.tries + '×', 'cc-hw-tried'];
  }
  function short(item) {
    return item.kind === 'stage' ? item.lesson_title + ' ' + item.number : item.label;
  }
  function draw() {
    var box = document.getElementById('cc-homework-tables');
    box.replaceChildren();
    if (!table.homework.length) {
      box.appendChild(el('p', 'No homework set yet.', 'cc-empty'));
      return;
    }
    table.homework.forEach(function (work) {
      var wrap = el('div', null, 'cc-hw-one');
      var title = el('h3', null);
      title.appendChild(el('span', work.title, 'cc-hw-name'));
      title.appendChild(el('span', ' · due ' + work.due, 'cc-note'));
      wrap.appendChild(title);
      var scroller = el('div', null, 'cc-table-wrap');
      var t = el('table', null, 'cc-table cc-hw-table');
      t.setAttribute('data-homework', work.id);
      var head = el('tr');
      head.appendChild(el('th', 'Name'));
      work.items.forEach(function (item) {
        var th = el('th', short(item));
        th.title = item.label;
        head.appendChild(th);
      });
      head.appendChild(el('th', 'Done', 'cc-num'));
      t.appendChild(el('thead')).appendChild(head);
      var body = el('tbody');
      if (!table.learners.length) {
        var td = el('td', 'Nobody has joined yet.', 'cc-empty');
        td.colSpan = work.items.length + 2;
        body.appendChild(el('tr')).appendChild(td);
      }
      table.learners.slice().sort(function (a, b) {
        return a.name.toLocaleLowerCase().localeCompare(b.name.toLocaleLowerCase());
      }).forEach(function (learner) {
        var tr = el('tr', null, 'cc-hw-learner');
        tr.appendChild(el('td', learner.name, 'cc-name'));
        var cells = learner.results[String(work.id)] || {};
        var done = 0;
        work.items.forEach(function (item) {
          var said = cellWords(cells[item.key]);
          if (said[1] === 'cc-hw-solved') { done += 1; }
          var td = el('td', said[0], said[1]);
          td.setAttribute('data-item', item.key);
          tr.appendChild(td);
        });
        tr.appendChild(el('td', done + ' of ' + work.items.length, 'cc-num'));
        body.appendChild(tr);
      });
      t.appendChild(body);
      scroller.appendChild(t);
      wrap.appendChild(scroller);
      box.appendChild(wrap);
    });
  }
  function hidden(name, value) {
    var input = el('input');
    input.type = 'hidden'; input.name = name; input.value = value;
    return input;
  }
  // The class's common mistakes (the stages and game positions most learners have in their
  // decks), set as homework in one click: the same form as "Set homework", filled in.
  function drawCommon() {
    var box = document.getElementById('cc-common');
    box.replaceChildren();
    var common = table.common_mistakes || [];
    if (!common.length) { return; }
    box.appendChild(el('h3', 'The class\'s common mistakes'));
    box.appendChild(el('p', 'The stages and the positions from games most learners have in ' +
                        'their review decks (missed at the first try, or a move the review ' +
                        'marked, and not learnt yet).', 'cc-note'));
    var list = el('ul', null, 'cc-common-list');
    common.forEach(function (c) {
      var li;
      if (c.kind === 'position') {  // the position in the notation, as text
        li = el('li', 'A position from their games (' + c.learners + ' learners): ');
        li.appendChild(el('code', c.position, 'cc-common-position'));
      } else {
        li = el('li', c.lesson_title + ', stage ' + c.number + ': ' + c.learners + ' learners');
      }
      li.setAttribute('data-kind', c.kind || 'stage');
      list.appendChild(li);
    });
    box.appendChild(list);
    var form = el('form', null, 'cc-common-form');
    form.method = 'post'; form.action = box.dataset.action;
    var due = new Date(box.dataset.today + 'T12:00:00Z');
    due.setUTCDate(due.getUTCDate() + 7);
    form.appendChild(hidden('_xsrf', box.dataset.xsrf));
    form.appendChild(hidden('token', token));
    form.appendChild(hidden('title', 'Common mistakes, ' + box.dataset.today));
    form.appendChild(hidden('due', due.toISOString().slice(0, 10)));
    var positions = [];
    common.forEach(function (c) {
      if (c.kind === 'position') { positions.push(c.value); }
      else { form.appendChild(hidden('stages', c.value)); }
    });
    // the positions as the form's box takes them: one after another, a blank line between
    if (positions.length) { form.appendChild(hidden('positions', positions.join('\n\n'))); }
    var button = el('button', 'Set these as homework (due in a week)', 'cc-button cc-primary');
    button.type = 'submit'; button.id = 'cc-common-set';
    form.appendChild(button);
    box.appendChild(form);
  }
  function drawDecks() {
    var body = document.querySelector('#cc-decks tbody');
    body.replaceChildren();
    var rows = (table.decks || []).slice().sort(function (a, b) {
      return a.name.toLocaleLowerCase().localeCompare(b.name.toLocaleLowerCase());
    });
    if (!rows.length) {
      var td = el('td', 'Nobody has joined yet.', 'cc-empty'); td.colSpan = 5;
      body.appendChild(el('tr')).appendChild(td);
    }
    rows.forEach(function (r) {
      var tr = el('tr', null, 'cc-deck-learner');
      tr.appendChild(el('td', r.name, 'cc-name'));
      [r.cards, r.due, r.learnt, r.failed_week].forEach(function (n) {
        tr.appendChild(el('td', n, 'cc-num'));
      });
      body.appendChild(tr);
    });
    var rules = document.querySelector('#cc-deck-rules tbody');
    rules.replaceChildren();
    if (!(table.deck_rules || []).length) {
      var none = el('td', 'No cards yet.', 'cc-empty'); none.colSpan = 3;
      rules.appendChild(el('tr')).appendChild(none);
    }
    (table.deck_rules || []).forEach(function (r) {
      var tr = el('tr');
      tr.appendChild(el('td', r.name || r.rule));
      tr.appendChild(el('td', r.cards, 'cc-num'));
      tr.appendChild(el('td', r.learners, 'cc-num'));
      rules.appendChild(tr);
    });
  }
  function poll() {
    var url = HOMEWORK_URL + '?token=' + encodeURIComponent(token) + '&since=' + table.version;
    fetch(url, {credentials: 'same-origin', cache: 'no-store'}).then(function (response) {
      if (!response.ok) { throw new Error(response.status); }
      return response.json();
    }).then(function (answer) {
      if (!answer.unchanged) { table = answer; drawAll(); }
    }).catch(function () { /* the summary's poll says when the server is not reached */ })
      .then(function () { setTimeout(poll, POLL_MS); });
  }
  function drawAll() { draw(); drawCommon(); drawDecks(); }
  drawAll();
  setTimeout(poll, POLL_MS);
})();
