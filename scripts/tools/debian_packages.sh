#!/usr/bin/env bash
# Installs the Debian packages the outside checks read: skkdic (SKK-JISYO.L, real
# Japanese words in kana for the round-trip check). Needs root for apt-get, which the
# test machines have; does nothing when the dictionary is already there.
set -euo pipefail
dictionary=/usr/share/skk/SKK-JISYO.L
if [[ -r "$dictionary" ]]; then
  exit 0
fi
if [[ $(id -u) -ne 0 ]]; then
  echo "debian_packages.sh: $dictionary is missing; install the skkdic package (apt-get install skkdic) as root" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq 1>&2
apt-get install -y -qq skkdic 1>&2
[[ -r "$dictionary" ]] || { echo "debian_packages.sh: skkdic installed but $dictionary is missing" >&2; exit 1; }
