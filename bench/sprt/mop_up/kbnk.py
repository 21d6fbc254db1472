import chess, chess.engine, sys
fens = ["8/8/1b6/8/4k3/8/2n3K1/8 b - - 0 1",
        "8/8/8/4k3/8/8/8/4KBN1 w - - 0 1",
        "8/8/3k4/8/8/8/8/2B1KN2 w - - 0 1",
        "7k/8/8/8/8/8/8/KNB5 w - - 0 1",
        "8/8/8/3K4/8/3k4/8/6bn b - - 0 1"]
eng = chess.engine.SimpleEngine.popen_uci(sys.argv[1])
mates = 0; games = 0
for rnd in range(2):
    for fen in fens:
        eng.protocol.send_line("ucinewgame")
        b = chess.Board(fen)
        while not b.is_game_over(claim_draw=True):
            b.push(eng.play(b, chess.engine.Limit(time=0.1)).move)
        games += 1; mates += b.is_checkmate()
        print(fen, "mate" if b.is_checkmate() else "draw", len(b.move_stack), "plies", flush=True)
print(f"mated {mates} of {games}")
eng.quit()
