#!/usr/bin/env bash
# Checks of the release packaging that need no Mac and no build (under a second):
# - scripts/build_xcframework.sh --dry-run builds the shipping core for every Apple slice,
#   joins the simulator and macOS slices with lipo, and makes one XCFramework of the three;
# - without Xcode it refuses with exit 69, naming what is missing;
# - the release module map links libm and names the module the Swift code imports;
# - Package.swift on this branch is in development mode, and its release branches use binary
#   targets only (SwiftPM refuses a dependency whose targets have unsafeFlags).
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "packaging_check: $*" >&2; exit 1; }

plan=$(scripts/build_xcframework.sh --dry-run --out dist/check)
for target in aarch64-apple-ios aarch64-apple-ios-sim x86_64-apple-ios aarch64-apple-darwin x86_64-apple-darwin; do
  grep -q "^+ cargo build --release .*--target $target\$" <<<"$plan" || fail "the dry run builds no $target"
done
grep -q "^+ cargo build .*--features" <<<"$plan" && fail "the XCFramework must be the shipping build, without test exports"
grep -q "^+ lipo -create .*aarch64-apple-ios-sim/.* .*x86_64-apple-ios/.* -output .*ios-simulator/" <<<"$plan" || fail "the simulator slices are not joined"
grep -q "^+ lipo -create .*aarch64-apple-darwin/.* .*x86_64-apple-darwin/.* -output .*macos/" <<<"$plan" || fail "the macOS slices are not joined"
[[ $(grep -c "^+ cp include/cyrillic_ime_core.h scripts/packaging/module.modulemap" <<<"$plan") -eq 3 ]] || fail "not every slice gets the header and module map"
create=$(grep "^+ xcodebuild -create-xcframework" <<<"$plan") || fail "the dry run makes no XCFramework"
[[ $(grep -o -- "-library " <<<"$create" | wc -l) -eq 3 ]] || fail "the XCFramework should hold three libraries: $create"
grep -q "^+ swift package compute-checksum dist/check/CyrillicIMECore.xcframework.zip\$" <<<"$plan" || fail "the dry run prints no checksum step"
echo "packaging_check: build_xcframework.sh --dry-run: $(grep -c '^+ ' <<<"$plan") commands, 5 Rust targets, 2 lipo joins, 1 XCFramework of 3 slices"

if [[ $(uname -s) != Darwin ]]; then
  status=0
  message=$(scripts/build_xcframework.sh 2>&1 >/dev/null) || status=$?
  [[ $status -eq 69 ]] || fail "without Xcode build_xcframework.sh should exit 69, not $status"
  grep -q "missing: macOS.*xcodebuild" <<<"$message" || fail "the refusal does not name what is missing: $message"
  echo "packaging_check: without a Mac: $(head -n1 <<<"$message")"
fi

grep -q '^module CCyrillicIMECore ' scripts/packaging/module.modulemap || fail "the release module map must declare CCyrillicIMECore"
grep -q '^ *link "m"$' scripts/packaging/module.modulemap || fail "the release module map must link libm (the static core uses it)"
grep -q '^let coreDistribution = CoreDistribution.development$' Package.swift || fail "Package.swift must stay in development mode on the branch"
# The release branches of the manifest: only binary targets provide the core.
release_cases=$(sed -n '/^case .release/,/^}/p' Package.swift)
grep -q unsafeFlags <<<"$release_cases" && fail "a release mode of Package.swift uses unsafeFlags"
grep -c 'binaryTarget' <<<"$release_cases" | grep -qx 2 || fail "each release mode should declare the core as a binaryTarget"
echo "packaging_check: Package.swift: development by default; release modes use binary targets only"
echo "packaging_check: passed"
