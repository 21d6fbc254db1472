#!/usr/bin/env python3
"""Latency and memory of the engine as a GUI sees them (issue 6), measured through pipes.

    python3 bench/latency.py [--engine ./engine] [--runs 1000] [--hash 16 256 1024]

- movetime: over `--runs` searches of `go movetime 100` (from a rotating set of positions), the time
  from writing `go` to reading `bestmove`, minus 100 ms: p50, p99, max.
- stop: over `--runs` searches of `go infinite` stopped after 5 to 50 ms, the time from writing `stop`
  to reading `bestmove`: p50, p99, max.
- memory: for each Hash size, peak resident memory (VmHWM from /proc) after `ucinewgame` (which
  clears, so touches, the whole table) and a 2-second search, and its excess over the table.

Run it on a quiet core (`taskset -c 0 ...`): a busy machine measures the scheduler, not the engine.
"""
import argparse
import os
import random
import subprocess
import time

POSITIONS = [
    "startpos",
    "startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
    "fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "fen 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1",
]


class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.read_until("uciok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine closed its output")
            if line.startswith(prefix):
                return line

    def ready(self):
        self.send("isready")
        self.read_until("readyok")

    def peak_rss_mib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        raise RuntimeError("no VmHWM")

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def percentiles(values):
    values = sorted(values)
    at = lambda p: values[min(len(values) - 1, int(p * len(values)))]
    return f"p50 {at(0.50):6.2f} ms  p99 {at(0.99):6.2f} ms  max {values[-1]:6.2f} ms  (n={len(values)})"


def movetime_overshoot(engine, runs):
    overs = []
    for i in range(runs):
        engine.send(f"position {POSITIONS[i % len(POSITIONS)]}")
        engine.ready()
        start = time.perf_counter()
        engine.send("go movetime 100")
        engine.read_until("bestmove")
        overs.append((time.perf_counter() - start) * 1000 - 100)
    return overs


def stop_latency(engine, runs, rng):
    delays = []
    for i in range(runs):
        engine.send(f"position {POSITIONS[i % len(POSITIONS)]}")
        engine.ready()
        engine.send("go infinite")
        time.sleep(rng.uniform(0.005, 0.05))
        start = time.perf_counter()
        engine.send("stop")
        engine.read_until("bestmove")
        delays.append((time.perf_counter() - start) * 1000)
    return delays


def memory(path, hash_mib):
    engine = Engine(path)
    engine.send(f"setoption name Hash value {hash_mib}")
    engine.send("ucinewgame")
    engine.send("position startpos")
    engine.ready()
    engine.send("go movetime 2000")
    engine.read_until("bestmove")
    peak = engine.peak_rss_mib()
    engine.quit()
    return peak


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", default="./engine")
    p.add_argument("--runs", type=int, default=1000)
    p.add_argument("--hash", type=int, nargs="*", default=[16, 256, 1024])
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    path = os.path.abspath(args.engine)
    engine = Engine(path)
    print("movetime 100 overshoot:", percentiles(movetime_overshoot(engine, args.runs)), flush=True)
    print("stop to bestmove:      ", percentiles(stop_latency(engine, args.runs, random.Random(args.seed))), flush=True)
    engine.quit()
    for hash_mib in args.hash:
        peak = memory(path, hash_mib)
        print(f"Hash {hash_mib:5d} MiB: peak RSS {peak:7.1f} MiB, {peak - hash_mib:+6.1f} MiB over the table", flush=True)


if __name__ == "__main__":
    main()
