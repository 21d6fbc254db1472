#!/usr/bin/env python3
"""Count the searches whose last reported PV does not start with the move played.

Reads UCI transcripts of the engine's output (one file per engine process) and, for every
`bestmove`, compares its move with the first move of the last `info ... pv` line of MultiPV 1
before it (as fastchess does when it warns "Bestmove does not match beginning of last PV").

Record the transcripts of a match by running the engine through `tee`:

  mkdir -p /tmp/pv && python3 match.py --a "sh -c './engine | tee /tmp/pv/\\$\\$.log'" ...
  python3 bench/pv_check.py /tmp/pv/*.log
"""
import argparse
import sys


def check(path):
    """(searches, mismatches, examples) of one transcript."""
    searches, wrong, examples = 0, 0, []
    last = None
    for line in open(path, errors="replace"):
        tokens = line.split()
        if not tokens:
            continue
        if tokens[0] == "info" and "pv" in tokens:
            multipv = tokens[tokens.index("multipv") + 1] if "multipv" in tokens else "1"
            at = tokens.index("pv") + 1
            if multipv == "1" and at < len(tokens):
                last = tokens[at]
        elif tokens[0] == "bestmove" and len(tokens) > 1:
            searches += 1
            if tokens[1] != "0000" and last != tokens[1]:
                wrong += 1
                if len(examples) < 5:
                    examples.append(f"{path}: bestmove {tokens[1]} after last pv {last}")
            last = None
    return searches, wrong, examples


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("logs", nargs="+", help="transcripts of the engine's output")
    args = p.parse_args()
    searches = wrong = 0
    for path in args.logs:
        s, w, examples = check(path)
        searches += s
        wrong += w
        for e in examples:
            print(e)
    print(f"{searches} searches, {wrong} bestmove/PV mismatches")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
