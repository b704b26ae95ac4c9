#!/usr/bin/env bash
# Builds the Linux release binary of the Rust core as a SwiftPM artifact bundle (SE-0482,
# type staticLibrary): the shipping static library (no test-only exports), its header and the
# module map of scripts/packaging/. Writes dist/CyrillicIMECore.artifactbundle.zip and prints
#   <path of the zip> <checksum>
# on stdout, the checksum being what `swift package compute-checksum` prints and what a
# `binaryTarget(url:checksum:)` needs (docs/INTEGRATION.md, "Releasing").
#
#   scripts/make_artifactbundle.sh [--version V] [--out DIR]
#
# The zip is reproducible: fixed file dates and order, so the same library gives the same checksum.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^version = "\(.*\)"/\1/p' rust_core/Cargo.toml | head -n1)
out=dist
while [[ $# -gt 0 ]]; do
  case $1 in
    --version) version=${2:?--version needs a value}; shift 2 ;;
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    *) echo "make_artifactbundle.sh: unknown argument $1 (known: --version V, --out DIR)" >&2; exit 64 ;;
  esac
done

triple=$(rustc -vV | sed -n 's/^host: //p')
case $triple in
  *-linux-*) ;;
  *) echo "make_artifactbundle.sh: this bundle is the Linux binary; on $triple build the XCFramework (scripts/build_xcframework.sh)" >&2; exit 1 ;;
esac

scripts/build_rust.sh   # the shipping library, rust_core/target-shipping/release
library=rust_core/target-shipping/release/libcyrillic_ime_core.a
[[ -f $library ]] || { echo "make_artifactbundle.sh: $library was not built" >&2; exit 1; }
# The shipping library must carry the C ABI and not the exports that panic on purpose. The
# objects are LLVM's (lto), which binutils' nm cannot read: the toolchain's llvm-nm can.
llvm_nm=$(dirname "$(readlink -f "$(command -v swift)")")/llvm-nm
[[ -x $llvm_nm ]] || llvm_nm=llvm-nm
symbols=$("$llvm_nm" --defined-only "$library" 2>/dev/null | awk '$2 == "T" && $3 ~ /^rust_/ {print $3}')
if ! grep -qx rust_process_key <<<"$symbols"; then
  echo "make_artifactbundle.sh: $llvm_nm finds no rust_process_key in $library" >&2
  exit 1
fi
if grep -q '^rust_test_' <<<"$symbols"; then
  echo "make_artifactbundle.sh: $library has test-only exports (rust_test_*); it must be the shipping build" >&2
  exit 1
fi

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
bundle=$staging/CyrillicIMECore.artifactbundle
variant=$bundle/$triple
mkdir -p "$variant/include"
cp "$library" "$variant/"
cp include/cyrillic_ime_core.h scripts/packaging/module.modulemap "$variant/include/"
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "CCyrillicIMECore": {
      "type": "staticLibrary",
      "version": "$version",
      "variants": [
        {
          "path": "$triple/libcyrillic_ime_core.a",
          "supportedTriples": ["$triple"],
          "staticLibraryMetadata": {
            "headerPaths": ["$triple/include"],
            "moduleMapPath": "$triple/include/module.modulemap"
          }
        }
      ]
    }
  }
}
JSON
find "$bundle" -exec touch -h -d '1980-01-02 00:00:00 UTC' {} +
mkdir -p "$out"
zip_path=$(cd "$out" && pwd)/CyrillicIMECore.artifactbundle.zip
rm -f "$zip_path"
(cd "$staging" && find CyrillicIMECore.artifactbundle -print | LC_ALL=C sort | TZ=UTC zip -X -q -D "$zip_path" -@)
checksum=$(swift package compute-checksum "$zip_path")
echo "make_artifactbundle.sh: $zip_path ($(du -h "$zip_path" | cut -f1)), version $version, $triple" >&2
echo "$zip_path $checksum"
