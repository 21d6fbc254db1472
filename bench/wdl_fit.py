#!/usr/bin/env python3
"""Fit the win/draw/loss model of `UCI_ShowWDL` to the engine's own games.

Reads match.py PGNs in which both players are this engine (self-play), takes every move comment
`{ +35/12 0.40s }` (the mover's score in centipawns), the material on the board before that move and
the game's result from the mover's side, and fits by maximum likelihood

    win  = 1 / (1 + exp((a(m) - score) / b(m)))
    loss = 1 / (1 + exp((a(m) + score) / b(m)))
    draw = 1 - win - loss

with a(m) and b(m) quadratic in x = m / 58, where m is the material count (pawn 1, knight and
bishop 3, rook 5, queen 9; clamped to 17..78, 58 being about the start position's 78 less the
pawns and minor pieces traded by the middlegame). a is the score at which a win is as likely as
not; b is how fast the probability rises. Mate scores and scores beyond 2000 cp are skipped, as
are the first 8 plies of each game (book moves carry no comment anyway).

    python3 bench/wdl_fit.py selfplay.pgn [more.pgn ...] [--scale F] [--holdout held.pgn ... [--compare A0,A1,A2,B0,B1,B2]]

prints the model as the Rust constant of src/search/score/wdl.rs, and the fit's log-loss next to that of a
model that ignores the score (the draw rate alone). The model is in the search's own units: PGN
scores written by a build that normalises its output (cp 100 = `a` at material 58) are brought
back with `--scale a/100` of that build's model. `datagen wdl` fits the same model to datagen
chunks, whose scores are in the search's units already. Pure Python: the data is binned by
(score / 10 cp, material) first, so the fit takes minutes.
"""
import argparse
import gzip
import math
import re
from collections import defaultdict

import chess
import chess.pgn

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
COMMENT = re.compile(r"^\s*([+-]?\d+)/\d+")
MAX_SCORE = 2000
SCORE_BIN = 10
SKIP_PLIES = 8


def material(board):
    return sum(VALUES[p.piece_type] for p in board.piece_map().values() if p.piece_type in VALUES)


def samples(paths, scale=1.0):
    """Bins: (score bin, material) -> [wins, draws, losses] from the mover's side."""
    bins = defaultdict(lambda: [0, 0, 0])
    games = 0
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt") as f:
            while (game := chess.pgn.read_game(f)) is not None:
                white = {"1-0": 0, "1/2-1/2": 1, "0-1": 2}.get(game.headers.get("Result"))
                if white is None:
                    continue
                games += 1
                board = game.board()
                for ply, node in enumerate(game.mainline()):
                    match = COMMENT.match(node.comment or "")
                    if match and ply >= SKIP_PLIES and abs(int(match.group(1))) <= MAX_SCORE:
                        score = round(int(match.group(1)) * scale)
                        outcome = white if board.turn == chess.WHITE else 2 - white
                        key = (round(score / SCORE_BIN) * SCORE_BIN, max(17, min(78, material(board))))
                        bins[key][outcome] += 1
                    board.push(node.move)
    return bins, games


def model(params, score, mat):
    x = mat / 58
    a = params[0] * x * x + params[1] * x + params[2]
    b = max(params[3] * x * x + params[4] * x + params[5], 1.0)
    win = 1 / (1 + math.exp(max(-50, min(50, (a - score) / b))))
    loss = 1 / (1 + math.exp(max(-50, min(50, (a + score) / b))))
    return win, max(1e-9, 1 - win - loss), loss


def log_loss(params, bins):
    total, count = 0.0, 0
    for (score, mat), outcomes in bins.items():
        probs = model(params, score, mat)
        for n, p in zip(outcomes, probs):
            if n:
                total -= n * math.log(max(p, 1e-9))
                count += n
    return total / count


