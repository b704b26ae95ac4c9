"""Writes the inputs of the conversion benchmark (scripts/bench.sh), one kana reading a line,
read in place from the evaluation sets in ../shared/data (never copied into the project):

  - every sentence of 5–120 kana: the readings of Anthy's corpus.1.txt (the `|…|` first half
    joined) and column 2 of Mozc's evaluation.tsv (every row), kept when they are kana input
    as scripts/tools/eval/sets.py defines it;
  - longer inputs for the 41–80 and 81–120 buckets, made by concatenating consecutive
    sentences (from a seeded random start) up to a seeded random target length ≤ 120.

The single sentences come first, in file order; `--singles N` and `--long N` cap the counts
(for --quick). Standard library only.

Usage: conversion_inputs.py OUT [--singles N] [--long N]"""
import argparse
import pathlib
import random
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from eval.sets import DATA, KANA_INPUT  # noqa: E402  (one definition of "kana input")

MIN_KANA, MAX_KANA = 5, 120


def sentences():
    found = []
    for line in (DATA / "anthy_corpus.1.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or "| |" not in line:
            continue
        found.append(line.split("| |")[0].strip("|").replace("|", ""))
    for line in (DATA / "mozc_evaluation.tsv").read_text(encoding="utf-8").splitlines():
        columns = line.split("\t")
        if line.startswith("#") or len(columns) < 2:
            continue
        found.append(columns[1])
    return [s for s in found if KANA_INPUT.match(s)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--singles", type=int, default=None, help="at most N single sentences")
    parser.add_argument("--long", type=int, default=500, help="inputs per long bucket (41–80, 81–120)")
    args = parser.parse_args()

    pool = sentences()
    singles = [s for s in pool if MIN_KANA <= len(s) <= MAX_KANA]
    if args.singles is not None:
        # Spread over both sets rather than the first N of the first file.
        step = max(1, len(singles) // max(1, args.singles))
        singles = singles[::step][: args.singles]
    rng = random.Random(20240909)
    buckets = {(41, 80): [], (81, 120): []}
    for (low, high), made in buckets.items():
        while len(made) < args.long:
            target = rng.randint(low, high)
            i = rng.randrange(len(pool))
            text = ""
            while len(text) < target:
                nxt = pool[i % len(pool)]
                i += 1
                if len(text) + len(nxt) > high:
                    if len(nxt) > high - low:
                        continue  # a single long sentence: skip it
                    break
                text += nxt
            if low <= len(text) <= high:
                made.append(text)
    lines = singles + buckets[(41, 80)] + buckets[(81, 120)]
    pathlib.Path(args.out).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    counts = {"5-40": sum(len(s) <= 40 for s in lines), "41-80": sum(41 <= len(s) <= 80 for s in lines),
              "81-120": sum(len(s) > 80 for s in lines)}
    print(f"conversion_inputs: {len(lines)} readings {counts}", file=sys.stderr)


if __name__ == "__main__":
    main()
