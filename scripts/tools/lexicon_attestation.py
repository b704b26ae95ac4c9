"""How many of the lexicon's Japanese forms two outside dictionaries attest, per language and
kind: JMnedict (Debian's `enamdict`, the EDRDG's dictionary of proper names) and FreeDict's
Japanese–Russian dictionary (Debian's `dict-freedict-jpn-rus`, from JMdict). The lexicon was
written from the conventions of its named sources, not taken from these; this is a review aid
that lists the forms neither dictionary knows, so a person can check them. Nothing read here
is stored. Both packages are downloaded at pinned versions with `apt-get download` and checked
against their sha256 (needs apt; run `apt-get update` first if the version is not found).

    python3 scripts/tools/lexicon_attestation.py [--list]
"""
import collections
import gzip
import hashlib
import json
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
LEXICON = ROOT / "Sources/CyrillicIME/Resources/foreignLexicon.json"
PACKAGES = {
    # package: (version, sha256 of the .deb, the file read inside it)
    "enamdict": ("2021.02.03-1", "8b5180f13164d160ee8e467231f4243341d18b4aae758ad2583d4ec86179e03f",
                 "usr/share/edict/enamdict"),
    "dict-freedict-jpn-rus": ("2022.04.21-1", "8d4ce8b7050fd2a27e31a0f6fdb27d99944f19daf909fae74079d4eea8814626",
                              "usr/share/dictd/freedict-jpn-rus.dict.dz"),
}
JAPANESE_WORD = re.compile(r"[\u3041-\u3096\u30a1-\u30fa\u30fc\u30fb\u3005\u4e00-\u9fff]+")


def fetch(package, folder):
    """The package's data file, unpacked from the pinned, checked .deb."""
    version, sha256, member = PACKAGES[package]
    subprocess.run(["apt-get", "download", "-qq", f"{package}={version}"], cwd=folder, check=True)
    deb = next(pathlib.Path(folder).glob(f"{package}_*.deb"))
    digest = hashlib.sha256(deb.read_bytes()).hexdigest()
    if digest != sha256:
        sys.exit(f"lexicon_attestation.py: {deb.name} has sha256 {digest}, expected {sha256}")
    unpacked = pathlib.Path(folder) / package
    subprocess.run(["dpkg-deb", "-x", str(deb), str(unpacked)], check=True)
    return unpacked / member


def enamdict_forms(path):
    """Every written form JMnedict lists (`モスクワ /(p) Moskva/`, `北京 [ペキン] /…/`)."""
    forms = set()
    for line in path.read_bytes().decode("euc_jp", errors="replace").splitlines():
        forms.add(line.split(" ", 1)[0])
    return forms


def freedict_forms(path):
    """Every Japanese word in FreeDict's jpn-rus entries."""
    text = gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")
    return set(JAPANESE_WORD.findall(text))


def main():
    listing = "--list" in sys.argv[1:]
    with tempfile.TemporaryDirectory() as folder:
        known = enamdict_forms(fetch("enamdict", folder)) | freedict_forms(fetch("dict-freedict-jpn-rus", folder))
    lexicon = json.loads(LEXICON.read_text(encoding="utf-8"))
    unattested = set()
    for language in lexicon["languages"]:
        counts = collections.Counter()
        for entry in language["entries"]:
            attested = entry["text"] in known or entry["text"].replace("・", "") in known
            counts[entry["kind"], attested] += 1
            if not attested:
                unattested.add((entry["kind"], entry["text"]))
        kinds = sorted({kind for kind, _ in counts})
        summary = ", ".join(f"{kind} {counts[kind, True]}/{counts[kind, True] + counts[kind, False]}" for kind in kinds)
        print(f"{language['language']}: attested {summary}")
    texts = {e["text"] for language in lexicon["languages"] for e in language["entries"]}
    print(f"distinct texts: {len(texts)}, attested {len(texts) - len({t for _, t in unattested})}")
    if listing:
        for kind, text in sorted(unattested):
            print(f"unattested\t{kind}\t{text}")


if __name__ == "__main__":
    main()
