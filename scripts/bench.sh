#!/usr/bin/env bash
# Per-keystroke latency, start-up, throughput and footprint of the engine, layer by layer
# (see docs/PERFORMANCE.md). Builds release binaries of the shipping library (no test
# exports), replays the corpora in bench/corpus/ key by key, prints a table, and writes
# results.json plus one SVG histogram per layer.
#
#   scripts/bench.sh            full run: 10^5 keystrokes per layer and profile, results in bench/results/
#   scripts/bench.sh --quick    a few thousand keys per layer into a temporary folder (run by
#                               scripts/test.sh so the benchmark code never rots; asserts nothing about time)
#   scripts/bench.sh --out DIR  write results elsewhere
set -euo pipefail
cd "$(dirname "$0")/.."

keys=100000
cold_runs=30
reloads=1000
bulk_bytes=$((4 * 1024 * 1024))
million=1000000
out=bench/results
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) keys=3000; cold_runs=3; reloads=20; bulk_bytes=$((64 * 1024)); million=20000; out=$(mktemp -d) ;;
    --out) out=$2; shift ;;
    *) echo "usage: scripts/bench.sh [--quick] [--out DIR]" >&2; exit 64 ;;
  esac
  shift
done
mkdir -p "$out"
rm -f "$out"/*.samples "$out"/*.svg "$out"/*.json

echo "==> building release binaries" >&2
scripts/build_rust.sh
cargo build --release --manifest-path rust_core/Cargo.toml --example bench_composer 1>&2
swift build -c release --product cyrillic-ime 1>&2
swift build -c release --product cyrillic-ime-bench 1>&2
bin=$(swift build -c release --show-bin-path)
lib=rust_core/target/release
tools=$(mktemp -d)
trap 'rm -rf "$tools"' EXIT
clang -O2 -std=c11 -Wall -Wextra -Werror -Iinclude bench/abi_bench.c -L"$lib" -lcyrillic_ime_core \
  -Wl,-rpath,"$PWD/$lib" -o "$tools/abi_bench"

profiles=Sources/CyrillicIME/Resources/profiles.json
kana=Sources/CyrillicIME/Resources/japaneseKanaEngine.json

for corpus in bench/corpus/*.txt; do
  profile=$(basename "$corpus" .txt)
  echo "==> $profile: layers 1-4, $keys keystrokes each" >&2
  "$lib/examples/bench_composer" "$profiles" "$kana" "$corpus" "$profile" "$keys" "$out/layer1.$profile.samples"
  "$tools/abi_bench" keys "$profiles" "$kana" "$corpus" "$profile" "$keys" "$out/layer2.$profile.samples"
  "$bin/cyrillic-ime-bench" layer3 "$corpus" "$profile" "$keys" "$out/layer3.$profile.samples"
  "$bin/cyrillic-ime-bench" layer4 "$corpus" "$profile" "$keys" "$out/layer4.$profile.samples"
done

echo "==> layer 4bar: converting keyboard, tap → candidate bar updated (rus_standard, $keys taps)" >&2
CYRILLIC_IME_DICTIONARY=${CYRILLIC_IME_DICTIONARY:-$(scripts/build_dictionary.sh)} \
  "$bin/cyrillic-ime-bench" layer4bar bench/corpus/rus_standard.txt rus_standard "$keys" "$out/layer4bar.rus_standard.samples"

echo "==> layer 5: start-up ($cold_runs cold processes, $reloads reloads)" >&2
echo "# layer5 cold: first rust_init_engine in a new process" > "$out/layer5_cold.all.samples"
for _ in $(seq "$cold_runs"); do
  "$tools/abi_bench" startup "$profiles" "$kana" "$reloads" "$out/layer5_cold.all.samples" "$out/layer5_reload.all.samples"
done

echo "==> layer 6: bulk conversion through cyrillic-ime convert" >&2
# The main profile's corpus for the whole-process figures (any corpus if it is missing).
first_corpus=bench/corpus/rus_standard.txt
[[ -f $first_corpus ]] || first_corpus=$(ls bench/corpus/*.txt | head -n 1)
bulk_profile=$(basename "$first_corpus" .txt)
while [[ $(stat -c %s "$tools/bulk.txt" 2>/dev/null || echo 0) -lt $bulk_bytes ]]; do cat "$first_corpus" >> "$tools/bulk.txt"; done
bytes=$(stat -c %s "$tools/bulk.txt")
characters=$(wc -m < "$tools/bulk.txt")
start=$(date +%s%N)
"$bin/cyrillic-ime" convert --profile "$bulk_profile" < "$tools/bulk.txt" > "$tools/bulk.out"
elapsed_ns=$(( $(date +%s%N) - start ))
python3 - "$bytes" "$characters" "$elapsed_ns" "$bulk_profile" > "$out/layer6_bulk.json" <<'PY'
import json, sys
size, chars, ns, profile = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
print(json.dumps({"profile": profile, "input_bytes": size, "keys": chars, "seconds": round(ns / 1e9, 3),
                  "mb_per_s": round(size / 1e6 / (ns / 1e9), 2), "keys_per_s": round(chars / (ns / 1e9))}))
PY

echo "==> layer 7: footprint" >&2
strip -o "$tools/lib.so" "$lib/libcyrillic_ime_core.so"
strip --strip-debug -o "$tools/lib.a" "$lib/libcyrillic_ime_core.a"
memory=$("$tools/abi_bench" memory "$profiles" "$kana" "$first_corpus" "$bulk_profile" "$million")
python3 - "$(stat -c %s "$lib/libcyrillic_ime_core.so")" "$(stat -c %s "$tools/lib.so")" \
  "$(stat -c %s "$lib/libcyrillic_ime_core.a")" "$(stat -c %s "$tools/lib.a")" "$memory" > "$out/layer7_footprint.json" <<'PY'
import json, sys
so, so_stripped, a, a_stripped, memory = sys.argv[1:6]
m = json.loads(memory)
print(json.dumps({"cdylib_bytes": int(so), "cdylib_stripped_bytes": int(so_stripped),
                  "staticlib_bytes": int(a), "staticlib_stripped_debug_bytes": int(a_stripped),
                  "engine_resident_kib": m["rss_after_init_kib"] - m["rss_before_init_kib"],
                  "growth_over_keys_kib": m["rss_after_keys_kib"] - m["rss_after_warmup_kib"], **m}))
PY

machine="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
python3 scripts/tools/bench_report.py "$out" "$machine"
