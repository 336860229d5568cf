// The lessons link to each other by notebook name (as Voila serves them); a built page is
// voici/render/<name>.html. Outputs appear while the page runs, so links are fixed as they come.
(function () {
  var page = /^([^:\/?#]+)\.ipynb(#.*)?$/;
  function fix(root) {
    root.querySelectorAll('a[href*=".ipynb"]').forEach(function (a) {
      var match = page.exec(a.getAttribute('href'));
      if (match) a.setAttribute('href', match[1] + '.html' + (match[2] || ''));
    });
  }
  // A plain click on a link to another lesson shows it in this page, in the Python it runs
  // (widgets/course.js), once the page's last cell has set that up; before, it loads the page
  // (the notebook front end's own link handling would try to open it as a notebook).
  window.addEventListener('click', function (event) {
    var a = event.target.closest && event.target.closest('a[href]');
    if (!a || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var href = a.getAttribute('href').replace(page, '$1.html$2');
    if (!/^[^:\/?#]+\.html(#.*)?$/.test(href)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    var target = /^([^#]+)\.html(#.*)?$/.exec(href);
    if (window.cassinoCourse && window.cassinoCourse.open(target[1], target[2] || '')) return;
    window.location.href = href;
  }, true);
  document.addEventListener('DOMContentLoaded', function () {
    fix(document);
    new MutationObserver(function () { fix(document); })
      .observe(document.body, {childList: true, subtree: true});
  });
})();
