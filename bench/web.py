"""Web app latency: 1,000 move requests (play/undo), the page's time to first draw, the time
from a key press to the board's last paint for a move, and the longest main-thread task
while cards glide.

Starts its own uvicorn server on a free 127.0.0.1 port (a subprocess, so client and server
do not share an interpreter), plays a seeded random walk of moves and undos over every
registered game, and drives the play page in Debian's Chromium. Writes bench/results/web.json.

    PYTHONPATH=src python bench/web.py [--requests 1000] [--presses 200]

``--hints`` measures the hints that look at the face-down cards (``peek``) instead and adds
them to web.json, keeping the rest: for every game, deals 1-3, the positions after 0, 15 and
40 moves of a seeded random walk (positions already finished are skipped), each hint asked
through ``GameService`` as the page asks it with its setting on (a glance first; the full search after it where the glance decided nothing), once with the
native search and once with ``PATIENCE_NATIVE=0``. The first answer's time is the one a
player waits for; what the full search then adds is counted apart. After a hinted move the
move is played and a hint asked again (the "next" figures), then taken back.

    PYTHONPATH=src python bench/web.py --hints
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SERVER = ("import sys, uvicorn; from patience.web import create_app; "
          "uvicorn.run(create_app(sys.argv[1]), host='127.0.0.1', port=int(sys.argv[2]), "
          "log_level='warning')")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen([sys.executable, "-c", SERVER, str(db), str(port)], env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def move_latencies(base: str, requests: int, seed: int) -> dict[str, Any]:
    """A random walk: a listed move (70 %) or an undo, round-robin over the games."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = {"move": [], "undo": []}
    with httpx.Client(base_url=base, timeout=30) as client:
        client.get("/")
        games = [g["id"] for g in client.get("/api/games").json()]
        live = {g: client.post("/api/play", json={"game": g, "deal": 1}).json() for g in games}
        for n in range(requests):
            game = games[n % len(games)]
            state = live[game]
            if state["status"] != "playing" or not state["moves"]:
                state = client.post("/api/play", json={"game": game, "random": True}).json()
            undo = state["can_undo"] and rng.random() < 0.3
            t0 = time.perf_counter()
            if undo:
                r = client.post(f"/api/play/{state['id']}/undo")
            else:
                r = client.post(f"/api/play/{state['id']}/move",
                                json=rng.choice(state["moves"])["move"])
            elapsed = (time.perf_counter() - t0) * 1000
            r.raise_for_status()
            times["undo" if undo else "move"].append(elapsed)
            live[game] = r.json()
    every = times["move"] + times["undo"]
    return {
        "requests": len(every), "games": games, "moves": len(times["move"]),
        "undos": len(times["undo"]),
        "p50_ms": round(statistics.median(every), 2),
        "p95_ms": round(percentile(every, 0.95), 2),
        "max_ms": round(max(every), 2),
        "mean_ms": round(statistics.fmean(every), 2),
    }


