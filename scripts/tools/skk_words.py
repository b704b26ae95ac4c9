"""Real Japanese words in kana: the readings of Debian's skkdic dictionary
(SKK-JISYO.L, EUC-JP). Only entries without okurigana whose reading is all hiragana
(and ー) are used; scripts/tools/debian_packages.sh installs the package."""
import re

SKK_JISYO = "/usr/share/skk/SKK-JISYO.L"
_HIRAGANA_WORD = re.compile(r"^[\u3041-\u3096\u30fc]+$")


def readings(path=SKK_JISYO):
    """Sorted, distinct hiragana readings."""
    with open(path, "rb") as f:
        text = f.read().decode("euc_jp")
    words = set()
    for line in text.splitlines():
        if not line or line.startswith(";;"):
            continue
        reading = line.split(" /", 1)[0]
        if _HIRAGANA_WORD.match(reading):
            words.add(reading)
    return sorted(words)


def katakana(hiragana):
    """The katakana of a hiragana word (hiragana U+3041–U+3096 sit 0x60 below katakana)."""
    return "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" else c for c in hiragana)
