#!/usr/bin/env bash
# Coverage-guided fuzzing of the Rust core's C ABI with libFuzzer (from the Swift
# toolchain's clang). See docs/RELIABILITY.md.
#
#   scripts/fuzz.sh --list                 the target names (--describe: with what they test)
#   scripts/fuzz.sh TARGET SECONDS [-- libFuzzer options...]
#                                          build TARGET and fuzz it for SECONDS
#   scripts/fuzz.sh --build TARGET         only build it
#   scripts/fuzz.sh --replay TARGET [FILE...]
#                                          run the seed corpus and the regression inputs
#                                          (or FILEs) once each, without fuzzing
#
# The Rust core is built with SanitizerCoverage on stable Rust (RUSTFLAGS below) into
# rust_core/target-fuzz, with debug assertions and overflow checks on, and linked as a
# static library into the harness, which clang/swiftc build with -fsanitize=fuzzer,address.
# Everything generated (binaries, the growing corpus, crash artifacts) stays under
# rust_core/target-fuzz; the repository keeps the small seed corpora (fuzz/corpus/TARGET)
# and the inputs of every crash found (fuzz/regressions/TARGET).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

targets=(process_key init typing dictionary conversion user_store)
describe() {
  case $1 in
    process_key) echo "rust_process_key and rust_cycle_dakuten on arbitrary key, buffer and profile bytes (C)" ;;
    init) echo "rust_init_engine on mutated profiles.json / japaneseKanaEngine.json (C)" ;;
    typing) echo "typing sessions through RustCoreEngine against a reference converter (Swift)" ;;
    dictionary) echo "rust_load_dictionary on mutated compiled dictionaries (checksum kept or recomputed), then conversions on them (C)" ;;
    conversion) echo "rust_convert, rust_resize_segment, rust_segment_candidates, rust_predict on arbitrary requests (C)" ;;
    user_store) echo "the user store: learn, user words, forget, convert/predict, reopen, damaged learning.cime/words.cime, against a model (C)" ;;
  esac
}

usage() {
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 64
}

is_target() {
  local t
  for t in "${targets[@]}"; do [[ $t == "$1" ]] && return 0; done
  return 1
}

out=$root/rust_core/target-fuzz
bin_dir=$out/bin
link_dir=$out/link
resources=$root/Sources/CyrillicIME/Resources
toolchain_bin=$(dirname "$(command -v swiftc)")
clang=$toolchain_bin/clang

log() { echo "fuzz.sh: $*" >&2; }

build_rust() {
  # LLVM of rustc and of the Swift clang may differ by a major version: the harness links
  # native object code (no LTO, no bitcode), and the SanitizerCoverage callbacks and
  # sections it uses are stable across those versions.
  log "rustc $(rustc -vV | sed -n 's/^LLVM version: //p' | sed 's/^/LLVM /'), $("$clang" --version | head -n 1)"
  local flags=(
    -Cpasses=sancov-module
    -Cllvm-args=-sanitizer-coverage-level=4
    -Cllvm-args=-sanitizer-coverage-inline-8bit-counters
    -Cllvm-args=-sanitizer-coverage-pc-table
    -Cllvm-args=-sanitizer-coverage-trace-compares
    -Cdebuginfo=1
    -Cforce-frame-pointers=yes
  )
  RUSTFLAGS="${flags[*]}" \
  CARGO_PROFILE_RELEASE_LTO=false \
  CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
  CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true \
  CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=true \
    cargo build --release --lib --manifest-path rust_core/Cargo.toml --target-dir "$out" --features test-exports 1>&2
  # A directory holding only the static library, so -lcyrillic_ime_core cannot pick the .so.
  mkdir -p "$link_dir"
  cp -p "$out/release/libcyrillic_ime_core.a" "$link_dir/libcyrillic_ime_core.a"
}

native_libs=(-lpthread -ldl -lm -lrt -lutil)

