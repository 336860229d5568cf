// Leaving a page shuts its kernel down: Voila sends `POST voila/api/shutdown/<kernel>` with
// navigator.sendBeacon, but without the _xsrf token Jupyter Server requires, so the server
// refuses it (403) and the kernel lives on (Voila issue 1458). Add the token, taken from the
// server's _xsrf cookie, as a form field: a beacon cannot carry headers, a form field it can.
(function () {
  if (!navigator.sendBeacon) { return; }
  var send = navigator.sendBeacon.bind(navigator);
  var shutdown = /\/voila\/api\/shutdown\/[^/]+$/;
  navigator.sendBeacon = function (url, data) {
    var match = document.cookie.match(/(?:^|;\s*)_xsrf=([^;]*)/);
    if (data == null && match && shutdown.test(String(url))) {
      data = new FormData();
      data.append('_xsrf', decodeURIComponent(match[1]));
    }
    return send(url, data);
  };
})();
