#!/usr/bin/env bash
# Builds everything (Rust core, the compiled dictionary, Swift package) and runs the `cyrillic-ime` command
# with the given arguments, e.g. scripts/run.sh convert "коннитива сэнсэй".
# Build chatter goes to stderr; the command's own output is the only stdout.
# The caller's environment is kept: a CYRILLIC_IME_DICTIONARY already set names the dictionary
# to use (scripts/build_dictionary.sh builds and names the project's own only when it is unset),
# and XDG_STATE_HOME/HOME still place the learning store.
set -euo pipefail
cd "$(dirname "$0")/.."
# Package.swift links rust_core/target/release, the build with test exports (scripts/build_rust.sh).
scripts/build_rust.sh --with-test-exports
if [[ -z ${CYRILLIC_IME_DICTIONARY:-} ]]; then
  CYRILLIC_IME_DICTIONARY=$(scripts/build_dictionary.sh)
fi
export CYRILLIC_IME_DICTIONARY
# One build configuration however run.sh is called (terminal or not): scripts/build_cli.sh.
cli=$(scripts/build_cli.sh)
cd - >/dev/null   # the command's relative paths are the caller's
exec "$cli" "$@"
