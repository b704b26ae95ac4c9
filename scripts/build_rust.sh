#!/usr/bin/env bash
# Builds the Rust core in release mode into rust_core/target/release, where
# Package.swift links it from. Pass --with-test-exports for the test-only exports.
# All output goes to stderr so callers can pipe their own stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
features=()
if [[ "${1:-}" == "--with-test-exports" ]]; then
  features=(--features test-exports)
fi
cargo build --release --manifest-path rust_core/Cargo.toml "${features[@]}" 1>&2
