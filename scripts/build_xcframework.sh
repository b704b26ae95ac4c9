#!/usr/bin/env bash
# Builds the Apple release binary of the Rust core: CyrillicIMECore.xcframework, the shipping
# static library (no test-only exports) for iOS devices (arm64), the iOS simulator (arm64 and
# x86_64 joined with lipo) and macOS (arm64 and x86_64 joined), each with the header and the
# module map of scripts/packaging/ — then zips it and prints
#   <path of the zip> <checksum>
# on stdout (the checksum `binaryTarget(url:checksum:)` needs; docs/INTEGRATION.md, "Releasing").
#
#   scripts/build_xcframework.sh [--dry-run] [--out DIR]
#
# Needs macOS with Xcode (xcodebuild, lipo, ditto), rustup and cargo. --dry-run prints every
# command it would run, on any machine, and checks nothing is missing from the repository.
set -euo pipefail
cd "$(dirname "$0")/.."

dry_run=false
out=dist
while [[ $# -gt 0 ]]; do
  case $1 in
    --dry-run) dry_run=true; shift ;;
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    *) echo "build_xcframework.sh: unknown argument $1 (known: --dry-run, --out DIR)" >&2; exit 64 ;;
  esac
done

# The platforms and their Rust targets; a slice with two targets is joined with lipo.
ios_device=(aarch64-apple-ios)
ios_simulator=(aarch64-apple-ios-sim x86_64-apple-ios)
macos=(aarch64-apple-darwin x86_64-apple-darwin)
all_targets=("${ios_device[@]}" "${ios_simulator[@]}" "${macos[@]}")
# The oldest systems the package supports (Package.swift `platforms`).
export IPHONEOS_DEPLOYMENT_TARGET=15.0 MACOSX_DEPLOYMENT_TARGET=12.0

for file in include/cyrillic_ime_core.h scripts/packaging/module.modulemap rust_core/Cargo.toml; do
  [[ -f $file ]] || { echo "build_xcframework.sh: $file is missing from the repository" >&2; exit 1; }
done

if ! $dry_run; then
  missing=()
  [[ $(uname -s) == Darwin ]] || missing+=("macOS (this is $(uname -s))")
  for tool in xcodebuild lipo ditto rustup cargo; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  if [[ ${#missing[@]} -gt 0 ]]; then
    echo "build_xcframework.sh: cannot build the XCFramework here; missing: $(IFS=,; echo "${missing[*]}" | sed 's/,/, /g')." >&2
    echo "build_xcframework.sh: it needs a Mac with Xcode (xcodebuild -create-xcframework) and rustup; --dry-run prints the commands." >&2
    exit 69
  fi
fi

# Prints the command (shell-quoted), then runs it unless this is a dry run.
run() {
  printf '+'; printf ' %q' "$@"; printf '\n'
  $dry_run || "$@"
}

target_dir=rust_core/target-apple
staging=$target_dir/xcframework
library=libcyrillic_ime_core.a
run rustup target add "${all_targets[@]}"
for target in "${all_targets[@]}"; do
  run cargo build --release --manifest-path rust_core/Cargo.toml --target-dir "$target_dir" --target "$target"
done

# One folder per slice: the (joined) library and its headers. The headers sit in a folder
# named after the module so that two XCFrameworks' module maps never land on the same path.
slice() {  # slice NAME TARGET...
  local name=$1; shift
  run rm -rf "$staging/$name"
  run mkdir -p "$staging/$name/Headers/CCyrillicIMECore"
  run cp include/cyrillic_ime_core.h scripts/packaging/module.modulemap "$staging/$name/Headers/CCyrillicIMECore/"
  if [[ $# -eq 1 ]]; then
    run cp "$target_dir/$1/release/$library" "$staging/$name/$library"
  else
    local inputs=()
    for target in "$@"; do inputs+=("$target_dir/$target/release/$library"); done
    run lipo -create "${inputs[@]}" -output "$staging/$name/$library"
  fi
}
slice ios "${ios_device[@]}"
slice ios-simulator "${ios_simulator[@]}"
slice macos "${macos[@]}"

framework=$out/CyrillicIMECore.xcframework
run rm -rf "$framework" "$framework.zip"
run mkdir -p "$out"
run xcodebuild -create-xcframework \
  -library "$staging/ios/$library" -headers "$staging/ios/Headers" \
  -library "$staging/ios-simulator/$library" -headers "$staging/ios-simulator/Headers" \
  -library "$staging/macos/$library" -headers "$staging/macos/Headers" \
  -output "$framework"
run ditto -c -k --sequesterRsrc --keepParent "$framework" "$framework.zip"
run swift package compute-checksum "$framework.zip"
if ! $dry_run; then
  echo "$(cd "$out" && pwd)/CyrillicIMECore.xcframework.zip $(swift package compute-checksum "$framework.zip")"
fi
