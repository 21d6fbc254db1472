#!/usr/bin/env python3
"""Label tuning positions with Stockfish's expected score for white, from its win/draw/loss model.

    python3 bench/label_positions.py IN.epd OUT.epd DEPTH [START STEP]

Reads `FEN c9 "result";` lines (as in ../shared/data/tuning/sf_quiet.epd), keeps every STEP-th line
from line START (default: all), searches each with `go depth DEPTH` and writes
`FEN c9 "result"; sf <expected score>`, the score being (win + draw / 2) of Stockfish's `wdl` report
(UCI_ShowWDL) at the last depth, turned to white's point of view. `tune --blend B` fits to a mix of
the result and this score. Run one process per core with STEP 2 and START 0 and 1, then concatenate.

Talks UCI over pipes (no python-chess): at depth 8, Debian's Stockfish 15.1 labels about 230
positions a second per core of this machine.
"""

import subprocess
import sys

STOCKFISH = "/usr/games/stockfish"


def wait_for(engine, prefix):
    for reply in engine.stdout:
        if reply.startswith(prefix):
            return


def expected_score(engine, fen, depth):
    """Stockfish's expected score for white at `fen`, or None when it reported no wdl."""
    engine.stdin.write(f"position fen {fen}\ngo depth {depth}\n")
    wdl = None
    for reply in engine.stdout:
        if " wdl " in reply:
            words = reply.split()
            at = words.index("wdl")
            wdl = [int(x) for x in words[at + 1 : at + 4]]
        elif reply.startswith("bestmove"):
            break
    if wdl is None:
        return None
    win, draw, loss = wdl
    if fen.split()[1] == "b":
        win, loss = loss, win
    return (win + draw / 2) / 1000


def main():
    if len(sys.argv) not in (4, 6):
        sys.exit(__doc__)
    source, target, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    start, step = (int(sys.argv[4]), int(sys.argv[5])) if len(sys.argv) == 6 else (0, 1)
    engine = subprocess.Popen([STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    engine.stdin.write("setoption name UCI_ShowWDL value true\nsetoption name Hash value 16\nisready\n")
    wait_for(engine, "readyok")
    with open(source) as lines, open(target, "w") as out:
        for index, line in enumerate(lines):
            if index % step != start or " c9 " not in line:
                continue
            fen = line.split(" c9 ")[0].strip()
            score = expected_score(engine, fen, depth)
            if score is not None:
                out.write(f"{line.strip()} sf {score:.4f}\n")
    engine.stdin.write("quit\n")
    engine.wait()


if __name__ == "__main__":
    main()
