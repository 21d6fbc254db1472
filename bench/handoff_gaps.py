#!/usr/bin/env python3
"""Hand-over times of a match played one game at a time, from both engines' Debug Log Files.

    python3 bench/handoff_gaps.py a.log b.log [--top 10]

A hand-over is the time from one engine sending `bestmove` to the other engine receiving its next
`go`. No engine is thinking then: the time is the harness's (and the machine's). match.py starts the
mover's clock before it sends `position` and `go`, so a slow hand-over is charged to the engine on
move. Prints the distribution and the slowest hand-overs with the time the `go` arrived.
"""
import argparse

from log_times import STAMP, parse_time


def events(name, path):
    """(time, engine, 'bm' or 'go', time stamp) for every bestmove sent and go received."""
    found = []
    with open(path, encoding="utf-8", errors="replace") as log:
        for raw in log:
            match = STAMP.match(raw.rstrip("\n"))
            if not match:
                continue
            stamp, text = match.group(1), match.group(2)
            if text.startswith(">> bestmove") or text.startswith("<< go "):
                found.append((parse_time(stamp), name, "bm" if text.startswith(">>") else "go", stamp))
    return found


def handoffs(all_events):
    """(milliseconds, time stamp of the go) for each bestmove followed by the other engine's go."""
    gaps = []
    last_bestmove = None
    for time, name, kind, stamp in sorted(all_events):
        if kind == "bm":
            last_bestmove = (time, name)
        elif last_bestmove and last_bestmove[1] != name:
            gaps.append(((time - last_bestmove[0]).total_seconds() * 1000, stamp))
            last_bestmove = None
        else:
            last_bestmove = None
    return gaps


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("a_log")
    p.add_argument("b_log")
    p.add_argument("--top", type=int, default=10)
    args = p.parse_args()
    gaps = handoffs(events("A", args.a_log) + events("B", args.b_log))
    ms = sorted(gap for gap, _ in gaps)
    n = len(ms)
    print(f"{n} hand-overs: median {ms[n // 2]:.1f} ms, p99 {ms[int(n * 0.99)]:.1f}, "
          f"p99.9 {ms[int(n * 0.999)]:.1f}, max {ms[-1]:.1f}")
    print("  ".join(f"over {limit} ms: {sum(gap > limit for gap in ms)}" for limit in (50, 100, 150, 200)))
    for gap, stamp in sorted(gaps, reverse=True)[:args.top]:
        print(f"{gap:7.1f} ms, go at {stamp}")


if __name__ == "__main__":
    main()
