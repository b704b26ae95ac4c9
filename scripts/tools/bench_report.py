"""Summarises the benchmark samples written by scripts/bench.sh: prints the latency
table (p50/p90/p99/p99.9/max/mean and ns per key) with each target, writes results.json
and one SVG latency histogram per layer. Standard library only.

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


def main():
    results_dir = pathlib.Path(sys.argv[1])
    machine = sys.argv[2] if len(sys.argv) > 2 else "unknown machine"
    results = {"machine": machine, "layers": {}, "extra": {}}
    for extra in sorted(results_dir.glob("*.json")):
        if extra.name != "results.json":
            results["extra"][extra.stem] = json.loads(extra.read_text())

    markdown = ["| layer | p50 | p90 | p99 | p99.9 | max | mean | ns/key (batch) | target |", "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    print(f"{'layer':<40} {'p50':>10} {'p90':>10} {'p99':>10} {'p99.9':>10} {'max':>10} {'mean':>10} {'ns/key':>8}  target")
    for samples_path in sorted(results_dir.glob("*.samples")):
        name = samples_path.stem  # e.g. layer1.rus_standard
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
        print(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    (results_dir / "summary.md").write_text(f"Machine: {machine}\n\n" + "\n".join(markdown) + "\n")
    (results_dir / "results.json").write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    print(f"results: {results_dir / 'results.json'}")


if __name__ == "__main__":
    main()
