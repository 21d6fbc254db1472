#!/usr/bin/env python3
"""Won endings converted within the fifty-move rule, by material: random positions the Syzygy tables
call a win for the side to move, played out by a winning engine (ours, without tables) against
Stockfish defending with the tables, at the halfmove clocks asked for (a clock is played only where
the tables still say win: DTZ + clock <= 100).

    python3 bench/convert_endings.py --player ./engine --tables ../shared/data/syzygy
    python3 bench/convert_endings.py --player /usr/games/stockfish --tables ../shared/data/syzygy

The second line is the reference: Stockfish without tables on the same positions (the seed decides
them). Materials are Syzygy names with the winning side first (KBNvK, KQvKR, KBBvK); only 3-4-man
tables are in the shared data, so K+R+P v K+R cannot be checked here. Needs python-chess.
"""
import argparse
import concurrent.futures
import random
import threading
import time
from collections import defaultdict

import chess
import chess.engine
import chess.pgn
import chess.syzygy

PIECES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


def random_position(rng, material, tables, dtz_range):
    """A position of `material` (white the winning side, to move) that the tables call a win with a
    DTZ in `dtz_range`, as (FEN without clocks, DTZ)."""
    strong, weak = material.split("v")
    while True:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, len(strong) + len(weak))
        for letters, color in ((strong, chess.WHITE), (weak, chess.BLACK)):
            for letter in letters:
                board.set_piece_at(squares.pop(), chess.Piece(PIECES[letter], color))
        board.turn = chess.WHITE
        if not board.is_valid() or board.is_game_over():
            continue
        if tables.probe_wdl(board) != 2:
            continue
        dtz = tables.probe_dtz(board)
        if dtz_range[0] <= dtz <= dtz_range[1]:
            return board.fen().rsplit(" ", 2)[0], dtz


class Players(threading.local):
    """One pair of engines per worker thread."""

    opened = []

    def open(self, args):
        if getattr(self, "player", None) is None:
            self.player = chess.engine.SimpleEngine.popen_uci(args.player)
            self.player.configure({"Hash": 16, "Threads": 1})
            self.defender = chess.engine.SimpleEngine.popen_uci(args.defender)
            self.defender.configure({"Hash": 16, "Threads": 1, "SyzygyPath": args.tables})
            Players.opened += [self.player, self.defender]
        return self.player, self.defender


def play(args, players, fen, clock):
    """Plays one game from `fen` at `clock`: 1 when the winning side mated, else 0, why, and the
    game."""
    player, defender = players.open(args)
    board = chess.Board(f"{fen} {clock} 1")
    base, increment = (float(x) for x in args.tc.split("+"))
    left = {chess.WHITE: base, chess.BLACK: base}
    for engine in (player, defender):
        engine.protocol.send_line("ucinewgame")
    while not board.is_game_over(claim_draw=True):
        engine = player if board.turn == chess.WHITE else defender
        limit = chess.engine.Limit(white_clock=left[chess.WHITE], black_clock=left[chess.BLACK],
                                   white_inc=increment, black_inc=increment)
        start = time.monotonic()
        move = engine.play(board, limit).move
        left[board.turn] += increment - (time.monotonic() - start)
        if left[board.turn] < 0:
            loser = "the winning side" if board.turn == chess.WHITE else "the defender"
            return 0, f"time loss of {loser}", board
        board.push(move)
    outcome = board.outcome(claim_draw=True)
    return int(outcome.winner == chess.WHITE), outcome.termination.name.lower(), board


def write_game(out, board, material, dtz, clock, how):
    """Appends the game to an open PGN file, its tags saying where it came from and how it ended."""
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = f"{material} dtz {dtz} clock {clock}"
    game.headers["Termination"] = how
    print(game, file=out, end="\n\n", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--player", required=True, help="the engine on the winning side (no tables)")
    parser.add_argument("--defender", default="/usr/games/stockfish", help="defends with the tables")
    parser.add_argument("--tables", required=True, help="Syzygy folder: picks the positions, arms the defender")
    parser.add_argument("--materials", nargs="+", default=["KBNvK", "KQvKR", "KBBvK"])
    parser.add_argument("--count", type=int, default=10, help="positions a material")
    parser.add_argument("--clocks", type=int, nargs="+", default=[0, 30])
    parser.add_argument("--dtz", type=int, nargs=2, default=[30, 70], help="DTZ range in plies")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tc", default="10+0.1")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--pgn", help="also write the games to this PGN file")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    games = []
    with chess.syzygy.open_tablebase(args.tables) as tables:
        for material in args.materials:
            for _ in range(args.count):
                fen, dtz = random_position(rng, material, tables, args.dtz)
                games += [(material, fen, dtz, clock) for clock in args.clocks if dtz + clock <= 100]
    players = Players()
    converted = defaultdict(int)
    played = defaultdict(int)
    out = open(args.pgn, "w") if args.pgn else None
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        results = pool.map(lambda game: (game, play(args, players, game[1], game[3])), games)
        for (material, fen, dtz, clock), (won, how, board) in results:
            converted[material, clock] += won
            played[material, clock] += 1
            plies = len(board.move_stack)
            print(f"{material} {fen} dtz {dtz} clock {clock}: {'converted' if won else 'not converted'} ({how}, "
                  f"{plies} plies)", flush=True)
            if out:
                write_game(out, board, material, dtz, clock, how)
    if out:
        out.close()
    for process in Players.opened:
        process.quit()
    for material in args.materials:
        cells = ", ".join(f"clock {c}: {converted[material, c]}/{played[material, c]}" for c in args.clocks)
        print(f"{args.player} {material}: {cells}")


if __name__ == "__main__":
    main()
