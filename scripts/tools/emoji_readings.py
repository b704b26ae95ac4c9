"""Writes the emoji table (rust_core/data/emojiReadings.tsv) to stdout from CLDR's Japanese
annotations (common/annotations/ja.xml): for each emoji, the keywords written in kana only
(ネコ for 🐱) become its readings, in hiragana. Called by scripts/tools/build_emoji_table.sh,
which downloads and checks the source; argv: the ja.xml path, then a line naming the source.

Per reading the emoji whose spoken name (CLDR's "tts") is the reading itself come first, then
the rest in the file's order, at most MAX_PER_READING. Readings of one kana are left out: a
particle (は, に) would otherwise offer an emoji after almost every word."""
import pathlib
import sys
import xml.etree.ElementTree as ET

MAX_PER_READING = 6
KATAKANA_TO_HIRAGANA = 0x60


def is_kana(text):
    return all(0x3041 <= ord(c) <= 0x3096 or 0x30A1 <= ord(c) <= 0x30F6 or c == "ー" for c in text)


def hiragana(text):
    return "".join(chr(ord(c) - KATAKANA_TO_HIRAGANA) if 0x30A1 <= ord(c) <= 0x30F6 else c for c in text)


def is_emoji(cp):
    """Pictographs and the emoji of the older symbol blocks; CLDR also annotates plain
    symbols (‾, _, ©) that are not emoji."""
    if any(c in cp for c in ("\u200d", "\ufe0f", "\u20e3")):
        return True
    return any(0x1F000 <= ord(c) <= 0x1FAFF or 0x2600 <= ord(c) <= 0x27BF or 0x2B00 <= ord(c) <= 0x2BFF
               or 0x2300 <= ord(c) <= 0x23FF for c in cp)


def presented(cp):
    """A single symbol of the older blocks shown as emoji (U+FE0F), not as text."""
    if len(cp) == 1 and ord(cp) < 0x1F000:
        return cp + "\ufe0f"
    return cp


def main():
    path, source = sys.argv[1], sys.argv[2]
    root = ET.parse(path).getroot()
    version = root.find("identity/version").get("cldrVersion") or "41"
    keywords, names, order = {}, {}, []
    for node in root.iter("annotation"):
        cp = node.get("cp")
        if not is_emoji(cp):
            continue
        if node.get("type") == "tts":
            names[cp] = hiragana(node.text.strip()) if is_kana(node.text.strip()) else None
        else:
            keywords[cp] = [k.strip() for k in node.text.split("|")]
            order.append(cp)
    by_reading = {}
    for cp in order:
        for word in keywords[cp]:
            if len(word) < 2 or not is_kana(word):
                continue
            emoji = by_reading.setdefault(hiragana(word), [])
            if presented(cp) not in emoji:
                emoji.append(presented(cp))
    licence = pathlib.Path(path).parents[4] / "doc/unicode-cldr-core/copyright"
    out = sys.stdout
    out.write(f"# Emoji by reading: Unicode CLDR {version}, Japanese annotations (common/annotations/ja.xml),\n")
    out.write(f"# from the Debian package {source}.\n")
    out.write("# Written by scripts/tools/build_emoji_table.sh; do not edit by hand.\n")
    out.write("# Each line: a reading in hiragana, then its emoji, separated by tabs, best first.\n")
    out.write("# Licence: Unicode License (Unicode-DFS-2016), whose notice follows.\n")
    notice = licence.read_text(encoding="utf-8") if licence.exists() else ""
    start = notice.find("COPYRIGHT AND PERMISSION NOTICE")
    if start < 0:
        sys.exit("emoji_readings.py: the package's copyright file has no Unicode permission notice")
    for line in notice[start:].splitlines():
        line = line.strip()
        if line.startswith("Files:") or line.startswith("License:") and "Unicode" not in line:
            break
        out.write(f"# {'' if line == '.' else line}".rstrip() + "\n")
    for reading in sorted(by_reading):
        emoji = by_reading[reading]
        emoji.sort(key=lambda e: 0 if names.get(e.rstrip("\ufe0f")) == reading or names.get(e) == reading else 1)
        out.write(reading + "\t" + "\t".join(emoji[:MAX_PER_READING]) + "\n")


if __name__ == "__main__":
    main()
