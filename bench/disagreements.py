#!/usr/bin/env python3
"""Positions where our engine thought it was winning and the opponent knew better.

Reads a match.py PGN (our engine is "A"). For every game we lost after reporting +150 or better at
some point, prints the first of our moves where we reported +100 or better and the opponent's reply
reported +100 or better for itself: the position before our move, as an EPD line with both scores
(our point of view) and the game's number. These are the positions to look at when the evaluation
misjudges what an opponent steers into.

    python3 bench/disagreements.py sf2400.pgn > disagreements.epd

Needs python-chess. Shares the PGN reading and score parsing of `loss_analysis.py`.
"""

import sys

from loss_analysis import AHEAD, games, moves_of

# Both engines must be this sure, each of its own side, for a position to count as a disagreement.
SURE = 100


def first_disagreement(moves):
    """(the position before our move, our score, the opponent's reply score), both scores from our
    point of view, or None."""
    for (ours, score, node), (next_ours, reply, _) in zip(moves, moves[1:]):
        if ours and not next_ours and score >= SURE and reply <= -SURE:
            return node.parent.board(), score, reply
    return None


def disagreements(path):
    """Yields (game number, board, our score, the opponent's score) for each lost game we led."""
    for number, (game, we_white, _, lost) in enumerate(games(path), start=1):
        if not lost:
            continue
        moves = moves_of(game, we_white)
        if not any(ours and score >= AHEAD for ours, score, _ in moves):
            continue
        found = first_disagreement(moves)
        if found:
            yield (number, *found)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    for number, board, ours, theirs in disagreements(sys.argv[1]):
        print(f'{board.epd()} c0 "game {number}"; c1 "ours {ours:+d}"; c2 "theirs {theirs:+d}";')


if __name__ == "__main__":
    main()
