#!/usr/bin/env python3
"""SPSA over the search parameters (`src/search/params.rs`) with fastchess, resumable, one CSV row an
iteration. The same method as OpenBench's SPSA, for one machine.

    cargo build --release --features tune --target-dir target/tune      # every parameter a UCI option
    python3 bench/spsa.py --engine target/tune/release/engine --fastchess /path/to/fastchess \\
        --book ../shared/data/books/UHO_4060_v3.epd --iterations 2000 --csv bench/spsa/run1.csv
    python3 bench/spsa_plot.py bench/spsa/run1.csv                       # the parameters' paths

Each iteration draws a random sign per parameter, plays `--pairs` game pairs (each opening both ways)
between the engine with every parameter moved up by its step c_k times its sign and the engine with
every parameter moved down, and moves each parameter by r_k * c_k * (wins - losses) * sign. The
schedules are the usual ones: c_k = c_end * (N / k)^0.101 and r_k = r_end * ((A + N) / (A + k))^0.602
with A = N / 10, where c_end and r_end are each parameter's own (`engine spsa` prints them, as
OpenBench reads them) and N is `--iterations`.

The clock, not fixed nodes, by default (`--tc 4+0.04`): several parameters trade nodes for time
(reductions, pruning margins), and at fixed nodes a parameter that searches fewer nodes per move
would look free; `--nodes N` is there for quick screens. 4+0.04 is the shortest clock at which the
margins' rescale showed its gain (+18 ± 20 there, +26 ± 12 at 8+0.08, +1 ± 22 at 2+0.02: the
ledger), so a tune there points where the longer clocks do, at half their games' cost. A stopped
run goes on from the CSV's last row with `--csv` the same file. Tuned values land only with a
10+0.1 confirmation match (ledger).

`--rate F` multiplies every r_end by F: OpenBench's rates are for tens of thousands of games, and a
run of a session on two cores plays one or two thousand, whose steps would move nothing; a larger
rate moves the parameters further at the cost of noise, which the confirmation match then judges
(a resumed run takes the same `--rate`).

`--params` tunes a few of them, the rest at their defaults: on two cores all of them take more games
than a run can have, so tune the margins that are in evaluation units after a new net, e.g.

    --params rfp_margin razor_base razor_per_depth_squared futility_base futility_per_depth \\
        see_quiet_margin see_noisy_margin probcut_margin delta_margin aspiration_delta nmp_eval_divisor
"""
import argparse
import csv
import os
import random
import subprocess
import sys

import fastchess_report

GAMMA, ALPHA = 0.101, 0.602


def parameters(engine):
    """(name, value, min, max, c_end, r_end) for every line of `engine spsa`."""
    out = subprocess.run([engine, "spsa"], capture_output=True, text=True, check=True).stdout
    params = []
    for line in out.splitlines():
        name, _kind, value, low, high, c_end, r_end = [f.strip() for f in line.split(",")]
        params.append((name, float(value), float(low), float(high), float(c_end), float(r_end)))
    return params


def chosen(params, names):
    """The parameters named in `names` (each may hold several, comma-separated); all when none."""
    if not names:
        return params
    wanted = [name.strip() for group in names for name in group.split(",") if name.strip()]
    unknown = sorted(set(wanted) - {p[0] for p in params})
    if unknown:
        sys.exit(f"spsa: not tunable (see `engine spsa`): {', '.join(unknown)}")
    return [p for p in params if p[0] in wanted]


def resume(path, params):
    """The iteration to go on from and the values, from the CSV's last row (or the start)."""
    values = {p[0]: p[1] for p in params}
    if not os.path.exists(path):
        return 0, values
    with open(path, newline="") as file:
        rows = list(csv.DictReader(file))
    if not rows:
        return 0, values
    last = rows[-1]
    if set(last) != {"iteration", "wins", "losses", "draws"} | set(values):
        sys.exit(f"spsa: {path} tunes other parameters than these; give the same --params or a new --csv")
    return int(last["iteration"]), {name: float(last[name]) for name in values}


