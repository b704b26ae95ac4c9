#!/usr/bin/env bash
# Runs Tests/memcheck/memcheck_driver.c — every kind of C ABI call, the conversion exports
# included, 10^5 calls by default —
# under valgrind memcheck against the release library (built with test exports by
# scripts/build_rust.sh --with-test-exports). Fails on any invalid read or write, use of
# uninitialised memory, or any byte definitely or indirectly lost.
# Usage: scripts/memcheck.sh [CALLS]
set -euo pipefail
cd "$(dirname "$0")/.."
calls=${1:-100000}
lib_dir=rust_core/target/release
resources=Sources/CyrillicIME/Resources
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

if ! command -v valgrind >/dev/null; then
  echo "memcheck: installing valgrind" >&2
  apt-get update -qq >&2 && apt-get install -y -qq valgrind >&2
fi

# The conversion exports run on the tiny test dictionary and its companion (written by an
# example of the same release build), and on the compiled Mozc dictionary when it is built.
cargo build --release --quiet --manifest-path rust_core/Cargo.toml --features test-exports --example tiny_dictionary 1>&2
rust_core/target/release/examples/tiny_dictionary "$out/tiny.cimedic"
rust_core/target/release/examples/tiny_dictionary "$out/other.cimedic" --other
export MEMCHECK_DICTIONARY=$out/tiny.cimedic MEMCHECK_OTHER_DICTIONARY=$out/other.cimedic
real_dictionary=.dictionary/mozc.cimedic
if [[ -f $real_dictionary ]]; then
  export MEMCHECK_REAL_DICTIONARY=$PWD/$real_dictionary
else
  echo "memcheck: $real_dictionary absent, the real dictionary is not exercised" >&2
fi

compiler=$(command -v clang || command -v cc)
"$compiler" -std=c11 -O1 -gdwarf-4 -Wall -Wextra -Werror -Iinclude Tests/memcheck/memcheck_driver.c \
  -L"$lib_dir" -lcyrillic_ime_core -lpthread -Wl,-rpath,"$PWD/$lib_dir" -o "$out/memcheck_driver"

# Deliberate panics (rust_test_panic) print one line each without a backtrace.
RUST_BACKTRACE=0 valgrind --tool=memcheck --error-exitcode=99 \
  --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \
  --log-file="$out/valgrind.log" \
  "$out/memcheck_driver" "$resources/profiles.json" "$resources/japaneseKanaEngine.json" "$calls" \
  2> >(grep -v "rust_test_panic: deliberate panic\|panicked at" >&2) && status=0 || status=$?

grep -E "ERROR SUMMARY|definitely lost|indirectly lost|possibly lost|still reachable|in use at exit|total heap usage|All heap blocks" "$out/valgrind.log" \
  | sed 's/^==[0-9]*== */memcheck: /'
if [[ $status -ne 0 ]]; then
  echo "memcheck: FAILED (exit $status); the valgrind log follows" >&2
  cat "$out/valgrind.log" >&2
  exit 1
fi
grep -q "ERROR SUMMARY: 0 errors" "$out/valgrind.log" || { echo "memcheck: errors reported" >&2; exit 1; }
echo "memcheck: 0 errors, nothing definitely or indirectly lost"
