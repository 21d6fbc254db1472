#!/usr/bin/env python3
"""A resumable SPRT of two builds with fastchess: pairs of games per opening, pentanomial counts
pooled over every sitting, stopped and resumed on any machine.

    python3 bench/sprt.py --test NAME --new ./new --base ./main --fastchess PATH --bounds 0 5
    python3 bench/sprt.py --test NAME --new ./new --base ./main --fastchess PATH     # resume
    python3 bench/sprt.py --test NAME --status                                      # counts, LLR

The test's state is one small file, `bench/sprt/NAME.json`: the bounds, the clock, the book, both
builds' bench signatures and commits as given, and each batch's pentanomial counts with its seed. A
sitting plays batches of `--batch` pairs (fastchess `-rounds`, `-repeat`, a seed of its own so that
no batch repeats another's openings), adds each batch to the file as soon as it ends, and stops when
the pooled log-likelihood ratio crosses a bound, or at its cap of pairs (`--max-pairs`, 1,000 unless
the test's file says otherwise), or when H1 is out of reach by the cap, or on Ctrl-C, losing only
the batch under way. Commit the file between sittings, and while the test is open its patch beside it
(`bench/sprt/NAME.patch`, `git format-patch -1 --stdout`): a branch does not outlive the machine it
was made on. No PGN goes in the tree. The file names the commit under test and, for a change of
numbers, every value (`"values"`, which the script keeps as it finds it), with the new side's bench
to check a rebuild by. When the test ends, `--status` prints its ledger row (`bench/RESULTS.md`);
the patch then lands as a commit or leaves the tree.

The statistics are `sprt_from_pgn.verdict`: the GSPRT on pair scores with logistic Elo bounds,
as fastchess's `model=logistic` computes it within one sitting.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
from datetime import date

import fastchess_report
from sprt_from_pgn import from_pentanomial, llr, llr_bounds, mean_and_variance, verdict

HERE = os.path.dirname(os.path.abspath(__file__))
BOOKS = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "data", "books"))
# OpenBench's short clock; DEVELOPING.md says why it is ours.
DEFAULT_TC = "8+0.08"
DEFAULT_BOOK = "UHO_4060_v3.epd"
# Seeds of a test's batches: this, plus the batch's number.
SEED_BASE = 12800
# A test that has crossed no bound by this many pairs ends without a verdict: on two cores a change
# worth a couple of Elo would take thousands of pairs, hours that buy more elsewhere.
DEFAULT_MAX_PAIRS = 1000
# A test also ends when H1 is out of reach by the cap even if the rest of its pairs scored the upper
# end of its interval so far (the only verdicts left would say "not kept"), judged from this many
# pairs on.
FUTILITY_MIN_PAIRS = 200
# fastchess's words for a game that did not end by the rules.
FAILURE = re.compile(r"Finished game .*\{.*(loses on time|illegal move|disconnect|stall).*\}")


def state_path(test):
    return os.path.join(HERE, "sprt", f"{test}.json")


def load(test):
    path = state_path(test)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def save(state):
    path = state_path(state["test"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    text = json.dumps(state, indent=1)
    # One line a list of numbers: a batch's counts read as one row.
    text = re.sub(r"\[[-\d.,\s]+\]", lambda m: json.dumps(json.loads(m.group(0))), text)
    with open(path + ".tmp", "w") as f:
        f.write(text + "\n")
    os.replace(path + ".tmp", path)


def pooled(state):
    """The pentanomial counts of every batch, added."""
    total = [0] * 5
    for batch in state["batches"]:
        total = [a + b for a, b in zip(total, batch["ptnml"])]
    return total


def decide(state):
    """(pairs, score, Elo, interval, LLR, bounds, verdict) of the pooled counts; None before any pair."""
    counts = pooled(state)
    pairs = from_pentanomial(counts)
    if not pairs:
        return None
    s, e, interval, ratio, limits, said = verdict(pairs, tuple(state["bounds"]), state["alpha"], state["beta"])
    return len(pairs), s, e, interval, ratio, limits, said


def cap(state):
    """The pairs after which the test ends without a verdict."""
    return state.get("max_pairs", DEFAULT_MAX_PAIRS)


def can_still_pass(state):
    """Whether H1 is still within reach by the cap: the LLR there if every pair left scored the upper
    end of the current 95 % interval. Checked from `FUTILITY_MIN_PAIRS` on, when the interval has
    narrowed enough to mean something."""
    pairs = from_pentanomial(pooled(state))
    n, end = len(pairs), cap(state)
    if n < FUTILITY_MIN_PAIRS or n >= end:
        return True
    s, variance = mean_and_variance(pairs)
    if variance <= 0:
        return True
    upper_end = s + 1.96 * math.sqrt(variance / n)
    at_cap = (n * s + (end - n) * upper_end) / end
    return llr(at_cap, variance, end, state["bounds"]) >= llr_bounds(state["alpha"], state["beta"])[1]


def stopped_early(pairs, said, state):
    """Why a test without a verdict ends now: "cap", "futile", or None while it goes on."""
    if said != "continue":
        return None
    if pairs >= cap(state):
        return "cap"
    return None if can_still_pass(state) else "futile"


def outcome(pairs, said, state):
    """The ledger's words for where the test stands."""
    why = stopped_early(pairs, said, state)
    if why:
        return f"not kept ({why})"
    return {"continue": "running", "H1 accepted": "kept (H1)", "H0 accepted": "not kept (H0)"}[said]


