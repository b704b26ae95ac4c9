#!/usr/bin/env bash
# Writes rust_core/data/emojiReadings.tsv, the emoji the converter offers by reading
# (docs/CONVERSION.md, "Emoji"), from Unicode CLDR's Japanese annotations:
#   1. downloads the pinned Debian package unicode-cldr-core (CLDR 41) with
#      `apt-get download` and checks its sha256;
#   2. unpacks common/annotations/ja.xml and keeps, for each emoji, its keywords written in
#      kana only (ネコ for 🐱), as hiragana readings.
# The derived file is committed (the Unicode licence allows it with its notice, which the
# file's header carries), so building the core needs neither the package nor the network.
# Run it again only to move to another CLDR version. Needs root for apt-get (the test machines
# have it). Progress goes to stderr.
set -euo pipefail
cd "$(dirname "$0")/../.."

package=unicode-cldr-core
version=41-0.1
deb_sha256=35d30d5d3bee4d8244e95236259c4c2a0db06e21bad696515751fcfeee4d0260
out=rust_core/data/emojiReadings.tsv

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"  # apt-get download runs as _apt and writes here
if [[ $(id -u) -ne 0 ]]; then
  echo "build_emoji_table: apt-get download needs root (the Debian package $package=$version)" >&2
  exit 1
fi
apt-get update -qq 1>&2
(cd "$work" && apt-get download -qq "$package=$version" 1>&2)
deb=$(ls "$work"/*.deb)
if ! echo "$deb_sha256  $deb" | sha256sum --check --status; then
  echo "build_emoji_table: $deb does not have the pinned sha256 $deb_sha256; refusing to use it" >&2
  exit 1
fi
dpkg-deb -x "$deb" "$work/x"
python3 scripts/tools/emoji_readings.py \
  "$work/x/usr/share/unicode/cldr/common/annotations/ja.xml" \
  "$package $version (sha256 $deb_sha256)" > "$out.tmp"
mv "$out.tmp" "$out"
echo "build_emoji_table: wrote $out ($(grep -vc '^#' "$out") readings)" >&2
