"""Reads the evaluation sets. Each item keeps its reading (kana, as a Japanese typist enters it)
and the expected whole-line output, plus the half (dev/test) it falls in.

The sets live in ../shared/data and are read in place, never copied into the project (their
README asks for that); our own set is scripts/tools/eval_sentences.tsv."""
import hashlib
import itertools
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
# CYRILLIC_IME_EVAL_DATA points elsewhere (the unit test uses a folder that is not there).
DATA = Path(os.environ.get("CYRILLIC_IME_EVAL_DATA") or ROOT.parent / "shared" / "data")
OWN = ROOT / "scripts" / "tools" / "eval_sentences.tsv"

# What a reading may contain for the kana→kanji CLI: kana, the prolonged sound mark, the Japanese
# punctuation the CLI documents, and digits (the converter must handle numbers). Anything else
# (Latin letters, ASCII symbols, ％, a lone ゛) is not kana input and the line is skipped.
KANA_INPUT = re.compile(r"^[\u3041-\u3096\u30a1-\u30fa\u30fc\u30fb、。「」『』（）…？！0-9０-９]+$")
LATIN = re.compile(r"[A-Za-zＡ-Ｚａ-ｚ]")


@dataclass(frozen=True)
class Item:
    set: str
    index: int          # line or row number in the source file, to find the item again
    reading: str
    expected: str
    half: str           # "dev" or "test"
    bunsetsu: tuple = ()     # reading offsets of the set's bunsetsu boundaries (Anthy's corpus), if any
    surfaces: tuple = ()     # the expected line's bunsetsu, where the set gives them (Anthy's corpus)


@dataclass
class LoadedSet:
    name: str
    items: list
    skipped: dict = field(default_factory=dict)   # reason -> count
    note: str = ""
    unavailable: str = ""   # why the whole set was skipped (its file is not there)


def _missing(name, path):
    """A set whose file is not there: no items, and the reason, so the run goes on without it."""
    return LoadedSet(name, [], unavailable="%s is not there (the evaluation sets are read from ../shared/data "
                     "beside the clone: CI has them, a fresh clone does not)" % path)


def half_of(reading):
    """Stable across runs, machines and Python versions (unlike hash()): the first byte of the
    SHA-256 of the reading decides. Items with the same reading always land in the same half."""
    return "dev" if hashlib.sha256(reading.encode("utf-8")).digest()[0] % 2 == 0 else "test"


def _skip_reason(reading):
    if LATIN.search(reading):
        return "reading contains Latin letters"
    return "reading contains symbols outside kana, Japanese punctuation and digits"


def load_anthy(path=None):
    """`|reading segments|…| |surface segments|…|` per line; '#' lines are comments. The segments
    are joined: we score whole-line conversion, not segmentation. The item keeps where the
    reading's segments (bunsetsu) end, for the spaced style and the context sets (issue 17), and
    the surface segments when there are as many as reading segments."""
    path = path or DATA / "anthy_corpus.1.txt"
    if not path.is_file():
        return _missing("anthy", path)
    items, skipped = [], {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        sides = line.split("| |")
        if len(sides) != 2:
            skipped["malformed line"] = skipped.get("malformed line", 0) + 1
            continue
        reading_segments = sides[0].strip("|").split("|")
        surface_segments = sides[1].strip("|").split("|")
        reading = "".join(reading_segments)
        expected = "".join(surface_segments)
        if not KANA_INPUT.match(reading):
            reason = _skip_reason(reading)
            skipped[reason] = skipped.get(reason, 0) + 1
            continue
        bunsetsu = tuple(itertools.accumulate(len(r) for r in reading_segments[:-1]))
        surfaces = tuple(surface_segments) if len(surface_segments) == len(reading_segments) else ()
        items.append(Item("anthy", number, reading, expected, half_of(reading), bunsetsu, surfaces))
    return LoadedSet("anthy", items, skipped,
                     "Anthy's corpus.1.txt; Anthy was trained on it, so Anthy scores high here.")


def load_mozc(path=None):
    """Columns: status, input, output, command, argument, version. Only rows whose command is
    exactly `Conversion Expected` name the expected top-1 whole output, in the *argument* column.
    The `output` column is what Mozc produced when the row was recorded (status FAILED when it
    differed), so it is not the answer. `Conversion Expected N` rows only ask for the argument
    within the first N candidates (often a rare word or a number form), and `Match`/`Not Match`
    rows test a substring: both are left out of the top-1 set and counted as skipped."""
    path = path or DATA / "mozc_evaluation.tsv"
    if not path.is_file():
        return _missing("mozc", path)
    items, skipped, seen = [], {}, set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("#") or not line.strip():
            continue
        columns = line.split("\t")
        if len(columns) < 5:
            skipped["malformed row"] = skipped.get("malformed row", 0) + 1
            continue
        command, reading, expected = columns[3].strip(), columns[1], columns[4]
        if command != "Conversion Expected":
            reason = "command `" + re.sub(r" \d+$", " N", command) + "`, not `Conversion Expected`"
            skipped[reason] = skipped.get(reason, 0) + 1
            continue
        if (reading, expected) in seen:
            skipped["duplicate row"] = skipped.get("duplicate row", 0) + 1
            continue
        seen.add((reading, expected))
        if not KANA_INPUT.match(reading):
            reason = _skip_reason(reading)
            skipped[reason] = skipped.get(reason, 0) + 1
            continue
        items.append(Item("mozc", number, reading, expected, half_of(reading)))
    return LoadedSet("mozc", items, skipped,
                     "Mozc's evaluation.tsv, bare `Conversion Expected` rows; collected from bug reports, so hard cases.")


def load_own(path=OWN):
    """Our own everyday sentences: `reading<TAB>expected`, '#' lines are comments."""
    items, skipped = [], {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        reading, expected = line.split("\t")
        if not KANA_INPUT.match(reading):
            reason = _skip_reason(reading)
            skipped[reason] = skipped.get(reason, 0) + 1
            continue
        items.append(Item("own", number, reading, expected, half_of(reading)))
    return LoadedSet("own", items, skipped, "scripts/tools/eval_sentences.tsv: everyday sentences written for this project.")


LOADERS = {"anthy": load_anthy, "mozc": load_mozc, "own": load_own}


def load(names, limit=None):
    """Loads the named sets; `limit` keeps the first N items of each (for a quick run)."""
    loaded = []
    for name in names:
        one = LOADERS[name]()
        if limit is not None:
            one.items = one.items[:limit]
        loaded.append(one)
    return loaded


def nfkc(text):
    return unicodedata.normalize("NFKC", text)