def schedule(k, n, c_end, r_end, rate=1.0):
    """(c_k, r_k) at iteration k of n: they fall to c_end and rate * r_end at k = n."""
    big_a = n / 10
    c_k = c_end * (n / k) ** GAMMA
    r_k = rate * r_end * ((big_a + n) / (big_a + k)) ** ALPHA
    return c_k, r_k


def play(args, plus, minus, seed):
    """Wins, losses and draws of the `plus` engine against the `minus` one."""
    def engine(name, values):
        return ["-engine", f"cmd={args.engine}", f"name={name}"] + [f"option.{k}={round(v)}" for k, v in values.items()]
    limit = f"nodes={args.nodes}" if args.nodes else f"tc={args.tc}"
    command = ([args.fastchess] + engine("plus", plus) + engine("minus", minus)
               + ["-each", "proto=uci", limit, "option.Hash=16", "option.Threads=1",
                  "-openings", f"file={args.book}", "format=epd", "order=random", f"-srand", str(seed),
                  "-rounds", str(args.pairs), "-games", "2", "-repeat", "-concurrency", str(args.concurrency),
                  "-recover"])
    # fastchess leaves its config.json where it runs: beside the CSV, not in the tree.
    folder = os.path.dirname(os.path.abspath(args.csv))
    out = subprocess.run(command, capture_output=True, text=True, cwd=folder).stdout
    result = fastchess_report.result(out)
    if result is None:
        sys.exit(f"spsa: no result from fastchess:\n{out[-2000:]}")
    return result.wins, result.losses, result.draws


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="a `--features tune` build")
    parser.add_argument("--fastchess", required=True)
    parser.add_argument("--book", required=True, help="EPD openings")
    parser.add_argument("--csv", required=True, help="progress: one row an iteration (resumed from)")
    parser.add_argument("--iterations", type=int, default=2000, help="N of the schedules")
    parser.add_argument("--pairs", type=int, default=4, help="game pairs an iteration")
    parser.add_argument("--tc", default="4+0.04")
    parser.add_argument("--nodes", type=int, help="fixed nodes a move instead of the clock")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=1.0, help="factor on every parameter's r_end")
    parser.add_argument("--params", nargs="+", help="names to tune (default: all that `engine spsa` prints); "
                        "the others keep their defaults")
    args = parser.parse_args()
    args.engine, args.fastchess, args.book = (os.path.abspath(p) for p in (args.engine, args.fastchess, args.book))
    params = chosen(parameters(args.engine), args.params)
    start, values = resume(args.csv, params)
    names = [p[0] for p in params]
    fresh = not os.path.exists(args.csv) or os.path.getsize(args.csv) == 0
    n = args.iterations
    with open(args.csv, "a", newline="") as file:
        writer = csv.writer(file)
        if fresh:
            writer.writerow(["iteration", "wins", "losses", "draws"] + names)
        for k in range(start + 1, n + 1):
            rng = random.Random(args.seed * 1_000_003 + k)
            signs = {name: rng.choice((-1, 1)) for name in names}
            plus, minus, steps = {}, {}, {}
            for name, _, low, high, c_end, r_end in params:
                c_k, r_k = schedule(k, n, c_end, r_end, args.rate)
                steps[name] = (c_k, r_k)
                plus[name] = min(high, max(low, values[name] + c_k * signs[name]))
                minus[name] = min(high, max(low, values[name] - c_k * signs[name]))
            wins, losses, draws = play(args, plus, minus, rng.randrange(1 << 31))
            for name, _, low, high, _, _ in params:
                c_k, r_k = steps[name]
                values[name] = min(high, max(low, values[name] + r_k * c_k * (wins - losses) * signs[name]))
            writer.writerow([k, wins, losses, draws] + [f"{values[name]:.4f}" for name in names])
            file.flush()
            print(f"iteration {k}/{n}: +{wins} -{losses} ={draws}", flush=True)


if __name__ == "__main__":
    main()
