#!/usr/bin/env bash
# Runs the Swift tests under ThreadSanitizer (`swift test --sanitize=thread`), in its own
# build directory (.build-tsan) so the normal build is untouched. The concurrency tests
# (ConcurrencyTests, ReloadStressTests) type from many threads while the engine is reloaded.
# Only the Swift side is instrumented: the Rust core is linked as built by
# scripts/build_rust.sh (stable Rust cannot build it with TSan), so races inside the core
# are not visible here; the core's own threading is covered by rust_core/tests/reload_stress.rs.
# Usage: scripts/tsan.sh [--filter REGEX]   (default: every XCTest)
set -euo pipefail
cd "$(dirname "$0")/.."
filter=()
if [[ ${1:-} == "--filter" ]]; then
  filter=(--filter "$2")
fi
if [[ ! -f rust_core/target/release/libcyrillic_ime_core.so ]] || ! nm -D rust_core/target/release/libcyrillic_ime_core.so | grep -q rust_test_panic; then
  scripts/build_rust.sh --with-test-exports
fi
swift build --build-tests --sanitize=thread --scratch-path .build-tsan 1>&2
# halt_on_error: the first race fails the run; deliberate Rust panics print one line each.
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}" RUST_BACKTRACE=0 \
  swift test --skip-build --sanitize=thread --scratch-path .build-tsan --disable-swift-testing "${filter[@]}"
