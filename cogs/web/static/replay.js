// The replay page: every step of the game, with a slider, buttons and the arrow keys.
"use strict";
(function () {
  const body = document.body;
  const slider = document.getElementById("slider");
  const position = document.getElementById("position");
  const moves = document.getElementById("moves");
  let steps = [];

  function show(index) {
    const step = steps[index];
    if (!step) return;
    slider.value = String(index);
    document.getElementById("dynamic").innerHTML = step.dynamic;
    document.getElementById("board-desc").textContent = step.description;
    moves.replaceChildren(...step.moves.map((html) => {
      const item = document.createElement("li");
      item.innerHTML = html; // escaped by the server
      return item;
    }));
    position.textContent = body.dataset.step
      .replace("{step}", String(index))
      .replace("{steps}", String(steps.length - 1));
    body.dataset.shown = String(index);
  }

  function go(delta) {
    show(Math.min(steps.length - 1, Math.max(0, Number(slider.value) + delta)));
  }

  // A replay file opened from disk carries its steps in the page; a served page fetches them.
  const carried = document.getElementById("steps-data");
  const loaded = carried
    ? Promise.resolve(JSON.parse(carried.textContent))
    : fetch(body.dataset.steps).then((answer) => answer.json());
  loaded.then((data) => {
    steps = data.steps;
    const svg = document.querySelector("svg.board");
    svg.setAttribute("viewBox", data.view_box);
    document.getElementById("static").innerHTML = data.static;
    slider.max = String(steps.length - 1);
    show(0);
    body.dataset.ready = "yes";
  });
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.getElementById("previous").addEventListener("click", () => go(-1));
  document.getElementById("next").addEventListener("click", () => go(1));
  document.addEventListener("keydown", (event) => {
    if (event.target === slider) return; // the slider moves itself
    if (event.key === "ArrowLeft") go(-1);
    if (event.key === "ArrowRight") go(1);
    if (event.key === "Home") show(0);
    if (event.key === "End") show(steps.length - 1);
  });
})();
