#!/usr/bin/env bash
# Builds everything (Rust core, the compiled dictionary, Swift package) and runs the `cyrillic-ime` command
# with the given arguments, e.g. scripts/run.sh convert "коннитива сэнсэй".
# Build chatter goes to stderr; the command's own output is the only stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
# Package.swift links rust_core/target/release, the build with test exports (scripts/build_rust.sh).
scripts/build_rust.sh --with-test-exports
CYRILLIC_IME_DICTIONARY=$(scripts/build_dictionary.sh)
export CYRILLIC_IME_DICTIONARY
swift build -c release --product cyrillic-ime 1>&2
exec "$(swift build -c release --show-bin-path)/cyrillic-ime" "$@"
