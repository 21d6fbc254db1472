"""Reads fastchess's match report (what it prints at each interval and at the end), so that the
scripts driving fastchess (`gauntlet.py`, `spsa.py`) agree on what a result is.

The last report in the text wins: fastchess repeats it as the match goes on.
"""
import re
from collections import namedtuple

Result = namedtuple("Result", "games wins losses draws percent")

RESULTS = re.compile(r"Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+), Points: [\d.]+ \(([\d.]+) %\)")
# fastchess prints "Elo: X +/- Y, nElo: ..."; \b keeps the normalised nElo out.
ELO = re.compile(r"\bElo: (-?[\d.]+|inf|-inf) \+/- ([\d.]+|nan|inf)")
PENTA = re.compile(r"Ptnml\(0-2\): (\[[\d, ]+\])")


def result(text):
    """Games, wins, losses and draws of the first engine, with its score in percent; None if no report."""
    found = RESULTS.findall(text)
    if not found:
        return None
    games, wins, losses, draws, percent = found[-1]
    return Result(int(games), int(wins), int(losses), int(draws), float(percent))


def elo(text):
    """The Elo and its error as fastchess printed them ("119.11 +/- 58.53"); None if absent."""
    found = ELO.findall(text)
    return f"{found[-1][0]} +/- {found[-1][1]}" if found else None


def pentanomial(text):
    """The pair counts from two losses to two wins, as printed ("[1, 7, 13, 16, 13]"); None if absent."""
    found = PENTA.findall(text)
    return found[-1] if found else None
