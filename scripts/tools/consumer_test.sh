#!/usr/bin/env bash
# The proof that an app can add the package by version (docs/INTEGRATION.md, "Trying a release
# locally"): Examples/Consumer depends on cyrillic-ime-core by an exact version through a
# file:// URL, gets the Rust core as the prebuilt artifact bundle, builds with plain
# `swift build` (no cargo, no flags) and types Cyrillic into kana and kanji.
#
#   scripts/tools/consumer_test.sh DICTIONARY [--keep DIR]
#
# Steps, in a temporary folder: copy this checkout's files (what git tracks, and new files it
# does not ignore) into cyrillic-ime-core/, commit them, run scripts/release.sh 0.1.0
# --local-artifacts there (which builds the artifact bundle from the shipping library, switches
# the manifest to it and tags 0.1.0), then build and run a copy of Examples/Consumer against
# that tag. The shipping library is reused from rust_core/target-shipping when it is current.
set -euo pipefail
cd "$(dirname "$0")/../.."
dictionary=${1:?usage: consumer_test.sh DICTIONARY [--keep DIR]}
version=0.1.0
if [[ ${2:-} == --keep ]]; then
  work=${3:?--keep needs a folder}; rm -rf "$work"; mkdir -p "$work"
else
  work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fi
work=$(cd "$work" && pwd)
repo=$work/cyrillic-ime-core   # the folder name is the package identity the consumer names

mkdir -p "$repo"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [[ -e $file ]] && printf '%s\0' "$file"
done | tar --null -T - -cf - | tar -xf - -C "$repo"
# The shipping build is reused (cargo sees it current) instead of built again in the copy.
mkdir -p "$repo/rust_core"
if [[ -d rust_core/target-shipping ]]; then
  cp -al rust_core/target-shipping "$repo/rust_core/" 2>/dev/null || cp -a rust_core/target-shipping "$repo/rust_core/"
fi

export GIT_AUTHOR_NAME=consumer-test GIT_AUTHOR_EMAIL=consumer-test@localhost
export GIT_COMMITTER_NAME=consumer-test GIT_COMMITTER_EMAIL=consumer-test@localhost
git -C "$repo" init -q -b main
git -C "$repo" add -A
git -C "$repo" commit -q -m "cyrillic-ime-core as checked out"
"$repo/scripts/release.sh" "$version" --local-artifacts --no-dictionary >/dev/null
echo "consumer_test: $repo tagged $version: $(git -C "$repo" show "$version:Package.swift" | sed -n 's/^let coreDistribution = //p')"
# The branch still says development; only the tag carries the release manifest.
git -C "$repo" show main:Package.swift | grep -q '^let coreDistribution = CoreDistribution.development$'

consumer=$work/Consumer
cp -R Examples/Consumer "$consumer"
rm -rf "$consumer/.build"
export CYRILLIC_IME_PACKAGE_URL=file://$repo CYRILLIC_IME_PACKAGE_VERSION=$version
# No cargo on the way: the consumer's build must not need it (the core comes prebuilt).
(cd "$consumer" && PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v -e cargo -e rustup | paste -sd:) swift build 2>&1 | tail -n 3)
resolved=$(cd "$consumer" && swift package show-dependencies 2>/dev/null | grep cyrillic-ime-core || true)
echo "consumer_test: resolved ${resolved# *}"
output=$("$consumer/.build/debug/Consumer" --dictionary "$dictionary" --memory)
echo "$output"
expect() {
  grep -qxF "$1" <<<"$output" || { echo "consumer_test: expected the line '$1'" >&2; exit 1; }
}
expect "kana: わたしのなまえわなかのです"   # ва is わ as typed; は only when converted
expect "kanji: 私の名前は中野です"
# A missing dictionary is a clear error, not a crash.
if "$consumer/.build/debug/Consumer" --dictionary "$work/missing.cimedic" 2>"$work/error.txt"; then
  echo "consumer_test: a missing dictionary was accepted" >&2; exit 1
fi
grep -q "missing.cimedic" "$work/error.txt" || { echo "consumer_test: the error does not name the file: $(cat "$work/error.txt")" >&2; exit 1; }
echo "consumer_test: $(cat "$work/error.txt")"
echo "consumer_test: passed"
