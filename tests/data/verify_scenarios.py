#!/usr/bin/env python3
"""Checks the expectations of tests/data/scenarios.txt with python-chess, independently of the engine.

For every scenario: the FEN is valid, the moves are legal, the `best`/`avoid`/`after` moves are legal
at the scenario position, and the `check` named in the scenario holds (which moves reset the clock,
repetition counts, mates, perpetual checks, the Rule50 arithmetic). Run: python3 verify_scenarios.py
"""

import pathlib
import sys

import chess

RESET_OPTIONS = {"Rule50": "50", "Contempt": "0", "UCI_Chess960": "false"}


def parse(path):
    scenarios, current = [], None
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = {"name": line[1:-1]}
            scenarios.append(current)
            continue
        key, _, value = line.partition("=")
        key, value = key.strip(), value.strip()
        current[key] = f"{current[key]} {value}" if key in ("note",) and key in current else value
    return scenarios


def resets(board, move):
    return board.is_capture(move) or board.piece_type_at(move.from_square) == chess.PAWN


def reset_moves(board):
    return {m.uci() for m in board.legal_moves if resets(board, m)}


def runs_out(board, limit, runner):
    """`runner` can make the halfmove clock reach `limit` with quiet moves whatever the other side
    does (the other side resetting the clock or mating counts as failure)."""
    if board.halfmove_clock >= limit:
        return not board.is_checkmate()
    if board.is_checkmate():
        return False
    if board.is_stalemate():
        return True
    moves = list(board.legal_moves)
    if board.turn == runner:
        for m in moves:
            if resets(board, m):
                continue
            board.push(m)
            ok = runs_out(board, limit, runner)
            board.pop()
            if ok:
                return True
        return False
    for m in moves:
        if resets(board, m):
            return False
        board.push(m)
        ok = runs_out(board, limit, runner)
        board.pop()
        if not ok:
            return False
    return True


def quiet_moves_running_out(board, limit):
    """Moves of the side to move that make sure the limit is reached."""
    out = set()
    for m in list(board.legal_moves):
        if resets(board, m):
            continue
        board.push(m)
        if runs_out(board, limit, not board.turn):
            out.add(m.uci())
        board.pop()
    return out


def mate_within(board, n):
    if n <= 0:
        return False
    for m in list(board.legal_moves):
        board.push(m)
        if board.is_checkmate():
            board.pop()
            return True
        ok = n > 1 and not board.is_stalemate() and not board.is_insufficient_material()
        if ok:
            for r in list(board.legal_moves):
                board.push(r)
                good = mate_within(board, n - 1)
                board.pop()
                if not good:
                    ok = False
                    break
        board.pop()
        if ok:
            return True
    return False


def mating_moves(board, n):
    out = set()
    for m in list(board.legal_moves):
        board.push(m)
        if board.is_checkmate():
            out.add(m.uci())
        elif n > 1 and not board.is_stalemate():
            if all(_after(board, r, lambda b: mate_within(b, n - 1)) for r in list(board.legal_moves)):
                out.add(m.uci())
        board.pop()
    return out


def _after(board, move, predicate):
    board.push(move)
    result = predicate(board)
    board.pop()
    return result


def perpetual_moves(board, plies):
    """Checking moves after which the side to move forces a repetition by checks within `plies`."""
    start = [board._transposition_key()]

    def attack(b, left, path):
        for m in list(b.legal_moves):
            if b.gives_check(m) and _after(b, m, lambda c: repeats_or_defends(c, left - 1, path)):
                return True
        return False

    def repeats_or_defends(b, left, path):
        key = b._transposition_key()
        if key in path:
            return True
        if b.is_checkmate() or left <= 0:
            return False
        path = path + [key]
        for r in list(b.legal_moves):
            b.push(r)
            k = b._transposition_key()
            ok = k in path or (left > 1 and attack(b, left - 1, path + [k]))
            b.pop()
            if not ok:
                return False
        return True

    return {
        m.uci()
        for m in list(board.legal_moves)
        if board.gives_check(m) and _after(board, m, lambda c: repeats_or_defends(c, plies - 1, start))
    }


def threefold_moves(board):
    return {m.uci() for m in list(board.legal_moves) if _after(board, m, lambda b: b.is_repetition(3))}


def piece_occurrences(board):
    """Occurrences of the current position by piece placement and side to move only (ignoring
    castling rights and en passant), over the whole game."""
    key = (board.board_fen(), board.turn)
    copy = board.copy()
    count = 0
    while True:
        if (copy.board_fen(), copy.turn) == key:
            count += 1
        if not copy.move_stack:
            return count
        copy.pop()


