"""The `romaji` profile against an independent converter, wanakana-python (a port of
WanaKana; import name `wanakana`), over a generated word list (every kana and yōon the
Hepburn writer knows, every pair of them, ん and っ before each, alternative spellings)
and over every skkdic word written in Hepburn. Each word is typed key by key through
`cyrillic-ime convert --profile romaji`. Every difference from WanaKana must be one of
the documented extensions (docs/PROFILES.md), and every skkdic word must come back as
its kana. Usage: romaji_check.py PATH_TO_cyrillic-ime"""
import collections
import re
import sys

import engine_cli
import kana_writers
import skk_words

try:
    import wanakana
    wanakana.to_hiragana  # the detection-only `wanakana` package has no converter
except (ImportError, AttributeError):
    sys.exit("romaji_check: needs wanakana-python (scripts/tools/python_env.sh installs it)")

# Spellings the Hepburn writer does not produce but WanaKana and the profile both accept.
ALTERNATIVES = """
si ti tu hu zi sya syu syo tya tyu tyo zya zyu zyo jya jyu jyo cya cyu cyo chya shya dja dji dzu
ca ci cu ce co qa qi qu qe qo qwa gwa gwi gwe swa swe twa twi twe two dwa dwi dwe dwo fwa fwu tha the tho dha dhe dho
wha whi whu whe who yi wu kyi kye syi tyi zyi jyi fyi fye fya fyo vya vyi vye vyo xn n' la li lu le lo lya lyu lyo lyi lye
ltu ltsu xtsu xtu lwa xka lka xca lca xke lke xce lce - . , ? ! / ~
""".split()

# Where the profile deliberately differs from WanaKana: (name, how to rewrite the romaji
# into what WanaKana reads the same way, how to rewrite our kana for the comparison).
EXTENSIONS = [
    ("tch is っ + ch (Hepburn's spelling of っち; WanaKana only reads cch)",
     lambda w: w.replace("tch", "cch"), lambda k: k),
    ("m before b/p is ん (traditional Hepburn)",
     lambda w: re.sub(r"m(?=[bp])", "n", w), lambda k: k),
    ("wyi/wye are ゐ/ゑ (Mozc; WanaKana needs its useObsoleteKana option)",
     lambda w: w.replace("wyi", "wi").replace("wye", "we"), lambda k: k.replace("ゐ", "うぃ").replace("ゑ", "うぇ")),
]


def generated_words():
    units = sorted(kana_writers.HEPBURN.spelling)
    kana = set(units)
    for a in units:
        kana.add("ん" + a)
        kana.add(a + "ん")
        kana.add("あっ" + a)
        kana.add("っ" + a)
        for b in units:
            kana.add(a + b)
    words = set()
    for k in kana:
        spelling, _ = kana_writers.HEPBURN.write(k)
        if spelling is not None:
            words.add(spelling)
    for alt in ALTERNATIVES:
        words.update((alt, "a" + alt, alt + "n", alt + "ka", "n" + alt))
        if alt[0] in "kstghmrzdbpvqfcywj":
            words.add("a" + alt[0] + alt)  # the consonant doubled: っ
    for b in ("ba", "bi", "bu", "be", "bo", "pa", "pi", "pu", "pe", "po", "byo", "pyu"):
        words.add("shim" + b)
        words.add("te" + "m" + b)
    return sorted(words)


def explain(word, ours):
    """The documented extensions that account for a difference, or None."""
    applied = []
    rewritten, ours_rewritten = word, ours
    for name, rewrite_word, rewrite_kana in EXTENSIONS:
        if rewrite_word(rewritten) != rewritten:
            applied.append(name)
            rewritten, ours_rewritten = rewrite_word(rewritten), rewrite_kana(ours_rewritten)
    if applied and wanakana.to_hiragana(rewritten) == ours_rewritten:
        return " + ".join(applied)
    return None


def compare(cli, label, words):
    ours = engine_cli.convert(cli, "romaji", words)
    differences = collections.Counter()
    unexplained = []
    for word, out in zip(words, ours):
        theirs = wanakana.to_hiragana(word)
        if out == theirs:
            continue
        reason = explain(word, out)
        if reason is None:
            unexplained.append((word, out, theirs))
        else:
            differences[reason] += 1
    agree = len(words) - sum(differences.values()) - len(unexplained)
    print(f"romaji vs wanakana, {label}: {len(words)} words, {agree} identical, "
          f"{sum(differences.values())} documented differences, {len(unexplained)} unexplained")
    for reason, count in differences.most_common():
        print(f"    {count:6d}: {reason}")
    for word, out, theirs in unexplained[:20]:
        print(f"    UNEXPLAINED {word}: romaji gives {out}, wanakana {theirs}")
    return ours, len(unexplained)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 64
    cli = sys.argv[1]
    failures = compare(cli, "generated list", generated_words())[1]

    excluded = collections.Counter()
    spelled = []
    for word in skk_words.readings():
        spelling, reason = kana_writers.HEPBURN.write(word)
        if spelling is None:
            excluded[reason] += 1
        else:
            spelled.append((word, spelling))
    ours, unexplained = compare(cli, "skkdic words in Hepburn", [s for _, s in spelled])
    failures += unexplained
    round_trip_failures = [(w, s, o) for (w, s), o in zip(spelled, ours) if o != w]
    passed = len(spelled) - len(round_trip_failures)
    print(f"romaji round trip: {passed}/{len(spelled)} skkdic words ({100.0 * passed / len(spelled):.2f}%); "
          f"{sum(excluded.values())} excluded")
    for reason, count in excluded.most_common():
        print(f"    excluded {count:6d}: {reason}")
    for word, spelling, out in round_trip_failures[:15]:
        print(f"    FAIL {word} written {spelling} typed back as {out}")
    failures += len(round_trip_failures)
    print(f"romaji: {'passed' if failures == 0 else f'{failures} failures'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
