#!/usr/bin/env python3
"""Whether the engine's `score cp` means what Stockfish's means: positions from games (PGN), searched
by both engines, and the least-squares slope of the engine's centipawns on Stockfish's where
Stockfish scores between 30 and 500 (either sign). 1.0 is the same scale; issue 91 asks 0.8-1.25.

    python3 bench/cp_scale.py --engine ./engine --pgn games.pgn --positions 150 --movetime 200

Positions are every `--every`-th position of each game after the first 16 plies, not in check,
spread over the games; both engines search each for `--movetime` ms on one thread with Hash 16 and
a fresh table. Prints the slope with and without an intercept, and how many positions counted (not
those the engine scores as a mate or a known win of its endgame knowledge).
Needs python-chess.
"""
import argparse
import random

import chess
import chess.engine
import chess.pgn

SKIP_PLIES = 16
LOW, HIGH = 30, 500
# The engine's known wins (cp 10000 and up) and mates are verdicts, not evaluations: left out.
KNOWN_WIN = 10000


def positions(path, every, count, seed):
    """Up to `count` FENs from the games of `path`, drawn evenly at random."""
    found = []
    with open(path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            board = game.board()
            for ply, move in enumerate(game.mainline_moves()):
                if ply >= SKIP_PLIES and ply % every == 0 and not board.is_check():
                    found.append((board.fen(), board.chess960))
                board.push(move)
    random.Random(seed).shuffle(found)
    return found[:count]


def white_cp(engine, board, movetime):
    engine.protocol.send_line("ucinewgame")
    info = engine.analyse(board, chess.engine.Limit(time=movetime / 1000))
    return info["score"].white().score()


def slopes(pairs):
    """Least squares of ours (y) on theirs (x): with an intercept, and through the origin."""
    n = len(pairs)
    mx = sum(x for x, _ in pairs) / n
    my = sum(y for _, y in pairs) / n
    sxx = sum((x - mx) ** 2 for x, _ in pairs)
    sxy = sum((x - mx) * (y - my) for x, y in pairs)
    through_origin = sum(x * y for x, y in pairs) / sum(x * x for x, _ in pairs)
    return sxy / sxx, through_origin


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True)
    parser.add_argument("--reference", default="/usr/games/stockfish")
    parser.add_argument("--pgn", required=True)
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--movetime", type=int, default=200, help="ms a position for each engine")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ours = chess.engine.SimpleEngine.popen_uci(args.engine)
    theirs = chess.engine.SimpleEngine.popen_uci(args.reference)
    for engine in (ours, theirs):
        engine.configure({"Hash": 16, "Threads": 1})
    pairs = []
    for fen, chess960 in positions(args.pgn, args.every, args.positions, args.seed):
        board = chess.Board(fen, chess960=chess960)
        x, y = white_cp(theirs, board, args.movetime), white_cp(ours, board, args.movetime)
        if x is not None and y is not None and LOW <= abs(x) <= HIGH and abs(y) < KNOWN_WIN:
            pairs.append((x, y))
            print(f"{fen}: reference {x:+d}, engine {y:+d}", flush=True)
    ours.quit()
    theirs.quit()
    if len(pairs) < 2:
        print("too few positions in range")
        return
    with_intercept, through_origin = slopes(pairs)
    print(f"{len(pairs)} positions with the reference's |cp| in {LOW}..{HIGH}: slope {with_intercept:.3f} "
          f"(through the origin {through_origin:.3f})")


if __name__ == "__main__":
    main()
