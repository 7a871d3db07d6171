// Statistics page: the table per game, an SVG chart of results over time, and the
// export and import of the history as JSON.

import { el } from "./cards.js";
import { count } from "./plural.js";
import { _, format, LANG } from "./i18n.js";

const COLORS = ["#d1495b", "#c98a1a", "#00798c", "#30638e", "#6a4c93", "#2a9d8f", "#e76f51",
                "#6f9a5d", "#264653"];
const $ = (id) => document.getElementById(id);
// How a finished game ended (the history's status).
const RESULTS = { won: _("won"), lost: _("lost"), resigned: _("resigned") };

function drawChart(svg, history, games) {
  const W = 900, H = 330, L = 50, R = 20, T = 34, B = 44;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.replaceChildren();
  const n = history.length;
  const x = (i) => L + (n > 1 ? (i / (n - 1)) * (W - L - R) : (W - L - R) / 2);
  const y = (pct) => T + (1 - pct / 100) * (H - T - B);
  for (const pct of [0, 25, 50, 75, 100]) {
    el("line", { x1: L, x2: W - R, y1: y(pct), y2: y(pct), class: "chart-grid" }, svg);
    el("text", { x: L - 8, y: y(pct) + 4, "text-anchor": "end", "font-size": 12, class: "chart-axis" },
       svg).textContent = `${pct}%`;
  }
  el("text", { x: (W + L) / 2, y: H - 8, "text-anchor": "middle", "font-size": 13, class: "chart-axis" },
     svg).textContent = n ? format(_("{games} finished, oldest to newest"), { games: count(n, "game") })
    : _("no finished game yet");
  const color = Object.fromEntries(games.map((g, i) => [g.game, COLORS[i % COLORS.length]]));
  const names = Object.fromEntries(games.map((g) => [g.game, g.name]));
  const tally = {};
  const lines = {};
  history.forEach((r, i) => {
    const t = (tally[r.game] ||= { played: 0, won: 0 });
    t.played += 1;
    t.won += r.status === "won" ? 1 : 0;
    (lines[r.game] ||= []).push([x(i), y((100 * t.won) / t.played)]);
    const dot = el("circle", { cx: x(i), cy: r.status === "won" ? T - 16 : H - B + 12, r: 4,
                               fill: r.status === "won" ? color[r.game] : "#fff",
                               stroke: color[r.game], "stroke-width": 1.5 }, svg);
    el("title", {}, dot).textContent =
      format(_("{game}, deal {deal}: {result} in {moves}, {when}"), {
        game: names[r.game] || r.game, deal: r.deal, result: RESULTS[r.status] || r.status,
        moves: count(r.moves, "move"), when: new Date(r.finished * 1000).toLocaleString(LANG),
      });
  });
  for (const [game, points] of Object.entries(lines)) {
    el("polyline", { points: points.map((p) => p.join(",")).join(" "), fill: "none",
                     stroke: color[game], "stroke-width": 2 }, svg);
  }
  return color;
}

function time(seconds) {
  if (seconds === null || seconds === undefined) return "—";
  const s = Math.round(seconds), m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

async function show() {
  const stats = await (await fetch("/api/stats", { credentials: "same-origin" })).json();
  const body = document.querySelector("#stats-table tbody");
  body.replaceChildren(...stats.games.map((g) => {
    const tr = document.createElement("tr");
    tr.dataset.game = g.game;
    tr.append(cell(g.name), cell(g.played), cell(g.won),
              cell(g.win_percent === null ? "—" : g.win_percent.toFixed(1)),
              cell(g.current_streak), cell(g.best_streak), cell(time(g.best_seconds)),
              cell(time(g.average_seconds)));
    return tr;
  }));
  const played = stats.games.filter((g) => g.played > 0);
  const color = drawChart($("chart"), stats.history, played);
  $("legend").replaceChildren(...played.flatMap((g) => {
    const dot = document.createElement("span");
    dot.className = "dot-legend";
    dot.style.color = color[g.game];
    dot.textContent = "\u25cf";
    return [dot, ` ${g.name}  `];
  }));
}

$("import").addEventListener("change", async (evt) => {
  const file = evt.target.files[0];
  const out = $("import-result");
  if (!file) return;
  let data;
  try {
    data = JSON.parse(await file.text());
  } catch {
    out.textContent = _("That file is not a statistics file (it is not JSON). Nothing was changed.");
    return;
  }
  const r = await fetch("/api/stats/import", { method: "POST", credentials: "same-origin",
                                               headers: { "content-type": "application/json" },
                                               body: JSON.stringify(data) });
  const answer = await r.json().catch(() => ({ detail: format(_("error {status}"), { status: r.status }) }));
  if (!r.ok) {
    out.textContent = format(_("The file was not loaded: {detail}. Nothing was changed."), { detail: answer.detail });
  } else {
    out.textContent = answer.skipped
      ? format(_("Loaded {games} ({skipped} already here)."), { games: count(answer.added, "game"), skipped: answer.skipped })
      : format(_("Loaded {games}."), { games: count(answer.added, "game") });
    show();
  }
  evt.target.value = "";
});

show();