def status_line(state):
    decided = decide(state)
    if decided is None:
        return f"{state['test']}: no pair yet"
    pairs, s, e, (lo, hi), ratio, (lower, upper), said = decided
    why = stopped_early(pairs, said, state)
    if why == "cap":
        said = f"no verdict at the cap of {cap(state)} pairs"
    elif why == "futile":
        said = f"H1 out of reach by the cap of {cap(state)} pairs"
    return (f"{state['test']}: {pairs} pairs, ptnml {pooled(state)}, score {s:.3f}, "
            f"Elo {e:+.1f} [{lo:+.1f}, {hi:+.1f}], LLR {ratio:.2f} ({lower:.2f}, {upper:.2f}): {said}")


# The longest row `tests/layout.rs` lets the ledger have.
MAX_LEDGER_ROW = 300


def ledger_row(state):
    """The test's row for `bench/RESULTS.md`."""
    decided = decide(state)
    if decided is None:
        return None
    pairs, s, e, (lo, hi), ratio, _, said = decided
    bounds = "[{:g}, {:g}]".format(*state["bounds"])
    failures = sum(batch.get("failures", 0) for batch in state["batches"])
    verdict_text = outcome(pairs, said, state)
    row = (f"| {date.today()} | {state['test']}: {state.get('change', '')} | {state['new']['bench']} "
           f"| `sprt.py` {bounds}, {state['tc']}, v {state['base']['label']} "
           f"| {pairs} | ptnml {pooled(state)}, {e:+.1f} [{lo:+.1f}, {hi:+.1f}], LLR {ratio:.2f}, {failures} failures "
           f"| {verdict_text} | `bench/sprt/{state['test']}.json` |")
    if len(row) > MAX_LEDGER_ROW:
        print(f"the row has {len(row)} characters, the ledger {MAX_LEDGER_ROW}: shorten the change's text",
              file=sys.stderr)
    return row


def fastchess_command(args, state, seed, pairs):
    book = os.path.join(args.books, state["book"])
    engine = lambda side: ["-engine", f"cmd={os.path.abspath(getattr(args, side))}", f"name={side}"]
    return ([args.fastchess] + engine("new") + engine("base")
            + ["-each", f"tc={state['tc']}", "option.Hash=16", "option.Threads=1",
               "-openings", f"file={book}", "format=epd", "order=random", "-srand", str(seed),
               "-rounds", str(pairs), "-games", "2", "-repeat", "-concurrency", str(args.concurrency),
               "-recover"])


