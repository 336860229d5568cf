// A page whose kernel is gone would sit there silently dead: its widgets never draw, or its
// buttons do nothing ("Cannot send" in the console). A kernel goes when its page has left, or
// never connected, for a while (cassino_learn/serving/kernels.py), when a server culls it, or
// when the server stops; a page can come back, or connect late on a slow machine, after that.
// This watches the page's requests for its kernel: Voila's front end first asks for the
// kernel's model (GET api/kernels/<id>), then opens a connection. When the model is refused
// (404), or a connection closes without having opened (a reconnection, or the first
// connection, refused) and the server says the kernel is gone (404) or cannot be reached, the
// page says so in words and offers a reload. A page that never
// reached its kernel holds nothing of the learner's yet: it reloads once by itself. A kernel
// that died under an open page (the server restarts it afresh, without the lesson) is told too.
(function () {
  var Native = window.WebSocket;
  var nativeFetch = window.fetch && window.fetch.bind(window);
  if (!Native || !nativeFetch) { return; }
  var model = /\/api\/kernels\/[^/?#]+(?:[?#]|$)/;
  var channels = /^(wss?)(:\/\/.*\/api\/kernels\/[^/?#]+)\/channels/;
  var reloadKey = 'cassino-kernel-lost-reload:' + location.pathname;
  var everOpened = false;
  var restarted = false;  // the kernel died: a new connection does not bring the lesson back
  var checking = false;

  function banner() {
    var note = document.querySelector('.cassino-kernel-lost');
    if (note) { return note; }
    note = document.createElement('div');
    note.className = 'cassino-kernel-lost';
    note.setAttribute('role', 'alert');
    var text = document.createElement('p');
    text.textContent = 'This page has lost its lesson: the server stopped running it (the ' +
      'page was left alone for a while, or the server was restarted). Reload the page to ' +
      'carry on; the answers you gave are saved.';
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Reload the page';
    button.addEventListener('click', function () { location.reload(); });
    note.appendChild(text);
    note.appendChild(button);
    document.body.insertBefore(note, document.body.firstChild);
    return note;
  }

  function lost() {
    if (!everOpened && !sessionStorage.getItem(reloadKey)) {
      sessionStorage.setItem(reloadKey, String(Date.now()));
      location.reload();
      return;
    }
    banner().hidden = false;
    document.body.classList.add('cassino-has-lost-kernel');
  }

  function check(kernelUrl) {
    if (checking) { return; }
    checking = true;
    nativeFetch(kernelUrl, {credentials: 'same-origin', cache: 'no-store'})
      .then(function (response) { if (response.status === 404) { lost(); } },
            function () { lost(); })  // the server cannot be reached (it has stopped)
      .then(function () { checking = false; });
  }

  function opened() {
    everOpened = true;
    sessionStorage.removeItem(reloadKey);
    var note = document.querySelector('.cassino-kernel-lost');
    if (note && !restarted) { note.hidden = true; }
  }

  // A kernel that died under the page and was restarted afresh (without the lesson's widgets):
  // the server may say so in a status message, or, racing with the page's reconnection, not;
  // a new kernel process answers kernel_info with a session of its own.
  var died = /"execution_state"\s*:\s*"(restarting|dead)"/;
  var infoReply = /"msg_type"\s*:\s*"kernel_info_reply"[^}]*?"session"\s*:\s*"([^"]+)"/;
  var kernelSession = null;
  var decoder = window.TextDecoder ? new TextDecoder() : null;

  function text(data) {
    if (typeof data === 'string') { return data; }
    if (decoder && data instanceof ArrayBuffer) {
      return decoder.decode(new Uint8Array(data, 0, Math.min(data.byteLength, 4096)));
    }
    return '';
  }

  function restartedIn(data) {
    var message = text(data);
    if (died.test(message)) { return true; }
    var reply = infoReply.exec(message);
    if (!reply) { return false; }
    var before = kernelSession;
    kernelSession = reply[1];
    return before !== null && before !== kernelSession;
  }

  function Watched(url, protocols) {
    var socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    var match = channels.exec(String(url));
    if (match) {
      var open = false;
      socket.addEventListener('open', function () { open = true; opened(); });
      socket.addEventListener('message', function (event) {
        if (restartedIn(event.data)) { everOpened = restarted = true; lost(); }
      });
      socket.addEventListener('close', function () {
        if (!open) { check(match[1].replace('ws', 'http') + match[2]); }
      });
    }
    return socket;
  }
  Watched.prototype = Native.prototype;
  ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED'].forEach(function (name) {
    Watched[name] = Native[name];
  });
  window.WebSocket = Watched;

  // anywidget gives a widget's front end 2 s to start (a fixed limit that a computer busy with
  // other work can miss), then leaves the widget undrawn: the page says so (the template's
  // note on parts that could not be shown) rather than leave a silent hole.
  window.addEventListener('unhandledrejection', function (event) {
    var reason = event.reason && (event.reason.message || String(event.reason));
    var note = document.querySelector('.cassino-failed');
    if (note && /\[anywidget\] Failed to initialize model/.test(reason || '')) {
      note.hidden = false;
      document.body.classList.add('cassino-has-error');
    }
  });

  window.fetch = function (input, init) {
    var url = typeof input === 'string' ? input : (input && input.url) || String(input);
    var method = ((init && init.method) || (input && input.method) || 'GET').toUpperCase();
    var answer = nativeFetch(input, init);
    if (method === 'GET' && model.test(url)) {
      answer.then(function (response) { if (response.status === 404) { lost(); } },
                  function () {});
    }
    return answer;
  };
})();
