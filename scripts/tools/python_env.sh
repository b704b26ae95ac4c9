#!/usr/bin/env bash
# Creates .venv-tools, the Python environment the test tools run in, and installs what
# they need from PyPI when the system Python does not already provide it.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [[ ! -x .venv-tools/bin/python ]]; then
  python3 -m venv --system-site-packages .venv-tools
fi
for module_and_package in "jsonschema:jsonschema" "referencing:referencing"; do
  module=${module_and_package%%:*}
  package=${module_and_package##*:}
  if ! .venv-tools/bin/python -c "import $module" 2>/dev/null; then
    .venv-tools/bin/python -m pip install --quiet "$package" 1>&2
  fi
done