def nelder_mead(f, start, step, iterations):
    n = len(start)
    simplex = [list(start)] + [[s + (step[i] if j == i else 0) for j, s in enumerate(start)] for i in range(n)]
    values = [f(p) for p in simplex]
    for _ in range(iterations):
        order = sorted(range(n + 1), key=values.__getitem__)
        simplex, values = [simplex[i] for i in order], [values[i] for i in order]
        centroid = [sum(p[i] for p in simplex[:-1]) / n for i in range(n)]
        worst = simplex[-1]
        reflected = [c + (c - w) for c, w in zip(centroid, worst)]
        fr = f(reflected)
        if fr < values[0]:
            expanded = [c + 2 * (c - w) for c, w in zip(centroid, worst)]
            fe = f(expanded)
            simplex[-1], values[-1] = (expanded, fe) if fe < fr else (reflected, fr)
        elif fr < values[-2]:
            simplex[-1], values[-1] = reflected, fr
        else:
            contracted = [c + 0.5 * (w - c) for c, w in zip(centroid, worst)]
            fc = f(contracted)
            if fc < values[-1]:
                simplex[-1], values[-1] = contracted, fc
            else:
                best = simplex[0]
                simplex = [best] + [[b + 0.5 * (p - b) for b, p in zip(best, q)] for q in simplex[1:]]
                values = [values[0]] + [f(p) for p in simplex[1:]]
    i = min(range(n + 1), key=values.__getitem__)
    return simplex[i], values[i]


def brier(params, bins):
    """Mean Brier score (squared error of the three shares against the result) over binned samples."""
    total, count = 0.0, 0
    for (score, mat), outcomes in bins.items():
        probs = model(params, score, mat)
        shares = [p / sum(probs) for p in probs]
        for result, n in enumerate(outcomes):
            total += n * sum((share - (i == result)) ** 2 for i, share in enumerate(shares))
            count += n
    return total / max(count, 1)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("pgn", nargs="+")
    p.add_argument("--iterations", type=int, default=3000)
    p.add_argument("--scale", type=float, default=1.0, help="search units per PGN centipawn")
    p.add_argument("--holdout", nargs="+", default=[], help="PGNs of held-out games: the fit's Brier score on them")
    p.add_argument("--compare", help="another model's six coefficients (a0,a1,a2,b0,b1,b2) for the Brier comparison")
    args = p.parse_args()
    bins, games = samples(args.pgn, args.scale)
    positions = sum(sum(v) for v in bins.values())
    wins, draws, losses = (sum(v[i] for v in bins.values()) for i in range(3))
    base = -sum(n * math.log(n / positions) for n in (wins, draws, losses) if n) / positions
    start = [0.0, 100.0, 50.0, 0.0, 50.0, 50.0]
    params, loss = nelder_mead(lambda q: log_loss(q, bins), start, [50, 50, 50, 20, 20, 20], args.iterations)
    print(f"games {games}  positions {positions}  (mover's view: W {wins} D {draws} L {losses})")
    print(f"log-loss: {loss:.4f} fitted, {base:.4f} from the outcome rates alone")
    a, b = ", ".join(f"{q:.3f}" for q in params[:3]), ", ".join(f"{q:.3f}" for q in params[3:])
    print(f"pub const MODEL: Model = Model {{ a: [{a}], b: [{b}] }};")
    print(f"cp 100 = {params[0] + params[1] + params[2]:.1f} search units (a at material 58)")
    for mat in (78, 58, 40, 25):
        row = "  ".join(
            f"{s:+5d}: " + "/".join(f"{round(1000 * q)}" for q in model(params, s, mat)) for s in (0, 50, 100, 200, 400)
        )
        print(f"material {mat}: {row}")
    if args.holdout:
        held, held_games = samples(args.holdout, args.scale)
        line = f"held out: {held_games} games, {sum(sum(v) for v in held.values())} positions; Brier score "
        line += f"{brier(params, held):.5f} fitted"
        if args.compare:
            line += f", {brier([float(x) for x in args.compare.split(',')], held):.5f} compared"
        print(line)


if __name__ == "__main__":
    main()
