// Statistics page: the table per game and an SVG chart of results over time.

import { el } from "./cards.js";

const COLORS = ["#d1495b", "#edae49", "#00798c", "#30638e", "#6a4c93", "#2a9d8f", "#e76f51",
                "#8ab17d", "#264653"];

function drawChart(svg, history, games) {
  const W = 900, H = 330, L = 50, R = 20, T = 34, B = 44;
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.replaceChildren();
  const n = history.length;
  const x = (i) => L + (n > 1 ? (i / (n - 1)) * (W - L - R) : (W - L - R) / 2);
  const y = (pct) => T + (1 - pct / 100) * (H - T - B);
  for (const pct of [0, 25, 50, 75, 100]) {
    el("line", { x1: L, x2: W - R, y1: y(pct), y2: y(pct), stroke: "#e4dcc6" }, svg);
    el("text", { x: L - 8, y: y(pct) + 4, "text-anchor": "end", "font-size": 11, fill: "#666" },
       svg).textContent = `${pct}%`;
  }
  el("text", { x: (W + L) / 2, y: H - 8, "text-anchor": "middle", "font-size": 12, fill: "#555" },
     svg).textContent = n ? `finished games, oldest to newest (${n})` : "no finished game yet";
  const color = Object.fromEntries(games.map((g, i) => [g.game, COLORS[i % COLORS.length]]));
  const tally = {};
  const lines = {};
  history.forEach((h, i) => {
    const t = (tally[h.game] ||= { played: 0, won: 0 });
    t.played += 1;
    t.won += h.status === "won" ? 1 : 0;
    (lines[h.game] ||= []).push([x(i), y((100 * t.won) / t.played)]);
    const dot = el("circle", { cx: x(i), cy: h.status === "won" ? T - 16 : H - B + 12, r: 4,
                               fill: h.status === "won" ? color[h.game] : "#fff",
                               stroke: color[h.game], "stroke-width": 1.5 }, svg);
    el("title", {}, dot).textContent =
      `${h.game} deal ${h.deal}: ${h.status} in ${h.moves} moves, ${new Date(h.finished * 1000).toLocaleString()}`;
  });
  for (const [game, points] of Object.entries(lines)) {
    el("polyline", { points: points.map((p) => p.join(",")).join(" "), fill: "none",
                     stroke: color[game], "stroke-width": 2 }, svg);
  }
  return color;
}

async function main() {
  const stats = await (await fetch("/api/stats")).json();
  const body = document.querySelector("#stats-table tbody");
  body.innerHTML = stats.games.map((g) => `<tr data-game="${g.game}"><td>${g.name}</td><td>${g.played}</td>
    <td>${g.won}</td><td>${g.win_percent === null ? "—" : g.win_percent.toFixed(1)}</td>
    <td>${g.current_streak}</td><td>${g.best_streak}</td></tr>`).join("");
  const played = stats.games.filter((g) => g.played > 0);
  const color = drawChart(document.getElementById("chart"), stats.history, played);
  // Colours through CSSOM: the Content-Security-Policy refuses inline style attributes.
  const legend = document.getElementById("legend");
  legend.replaceChildren();
  played.forEach((g, i) => {
    const dot = document.createElement("span");
    dot.textContent = "\u25cf";
    dot.style.color = color[g.game];
    legend.append(i ? " \u00a0 " : "", dot, ` ${g.name}`);
  });
}

main();
