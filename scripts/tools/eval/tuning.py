"""The rows `cargo run --release --example tune_heard` reads (docs/CONVERSION.md, "How the costs
were chosen"): `variant<TAB>kana<TAB>expected` for one half of every set.

    PYTHONPATH=scripts/tools python3 -m eval.tuning dev|test CLI > rows.tsv

For Anthy's, Mozc's and our sentences: `SET/kana` (the reading), and `SET/heard-marked`,
`SET/heard-omitted`, `SET/heard-single` (the kana every Cyrillic profile composes for those
spellings, variants.py); for the everyday set: `everyday`, the kana the line's profile composes
(the CLI's `convert --profile`), spaces removed (tune_heard converts the whole line at once,
where the evaluation converts at every space). Expected lines NFKC-normalised.

Issue 17 adds `SET/spaced` (the heard-marked kana with a space at each word boundary of the
spaced style, words.py: tune_heard converts it as one sentence with a word boundary at each
space, as `convert --kanji` does) and `SET/context-kana`, `SET/context-heard` (the items of
context.py with their left context as a fourth field: tune_heard converts each with and without
it)."""
import sys

from . import context, everyday, sets, variants


def rows(half, cli):
    out = []
    loaded = sets.load(["anthy", "mozc", "own"])
    for s in loaded:
        for item in (i for i in s.items if i.half == half):
            expected = sets.nfkc(item.expected)
            out.append((s.name + "/kana", item.reading, expected))
            for style in ("heard-marked", "heard-omitted", "heard-single"):
                kana = variants.to_hiragana(variants.heard_kana(item.reading, item.expected, style))
                out.append(("%s/%s" % (s.name, style), kana, expected))
            spaced = variants.spaced_kana(item.reading, item.expected, item.bunsetsu, item.surfaces)
            out.append((s.name + "/spaced", variants.to_hiragana(spaced), expected))
    for name, (items, _) in context.build(loaded).items():
        for item in (i for i in items if i.half == half):
            for kind in context.INPUTS:
                kana = item.input(kind)   # as context.py feeds it
                out.append(("%s/context-%s" % (name, kind), kana, sets.nfkc(item.expected), item.context))
    lines = [l for l in everyday.load() if l.half == half]
    for language, profile in everyday.PROFILES.items():
        chosen = [l for l in lines if l.language == language]
        if chosen:
            kana = everyday._cli(cli, ["convert", "--profile", profile], [l.typed for l in chosen])
            out += [("everyday", k.replace(" ", ""), sets.nfkc(l.expected)) for l, k in zip(chosen, kana)]
    return out


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("dev", "test"):
        sys.exit("usage: python3 -m eval.tuning dev|test CLI")
    for row in rows(sys.argv[1], sys.argv[2]):
        print("\t".join(row))
