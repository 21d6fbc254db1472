#!/usr/bin/env python3
"""How our engine loses a match: read a match.py PGN (our engine is "A") and sort its losses.

For every lost game, find the first of our moves whose reported score is -150 cp or worse (our
"drop"). A loss is sudden when, over our three moves before the drop, our score was still -30 or
better; otherwise it is gradual. For the sudden ones, report what the opponent's own scores said in
the plies before the drop (in our point of view), how many of our moves earlier the opponent first
reported +100 for itself (only where it did so before our drop), and whether its queen stood within
three squares of our king at the drop. Also counts the games where we reported +150 or better at some
point and did not win.

    python3 bench/loss_analysis.py sf2400.pgn

Needs python-chess. Scores are read from match.py's move comments (`{ +22/14 0.36s }`).
"""

import gzip
import re
import statistics
import sys

import chess
import chess.pgn

DROP = -150
STILL_LEVEL = -30
OPPONENT_SEES = -100
AHEAD = 150
MATE_CP = 3000
# match.py writes `+22/14 0.36s`, and mates as `#+3/20` or `#-4/32`.
SCORE = re.compile(r"\s*([+-]?\d+|#[+-]?\d+)/")


def score_of(comment):
    """The score in a match.py move comment, mates as +-MATE_CP, or None."""
    match = SCORE.match(comment or "")
    if not match:
        return None
    text = match.group(1)
    if text.startswith("#"):
        return -MATE_CP if text.startswith("#-") else MATE_CP
    return int(text)


def moves_of(game, we_white):
    """(ours, score from our point of view, the game node) for every scored move."""
    moves = []
    for node in game.mainline():
        score = score_of(node.comment)
        if score is None:
            continue
        # `turn()` is the side to move after the move: the mover is the other side.
        ours = (node.turn() == chess.BLACK) == we_white
        moves.append((ours, score if ours else -score, node))
    return moves


def games(path):
    """Yields (game, our engine plays white, we won, we lost) for each game of a match.py PGN (our
    engine is "A"), gzipped or not."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            we_white = game.headers.get("White") == "A"
            result = game.headers.get("Result")
            won = result == ("1-0" if we_white else "0-1")
            lost = result == ("0-1" if we_white else "1-0")
            yield game, we_white, won, lost


def analyse(path):
    counts = dict(games=0, losses=0, sudden=0, gradual=0, ahead_not_won=0, ahead_lost=0, queen_near=0)
    opponent_view, lead_moves = [], []
    for game, we_white, won, lost in games(path):
        counts["games"] += 1
        moves = moves_of(game, we_white)
        ours = [i for i, m in enumerate(moves) if m[0]]
        if any(moves[i][1] >= AHEAD for i in ours) and not won:
            counts["ahead_not_won"] += 1
            counts["ahead_lost"] += lost
        if not lost:
            continue
        counts["losses"] += 1
        drop = next((k for k, i in enumerate(ours) if moves[i][1] <= DROP), None)
        if drop is None:
            continue
        before = [moves[i][1] for i in ours[max(0, drop - 3):drop]]
        if not before or max(before) < STILL_LEVEL:
            counts["gradual"] += 1
            continue
        counts["sudden"] += 1
        at = ours[drop]
        theirs = [moves[j][1] for j in range(max(0, at - 6), at) if not moves[j][0]]
        if theirs:
            opponent_view.append(min(theirs))
        board = moves[at][2].board()
        our_colour = chess.WHITE if we_white else chess.BLACK
        king = board.king(our_colour)
        queens = board.pieces(chess.QUEEN, not our_colour)
        counts["queen_near"] += any(chess.square_distance(king, q) <= 3 for q in queens)
        first = next((j for j in range(at) if not moves[j][0] and moves[j][1] <= OPPONENT_SEES), None)
        if first is not None:
            lead_moves.append(drop - sum(1 for i in ours if i < first))
    return counts, opponent_view, lead_moves


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    counts, opponent_view, lead_moves = analyse(sys.argv[1])
    print(f"games {counts['games']}, lost {counts['losses']}: sudden {counts['sudden']}, gradual {counts['gradual']}")
    print(f"games with our score >= +{AHEAD} and no win: {counts['ahead_not_won']} (lost {counts['ahead_lost']})")
    if opponent_view:
        seen = sum(1 for v in opponent_view if v <= OPPONENT_SEES)
        print(f"sudden losses where the opponent already reported >= +{-OPPONENT_SEES} for itself in the six plies "
              f"before: {seen} of {len(opponent_view)} (median of its best score: {-statistics.median(opponent_view):+.0f})")
    if len(lead_moves) >= 2:
        quartiles = statistics.quantiles(lead_moves, n=4)
        print(f"our moves from the opponent's first +{-OPPONENT_SEES} to our drop: median {statistics.median(lead_moves)}, "
              f"quartiles {quartiles[0]}-{quartiles[2]}")
    print(f"sudden losses with the opponent's queen within 3 squares of our king: {counts['queen_near']}")


if __name__ == "__main__":
    main()
