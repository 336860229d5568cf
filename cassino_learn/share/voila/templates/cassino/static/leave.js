// Leaving a page: Voila asks the server to shut the page's kernel down with
// navigator.sendBeacon, a form carrying the _xsrf token from the server's cookie. Voila's own
// server never sets that cookie, so the request is refused (403, Voila issue 1458) and the log
// fills with warnings. Without the cookie the request is not sent: `cassino-learn serve` shuts
// a kernel down itself once its page's connection has gone, and Jupyter Server culls kernels
// that no page uses. Where a server has set the cookie (Jupyter Server with JupyterLab, as on a
// JupyterHub), the request goes as Voila sends it.
(function () {
  if (!navigator.sendBeacon) { return; }
  var send = navigator.sendBeacon.bind(navigator);
  var shutdown = /\/voila\/api\/shutdown\/[^/]+$/;
  navigator.sendBeacon = function (url, data) {
    if (shutdown.test(String(url)) && !/(?:^|;\s*)_xsrf=[^;]/.test(document.cookie)) {
      return true;
    }
    return send(url, data);
  };
})();