def first_draw(base: str, loads: int = 5) -> dict[str, Any] | None:
    """First contentful paint and the time the board is drawn, median over ``loads``."""
    if not os.path.exists(CHROMIUM):
        return None
    from playwright.sync_api import sync_playwright

    paint, board = [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        for n in range(loads):
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            page.goto(f"{base}/play/sun/{100 + n}")
            page.wait_for_selector("body[data-ready='1'] #board .cardwrap")
            board.append(page.evaluate("performance.now()"))
            fcp = page.evaluate("(performance.getEntriesByName('first-contentful-paint')[0]"
                                " || {startTime: null}).startTime")
            if fcp is not None:
                paint.append(fcp)
            page.close()
        browser.close()
    return {
        "loads": loads,
        "first_contentful_paint_ms": round(statistics.median(paint), 1) if paint else None,
        "board_drawn_ms": round(statistics.median(board), 1),
    }


# In the page: the time of each key press, and of the first frame after the board was
# redrawn for it (a move or an undo); long tasks and frame gaps while cards glide.
INSTRUMENT = """() => {
  window.__bench = { presses: [], done: [], longtasks: [], frames: [] };
  document.addEventListener('keydown', () => window.__bench.presses.push(performance.now()), true);
  new MutationObserver(() => {
    requestAnimationFrame(() => setTimeout(() => window.__bench.done.push(performance.now()), 0));
  }).observe(document.body, { attributes: true, attributeFilter: ['data-moves-played'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longtasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  let last = performance.now();
  const tick = (now) => {
    if (document.getAnimations().some((a) => a.effect && a.effect.target
        && a.effect.target.classList && a.effect.target.classList.contains('ghost'))) {
      window.__bench.frames.push([last, now - last]);
    }
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""

PAINT_GAMES = {"sun": 7, "shah": 2, "clock": 0, "star": 0, "blockade": 4}


def key_to_paint(base: str, presses: int) -> dict[str, Any] | None:
    """Key press (a listed move, then undo) to the first frame painted after the board was
    redrawn, over several games; the glide that follows is not counted. And the longest
    main-thread task that overlaps a glide (the Long Tasks API reports tasks over 50 ms)."""
    if not os.path.exists(CHROMIUM):
        return None
    from playwright.sync_api import sync_playwright

    lags: list[float] = []
    long_in_glide: list[float] = []
    worst_frame = 0.0
    glides = 0
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        page = browser.new_page(viewport={"width": 1440, "height": 900})
        for game, actions in PAINT_GAMES.items():
            page.goto(f"{base}/play/{game}/{31}")
            page.wait_for_selector("body[data-ready='1']")
            for n in range(actions):
                page.click("#actions button[data-action]:not([disabled])")
                page.wait_for_selector(f"body[data-ready='1'][data-moves-played='{n + 1}']")
            page.wait_for_timeout(1500)
            page.evaluate(INSTRUMENT)
            played = actions
            for k in range(presses // len(PAINT_GAMES)):
                key = "u" if k % 2 else "1"
                want = played - 1 if key == "u" else played + 1
                page.keyboard.press(key)
                page.wait_for_selector(f"body[data-ready='1'][data-moves-played='{want}']")
                page.wait_for_timeout(350)  # the glide ends before the next press
                played = want
            data = page.evaluate("window.__bench")
            lags += [d - p for p, d in zip(data["presses"], data["done"], strict=False)]
            glide = [(start, start + gap) for start, gap in data["frames"]]
            glides += len(glide)
            worst_frame = max([worst_frame] + [gap for _, gap in data["frames"]])
            for start, length in data["longtasks"]:
                if any(start < b and start + length > a for a, b in glide):
                    long_in_glide.append(length)
        browser.close()
    return {
        "presses": len(lags), "games": list(PAINT_GAMES),
        "key_to_paint_p50_ms": round(statistics.median(lags), 1),
        "key_to_paint_p95_ms": round(percentile(lags, 0.95), 1),
        "key_to_paint_max_ms": round(max(lags), 1),
        "target_p95_ms": 100,
        "glide_frames": glides,
        "longest_task_in_glide_ms": round(max(long_in_glide), 1) if long_in_glide else 0.0,
        "long_tasks_in_glide": len(long_in_glide),
        "longest_frame_in_glide_ms": round(worst_frame, 1),
        "target_longest_task_ms": 50,
    }


HINT_DEALS = (1, 2, 3)
HINT_DEPTHS = (0, 15, 40)


def random_walk(game: str, deal: int, length: int, seed: int) -> list[dict[str, Any]]:
    """Up to ``length`` random legal moves from the deal (fewer if the game ends)."""
    import patience

    rng = random.Random(f"{seed}/{game}/{deal}")
    state = patience.get_game(game).new(deal=deal)
    walk: list[dict[str, Any]] = []
    while len(walk) < length and state.status == "playing":
        legal = state.legal_moves()
        if not legal:
            break
        walk.append(state.play(rng.choice(legal)).to_dict())
    return walk


def _summary(times: list[float]) -> dict[str, Any]:
    if not times:
        return {"count": 0}
    return {"count": len(times), "median_ms": round(statistics.median(times), 1),
            "p95_ms": round(percentile(times, 0.95), 1), "max_ms": round(max(times), 1)}


def hint_latencies(games: list[str], deals: tuple[int, ...] = HINT_DEALS,
                   depths: tuple[int, ...] = HINT_DEPTHS, seed: int = 1,
                   native: bool = True) -> dict[str, Any]:
    """Hints as a player gets them from ``GameService.hint``, per game: the time of the
    first answer (the glance), what it said (a proved move or loss, the practical player's
    move as a guess, or nothing at all: "no hint in time"), then, where the glance decided
    nothing, the full search's time and what it said; and the time of the next hint after
    a hinted winning move is played. ``native`` False sets ``PATIENCE_NATIVE=0`` meanwhile
    (the switch is read at each search)."""
    from patience.storage.games import GameStore
    from patience.web.service import GameService

    before = os.environ.get("PATIENCE_NATIVE")
    os.environ["PATIENCE_NATIVE"] = "1" if native else "0"
    every: list[float] = []
    per_game: dict[str, Any] = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            service = GameService(GameStore(Path(tmp) / "hints.sqlite3"))
            owner = secrets.token_urlsafe(24)  # stored with its first game
            for game in games:
                times: list[float] = []
                fulls: list[float] = []
                nexts: list[float] = []
                said = {"move": 0, "lost": 0, "guess": 0, "unknown": 0}
                then = {"move": 0, "lost": 0, "guess": 0, "unknown": 0}
                for deal in deals:
                    walk = random_walk(game, deal, max(depths), seed)
                    seen = service.start(owner, game, {}, deal, "deal", resume=False)
                    played = 0
                    for depth in depths:
                        if depth > len(walk):
                            break  # the walk ended the game sooner: nothing to hint
                        while played < depth:
                            seen = service.play(seen.id, owner, walk[played])
                            played += 1
                        if seen.status != "playing":
                            break
                        t0 = time.perf_counter()
                        found = service.hint(seen.id, owner, deep=False, peek=True)
                        times.append((time.perf_counter() - t0) * 1000)
                        said[found.status] += 1
                        if found.deeper:
                            t0 = time.perf_counter()
                            found = service.hint(seen.id, owner, deep=True, peek=True)
                            fulls.append((time.perf_counter() - t0) * 1000)
                        then[found.status] += 1
                        if found.status == "move" and found.move is not None:
                            after = service.play(seen.id, owner, found.move.to_dict())
                            if after.status == "playing":
                                t0 = time.perf_counter()
                                service.hint(seen.id, owner, deep=False, peek=True)
                                nexts.append((time.perf_counter() - t0) * 1000)
                            seen = service.undo(seen.id, owner)
                every += times
                per_game[game] = {**_summary(times), "no_hint_in_time": said["unknown"],
                                  "guessed": said["guess"],
                                  "lost": said["lost"], "moves": said["move"],
                                  "full_search": {**_summary(fulls), "then": then},
                                  "next_hint": _summary(nexts)}
            service.store.close()
    finally:
        if before is None:
            os.environ.pop("PATIENCE_NATIVE", None)
        else:
            os.environ["PATIENCE_NATIVE"] = before
    unknown = sum(g["no_hint_in_time"] for g in per_game.values())
    guessed = sum(g["guessed"] for g in per_game.values())
    proved_then = sum(g["full_search"]["then"]["move"] + g["full_search"]["then"]["lost"]
                      for g in per_game.values())
    return {"native": native, "positions": len(every), "games": per_game,
            "p95_ms": round(percentile(every, 0.95), 1) if every else None,
            "median_ms": round(statistics.median(every), 1) if every else None,
            "no_hint_in_time": unknown,
            "no_hint_share": round(unknown / len(every), 4) if every else None,
            "guessed": guessed,
            "undecided_share": round((unknown + guessed) / len(every), 4) if every else None,
            "proved_after_full_search": proved_then}


def hints_main(args: argparse.Namespace) -> None:
    """The hint measure, native and Python side by side, added to the results file."""
    import patience

    games = args.hint_games or [g.id for g in patience.list_games()]
    measured = {side: hint_latencies(games, seed=args.seed, native=side == "native")
                for side in ("native", "python")}
    out = Path(args.out)
    result = json.loads(out.read_text("utf-8")) if out.exists() else {}
    result["hints"] = {
        "what": "hints through GameService as the page asks them (a glance, then the full "
                "search where the glance decided nothing): deals 1-3, after 0, 15 and 40 "
                "random moves; p95_ms is the first answer's",
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
        "target_p95_ms": 300, "target_no_hint_share": 0.02, **measured,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n", "utf-8")
    print(json.dumps(result["hints"], indent=2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--out", default=str(ROOT / "bench" / "results" / "web.json"))
    parser.add_argument("--hints", action="store_true", help="measure hints only")
    parser.add_argument("--hint-games", nargs="*", help="games for --hints (default: all)")
    args = parser.parse_args()
    if args.hints:
        hints_main(args)
        return
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = start_server(Path(tmp) / "bench.sqlite3", port)
        base = f"http://127.0.0.1:{port}"
        try:
            moves = move_latencies(base, args.requests, args.seed)
            page = first_draw(base)
            paint = key_to_paint(base, args.presses)
        finally:
            server.terminate()
            server.wait(timeout=10)
    result = {
        "what": "web app: play/undo request latency (hints excluded) and page first draw",
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
        "moves": moves, "page": page, "target_p95_ms": 30,
        "p95_within_target": moves["p95_ms"] < 30,
        "paint": paint,
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n", "utf-8")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
