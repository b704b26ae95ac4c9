#!/usr/bin/env bash
# Builds everything and runs every test: Rust unit and integration tests, the C ABI
# check, the JSON Schema check, the Swift tests, the command-line tests, the outside
# checks (romaji against wanakana-python; skkdic words round-tripped through every profile),
# the terminal keyboard test (in tmux) and a quick benchmark run.
# Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUST_BACKTRACE=0   # deliberate panics in the guard tests print one line, not a trace

step() { printf '\n==> %s\n' "$*"; }

step "Rust core (release, with test-only exports)"
scripts/build_rust.sh --with-test-exports

step "Rust tests"
cargo test --manifest-path rust_core/Cargo.toml --features test-exports

step "C ABI check"
scripts/check_abi.sh

step "JSON Schemas"
scripts/tools/python_env.sh
.venv-tools/bin/python scripts/tools/validate_schemas.py

step "Swift build and tests"
swift build --build-tests
swift test --skip-build --disable-swift-testing

cli="$(swift build --show-bin-path)/cyrillic-ime"
step "Command-line tests"
scripts/tools/cli_test.sh "$cli"

step "Outside check: romaji against wanakana-python, skkdic words in Hepburn"
scripts/tools/debian_packages.sh
.venv-tools/bin/python scripts/tools/romaji_check.py "$cli"

step "Outside check: round trip of skkdic words through every Cyrillic profile"
.venv-tools/bin/python scripts/tools/roundtrip_check.py "$cli"

step "Terminal keyboard (tmux)"
scripts/tools/terminal_test.sh "$cli"

step "Benchmarks, quick mode (prints figures, asserts nothing about time; rebuilds the shipping library)"
scripts/bench.sh --quick

echo
echo "scripts/test.sh: all test suites passed"