def play_batch(args, state):
    """Plays one batch: its pentanomial counts (None when fastchess gave no report), its seed and the
    games that ended by a time loss, an illegal move or a lost engine."""
    number = len(state["batches"])
    seed = SEED_BASE + number
    command = fastchess_command(args, state, seed, args.batch)
    print(f"batch {number + 1}: {' '.join(command)}", flush=True)
    # fastchess leaves its config.json where it runs: in a scratch folder, not the tree.
    scratch = os.path.join(args.scratch, state["test"])
    os.makedirs(scratch, exist_ok=True)
    # Written as fastchess goes, so that a sitting's progress can be watched (tail -f).
    log = os.path.join(scratch, f"batch-{number + 1}.log")
    with open(log, "w") as f:
        subprocess.run(command, cwd=scratch, stdout=f, stderr=subprocess.STDOUT)
    with open(log) as f:
        output = f.read()
    penta = fastchess_report.pentanomial(output)
    if penta is None:
        return None, seed, 0
    return json.loads(penta), seed, len(FAILURE.findall(output))


def new_state(args):
    if args.bounds is None:
        sys.exit("a new test needs --bounds E0 E1")
    return {
        "test": args.test,
        "change": args.change or "",
        "bounds": args.bounds,
        "alpha": 0.05,
        "beta": 0.05,
        "tc": args.tc,
        "book": args.book,
        "new": {"label": args.new_label, "bench": args.new_bench},
        "base": {"label": args.base_label, "bench": args.base_bench},
        "batches": [],
    }


def run(args):
    state = load(args.test) or new_state(args)
    if args.max_pairs is not None:
        state["max_pairs"] = args.max_pairs
    save(state)
    print(status_line(state), flush=True)
    while True:
        decided = decide(state)
        if decided is not None and (decided[-1] != "continue" or stopped_early(decided[0], decided[-1], state)):
            break
        counts, seed, failures = play_batch(args, state)
        if counts is None:
            sys.exit("fastchess gave no report; see the batch's log")
        batch = {"date": str(date.today()), "seed": seed, "ptnml": counts, "failures": failures, "host": args.host}
        state["batches"].append(batch)
        save(state)
        print(status_line(state), flush=True)
    row = ledger_row(state)
    if row:
        print(row)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--test", required=True, help="the test's name: bench/sprt/NAME.json")
    p.add_argument("--status", action="store_true", help="print the pooled counts and the ledger row")
    p.add_argument("--new", help="the build under test")
    p.add_argument("--base", help="the build it is measured against")
    p.add_argument("--fastchess", help="the fastchess binary")
    p.add_argument("--bounds", nargs=2, type=float, help="Elo bounds of a new test: 0 5 for a gain, -5 0 for no loss")
    p.add_argument("--change", help="what the new build changes (a new test)")
    p.add_argument("--new-label", default="", help="the new build's commit (a new test)")
    p.add_argument("--base-label", default="", help="the base build's commit (a new test)")
    p.add_argument("--new-bench", default="", help="the new build's bench node count (a new test)")
    p.add_argument("--base-bench", default="", help="the base build's bench node count (a new test)")
    p.add_argument("--tc", default=DEFAULT_TC, help="both sides' clock (a new test)")
    p.add_argument("--book", default=DEFAULT_BOOK, help="the opening book's file name (a new test)")
    p.add_argument("--books", default=BOOKS, help="the folder of the books")
    p.add_argument("--batch", type=int, default=50, help="pairs a batch")
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--max-pairs", type=int,
                   help=f"the test's cap of pairs, kept in its file (default {DEFAULT_MAX_PAIRS})")
    p.add_argument("--host", default=os.uname().nodename, help="where the batches ran (recorded)")
    p.add_argument("--scratch", default="/tmp/sprt", help="where fastchess runs and its logs go")
    args = p.parse_args()
    if args.status:
        state = load(args.test)
        if state is None:
            sys.exit(f"no test {args.test}")
        print(status_line(state))
        row = ledger_row(state)
        if row:
            print(row)
        return
    if not (args.new and args.base and args.fastchess):
        sys.exit("playing needs --new, --base and --fastchess")
    run(args)


if __name__ == "__main__":
    main()
