#!/usr/bin/env python3
"""The slowest searches in a Debug Log File: time from `go` arriving to `bestmove` leaving.

    python3 bench/log_times.py engine.log [--top 10]

Each search in the log is `<< go ...`, `search starts N ms after go: soft S ms, hard H ms`, the info
lines and `>> bestmove`. For the slowest searches (by time from go to bestmove) this prints that time,
the hard limit, how late the search thread started, the longest silence between two logged lines of
the search, and the go line, so a move that took far longer than its limit shows where the time went:
before the search started, inside it (a gap between info lines), or after bestmove (not in this log:
the GUI's side).
"""
import argparse
import re
from datetime import datetime

STAMP = re.compile(r"^(\S+) \[\w+\] (.*)$")
LIMITS = re.compile(r"search starts (\d+) ms after go: (?:soft (\d+) ms, hard (\d+) ms|no time limit)")


def parse_time(text):
    # RFC 3339 with up to nine fraction digits; datetime takes six.
    text = text.rstrip("Z")
    if "." in text:
        head, frac = text.split(".", 1)
        text = head + "." + (frac + "000000")[:6]
    return datetime.fromisoformat(text)


def searches(path):
    current = None
    with open(path, encoding="utf-8", errors="replace") as log:
        for raw in log:
            match = STAMP.match(raw.rstrip("\n"))
            if not match:
                continue
            at, text = parse_time(match.group(1)), match.group(2)
            if text.startswith("<< go") and "perft" not in text:
                current = {"go": text[3:], "start": at, "last": at, "gap": 0.0, "hard": None, "late": None}
            elif current is None:
                continue
            else:
                current["gap"] = max(current["gap"], (at - current["last"]).total_seconds())
                current["last"] = at
                limits = LIMITS.search(text)
                if limits:
                    current["late"] = int(limits.group(1))
                    current["hard"] = int(limits.group(3)) if limits.group(3) else None
                if text.startswith(">> bestmove"):
                    current["took"] = (at - current["start"]).total_seconds()
                    yield current
                    current = None


def excess(search):
    """Milliseconds from `go` to `bestmove` beyond the hard limit (negative: inside it)."""
    return search["took"] * 1000 - search["hard"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log")
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    found = list(searches(args.log))
    over = [s for s in found if s["hard"] is not None and s["took"] * 1000 > s["hard"] + 5]
    over.sort(key=excess, reverse=True)
    print(f"{len(found)} searches; {len(over)} took more than their hard limit + 5 ms")
    excesses = sorted(excess(s) for s in found if s["hard"] is not None)
    if excesses:
        p999 = excesses[min(len(excesses) - 1, int(len(excesses) * 0.999))]
        print(f"past the hard limit: at most {excesses[-1]:.1f} ms, p99.9 {p999:.1f} ms")
    print("took ms  hard ms  started late ms  longest gap ms  go")
    for s in sorted(found, key=lambda s: s["took"], reverse=True)[: args.top]:
        hard = "-" if s["hard"] is None else s["hard"]
        print(f"{s['took'] * 1000:7.1f}  {hard!s:>7}  {s['late']!s:>15}  {s['gap'] * 1000:14.1f}  {s['go']}")
    for s in over[: args.top]:  # the largest excess first
        print(f"over: {s['took'] * 1000:.1f} ms (hard {s['hard']} ms, started {s['late']} ms late, gap {s['gap'] * 1000:.1f} ms): {s['go']}")


if __name__ == "__main__":
    main()
