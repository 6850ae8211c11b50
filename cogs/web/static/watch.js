// The live watch page: the game's view arrives over Server-Sent Events and replaces the page's
// parts; the browser reconnects by itself (after a restart the server sends the game as it is).
"use strict";
(function () {
  const body = document.body;
  const status = document.getElementById("status");
  const lang = document.documentElement.lang || "en";

  function fill(id, lines) {
    const list = document.getElementById(id);
    if (!list) return;
    list.replaceChildren(...lines.map((html) => {
      const item = document.createElement("li");
      item.innerHTML = html; // escaped by the server: names and words are never markup
      return item;
    }));
  }

  const relative = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  function times() {
    for (const element of document.querySelectorAll("time[datetime]")) {
      const seconds = Math.round((Date.parse(element.getAttribute("datetime")) - Date.now()) / 1000);
      element.textContent = Math.abs(seconds) < 60
        ? relative.format(seconds, "second")
        : relative.format(Math.round(seconds / 60), "minute");
    }
  }

  function show(view) {
    document.title = view.title;
    document.getElementById("title").textContent = view.title;
    fill("headline", view.headline);
    fill("players", view.players);
    fill("moves", view.moves);
    const board = document.getElementById("dynamic");
    if (board) board.innerHTML = view.dynamic;
    const description = document.getElementById("board-desc");
    if (description) description.textContent = view.description;
    const replay = document.getElementById("replay");
    if (replay && view.over) replay.hidden = false;
    body.dataset.version = String(view.version);
    status.textContent = body.dataset.live;
    times();
  }

  if (body.dataset.events && window.EventSource) {
    const events = new EventSource(body.dataset.events);
    events.addEventListener("view", (event) => show(JSON.parse(event.data)));
    events.addEventListener("closed", () => {
      events.close();
      status.textContent = body.dataset.closed;
      body.dataset.closed = "yes";
    });
    events.addEventListener("error", () => {
      if (events.readyState !== EventSource.CLOSED) status.textContent = body.dataset.reconnecting;
    });
    events.addEventListener("open", () => { status.textContent = body.dataset.live; });
  }
  times();
  setInterval(times, 5000);
})();
