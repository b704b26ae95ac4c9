#!/usr/bin/env bash
# Creates .venv-tools, the Python environment the test tools run in, and installs what
# they need from PyPI when the system Python does not already provide it:
# jsonschema (schema check) and wanakana-python (the outside converter romaji_check.py
# compares against). wanakana-python's import name is `wanakana`; the unrelated PyPI
# package named `wanakana` only detects scripts and must not be installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [[ ! -x .venv-tools/bin/python ]]; then
  python3 -m venv --system-site-packages .venv-tools
fi
# Each entry: the Python statement that proves the package is usable | the PyPI package.
for check_and_package in \
  "import jsonschema|jsonschema" \
  "import referencing|referencing" \
  "import wanakana; wanakana.to_hiragana|wanakana-python==1.2.2"; do
  check=${check_and_package%%|*}
  package=${check_and_package##*|}
  if ! .venv-tools/bin/python -c "$check" 2>/dev/null; then
    .venv-tools/bin/python -m pip install --quiet "$package" 1>&2
  fi
done
