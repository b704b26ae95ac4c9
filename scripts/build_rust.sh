#!/usr/bin/env bash
# Builds the Rust core in release mode. The two builds live in separate folders, so building
# one never replaces the other and the order of builds does not matter:
#
#   scripts/build_rust.sh --with-test-exports   rust_core/target/release, with the test-only
#       exports (cyrillic_ime_core_testing.h). Package.swift links this folder, so the Swift
#       package, its tests, the command-line tool, the C ABI check and memcheck all use it.
#   scripts/build_rust.sh                       rust_core/target-shipping/release, the shipping
#       library (no test exports): what an app embeds, and what the benchmark measures.
#
# All output goes to stderr so callers can pipe their own stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == "--with-test-exports" ]]; then
  cargo build --release --manifest-path rust_core/Cargo.toml --features test-exports 1>&2
else
  [[ $# -eq 0 ]] || { echo "build_rust.sh: unknown argument ${1} (known: --with-test-exports)" >&2; exit 64; }
  cargo build --release --manifest-path rust_core/Cargo.toml --target-dir rust_core/target-shipping 1>&2
fi
