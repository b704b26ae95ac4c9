#!/usr/bin/env python3
"""Summarises a log of scripts/test.sh as the Markdown table docs/RELIABILITY.md shows:
every step, its seconds (test.sh prints them) and the counts its suites printed (Rust tests
passed and ignored, XCTests executed and skipped, the checks of the shell tests, fuzz
executions). Usage:

    scripts/test.sh 2>&1 | tee test.log
    python3 scripts/tools/test_summary.py test.log

Fails (exit 1) when the log does not end with test.sh's "all test suites passed" line.
"""
import re
import sys


def counts(lines):
    """What the suites of one step printed, in words."""
    found = []
    rust = [re.search(r"test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored", l) for l in lines]
    rust = [m for m in rust if m]
    if rust:
        passed, failed, ignored = (sum(int(m.group(i)) for m in rust) for i in (1, 2, 3))
        found.append(f"{passed} Rust tests passed, {failed} failed, {ignored} ignored ({len(rust)} test binaries)")
    xctest = [re.search(r"Executed (\d+) tests?, with (?:(\d+) tests? skipped and )?(\d+) failures?", l) for l in lines]
    xctest = [m for m in xctest if m]
    if xctest:
        # XCTest prints a line per suite and the total last.
        total = xctest[-1]
        found.append(f"{total.group(1)} XCTests, {total.group(2) or 0} skipped, {total.group(3)} failures")
    for l in lines:
        m = re.match(r"^([\w_ -]+): (\d+) passed, (\d+) failed", l)
        if m:
            found.append(f"{m.group(2)} checks passed, {m.group(3)} failed")
        m = re.search(r"stat::number_of_executed_units: (\d+)", l)
        if m:
            found.append(f"{int(m.group(1)):,} executions")
        for key in ("worst_case: ", "romaji: ", "roundtrip: all", "check_abi: exported symbols match"):
            if l.startswith(key):
                found.append(l.strip()[:90])
        m = re.match(r"^(\d+) kills: .*", l)
        if m:
            found.append(l.strip())
    return "; ".join(found)


def main():
    text = open(sys.argv[1], encoding="utf-8", errors="replace").read() if len(sys.argv) > 1 else sys.stdin.read()
    steps = []  # (name, lines, seconds)
    # test.sh's own steps are those it timed; other "==>" lines (the benchmark's) stay inside.
    timed = set(re.findall(r"^\((.*): \d+ s\)$", text, re.M)) | {"done"}
    for line in text.splitlines():
        m = re.match(r"^==> (.*)$", line)
        if m and m.group(1) in timed:
            steps.append([m.group(1), [], None])
            continue
        m = re.match(r"^\((.*): (\d+) s\)$", line)
        if m and steps and steps[-1][0] == m.group(1):
            steps[-1][2] = int(m.group(2))
            continue
        if steps:
            steps[-1][1].append(line)
    total = re.search(r"scripts/test\.sh: all test suites passed in (\d+) s", text)
    print("| step | seconds | counts |")
    print("| --- | ---: | --- |")
    for name, lines, seconds in steps:
        if name == "done":
            continue
        print(f"| {name} | {seconds if seconds is not None else '—'} | {counts(lines)} |")
    if not total:
        print("test_summary: the log does not end with test.sh's \"all test suites passed\" line", file=sys.stderr)
        sys.exit(1)
    print(f"\nscripts/test.sh: all test suites passed in {total.group(1)} s")


if __name__ == "__main__":
    main()
