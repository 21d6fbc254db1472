#!/usr/bin/env python3
"""Measures how often this machine stalls a process: sleeps 5 ms at a time for the given number of
seconds and prints every wake-up that came more than `--late-ms` (default 50) ms late, time-stamped
to the millisecond, with the host "steal" (jiffies, from /proc/stat) counted during that sleep. Run
it beside a match to tell stalls of the machine from slow moves of an engine; pinned to the same
core as the engine (`taskset -c N`), it shares that core's stalls.

    python3 bench/stall_probe.py 1800
    python3 bench/stall_probe.py 560 --late-ms 8
"""
import argparse
import time

SLEEP = 0.005


def steal_jiffies():
    with open("/proc/stat") as stat:
        return int(stat.readline().split()[8])


def stamp():
    """UTC time of day with milliseconds, to line up with the engine's `Debug Log File` (UTC too)."""
    now = time.time()
    return time.strftime("%H:%M:%S", time.gmtime(now)) + f".{int(now * 1000) % 1000:03d}"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("seconds", type=float, nargs="?", default=600.0)
    p.add_argument("--late-ms", type=float, default=50.0, help="report wake-ups later than this")
    args = p.parse_args()
    report_late = args.late_ms / 1000
    end = time.monotonic() + args.seconds
    sleeps = 0
    start_steal = steal_jiffies()
    while time.monotonic() < end:
        before, started = steal_jiffies(), time.monotonic()
        time.sleep(SLEEP)
        late = time.monotonic() - started - SLEEP
        sleeps += 1
        if late > report_late:
            print(f"{stamp()} woke {late * 1000:.0f} ms late, steal +{steal_jiffies() - before} jiffies", flush=True)
    print(f"{sleeps} sleeps in {args.seconds:.0f} s; steal +{steal_jiffies() - start_steal} jiffies in all", flush=True)


if __name__ == "__main__":
    main()
