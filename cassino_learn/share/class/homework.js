// The teacher's homework table: for each homework, one row a learner and one column an item
// (solved on which try, tried, or not started), polled every few seconds (only when the class
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
  function poll() {
    var url = HOMEWORK_URL + '?token=' + encodeURIComponent(token) + '&since=' + table.version;
    fetch(url, {credentials: 'same-origin', cache: 'no-store'}).then(function (response) {
      if (!response.ok) { throw new Error(response.status); }
      return response.json();
    }).then(function (answer) {
      if (!answer.unchanged) { table = answer; draw(); }
    }).catch(function () { /* the summary's poll says when the server is not reached */ })
      .then(function () { setTimeout(poll, POLL_MS); });
  }
  draw();
  setTimeout(poll, POLL_MS);
})();
