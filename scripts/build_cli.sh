#!/usr/bin/env bash
# Builds the release `cyrillic-ime` (the one scripts/run.sh runs and the tests and the
# evaluation call) and prints its path. Every caller builds it through here, so the Swift
# build always gets the same configuration: its output goes through a pipe to stderr whether
# or not the caller is in a terminal. (SwiftPM colours diagnostics on a terminal, a different
# compiler command line, and the release build was redone from scratch each time the caller
# switched between a terminal and redirected output.)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product cyrillic-ime 2>&1 | cat >&2
echo "$(swift build -c release --show-bin-path)/cyrillic-ime"
