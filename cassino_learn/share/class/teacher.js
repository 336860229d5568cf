// The teacher's page: the learners' table, sortable, and what the class finds hard, polled
// every few seconds for what changed since. Every learner's text reaches the page by textContent: a name is shown as
// typed, never run. POLL_MS and SUMMARY_URL are set by the page before this script.
(function () {
  var token = new URLSearchParams(location.search).get('token') || '';
  var data = JSON.parse(document.getElementById('cc-data').textContent);
  var sortKey = 'name', sortDown = false;

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    if (cls) { node.className = cls; }
    return node;
  }
  function ago(seconds) {
    if (seconds === null || seconds === undefined) { return 'not yet'; }
    if (seconds < 10) { return 'just now'; }
    if (seconds < 90) { return Math.round(seconds) + ' s ago'; }
    if (seconds < 5400) { return Math.round(seconds / 60) + ' min ago'; }
    return Math.round(seconds / 3600) + ' h ago';
  }
  // Stars the server judged; beside them, how many stages the page says are solved that the
  // server could not check (no answer came with them): never shown as stars.
  function starCell(stars, unchecked, total) {
    var td = el('td', stars, 'cc-num cc-stars');
    if (unchecked) {
      var note = el('span', total ? unchecked + ' unchecked' : '+' + unchecked + '?',
                    'cc-unchecked' + (total ? ' cc-unchecked-total' : ''));
      note.title = unchecked + (unchecked === 1 ? ' stage' : ' stages') + ' the page says ' +
        (unchecked === 1 ? 'is' : 'are') + ' solved, with no answer the server could check: ' +
        'not counted as stars';
      td.appendChild(note);
    }
    return td;
  }
  function now(row) {
    if (!row.lesson_title_now) { return '—'; }
    return row.lesson_title_now + (row.stage_number_now ? ', stage ' + row.stage_number_now : '');
  }
  var columns = function () {
    var cols = [
      {key: 'name', title: 'Name', value: function (r) { return r.name.toLocaleLowerCase(); },
       cell: function (r) { return el('td', r.name, 'cc-name'); }},
      {key: 'seen', title: 'Last seen', value: function (r) {
         return r.seconds_since_seen === null ? Infinity : r.seconds_since_seen; },
       cell: function (r) { var td = el('td', ago(r.seconds_since_seen));
         if (r.last_seen) { td.title = r.last_seen; } return td; }},
      {key: 'done', title: 'Lessons done', num: true, value: function (r) { return r.lessons_done; },
       cell: function (r) { return el('td', r.lessons_done, 'cc-num'); }},
      {key: 'stars', title: 'Stars', num: true, value: function (r) { return r.stars_total; },
       cell: function (r) { return starCell('★ ' + r.stars_total, r.unchecked_total, true); }}];
    data.lessons.forEach(function (lesson, i) {
      cols.push({key: 'lesson:' + lesson.lesson, title: String(i + 1), hint: lesson.title +
                 ' (of ' + lesson.stars + ' stars)', num: true,
                 value: function (r) { return r.stars[lesson.lesson] || 0; },
                 cell: function (r) {
                   return starCell(r.stars[lesson.lesson] || 0,
                                   (r.unchecked || {})[lesson.lesson] || 0); }});
    });
    cols.push({key: 'now', title: 'On now', value: function (r) { return now(r); },
               cell: function (r) { return el('td', now(r)); }});
    return cols;
  };
  function compare(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  function drawLearners() {
    var table = document.getElementById('cc-learners');
    var cols = columns();
    var head = el('tr');
    cols.forEach(function (col) {
      var th = el('th', null, col.num ? 'cc-num' : '');
      var button = el('button', col.title);
      button.type = 'button';
      if (col.hint) { th.title = col.hint; button.setAttribute('aria-label', col.hint); }
      button.addEventListener('click', function () {
        if (sortKey === col.key) { sortDown = !sortDown; } else { sortKey = col.key; sortDown = false; }
        drawLearners();
      });
      if (sortKey === col.key) { th.setAttribute('aria-sort', sortDown ? 'descending' : 'ascending'); }
      th.appendChild(button);
      head.appendChild(th);
    });
    table.tHead.replaceChildren(head);
    var col = cols.filter(function (c) { return c.key === sortKey; })[0] || cols[0];
    var rows = data.learners.map(function (r, i) { return [r, i]; });
    rows.sort(function (x, y) {
      var order = compare(col.value(x[0]), col.value(y[0])) || compare(x[1], y[1]);
      return sortDown ? -order : order;
    });
    var body = table.tBodies[0];
    body.replaceChildren();
    if (!rows.length) {
      var empty = el('td', 'Nobody has joined yet. Learners open the class address and give a name.', 'cc-empty');
      empty.colSpan = cols.length;
      body.appendChild(el('tr')).appendChild(empty);
    }
    rows.forEach(function (pair) {
      var tr = el('tr');
      tr.className = 'cc-learner';
      cols.forEach(function (c) { tr.appendChild(c.cell(pair[0])); });
      body.appendChild(tr);
    });
    document.getElementById('cc-learners-title').textContent =
      'Learners (' + data.learners.length + ')';
  }
  function drawStages() {
    var body = document.querySelector('#cc-stages tbody');
    body.replaceChildren();
    var tried = data.stages.filter(function (s) { return s.tried > 0; });
    if (!tried.length) {
      var td = el('td', 'No stage tried yet.', 'cc-empty'); td.colSpan = 6;
      body.appendChild(el('tr')).appendChild(td);
    }
    tried.forEach(function (s) {
      var tr = el('tr');
      tr.appendChild(el('td', s.lesson_title));
      tr.appendChild(el('td', 'Stage ' + s.number));
      tr.appendChild(el('td', s.tried, 'cc-num'));
      tr.appendChild(el('td', s.solved, 'cc-num'));
      tr.appendChild(el('td', s.first_try, 'cc-num'));
      tr.appendChild(el('td', s.median_tries === null ? '—' : s.median_tries, 'cc-num'));
      body.appendChild(tr);
    });
  }
  function drawRules() {
    var body = document.querySelector('#cc-rules tbody');
    body.replaceChildren();
    if (!data.rules.length) {
      var td = el('td', 'No move refused yet.', 'cc-empty'); td.colSpan = 4;
      body.appendChild(el('tr')).appendChild(td);
    }
    var titles = {};
    data.lessons.forEach(function (l) { titles[l.lesson] = l.title; });
    data.rules.forEach(function (r) {
      var tr = el('tr');
      tr.appendChild(el('td', r.rule));
      tr.appendChild(el('td', r.refusals, 'cc-num'));
      tr.appendChild(el('td', r.learners, 'cc-num'));
      tr.appendChild(el('td', r.stages.map(function (s) {
        return (titles[s.lesson] || s.lesson) + (s.number ? ', stage ' + s.number : '') +
               ' (' + s.refusals + ')';
      }).join('; ')));
      body.appendChild(tr);
    });
  }
  function draw() {
    drawLearners(); drawStages(); drawRules();
    document.getElementById('cc-status').textContent =
      'Updated ' + new Date().toLocaleTimeString() + ' · every ' + (POLL_MS / 1000) + ' s';
  }
  // Each poll asks only for what changed since the version the page has: the learners'
  // rows that changed (merged in by code; the others only age), the small tables whole.
  var fetched = Date.now();
  function merge(fresh) {
    var elapsed = (Date.now() - fetched) / 1000;
    fetched = Date.now();
    if (fresh.whole) { data = fresh; return; }
    var byCode = {};
    fresh.learners.forEach(function (row) { byCode[row.code] = row; });
    data.learners = data.learners.map(function (row) {
      if (byCode[row.code]) { var now = byCode[row.code]; delete byCode[row.code]; return now; }
      if (row.seconds_since_seen !== null) { row.seconds_since_seen += elapsed; }
      return row;
    });
    fresh.learners.forEach(function (row) {
      if (byCode[row.code]) { data.learners.push(row); }  // joined since
    });
    ['version', 'epoch', 'generated', 'lessons', 'stages', 'rules', 'count'].forEach(
      function (name) { data[name] = fresh[name]; });
  }
  function poll() {
    fetch(SUMMARY_URL + '?token=' + encodeURIComponent(token) + '&since=' + data.version +
          '&epoch=' + data.epoch, {cache: 'no-store'})
      .then(function (r) { if (!r.ok) { throw new Error('HTTP ' + r.status); } return r.json(); })
      .then(function (fresh) { merge(fresh); draw(); })
      .catch(function () {
        document.getElementById('cc-status').textContent =
          'Could not update (is the server still running?); trying again.';
      })
      .finally(function () { setTimeout(poll, POLL_MS); });
  }
  var ask = document.getElementById('cc-end-ask'), form = document.getElementById('cc-end-form');
  ask.addEventListener('click', function () { form.hidden = false; ask.hidden = true;
    document.getElementById('cc-end-no').focus(); });
  document.getElementById('cc-end-no').addEventListener('click', function () {
    form.hidden = true; ask.hidden = false; ask.focus(); });
  draw();
  setTimeout(poll, POLL_MS);
})();
