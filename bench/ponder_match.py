#!/usr/bin/env python3
"""Games with pondering on both sides, through python-chess (the client lichess-bot uses).

match.py does not ponder, so this plays its own games: both engines get `Ponder=true`, and after each
`bestmove X ponder Y` python-chess sends `go ponder` on the predicted position; when the opponent
plays Y it sends `ponderhit`, otherwise `stop` and a new search. Each opening is played twice, with
colours swapped, one game at a time (pondering needs a core per engine). Clocks are wall clocks.

    python3 bench/ponder_match.py --a ./engine --b /usr/games/stockfish --tc 10+0.1 --pairs 100 \
        --openings ../shared/data/books/UHO_4060_v3.epd

Prints one line per game and a summary: results, ponder hits (how often the predicted reply was
played), and failures per engine: crashes, illegal moves, time losses, hangs (no answer within the
limit python-chess derives from the clock, plus 10 s).
"""
import argparse
import random
import time

import chess
import chess.engine

HANG_SLACK = 10.0


def load_openings(path):
    with open(path) as f:
        lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    return [" ".join(l.split(" ")[:4]) + " 0 1" if len(l.split(" ")) < 6 else l for l in lines]


def play_game(engines, names, fen, base, inc, failures, stats):
    board = chess.Board(fen)
    clocks = {chess.WHITE: base, chess.BLACK: base}
    game_id = object()
    predicted = {chess.WHITE: None, chess.BLACK: None}
    while not board.is_game_over(claim_draw=True):
        side = board.turn
        engine, name = engines[side], names[side]
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        start = time.perf_counter()
        try:
            result = engine.play(board, limit, ponder=True, game=game_id)
        except chess.engine.EngineTerminatedError:
            failures[name]["crash"] += 1
            return ("0-1" if side == chess.WHITE else "1-0"), "crash"
        except (TimeoutError, chess.engine.EngineError) as e:
            kind = "hang" if isinstance(e, TimeoutError) else "illegal"
            failures[name][kind] += 1
            return ("0-1" if side == chess.WHITE else "1-0"), kind
        clocks[side] -= time.perf_counter() - start
        if clocks[side] < 0:
            failures[name]["time"] += 1
            return ("0-1" if side == chess.WHITE else "1-0"), "time"
        clocks[side] += inc
        if result.move is None or result.move not in board.legal_moves:
            failures[name]["illegal"] += 1
            return ("0-1" if side == chess.WHITE else "1-0"), "illegal"
        opponent = not side
        if predicted[opponent] is not None:
            stats["predictions"] += 1
            stats["hits"] += predicted[opponent] == result.move
        predicted[side] = result.ponder
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    return board.result(claim_draw=True), outcome.termination.name.lower() if outcome else "?"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--a", required=True)
    p.add_argument("--b", required=True)
    p.add_argument("--a-opt", action="append", default=[])
    p.add_argument("--b-opt", action="append", default=[])
    p.add_argument("--tc", default="10+0.1")
    p.add_argument("--pairs", type=int, default=10)
    p.add_argument("--openings", required=True)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    base, inc = (float(x) for x in args.tc.split("+"))
    openings = load_openings(args.openings)
    random.Random(args.seed).shuffle(openings)
    failures = {n: {"crash": 0, "illegal": 0, "time": 0, "hang": 0} for n in ("A", "B")}
    stats = {"predictions": 0, "hits": 0}
    score = {"A": 0.0, "games": 0, "W": 0, "D": 0, "L": 0}
    for pair in range(args.pairs):
        for swap in (False, True):
            engines = {}
            for name, command, opts in (("A", args.a, args.a_opt), ("B", args.b, args.b_opt)):
                engine = chess.engine.SimpleEngine.popen_uci(command.split(), timeout=HANG_SLACK)
                engine.configure(dict(o.split("=", 1) for o in opts))  # Ponder: set by play(ponder=True)
                engines[name] = engine
            white, black = ("B", "A") if swap else ("A", "B")
            try:
                result, why = play_game({chess.WHITE: engines[white], chess.BLACK: engines[black]},
                                        {chess.WHITE: white, chess.BLACK: black},
                                        openings[pair % len(openings)], base, inc, failures, stats)
            finally:
                for engine in engines.values():
                    try:
                        engine.quit()
                    except chess.engine.EngineTerminatedError:
                        pass
            a_points = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            a_points = 1.0 - a_points if white == "B" else a_points
            score["A"] += a_points
            score["games"] += 1
            score["W" if a_points == 1 else "L" if a_points == 0 else "D"] += 1
            print(f"game {score['games']}: {white} - {black} {result} ({why})", flush=True)
    hit_rate = stats["hits"] / max(1, stats["predictions"])
    print(f"A: W {score['W']} D {score['D']} L {score['L']}  score {score['A'] / max(1, score['games']):.3f}")
    print(f"ponder hits {stats['hits']} of {stats['predictions']} ({100 * hit_rate:.0f}%)")
    print(f"failures: A {failures['A']}  B {failures['B']}")


if __name__ == "__main__":
    main()
