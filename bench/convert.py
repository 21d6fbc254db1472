#!/usr/bin/env python3
"""How many won 3-4-man endings the engine converts against a reference engine, with the halfmove
clock at 0 and at 60, with or without Syzygy tables.

    python3 bench/convert.py --engine ./engine --tables ../shared/data/syzygy
    python3 bench/convert.py --engine ./engine            # the same games without tables

The endings are the first `--count` wins for the side to move of `syzygy_wdl_dtz.epd` whose DTZ
leaves room for the clock (DTZ + 60 <= 100 plies), so that every game is a win under the fifty-move
rule. Most of those wins zero the clock at once (DTZ 1); `--hardest` takes the wins of the longest DTZ
instead, and plays the second game of each at the latest clock that still wins (99 - DTZ). The engine plays the winning side against Stockfish at `UCI_Elo` 2400 (by default) with a clock;
a game ends by the rules as a GUI adjudicates them (mate, stalemate, insufficient material, a claimable
threefold or fifty-move draw). Needs python-chess (`pip install chess`).
"""
import argparse
import concurrent.futures
import threading
import time
from pathlib import Path

import chess
import chess.engine

EPD = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "endgame" / "syzygy_wdl_dtz.epd"
LATEST_CLOCK = 60


def endings(path, count, hardest=False):
    """(FEN without clocks, late clock) of wins for the side to move that stay wins at the late clock."""
    found = []
    for line in Path(path).read_text().splitlines():
        fields = line.split()
        values = dict(zip(fields[4::2], (f.rstrip(";") for f in fields[5::2])))
        wdl, dtz = int(values.get("wdl", 0)), int(values.get("dtz", 0))
        late = 99 - dtz if hardest else LATEST_CLOCK
        if wdl == 2 and 0 < dtz and dtz + late <= 100:
            found.append((dtz, " ".join(fields[:4]), late))
    if hardest:
        found.sort(key=lambda item: -item[0])
    return [(fen, late) for _, fen, late in found[:count]]


class Players(threading.local):
    """One pair of engines per worker thread."""

    opened = []

    def open(self, args):
        if getattr(self, "engine", None) is None:
            self.engine = chess.engine.SimpleEngine.popen_uci(args.engine)
            options = {"Hash": 16, "Threads": 1}
            if args.tables:
                options["SyzygyPath"] = args.tables
            self.engine.configure(options)
            self.opponent = chess.engine.SimpleEngine.popen_uci(args.opponent)
            self.opponent.configure({"UCI_LimitStrength": True, "UCI_Elo": args.elo, "Hash": 16, "Threads": 1})
            Players.opened += [self.engine, self.opponent]
        return self.engine, self.opponent


def play(args, players, fen, clock):
    """Plays one game from `fen` at `clock`; returns the result for the engine: 1, 0.5 or 0."""
    engine, opponent = players.open(args)
    board = chess.Board(f"{fen} {clock} 1")
    ours = board.turn
    base, increment = (float(x) for x in args.tc.split("+"))
    left = {chess.WHITE: base, chess.BLACK: base}
    for player in (engine, opponent):
        player.protocol.send_line("ucinewgame")
    while not board.is_game_over(claim_draw=True):
        player = engine if board.turn == ours else opponent
        limit = chess.engine.Limit(
            white_clock=left[chess.WHITE], black_clock=left[chess.BLACK], white_inc=increment, black_inc=increment
        )
        start = time.monotonic()
        result = player.play(board, limit)
        left[board.turn] += increment - (time.monotonic() - start)
        if left[board.turn] < 0:
            return 0.0 if board.turn == ours else 1.0
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    if outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == ours else 0.0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True)
    parser.add_argument("--tables", default="", help="SyzygyPath for the engine (default: none)")
    parser.add_argument("--opponent", default="/usr/games/stockfish")
    parser.add_argument("--elo", type=int, default=2400)
    parser.add_argument("--tc", default="10+0.1")
    parser.add_argument("--count", type=int, default=25, help="endings, each played at clock 0 and 60")
    parser.add_argument("--epd", default=str(EPD))
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--hardest", action="store_true", help="the longest wins, late at the latest clock")
    args = parser.parse_args()
    games = [(fen, clock) for fen, late in endings(args.epd, args.count, args.hardest) for clock in (0, late)]
    players = Players()
    converted = {"clock 0": 0, "late": 0}
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        results = pool.map(lambda game: (game, play(args, players, *game)), games)
        for (fen, clock), score in results:
            converted["clock 0" if clock == 0 else "late"] += score == 1.0
            print(f"{fen} clock {clock}: {score}", flush=True)
    for process in Players.opened:
        process.quit()
    label = f"tables {args.tables}" if args.tables else "no tables"
    total = sum(converted.values())
    late = "99 - DTZ" if args.hardest else LATEST_CLOCK
    print(f"{label}: converted {total}/{len(games)} (clock 0: {converted['clock 0']}, clock {late}: {converted['late']})")


if __name__ == "__main__":
    main()