build_target() {
  local target=$1
  build_rust
  mkdir -p "$bin_dir"
  case $target in
    process_key | init)
      if [[ $target == process_key ]]; then
        python3 scripts/tools/fuzz_dict.py \
          "$resources/profiles.json" "$resources/japaneseKanaEngine.json" "$out/process_key.dict"
        mkdir -p "$out/include"
        python3 scripts/tools/fuzz_compositions.py "$out/include/compositions.h"
      fi
      "$clang" -g -O1 -std=c11 -Wall -Wextra -Werror -fsanitize=fuzzer,address -fuse-ld=lld \
        -Iinclude -Ifuzz/c -I"$out/include" -DRESOURCES_DIR="\"$resources\"" \
        "fuzz/c/fuzz_$target.c" "$link_dir/libcyrillic_ime_core.a" "${native_libs[@]}" \
        -o "$bin_dir/fuzz_$target"
      ;;
    dictionary | conversion | user_store)
      # The tiny test dictionary (rust_core/tests/tiny_dictionary) written by an example built
      # the ordinary way (rust_core/target, no coverage flags), and seeds made from it, so the
      # seeds follow the format when it changes.
      cargo build --release --manifest-path rust_core/Cargo.toml --features test-exports --example tiny_dictionary 1>&2
      "$root/rust_core/target/release/examples/tiny_dictionary" "$out/tiny.cimedic"
      "$root/rust_core/target/release/examples/tiny_dictionary" "$out/other.cimedic" --other
      if [[ $target == dictionary ]]; then
        mkdir -p "$out/seeds/dictionary"
        { printf '\x00'; cat "$out/tiny.cimedic"; } >"$out/seeds/dictionary/as_is_tiny"
        { printf '\x01'; cat "$out/tiny.cimedic"; } >"$out/seeds/dictionary/resealed_tiny"
        { printf '\x01'; cat "$out/other.cimedic"; } >"$out/seeds/dictionary/resealed_other"
        # Hostile reading tries (format version 3; the top table, version 6) that pass validation: the lookups' own checks.
        for kind in labels children samples entries cycle top; do
          "$root/rust_core/target/release/examples/tiny_dictionary" "$out/hostile_$kind.cimedic" --hostile-trie "$kind"
          { printf '\x00'; cat "$out/hostile_$kind.cimedic"; } >"$out/seeds/dictionary/hostile_trie_$kind"
        done
        # Hostile prediction lists (format version 4) that pass validation: the reader's checks.
        for kind in foreign reversed repeated; do
          "$root/rust_core/target/release/examples/tiny_dictionary" "$out/hostile_lists_$kind.cimedic" --hostile-lists "$kind"
          { printf '\x00'; cat "$out/hostile_lists_$kind.cimedic"; } >"$out/seeds/dictionary/hostile_lists_$kind"
        done
      fi
      "$clang" -g -O1 -std=c11 -Wall -Wextra -Werror -fsanitize=fuzzer,address -fuse-ld=lld \
        -Iinclude -Ifuzz/c -DTINY_DICTIONARY="\"$out/tiny.cimedic\"" \
        "fuzz/c/fuzz_$target.c" "$link_dir/libcyrillic_ime_core.a" "${native_libs[@]}" \
        -o "$bin_dir/fuzz_$target"
      ;;
    typing)
      # The core wrapper, the keyboard logic (the controller the harness drives), the test
      # support (the in-memory document), the harness, and a stand-in for SwiftPM's
      # Bundle.module, compiled as one module: copies without the imports of the package's
      # own modules, which are all this one here.
      local merged=$out/typing-sources
      rm -rf "$merged" && mkdir -p "$merged"
      local file
      for file in Sources/CyrillicIME/*.swift Sources/CyrillicIMEKeyboard/*.swift Sources/CyrillicIMETestSupport/*.swift; do
        sed -E '/^(@_exported )?import CyrillicIME(Keyboard|TestSupport)?$/d' "$file" >"$merged/$(basename "$(dirname "$file")").$(basename "$file")"
      done
      local sources=("$merged"/*.swift fuzz/swift/*.swift fuzz/swift/session/*.swift)
      swiftc -parse-as-library -module-name CyrillicIMEFuzz -O -g -use-ld=lld \
        -sanitize=fuzzer,address \
        -I Sources/CCyrillicIMECore -I Sources/CCyrillicIMECoreTesting \
        -L "$link_dir" "${sources[@]}" "${native_libs[@]}" \
        -o "$bin_dir/fuzz_typing" 1>&2
      ;;
  esac
  log "built $bin_dir/fuzz_$target"
}

libfuzzer_options() {
  local target=$1
  local options=(-artifact_prefix="$out/artifacts/$target/" -print_final_stats=1)
  case $target in
    process_key) options+=(-dict="$out/process_key.dict" -max_len=1200) ;;
    init) options+=(-dict=fuzz/dict/json.dict -max_len=65536 -rss_limit_mb=2048) ;;
    typing) options+=(-max_len=512) ;;
    dictionary) options+=(-max_len=4096) ;;
    conversion) options+=(-dict=fuzz/dict/json.dict -max_len=1024) ;;
    user_store) options+=(-max_len=1024) ;;
  esac
  printf '%s\n' "${options[@]}"
}

run_target() {
  local target=$1 seconds=$2
  shift 2
  mkdir -p "$out/corpus/$target" "$out/artifacts/$target"
  mapfile -t options < <(libfuzzer_options "$target")
  local seeds=(fuzz/corpus/$target)
  [[ -d fuzz/regressions/$target ]] && seeds+=(fuzz/regressions/$target)
  [[ -d $out/seeds/$target ]] && seeds+=("$out/seeds/$target")
  log "fuzzing $target for $seconds s (new inputs go to $out/corpus/$target)"
  # The first directory receives new inputs; the repository's seeds are only read.
  CYRILLIC_IME_RESOURCES=$resources SWIFT_BACKTRACE=enable=no RUST_BACKTRACE=0 "$bin_dir/fuzz_$target" "${options[@]}" \
    -max_total_time="$seconds" "$@" "$out/corpus/$target" "${seeds[@]}"
}

replay_target() {
  local target=$1
  shift
  local files=("$@")
  if [[ ${#files[@]} -eq 0 ]]; then
    mapfile -t files < <(find "fuzz/corpus/$target" "fuzz/regressions/$target" "$out/seeds/$target" -type f 2>/dev/null | sort)
  fi
  mkdir -p "$out/artifacts/$target"
  mapfile -t options < <(libfuzzer_options "$target")
  log "replaying ${#files[@]} inputs of $target"
  CYRILLIC_IME_RESOURCES=$resources SWIFT_BACKTRACE=enable=no RUST_BACKTRACE=0 "$bin_dir/fuzz_$target" "${options[@]}" "${files[@]}"
}

case ${1:-} in
  --list)
    for t in "${targets[@]}"; do echo "$t"; done
    ;;
  --describe)
    for t in "${targets[@]}"; do printf '%-12s %s\n' "$t" "$(describe "$t")"; done
    ;;
  --build)
    is_target "${2:-}" || usage
    build_target "$2"
    ;;
  --replay)
    is_target "${2:-}" || usage
    target=$2
    shift 2
    build_target "$target"
    replay_target "$target" "$@"
    ;;
  "" | -h | --help)
    usage
    ;;
  *)
    is_target "$1" || { log "unknown target $1 (known: ${targets[*]})"; exit 64; }
    [[ ${2:-} =~ ^[0-9]+$ ]] || usage
    target=$1
    seconds=$2
    shift 2
    [[ ${1:-} == "--" ]] && shift
    build_target "$target"
    # libFuzzer reads -max_total_time=0 as "no limit": 0 seconds means build only.
    if [[ $seconds -eq 0 ]]; then
      log "0 seconds: built, not fuzzing"
    else
      run_target "$target" "$seconds" "$@"
    fi
    ;;
esac
