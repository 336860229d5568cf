"""What the benchmarks share about the browser: Debian's Chromium, the flags this machine needs,
and the test of a served notebook page being interactive."""

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
#: Voila's and Voici's spinner gone, the cells rendered, every widget drawn.
READY = ("() => !document.getElementById('loading') && document.getElementById('rendered_cells')"
         " && !document.body.innerText.includes('Loading widget...')")
