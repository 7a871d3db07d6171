"""Two builds of `native/examples/search_speed.rs` side by side, Rust alone.

Runs the `before` and `after` binaries in turn (before, after, before, ...), `--runs`
times each, with the same arguments; checks that every per-deal line (outcome, nodes,
line length, fingerprint of the won line) is the same in every run, and keeps the least
CPU seconds (user + system, the whole process) of each build. The example's own
seconds are wall seconds of the search, which a shared machine's load inflates.

    cargo build --release --example search_speed   # in each build's native/
    python bench/rust_speed.py --before BEFORE_BIN --after AFTER_BIN \\
        --out bench/results/sun_speed.json -- sun 1 1000 2000000
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
from pathlib import Path
from typing import Any


def run(binary: str, args: list[str]) -> tuple[list[str], float, float]:
    """The per-deal lines, the CPU seconds and the search's own seconds of one run."""
    before = os.times()
    out = subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    lines = out.strip().splitlines()
    total = lines[-1].split()  # total NODES nodes SECONDS s RATE nodes/s
    return lines[:-1], cpu, float(total[3])


def build_figures(lines: list[str], cpu: list[float], wall: list[float]) -> dict[str, Any]:
    nodes = sum(int(line.split()[3]) for line in lines)
    best = min(cpu)
    return {
        "nodes": nodes,
        "cpu_seconds_runs": [round(s, 3) for s in cpu],
        "cpu_seconds": round(best, 3),
        "search_wall_seconds_least": round(min(wall), 3),
        "nodes_per_cpu_second": round(nodes / best),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", required=True, help="search_speed binary of the build before")
    parser.add_argument("--after", required=True, help="search_speed binary of the build after")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", type=Path)
    parser.add_argument("args", nargs="+", help="GAME FIRST LAST MAX_NODES")
    options = parser.parse_args()
    builds = {"before": options.before, "after": options.after}
    lines: dict[str, list[str]] = {}
    cpu: dict[str, list[float]] = {name: [] for name in builds}
    wall: dict[str, list[float]] = {name: [] for name in builds}
    for _ in range(options.runs):
        for name, binary in builds.items():
            deals, seconds, search_seconds = run(binary, options.args)
            if lines.setdefault(name, deals) != deals:
                raise SystemExit(f"{name}: a run's lines differ from its first run's")
            cpu[name].append(seconds)
            wall[name].append(search_seconds)
            print(f"{name}: {seconds:.3f} CPU s", flush=True)
    if lines["before"] != lines["after"]:
        raise SystemExit("the builds' per-deal lines differ: they explore differently")
    figures = {name: build_figures(lines[name], cpu[name], wall[name]) for name in builds}
    result = {
        "command": "cargo run --release --example search_speed -- " + " ".join(options.args),
        "runs_each": options.runs,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "identical_lines": len(lines["after"]),
        **figures,
        "ratio": round(figures["before"]["cpu_seconds"] / figures["after"]["cpu_seconds"], 3),
    }
    text = json.dumps(result, indent=2)
    print(text)
    if options.out:
        options.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
