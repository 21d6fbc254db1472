#!/usr/bin/env python3
"""Nodes each draw scenario of tests/data/scenarios.txt takes at its depth, for one or more engines.

    python3 bench/scenario_nodes.py ./engine /tmp/base/engine

Each scenario runs from `ucinewgame` with its options, position and `go depth`, on one thread (node
counts are then the same on every run). Prints one row per scenario and the totals.
"""
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
sys.path.insert(0, str(DATA))
import verify_scenarios  # noqa: E402  (the scenario table's own reader)

TABLE = DATA / "scenarios.txt"
DEFAULTS = [f"{name}={value}" for name, value in verify_scenarios.RESET_OPTIONS.items()]


def scenarios():
    """(name, fen, moves, options, depth) of every block that has a depth."""
    for block in verify_scenarios.parse(TABLE):
        if "depth" in block and "fen" in block:
            yield block["name"], block["fen"], block.get("moves", ""), block.get("options", ""), block["depth"]


def nodes(engine, fen, moves, options, depth):
    """Nodes of the last `info depth` line of one search."""
    commands = ["uci", "setoption name Threads value 1"]
    for pair in DEFAULTS + options.split():
        name, value = pair.split("=", 1)
        commands.append(f"setoption name {name} value {value}")
    position = f"position fen {fen}" + (f" moves {moves}" if moves else "")
    commands += ["ucinewgame", position, f"go depth {depth}", "isready"]
    process = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    process.stdin.write("\n".join(commands) + "\n")
    process.stdin.flush()
    last = 0
    for line in process.stdout:
        words = line.split()
        if words[:2] == ["info", "depth"] and "nodes" in words:
            last = int(words[words.index("nodes") + 1])
        if words and words[0] == "bestmove":
            break
    process.stdin.write("quit\n")
    process.stdin.close()
    process.wait()
    return last


def main():
    engines = sys.argv[1:]
    if not engines:
        sys.exit(__doc__)
    totals = [0] * len(engines)
    print(f"{'scenario':58}" + "".join(f"{Path(e).parent.name + '/' + Path(e).name:>22}" for e in engines))
    for name, fen, moves, options, depth in scenarios():
        counts = [nodes(engine, fen, moves, options, depth) for engine in engines]
        totals = [t + c for t, c in zip(totals, counts)]
        print(f"{name:58}" + "".join(f"{c:>22}" for c in counts))
    print(f"{'total':58}" + "".join(f"{t:>22}" for t in totals))


if __name__ == "__main__":
    main()
