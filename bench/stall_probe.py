#!/usr/bin/env python3
"""Measures how often this machine stalls a process: sleeps 5 ms at a time for the given number of
seconds and prints every wake-up that came more than 50 ms late, with the host "steal" (jiffies, from
/proc/stat) counted during that sleep. Run it beside a match to tell stalls of the machine from slow
moves of an engine.

    python3 bench/stall_probe.py 1800
"""
import sys
import time

SLEEP = 0.005
REPORT_LATE = 0.05


def steal_jiffies():
    with open("/proc/stat") as stat:
        return int(stat.readline().split()[8])


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 600.0
    end = time.monotonic() + seconds
    sleeps = 0
    start_steal = steal_jiffies()
    while time.monotonic() < end:
        before, started = steal_jiffies(), time.monotonic()
        time.sleep(SLEEP)
        late = time.monotonic() - started - SLEEP
        sleeps += 1
        if late > REPORT_LATE:
            print(f"{time.strftime('%H:%M:%S')} woke {late * 1000:.0f} ms late, steal +{steal_jiffies() - before} jiffies",
                  flush=True)
    print(f"{sleeps} sleeps in {seconds:.0f} s; steal +{steal_jiffies() - start_steal} jiffies in all", flush=True)


if __name__ == "__main__":
    main()