def check(s):
    opts = dict(RESET_OPTIONS)
    for pair in s.get("options", "").split():
        k, _, v = pair.partition("=")
        opts[k] = v
    chess960 = opts["UCI_Chess960"] == "true"
    rule50 = int(opts["Rule50"])
    limit = 2 * rule50 if rule50 else None
    board = chess.Board(s["fen"], chess960=chess960)
    status = board.status()
    # python-chess calls clocks above 100 / 150 fine; only real errors matter.
    assert board.is_valid(), f"invalid FEN: {status!r}"
    for mv in s.get("moves", "").split():
        board.push_uci(mv)
    legal = {m.uci() for m in board.legal_moves}
    best = set(s.get("best", "").split())
    avoid = set(s.get("avoid", "").split())
    assert best <= legal, f"best not legal: {best - legal}"
    assert avoid <= legal, f"avoid not legal: {avoid - legal}"
    assert not best & avoid
    after = s.get("after", "").split(" ", 1)
    if after[0]:
        assert after[0] in legal, f"after move {after[0]} not legal"
    facts = []
    kind = s.get("check", "")
    clock = board.halfmove_clock
    pv_len = int(s["pv_len"]) if "pv_len" in s else None
    pv_end = s.get("pv_end_state")
    if pv_end == "fifty-move rule" and pv_len is not None:
        assert clock + pv_len == limit, f"PV of {pv_len} quiet plies from clock {clock} does not end at {limit}"
        facts.append(f"a PV of {pv_len} quiet plies from clock {clock} ends on ply {limit}")
    if kind == "must_reset_now":
        assert best == reset_moves(board), f"best {best} != resetting moves {reset_moves(board)}"
        for m in list(board.legal_moves):
            if not resets(board, m):
                assert _after(board, m, lambda b: runs_out(b, limit, b.turn)), f"{m} does not lose the win"
        facts.append(f"resetting moves {sorted(reset_moves(board))}; every other move lets the clock run out")
    elif kind == "reaches_reset":
        good = set(reset_moves(board))
        for m in list(board.legal_moves):
            if resets(board, m):
                continue
            board.push(m)
            ok = all(
                resets(board, r) or _after(board, r, lambda b: bool(reset_moves(b))) for r in list(board.legal_moves)
            )
            board.pop()
            if ok:
                good.add(m.uci())
        assert clock == limit - 3, "designed for three plies left"
        assert best == good, f"best {best} != moves keeping a reset in reach {good}"
        facts.append(f"moves keeping a reset within the limit: {sorted(good)}")
    elif kind == "defender_draws":
        running = quiet_moves_running_out(board, limit)
        assert running, "no move runs the clock out"
        if best:
            assert best == running, f"best {best} != {running}"
        assert avoid == reset_moves(board), f"avoid {avoid} != resetting moves {reset_moves(board)}"
        facts.append(f"{len(running)} quiet moves reach ply {limit}; resetting moves {sorted(reset_moves(board))}")
    elif kind == "opponent_runs_clock":
        assert not reset_moves(board), "side to move can reset"
        assert runs_out(board, limit, not board.turn), "opponent cannot run the clock out"
        facts.append("no reset for the side to move; the opponent can always reach the limit")
    elif kind == "perpetual":
        found = perpetual_moves(board, 8)
        assert best == found, f"best {best} != perpetual moves {found}"
        line = s["line"].split()
        b = board.copy()
        keys = [b._transposition_key()]
        for i, mv in enumerate(line):
            if i % 2 == 1:
                assert len(list(b.legal_moves)) == 1, f"reply {mv} is not forced"
            b.push_uci(mv)
            k = b._transposition_key()
            assert (k in keys) == (i == len(line) - 1), f"repetition at the wrong ply {i}"
            keys.append(k)
        assert pv_len == len(line)
        facts.append(f"perpetual by {sorted(found)}, line repeats after {len(line)} plies")
    elif kind == "reply_gives_claim":
        # Every move in `avoid` lets the opponent answer with a move after which the side now to move
        # (the engine) can claim a threefold, which python-chess adjudicates at once; no other move does.
        def gives_claim(move):
            board.push(move)
            claim = False
            for reply in list(board.legal_moves):
                board.push(reply)
                claim = claim or board.can_claim_threefold_repetition()
                board.pop()
            board.pop()
            return claim
        allowing = {m.uci() for m in list(board.legal_moves) if gives_claim(m)}
        assert allowing == avoid, f"moves allowing a claim {sorted(allowing)}"
        assert legal - allowing, "no move avoids the claim"
        facts.append(f"{len(allowing)} moves allow a reply that makes the draw claimable; {len(legal - allowing)} do not")
    elif kind == "threefold_by_after":
        found = threefold_moves(board)
        assert found == {after[0]}, f"threefold moves {found}"
        assert after[1] == "threefold repetition"
        if best:
            assert best == found
        if avoid:
            assert avoid == found
        assert not board.is_repetition(3), "already threefold"
        facts.append(f"only {after[0]} makes a threefold repetition")
    elif kind in ("not_threefold_after", "not_threefold_after_no_claim"):
        board.push_uci(after[0])
        assert not board.is_repetition(3), "is a threefold repetition"
        pieces = piece_occurrences(board)
        # FIDE 9.2: the side to move may also claim with the move it is about to play.
        next_claim = board.can_claim_threefold_repetition()
        side = "White" if board.turn == chess.WHITE else "Black"
        board.pop()
        assert pieces >= 3, "not even the pieces repeat three times: a weak control"
        assert after[1] == "none"
        if kind == "not_threefold_after_no_claim":
            assert not next_claim, "the side to move could claim with its next move"
        facts.append(
            f"after {after[0]}: {pieces} occurrences by pieces, not a threefold by the rules; "
            f"{side} (to move) {'could' if next_claim else 'could not'} claim with its next move"
        )
    elif kind == "mate":
        n = int(s["score"].split()[1])
        assert clock + 2 * n - 1 == limit, "the mate does not land on the last ply"
        assert not mate_within(board, n - 1)
        found = mating_moves(board, n)
        assert best == found, f"best {best} != mating moves {found}"
        assert pv_len == 2 * n - 1
        facts.append(f"mate in {n} by {sorted(found)}, landing on ply {clock + 2 * n - 1}")
    elif kind == "no_mate_before_limit":
        assert not any(board.pieces(chess.PAWN, c) for c in chess.COLORS), "pawns on the board"
        weak = [c for c in chess.COLORS if (board.occupied_co[c] & ~board.kings) == 0]
        assert weak, "the defender has more than a king"
        n = (limit + 1 - clock) // 2
        assert not mate_within(board, n), f"mate in {n} exists"
        facts.append(f"no mate within {n} moves, no reset possible")
    elif kind == "rule50_state":
        auto = 3 * rule50 if rule50 else None
        expected = (
            "75-move rule"
            if auto and clock >= auto
            else "fifty-move rule" if limit and clock >= limit else "none"
        )
        assert s["state"] == expected, f"state {s['state']} != {expected}"
        assert (s.get("claim") == "fifty-move rule") == (expected == "fifty-move rule")
        facts.append(f"clock {clock}, claim at {limit}, automatic at {auto}: {expected}")
    elif kind == "claimable":
        expected = "threefold repetition" if board.is_repetition(3) else (
            "fifty-move rule" if clock >= limit else "none")
        assert s["claim"] == expected == s["state"]
        facts.append(expected)
    elif kind == "line_threefold":
        line = s["line"].split()
        b = board.copy()
        for i, mv in enumerate(line):
            if i % 2 == 1:
                assert len(list(b.legal_moves)) == 1, f"reply {mv} is not forced"
            b.push_uci(mv)
            assert b.is_repetition(3) == (i == len(line) - 1), f"threefold at the wrong ply {i}"
        b.pop()
        claimable = b.can_claim_threefold_repetition()
        # The engine ends its PV where its own side can claim with the next move (FIDE 9.2).
        assert pv_len == (len(line) - 1 if claimable and len(line) % 2 == 1 else len(line))
        facts.append(
            f"line {' '.join(line)} ends in a threefold repetition; one move earlier the side to move "
            f"{'can' if claimable else 'cannot'} claim with that move"
        )
    elif kind == "resets":
        assert best or avoid
        for given in (best, avoid):
            assert not given or given == reset_moves(board), f"{given} != resetting moves {reset_moves(board)}"
        facts.append(f"resetting moves {sorted(reset_moves(board))}")
    elif kind:
        raise AssertionError(f"unknown check {kind}")
    return facts


def main():
    path = pathlib.Path(__file__).with_name("scenarios.txt")
    failures = 0
    for s in parse(path):
        try:
            facts = check(s)
            print(f"ok   {s['name']}: {'; '.join(facts)}")
        except AssertionError as e:
            failures += 1
            print(f"FAIL {s['name']}: {e}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
