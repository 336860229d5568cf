/* The site's service worker (it replaces JupyterLite's; the build fills in BUILD_ID).
 *
 * It does JupyterLite's two jobs: pages' Python reaches the browser storage (/api/drive) and
 * input boxes (/api/stdin) through it, and it answers the heartbeat. And it keeps the site's
 * files: each is fetched once, then always answered from this build's cache, with no request
 * (JupyterLite's fetched every file again behind its cache on every page load, which cost a
 * warm lesson its whole start-up in downloads and cache writes). A new build has a new
 * BUILD_ID, so browsers install this worker again, and it drops the previous build's files.
 * A class's server (cassino-learn serve --class) has pages of its own under class/ (the name
 * page, the teacher's, the progress API): those always go to the network.
 */
"use strict";
const CACHE = "cassino-learn-BUILD_ID";
const broadcast = new BroadcastChannel("/sw-api.v1");
const enableCache = new URL(location.href).searchParams.get("enableCache") === "true";
const classPages = new URL("class/", location.href).pathname;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.pathname.endsWith("/api/service-worker-heartbeat")) {
    event.respondWith(new Response("ok"));
  } else if (url.origin === location.origin &&
             (url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/"))) {
    event.respondWith(broadcastOne(request, url));
  } else if (enableCache && request.method === "GET" && url.origin === location.origin &&
             !url.pathname.includes("/api/") && !url.pathname.startsWith(classPages)) {
    event.respondWith(fromCacheFirst(event));
  }
  // Anything else goes to the network as if there were no worker.
});

async function fromCacheFirst(event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok && response.status === 200) {
    event.waitUntil(cache.put(event.request, response.clone()));
  }
  return response;
}

/* A request of a page's Python, answered by the page it belongs to (JupyterLite's protocol). */
async function broadcastOne(request, url) {
  const message = await request.json();
  const answer = new Promise((resolve) => {
    const listener = (event) => {
      const data = event.data;
      if (data.browsingContextId !== message.browsingContextId ||
          data.requestId !== message.requestId) return;
      resolve(new Response(JSON.stringify(data.response)));
      broadcast.removeEventListener("message", listener);
    };
    broadcast.addEventListener("message", listener);
  });
  message.pathname = url.pathname;
  broadcast.postMessage(message);
  return await answer;
}
