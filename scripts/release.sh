#!/usr/bin/env bash
# Makes release VERSION of the package: builds the binaries this machine can build, writes the
# version and their checksums into Package.swift (switching `coreDistribution` from
# .development to the release binaries), commits that on a detached release commit and tags
# it VERSION. The branch you were on keeps `.development`; push the tag and upload the files
# of dist/VERSION/ to the release named VERSION (docs/INTEGRATION.md, "Releasing").
#
#   scripts/release.sh VERSION [options]
#     --xcframework-checksum SUM     the checksum scripts/build_xcframework.sh printed on a Mac
#     --artifactbundle-checksum SUM  the checksum scripts/make_artifactbundle.sh printed on Linux
#                                    (each binary is built where it can be; the other's checksum
#                                    is passed in. A release needs both.)
#     --download-base URL            where the release files are downloaded from (https);
#                                    default: the one in Package.swift
#     --local-artifacts              try the release before uploading: put the binary built here
#                                    into Artifacts/ of the release commit and point the manifest
#                                    at it (a consumer then depends on this repository by version
#                                    through a file:// URL; scripts/tools/consumer_test.sh)
#     --no-dictionary                skip the dictionary asset (scripts/make_dictionary_asset.sh)
#     --mozc-source GIT_DIR          passed to make_dictionary_asset.sh (a clone of google/mozc,
#                                    for a machine that cannot reach github.com)
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2; exit 64; }
[[ $# -ge 1 ]] || usage
version=$1; shift
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]] || {
  echo "release.sh: version '$version' is not a semantic version (like 0.2.0); SwiftPM resolves only those" >&2; exit 64; }
xcframework_checksum=""
artifactbundle_checksum=""
download_base=""
local_artifacts=false
dictionary=true
dictionary_options=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --xcframework-checksum) xcframework_checksum=${2:?}; shift 2 ;;
    --artifactbundle-checksum) artifactbundle_checksum=${2:?}; shift 2 ;;
    --download-base) download_base=${2:?}; shift 2 ;;
    --local-artifacts) local_artifacts=true; shift ;;
    --no-dictionary) dictionary=false; shift ;;
    --mozc-source) dictionary_options+=(--mozc-source "${2:?}"); shift 2 ;;
    *) echo "release.sh: unknown argument $1" >&2; usage ;;
  esac
done
[[ -z $download_base || $download_base == https://* ]] || {
  echo "release.sh: --download-base $download_base: SwiftPM downloads binary targets over https only" >&2; exit 64; }
if git rev-parse -q --verify "refs/tags/$version" >/dev/null; then
  echo "release.sh: tag $version exists already" >&2; exit 1
fi
if [[ -n $(git status --porcelain --untracked-files=no) ]]; then
  echo "release.sh: the work tree has uncommitted changes; a release is made from a commit" >&2; exit 1
fi
grep -q '^let coreDistribution = CoreDistribution.development$' Package.swift || {
  echo "release.sh: Package.swift does not say 'let coreDistribution = CoreDistribution.development'; release from a development commit" >&2; exit 1; }

# Refuse early, before building anything, when the other platform's checksum is missing.
if ! $local_artifacts; then
  if [[ $(uname -s) == Linux && -z $xcframework_checksum ]]; then
    echo "release.sh: a release needs the XCFramework's checksum too: run scripts/build_xcframework.sh on a Mac and pass --xcframework-checksum" >&2; exit 1
  elif [[ $(uname -s) == Darwin && -z $artifactbundle_checksum ]]; then
    echo "release.sh: a release needs the artifact bundle's checksum too: run scripts/make_artifactbundle.sh on Linux and pass --artifactbundle-checksum" >&2; exit 1
  fi
fi

out=dist/$version
mkdir -p "$out"
is_checksum() { [[ $1 =~ ^[0-9a-f]{64}$ ]]; }

# The binaries this machine can build.
if [[ $(uname -s) == Linux ]]; then
  read -r bundle_zip artifactbundle_checksum < <(scripts/make_artifactbundle.sh --version "$version" --out "$out")
  echo "release.sh: artifact bundle $bundle_zip, checksum $artifactbundle_checksum" >&2
elif command -v xcodebuild >/dev/null; then
  read -r xcframework_zip xcframework_checksum < <(scripts/build_xcframework.sh --out "$out")
  echo "release.sh: XCFramework $xcframework_zip, checksum $xcframework_checksum" >&2
fi
if $dictionary; then
  scripts/make_dictionary_asset.sh --version "$version" --out "$out" "${dictionary_options[@]}" >&2
fi

if $local_artifacts; then
  local_zip=$(ls "$out"/CyrillicIMECore.*.zip 2>/dev/null | head -n1)
  [[ -n $local_zip ]] || { echo "release.sh: --local-artifacts: no binary was built on this machine" >&2; exit 1; }
  distribution="CoreDistribution.localArtifacts(folder: \"Artifacts\")"
else
  for pair in "artifact bundle (Linux):$artifactbundle_checksum:--artifactbundle-checksum" \
              "XCFramework (Apple):$xcframework_checksum:--xcframework-checksum"; do
    IFS=: read -r what sum flag <<<"$pair"
    is_checksum "$sum" || { echo "release.sh: no checksum for the $what: build it on its platform and pass $flag" >&2; exit 1; }
  done
  distribution="CoreDistribution.release(version: \"$version\")"
fi

# The release commit, detached: the branch keeps the development manifest.
start=$(git symbolic-ref -q --short HEAD || git rev-parse HEAD)
git checkout -q --detach
restore() { git checkout -q "$start"; }
trap restore EXIT
sed -i "s|^let coreDistribution = CoreDistribution.development\$|let coreDistribution = $distribution|" Package.swift
if is_checksum "$artifactbundle_checksum"; then
  sed -i "s|^let artifactBundleChecksum = \".*\"\$|let artifactBundleChecksum = \"$artifactbundle_checksum\"|" Package.swift
fi
if is_checksum "$xcframework_checksum"; then
  sed -i "s|^let xcframeworkChecksum = \".*\"\$|let xcframeworkChecksum = \"$xcframework_checksum\"|" Package.swift
fi
[[ -z $download_base ]] || sed -i "s|^let releaseDownloadBase = \".*\"\$|let releaseDownloadBase = \"$download_base\"|" Package.swift
if $local_artifacts; then
  mkdir -p Artifacts
  cp "$local_zip" Artifacts/
  git add -f Artifacts
fi
# The rewritten manifest must still load (a typo here would break every consumer).
swift package dump-package >/dev/null
git add Package.swift
git commit -q -m "Release $version: the Rust core as prebuilt binaries ($distribution)"
git tag -a "$version" -m "CyrillicIME core $version"
echo "release.sh: tagged $version ($(git rev-parse --short HEAD)); $(sed -n 's/^let coreDistribution = //p' Package.swift)" >&2
echo "release.sh: files to upload to the release: $(ls "$out" | tr '\n' ' ')" >&2
echo "$version $(git rev-parse HEAD)"
