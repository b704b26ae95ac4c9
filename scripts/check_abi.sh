#!/usr/bin/env bash
# Checks the C ABI from a C caller's side: the exported symbols of the built library
# are exactly the functions the headers declare, and a C program compiled with -Werror
# against the headers links to the library and behaves as documented.
# Expects the library built with test exports (scripts/build_rust.sh --with-test-exports).
set -euo pipefail
cd "$(dirname "$0")/.."
lib_dir=rust_core/target/release
resources=Sources/CyrillicIME/Resources
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

exported=$(nm -D --defined-only "$lib_dir/libcyrillic_ime_core.so" | awk '$2 == "T" && $3 ~ /^rust_/ {print $3}' | sort)
declared=$(grep -hoE '\brust_[a-z_]+\(' include/*.h | tr -d '(' | sort -u)
if [[ "$exported" != "$declared" ]]; then
  echo "check_abi: exported symbols and header declarations differ:" >&2
  diff <(echo "$exported") <(echo "$declared") >&2 || true
  exit 1
fi
echo "check_abi: exported symbols match the headers: $(echo $exported)"

compiler=$(command -v clang || command -v cc)
"$compiler" -std=c11 -Wall -Wextra -Werror -pedantic -Iinclude Tests/abi/abi_check.c \
  -L"$lib_dir" -lcyrillic_ime_core -Wl,-rpath,"$PWD/$lib_dir" -o "$out/abi_check"
"$out/abi_check" "$resources/profiles.json" "$resources/japaneseKanaEngine.json"
