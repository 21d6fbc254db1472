#!/usr/bin/env python3
"""Reads `datagen export` files by their documented layouts alone (bullet's `ChessBoard`, viriformat's
games), independently of the Rust code that writes them, and prints what they hold, one position a
line, for `tools/tests/export.rs` to compare with the engine's own replay of the same games.

    python3 read_export.py bullet FILE   ->  <placement, side to move's pieces uppercase> <score> <result>
    python3 read_export.py viri FILE     ->  <Shredder-FEN placement side castling> <halfmove> <score> <result>

Scores and results as the file has them (bullet: the side to move's; viri: white's, 0 black won,
1 draw, 2 white won). Needs python-chess for viri (to replay the moves).
"""
import struct
import sys

PIECE_LETTERS = "pnbrqk"


def squares(occupancy):
    return [s for s in range(64) if occupancy >> s & 1]


def placement(board):
    """FEN placement of a 64-entry list (index a1 = 0) of letters or None."""
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            letter = board[rank * 8 + file]
            if letter is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + letter
                empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def read_bullet(data):
    for offset in range(0, len(data), 32):
        occupancy, pieces, score, result, _, _ = struct.unpack_from("<Q16shBBB", data, offset)
        board = [None] * 64
        for index, square in enumerate(squares(occupancy)):
            code = pieces[index // 2] >> (4 * (index % 2)) & 0xF
            letter = PIECE_LETTERS[code & 7]
            board[square] = letter if code & 8 else letter.upper()
        print(placement(board), score, result)


def read_viri(data):
    import chess
    offset = 0
    while offset < len(data):
        occupancy, pieces, stm_ep, halfmove, fullmove, _, wdl, _ = struct.unpack_from("<Q16sBBHhBB", data, offset)
        offset += 32
        board = chess.Board(None, chess960=True)
        rooks = 0
        for index, square in enumerate(squares(occupancy)):
            code = pieces[index // 2] >> (4 * (index % 2)) & 0xF
            kind = code & 7
            if kind == 6:  # a rook that may still castle
                kind, rooks = 3, rooks | chess.BB_SQUARES[square]
            board.set_piece_at(square, chess.Piece(kind + 1, not code & 8))
        board.turn = not stm_ep >> 7
        board.castling_rights = rooks
        board.ep_square = None if stm_ep & 0x7F == 64 else stm_ep & 0x7F
        board.halfmove_clock, board.fullmove_number = halfmove, fullmove
        while True:
            raw, score = struct.unpack_from("<Hh", data, offset)
            offset += 4
            if raw == 0 and score == 0:
                break
            origin, target, flags = raw & 63, raw >> 6 & 63, raw >> 14
            promotion = (raw >> 12 & 3) + 2 if flags == 3 else None
            fen = board.shredder_fen().split()
            print(" ".join(fen[:3]), board.halfmove_clock, score, wdl)
            move = chess.Move(origin, target, promotion)
            if move not in board.legal_moves:
                sys.exit(f"illegal {move} in {board.fen()}")
            board.push(move)


def main():
    kind, path = sys.argv[1], sys.argv[2]
    with open(path, "rb") as file:
        data = file.read()
    {"bullet": read_bullet, "viri": read_viri}[kind](data)


if __name__ == "__main__":
    main()
