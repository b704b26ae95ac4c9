"""Writes the benchmark corpora in bench/corpus/: a fixed sample of real Japanese words
(skkdic readings, scripts/tools/skk_words.py) spelled in each profile's transcription by
the tests' reference writers (scripts/tools/kana_writers.py). The files are committed, so
scripts/bench.sh needs neither skkdic nor Python to replay them.

Usage: bench_corpus.py [WORDS_PER_PROFILE]   (run from the repository root)"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import kana_writers  # noqa: E402
import skk_words  # noqa: E402

OUT = pathlib.Path("bench/corpus")


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    words = skk_words.readings()
    step = max(1, len(words) // (count * 2))
    sample = words[::step]
    OUT.mkdir(parents=True, exist_ok=True)
    written = set()
    for writer in [*kana_writers.CYRILLIC_WRITERS, kana_writers.HEPBURN]:
        if writer.name in written:
            continue  # one corpus a profile: the first writer's (ukr: Kovalenko)
        written.add(writer.name)
        spelled = []
        for word in sample:
            spelling, _reason = writer.write(word)
            if spelling is not None:
                spelled.append(spelling)
            if len(spelled) == count:
                break
        lines = [" ".join(spelled[i:i + 10]) for i in range(0, len(spelled), 10)]
        (OUT / f"{writer.name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{writer.name}: {len(spelled)} words")


if __name__ == "__main__":
    main()
