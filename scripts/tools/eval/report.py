"""Writes the results: a Markdown summary (stdout and a file) and a per-sentence TSV for reading
the failures."""
import csv


def markdown(summary_rows, sets_loaded, engine_status, seconds, command):
    out = ["# Conversion accuracy", "", "Command: `%s`" % command, "",
           "Top-1: the first candidate equals the expected line; top-9: it is among the first 9; "
           "CER: mean character error rate of the first candidate (edit distance / expected length). "
           "Both sides NFKC-normalised.", "",
           "| set | half | n | engine | variant | top-1 | top-9 | CER |",
           "|---|---|---:|---|---|---:|---:|---:|"]
    for r in summary_rows:
        out.append("| %s | %s | %d | %s | %s | %.1f%% | %.1f%% | %.3f |" % (
            r["set"], r["half"], r["n"], r["engine"], r["variant"], 100 * r["top1"], 100 * r["top9"], r["cer"]))
    out += ["", "## Sets", ""]
    for s in sets_loaded:
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


def write_tsv(path, rows):
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, delimiter="\t", quoting=csv.QUOTE_NONE, escapechar="\\", lineterminator="\n")
        writer.writerow(["set", "index", "half", "engine", "variant", "input", "expected", "top1_ok",
                         "rank", "cer", "candidates"])
        for r in rows:
            writer.writerow([r["set"], r["index"], r["half"], r["engine"], r["variant"], r["input"],
                             r["expected"], int(r["top1"]), r["rank"], "%.3f" % r["cer"],
                             " | ".join(r["candidates"])])
