// anywidget gives every widget 2 s to start (`AbortSignal.timeout(2000)` in its runtime) and
// then leaves it undrawn for good, whatever happens after. A learner's computer that is busy
// (an old laptop, a class of browsers sharing one machine) can miss that, and a part of the
// lesson never appears. Timeouts that anywidget's own code asks for get a minute instead;
// every other timeout on the page is left as it is.
(function () {
  if (!window.AbortSignal || typeof AbortSignal.timeout !== 'function') { return; }
  var native = AbortSignal.timeout.bind(AbortSignal);
  var anywidget = /\/anywidget\/static\//;
  AbortSignal.timeout = function (ms) {
    if (ms === 2000 && anywidget.test(String(new Error().stack))) { return native(60000); }
    return native(ms);
  };
})();
