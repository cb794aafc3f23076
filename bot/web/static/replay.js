// The replay stepper: first/prev/next/last, arrow keys, the slider and step links, without reloading.
// Served as a file (the content security policy allows no inline script).
"use strict";
(function () {
  const box = document.getElementById("stepper");
  if (!box) return;
  const total = Number(box.dataset.total);
  const boardBase = box.dataset.board;
  const stepBase = box.dataset.step;
  const img = document.getElementById("board");
  const slider = document.getElementById("slider");
  const counter = document.getElementById("counter");
  const caption = document.getElementById("caption");
  const permalink = document.getElementById("permalink");
  const boardLink = document.getElementById("boardlink");
  const storyBox = document.getElementById("storybox");
  const buttons = {
    first: document.getElementById("first"),
    prev: document.getElementById("prev"),
    next: document.getElementById("next"),
    last: document.getElementById("last"),
  };
  let at = Number(box.dataset.at);

  function linesOf(step) {
    return Array.from(document.querySelectorAll('#story li[data-step="' + step + '"]'));
  }

  function highlight(lines) {
    document.querySelectorAll("#story li.current").forEach((li) => li.classList.remove("current"));
    lines.forEach((li) => li.classList.add("current"));
    if (storyBox && lines.length) {  // scroll the story box (never the page) to the step's lines
      const top = lines[0].offsetTop;  // the box is positioned: offsets are within it
      if (top < storyBox.scrollTop || top > storyBox.scrollTop + storyBox.clientHeight - 40) {
        storyBox.scrollTop = Math.max(0, top - storyBox.clientHeight / 3);
      }
    }
  }

  function preload(step) {
    if (step >= 0 && step <= total) new Image().src = boardBase + step + ".png";
  }

  function show(step, push) {
    clearTimeout(follow);
    follow = 0;
    step = Math.max(0, Math.min(total, step));
    if (step === at && !push) return;
    at = step;
    img.src = boardBase + step + ".png";
    if (boardLink) boardLink.href = img.src;
    img.alt = "The board at step " + step;
    slider.value = String(step);
    counter.textContent = "Step " + step + " / " + total;
    permalink.href = stepBase + step;
    permalink.textContent = "step " + step;
    buttons.prev.href = stepBase + Math.max(0, step - 1);
    buttons.next.href = stepBase + Math.min(total, step + 1);
    caption.replaceChildren();
    const lines = linesOf(step);
    for (const line of lines) {
      const p = document.createElement("p");
      p.textContent = line.textContent.replace(/^\s*\d+\s*/, "");
      caption.appendChild(p);
    }
    if (!lines.length) {
      const p = document.createElement("p");
      p.className = "note";
      p.textContent = "Nothing public happened at this step.";
      caption.appendChild(p);
    }
    highlight(lines);
    history.replaceState(null, "", stepBase + step);
    preload(step + 1);
  }

  // A live match's page follows it (reloads every 30 s) until the reader steps through it.
  let follow = box.dataset.follow === "1" ? setTimeout(() => location.reload(), 30000) : 0;

  function go(event, step) {
    event.preventDefault();
    show(step, false);
  }

  buttons.first.addEventListener("click", (e) => go(e, 0));
  buttons.prev.addEventListener("click", (e) => go(e, at - 1));
  buttons.next.addEventListener("click", (e) => go(e, at + 1));
  buttons.last.addEventListener("click", (e) => go(e, total));
  let settle = 0;  // while the slider is dragged, the counter follows at once and the image once it rests
  slider.addEventListener("input", () => {
    counter.textContent = "Step " + slider.value + " / " + total;
    clearTimeout(settle);
    settle = setTimeout(() => show(Number(slider.value), false), 120);
  });
  document.querySelectorAll("#story li a").forEach((a) => {
    a.addEventListener("click", (e) => go(e, Number(a.parentElement.dataset.step)));
  });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement && e.target !== slider) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: total };
    if (e.key in moves) {
      if (e.target === slider && (e.key === "ArrowLeft" || e.key === "ArrowRight")) return; // the slider moves itself
      go(e, moves[e.key]);
    }
  });
  highlight(linesOf(at));
  preload(at + 1);
})();
