#!/usr/bin/env python3
"""Runs ../shared/tools/match.py unchanged, with Python's cyclic garbage collector switched off.

    python3 bench/match_nogc.py [match.py arguments...]

Why: match.py keeps every finished game in memory, and it charges a move from the moment it hands
`play()` to python-chess until the `bestmove` comes back. A full collection of Python's cyclic
garbage collector stops all of the harness's threads for as long as it takes to walk every object,
and that grows with the games held: about 0.5 ms for each game, 333 ms after 698 games. In a
1+0.01 match (stopped after 536 games) three of four time losses came right after a hand-over from
one engine's `bestmove` to the other's `go` of 228 to 248 ms, all after game 270 (the median
hand-over is 2 ms), and the harness charged each to the engine on move. Without the collector, 1000
games had no hand-over above 100 ms and no time loss (bench/RESULTS.md). A tournament manager
written in C++ (fastchess, cutechess) has no such pause.

Reference counting still frees most objects. The reference cycles python-chess leaves behind (each
game's engine handles) stay until the end: the harness grew by about 0.9 MB a game (424 MB after
434 games at 1+0.01).

Every collection that happens all the same (none should) is reported on stderr with its duration.
With `MATCH_GC=on` in the environment the collector stays on and every full (generation 2)
collection is reported the same way, with the wall-clock time it ended: how the pause grows with
the games held can be measured. `MATCH_PY` in the environment names another match.py to run.
"""
import gc
import os
import runpy
import sys
import time

MATCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "tools", "match.py")

_started = {}


def report(phase, info):
    """A gc callback: prints the duration of each collection (only full ones with the collector on)."""
    if phase == "start":
        _started["t"] = time.monotonic()
    elif "t" in _started:
        ms = (time.monotonic() - _started.pop("t")) * 1000
        if gc.isenabled() and info["generation"] < 2:
            return
        stamp = time.strftime("%H:%M:%S", time.gmtime())
        print(f"gc: {stamp} generation {info['generation']} collection took {ms:.1f} ms, "
              f"{info['collected']} objects freed", file=sys.stderr, flush=True)


def main():
    path = os.environ.get("MATCH_PY", MATCH)
    if os.environ.get("MATCH_GC") != "on":
        gc.disable()
    gc.callbacks.append(report)
    sys.argv = [path] + sys.argv[1:]
    runpy.run_path(path, run_name="__main__")


if __name__ == "__main__":
    main()
