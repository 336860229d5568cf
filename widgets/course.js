// The course's navigation inside one page, in the browser edition (cassino_learn/pages/course.py):
// a click on a link to another lesson (page-links.js hands it here), or the browser's back and
// forward buttons, shows that lesson in this page, run by the Python the page started. The lesson's
// cells come from <slug>.course.json beside its page (written by the build); its address goes to
// the address bar, so a reload opens it as a page of its own.
// The site's service worker keeps the files a page it controls fetches. A visit's first page
// loaded before the worker took it over (its first visit, the worker installing meanwhile) is
// the only page load of the visit now that lessons open inside it: what it loaded before is
// fetched again through the worker, once, so that a reload without a network finds it.
let keptFirstPage = false;
const READ_AHEAD_MS = 10000;
function keepWhatThePageLoaded() {
  const workers = navigator.serviceWorker;
  const [navigation] = performance.getEntriesByType("navigation");
  if (keptFirstPage || !workers || !navigation || navigation.workerStart > 0) return;
  keptFirstPage = true;
  const keep = () => {
    const urls = new Set([location.href.split("#")[0],
                          ...performance.getEntriesByType("resource").map((entry) => entry.name)]);
    for (const url of urls) {
      const { origin, pathname } = new URL(url);
      if (origin !== location.origin || pathname.includes("/api/") ||
          pathname.includes("/class/")) continue;
      fetch(url).catch(() => {});
    }
  };
  if (workers.controller) keep();
  else workers.addEventListener("controllerchange", keep, { once: true });
}

function render({ model, el }) {
  el.classList.add("cl-course-shell");
  el.style.display = "none";
  const body = document.body;
  let shownFirst = false;
  let asked = "";
  let pending = null;  // the lesson sent to Python, until Python has shown it

  const mark = () => {
    body.dataset.pythonId = model.get("python_id");
    body.dataset.lessonsShown = String(model.get("shown"));
    body.dataset.lesson = model.get("slug");
  };

  // The first page's own cells (Voici's), all but the one showing this shell and its output.
  const leaveFirstPage = () => {
    if (shownFirst) return;
    shownFirst = true;
    for (const cell of document.querySelectorAll("#rendered_cells [cell-index]")) {
      if (!cell.contains(el)) cell.remove();
    }
  };

  const asPage = (slug, hash) => { window.location.href = slug + ".html" + (hash || ""); };

  // Python reads the learner's progress file ahead for the lesson (pages/course.py), while the
  // page fetches its cells; resolved when Python says the answer is in. Should Python not say so
  // (its kernel gone, say), the lesson is sent all the same after READ_AHEAD_MS: it then reads
  // its progress itself.
  const readAhead = (slug) => new Promise((resolve) => {
    let timer = null;
    const done = () => {
      model.off("msg:custom", onMessage);
      clearTimeout(timer);
      resolve();
    };
    const onMessage = (message) => {
      if (message && message.type === "read-ahead" && message.slug === slug) done();
    };
    model.on("msg:custom", onMessage);
    timer = setTimeout(done, READ_AHEAD_MS);
    try {
      model.send({ type: "read-ahead", slug });
    } catch {
      done();
    }
  });

  async function open(slug, hash, push) {
    if (push) history.pushState({ cassinoLesson: slug }, "", slug + ".html" + (hash || ""));
    asked = slug;
    body.dataset.courseLoading = slug;
    const progressRead = readAhead(slug);
    let lesson;
    try {
      const response = await fetch(slug + ".course.json");
      if (!response.ok) throw new Error(`${response.status}`);
      lesson = await response.json();
    } catch {
      asPage(slug, hash);  // not a lesson this page can show: load it
      return;
    }
    await progressRead;
    if (asked !== slug) return;  // another lesson was asked for meanwhile
    leaveFirstPage();
    try {
      model.send({ type: "open", slug, lesson });
    } catch {
      asPage(slug, hash);  // the page's kernel is gone
      return;
    }
    pending = { slug, hash, lesson };
  }

  const shown = () => {
    mark();
    if (!pending || pending.slug !== model.get("slug")) return;
    const { hash, lesson } = pending;
    pending = null;
    delete body.dataset.courseLoading;
    if (lesson.title) document.title = lesson.title;
    let where = document.querySelector(".cassino-where");
    const home = document.querySelector(".cassino-home");
    if (!where && home && lesson.position) {  // from the contents page, which has none
      where = document.createElement("span");
      where.className = "cassino-where";
      home.after(where);
    }
    if (where) {
      where.textContent = lesson.position || "";
      where.hidden = !lesson.position;
    }
    // The page scrolls inside Voici's cell area, not the window: the new lesson starts at its top.
    const target = hash && document.getElementById(decodeURIComponent(hash.slice(1)));
    const scroller = document.getElementById("rendered_cells");
    if (target) target.scrollIntoView();
    else if (scroller) scroller.scrollTop = 0;
    // Kept by the site's service worker, so that a reload without a network opens it too.
    fetch(lesson.slug + ".html").catch(() => {});
  };
  const failed = () => {
    const slug = model.get("failed");
    if (slug && pending && pending.slug === slug) asPage(slug, pending.hash);
  };

  const onPop = () => {
    const match = /([^\/]+)\.html$/.exec(window.location.pathname);
    if (match && match[1] !== asked) open(match[1], window.location.hash, false);
  };

  asked = model.get("slug");
  history.replaceState({ cassinoLesson: asked }, "");
  window.cassinoCourse = { el, open: (slug, hash) => {
    if (slug !== asked) open(slug, hash, true);
    else if (hash) window.location.hash = hash;
    return true;
  } };
  window.addEventListener("popstate", onPop);
  model.on("change:shown", shown);
  model.on("change:failed", failed);
  mark();
  keepWhatThePageLoaded();
  return () => {
    model.off("change:shown", shown);
    model.off("change:failed", failed);
    window.removeEventListener("popstate", onPop);
    if (window.cassinoCourse && window.cassinoCourse.el === el) delete window.cassinoCourse;
  };
}
export default { render };
