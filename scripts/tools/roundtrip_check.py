"""Round trip for every Cyrillic profile: each skkdic word in kana is written in the
profile's transcription by an independent reference writer (kana_writers.py; `ukr` has two,
Kovalenko's and Bondarenko's, since the profile reads both systems), typed key by
key through `cyrillic-ime convert --profile ID`, and must come back as the same kana, in
hiragana and (for a sample) in katakana. Words a system cannot spell unambiguously are
excluded and counted by reason. Usage: roundtrip_check.py PATH_TO_cyrillic-ime"""
import collections
import sys

import engine_cli
import kana_writers
import skk_words

KATAKANA_SAMPLE_EVERY = 20
# SKK-JISYO.L has 131,832 hiragana readings; far fewer means the list is missing, empty or
# misread, and a round trip over it would pass while checking nothing.
MIN_WORDS = 100_000
# Every profile spells over 97% of them (docs/PROFILES.md); far fewer means its writer broke.
MIN_SPELLED_SHARE = 0.9


def check(cli, writer, words):
    spelled = []
    excluded = collections.Counter()
    for word in words:
        spelling, reason = writer.write(word)
        if spelling is None:
            excluded[reason] += 1
        else:
            spelled.append((word, spelling))
    typed = [spelling for _, spelling in spelled]
    outputs = engine_cli.convert(cli, writer.name, typed)
    failures = [(word, spelling, out) for (word, spelling), out in zip(spelled, outputs) if out != word]
    sample = spelled[::KATAKANA_SAMPLE_EVERY]
    katakana_out = engine_cli.convert(cli, writer.name, [s for _, s in sample], katakana=True)
    katakana_failures = [(word, s, out) for (word, s), out in zip(sample, katakana_out) if out != skk_words.katakana(word)]

    passed = len(spelled) - len(failures)
    if len(spelled) < MIN_SPELLED_SHARE * len(words):
        print(f"{writer.name}: FAIL only {len(spelled)} of {len(words)} words could be spelled "
              f"(the check requires {MIN_SPELLED_SHARE:.0%}); scripts/tools/kana_writers.py excludes too much")
        return max(1, len(words) - len(spelled))
    rate = 100.0 * passed / len(spelled) if spelled else 0.0
    print(f"{writer.system}: {passed}/{len(spelled)} spellable words round-trip ({rate:.2f}%); "
          f"{sum(excluded.values())} of {len(words)} excluded; katakana {len(sample) - len(katakana_failures)}/{len(sample)}")
    for reason, count in excluded.most_common():
        print(f"    excluded {count:6d}: {reason}")
    for word, spelling, out in (failures + katakana_failures)[:15]:
        print(f"    FAIL {word} written {spelling} typed back as {out}")
    return len(failures) + len(katakana_failures)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 64
    cli = sys.argv[1]
    words = skk_words.readings()
    print(f"roundtrip: {len(words)} skkdic readings")
    if len(words) < MIN_WORDS:
        print(f"roundtrip: FAIL {skk_words.SKK_JISYO} gave {len(words)} hiragana readings, fewer than the "
              f"{MIN_WORDS} required: is skkdic installed and complete?", file=sys.stderr)
        return 1
    failed = sum(check(cli, writer, words) for writer in kana_writers.CYRILLIC_WRITERS)
    print(f"roundtrip: {'all spellable words came back' if failed == 0 else f'{failed} failures'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
