#!/usr/bin/env python3
"""Solve an EPD tactics suite (`bm`/`am` operations) with a UCI engine at a fixed time per position.

    python3 bench/tactics.py --engine ./engine --epd ../shared/data/tactics/wac.epd --ms 1000

With `--nodes N` each position gets a fixed node count instead: the result does not depend on the
machine's speed or load (one thread: the same moves on every run), so two builds can be compared
while something else runs.

A position counts as solved when the engine's best move is one of `bm` (and none of `am`). Prints
each failure, then `solved N / M`. Needs python-chess (`pip install chess`).
"""
import argparse

import chess
import chess.engine


def read_suite(path):
    """Yields each position of an EPD file with its operations (`bm`, `am`, `id`, ...)."""
    with open(path) as f:
        for line in f:
            if line.strip():
                yield chess.Board.from_epd(line.strip())


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", default="./engine")
    p.add_argument("--epd", required=True)
    p.add_argument("--ms", type=int, default=1000, help="milliseconds per position")
    p.add_argument("--nodes", type=int, help="a fixed node count per position instead of --ms")
    p.add_argument("--hash", type=int, default=16)
    p.add_argument("--threads", type=int, default=1, help="search threads (--nodes counts all of them)")
    args = p.parse_args()
    limit = chess.engine.Limit(nodes=args.nodes) if args.nodes else chess.engine.Limit(time=args.ms / 1000)
    solved = total = 0
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Hash": args.hash, "Threads": args.threads})
    try:
        for board, ops in read_suite(args.epd):
            best = ops.get("bm", [])
            avoid = ops.get("am", [])
            engine.protocol.send_line("ucinewgame")
            result = engine.play(board, limit)
            ok = (not best or result.move in best) and result.move not in avoid
            total += 1
            solved += ok
            if not ok:
                want = " ".join(board.san(m) for m in best) or "not " + " ".join(board.san(m) for m in avoid)
                print(f"failed {ops.get('id', total)}: played {board.san(result.move)}, wanted {want}", flush=True)
    finally:
        engine.quit()
    print(f"solved {solved} / {total}")


if __name__ == "__main__":
    main()
