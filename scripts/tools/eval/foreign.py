"""The foreign-word set (issue 40): scripts/tools/eval_foreign_words.tsv, the writer's own words —
given names, cities, countries, famous people and borrowed words of Russian, Ukrainian,
Belarusian, Serbian and Bulgarian, alone and inside the sentences a writer sends in the first
minutes (a self-introduction, where one lives, where one comes from) — typed in the language's
normal Cyrillic spelling, with the katakana or the name Japanese uses for them.

File format (tab-separated, '#' lines are comments):

    language  kind  typed  expected  key  source

- language: ru, uk, be, sr, bg; it picks the profile the line is typed with (PROFILES).
- kind: one of KINDS.
- typed: the line as typed in that profile, capitalised as written; the Japanese words of a
  sentence in the profile's own transcription system.
- expected: the whole-line Japanese output; where Japanese writes the name in more than one
  established way, the accepted forms are separated by `|`, the first being the reference form.
- key: the writer's own word the item is about, as it stands in `typed`. The half (dev/test) is
  decided by the language and the key, so a name and the sentences that hold it always fall in
  the same half and tuning on one half teaches nothing about the words of the other.
- source: the key of the source the item comes from, `+`-joined where a sentence takes its word
  and its frame from different sources. Each key is declared in the file's header by a line
  `# source KEY: what it is`; an undeclared key is an error.

Our engine gets each line key by key (`cyrillic-ime convert --kanji --no-store --profile ID`,
one conversion per line, without the learning store, as the other Cyrillic sets). Scores, per language and half: top-1 (the output equals
one of the accepted forms after NFKC) and the count of outputs that keep raw Cyrillic letters
(any character in U+0400–U+04FF), the two figures issue 40 asks for. Report only: the test
command's --check does not hold the converter to them yet."""
import csv
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from .engine import NO_STORE, run_lines
from .sets import nfkc

PATH = Path(__file__).resolve().parents[1] / "eval_foreign_words.tsv"
# language of a line → the profile it is typed with (docs/PROFILES.md), in report order
PROFILES = {"ru": "rus_standard", "uk": "ukr", "be": "bel", "sr": "srp", "bg": "bul"}
KINDS = ("given_name", "place", "country", "person", "word", "sentence")
COLUMNS = ("language", "kind", "typed", "expected", "key", "source")
SOURCE_LINE = re.compile(r"^#\s*source\s+([A-Za-z0-9_.-]+)\s*:\s*(\S.*)$")
CYRILLIC = re.compile(r"[\u0400-\u04ff]")


class SetError(ValueError):
    """A malformed line of the set; the message names the file, the line and what is wrong."""


@dataclass(frozen=True)
class Item:
    number: int          # line number in the file
    language: str
    kind: str
    typed: str
    expected: tuple      # accepted outputs, the reference form first
    key: str
    source: str
    half: str            # "dev" or "test"

    @property
    def profile(self):
        return PROFILES[self.language]


def half_of(language, key):
    """Stable across runs and machines: the first byte of the SHA-256 of `language<TAB>key`, even
    for dev (as sets.half_of does for the readings of the other sets)."""
    return "dev" if hashlib.sha256(("%s\t%s" % (language, key)).encode("utf-8")).digest()[0] % 2 == 0 else "test"


def raw_cyrillic(text):
    """The Cyrillic letters (U+0400–U+04FF) left in an output, in order; empty if none."""
    return "".join(CYRILLIC.findall(text))


def parse(text, name="<set>"):
    """Reads the set from its text. Returns (items, {source key: description}); raises SetError
    naming `name`, the line number and the fault for anything malformed."""
    sources, rows = {}, []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("#"):
            declared = SOURCE_LINE.match(line)
            if declared:
                if declared.group(1) in sources:
                    raise SetError("%s:%d: source %r declared twice" % (name, number, declared.group(1)))
                sources[declared.group(1)] = declared.group(2).strip()
            continue
        if not line.strip():
            continue
        rows.append((number, line))
    items, seen = [], {}
    for number, line in rows:
        where = "%s:%d" % (name, number)
        columns = line.split("\t")
        if len(columns) != len(COLUMNS):
            raise SetError("%s: %d tab-separated columns, expected %d (%s)" % (
                where, len(columns), len(COLUMNS), ", ".join(COLUMNS)))
        if any(c != c.strip() or not c for c in columns):
            raise SetError("%s: a column is empty or has spaces around it" % where)
        language, kind, typed, expected, key, source = columns
        if language not in PROFILES:
            raise SetError("%s: unknown language %r (known: %s)" % (where, language, ", ".join(PROFILES)))
        if kind not in KINDS:
            raise SetError("%s: unknown kind %r (known: %s)" % (where, kind, ", ".join(KINDS)))
        accepted = tuple(expected.split("|"))
        if any(not form for form in accepted):
            raise SetError("%s: an empty form in the expected column %r" % (where, expected))
        if any(raw_cyrillic(form) for form in accepted):
            raise SetError("%s: the expected column %r holds Cyrillic letters" % (where, expected))
        if key not in typed:
            raise SetError("%s: the key %r is not in the typed line %r" % (where, key, typed))
        if kind != "sentence" and key != typed:
            raise SetError("%s: a %s item is the word alone, so its key must be the typed line" % (where, kind))
        unknown = [s for s in source.split("+") if s not in sources]
        if unknown:
            raise SetError("%s: source %s not declared in the header (`# source KEY: ...`)" % (
                where, ", ".join(repr(s) for s in unknown)))
        if (language, typed) in seen:
            raise SetError("%s: %s line %r already on line %d" % (where, language, typed, seen[(language, typed)]))
        seen[(language, typed)] = number
        items.append(Item(number, language, kind, typed, accepted, key, source, half_of(language, key)))
    return items, sources


def load(path=PATH):
    return parse(Path(path).read_text(encoding="utf-8"), str(path))


def correct(item, output):
    return nfkc(output) in {nfkc(form) for form in item.expected}


def _convert(cli, profile, lines):
    """`cyrillic-ime convert --kanji --no-store --profile ID`, one output line per input line."""
    return run_lines(cli, ["convert", "--kanji", NO_STORE, "--profile", profile], lines)


def score(items, outputs):
    """items and their outputs (same order) → per-item rows and the summary per half and language,
    with an `all` row per half: n, top-1 (a fraction) and the count keeping raw Cyrillic."""
    rows = [{"item": item, "output": output, "top1": correct(item, output), "cyrillic": raw_cyrillic(output)}
            for item, output in zip(items, outputs)]
    summary = []
    for half in ("dev", "test"):
        for language in list(PROFILES) + ["all"]:
            group = [r for r in rows if r["item"].half == half and language in ("all", r["item"].language)]
            if group:
                summary.append({"half": half, "language": language,
                                "profile": PROFILES.get(language, "all"), "n": len(group),
                                "top1": sum(r["top1"] for r in group) / len(group),
                                "cyrillic": sum(bool(r["cyrillic"]) for r in group)})
    return rows, summary


def evaluate(cli, items=None, limit=None):
    """Runs our CLI on the set, one process per language. `limit` keeps the first N items of
    each language (a quick run). Returns (rows, summary) as score() does."""
    items = load()[0] if items is None else items
    chosen, outputs = [], []
    for language, profile in PROFILES.items():
        group = [i for i in items if i.language == language][:limit]
        if group:
            chosen += group
            outputs += _convert(cli, profile, [i.typed for i in group])
    return score(chosen, outputs)


def markdown(rows, summary):
    out = ["", "## Foreign words", "",
           "scripts/tools/eval_foreign_words.tsv (issue 40): the writer's own names, places, countries, people "
           "and borrowed words, alone and in sentences, typed in each language's profile "
           "(`convert --kanji --profile ID`). Top-1: the output is one of the accepted Japanese forms; "
           "raw Cyrillic: outputs that keep a letter in U+0400–U+04FF. Report only (not part of --check).", "",
           "| set | half | language | profile | n | top-1 | raw Cyrillic |",
           "|---|---|---|---|---:|---:|---:|"]
    for r in summary:
        out.append("| foreign | %s | %s | %s | %d | %.1f%% | %d (%.1f%%) |" % (
            r["half"], r["language"], r["profile"], r["n"], 100 * r["top1"], r["cyrillic"],
            100 * r["cyrillic"] / r["n"]))
    out += ["", "By kind, both halves and all languages:", "",
            "| kind | n | top-1 | raw Cyrillic |", "|---|---:|---:|---:|"]
    for kind in KINDS:
        group = [r for r in rows if r["item"].kind == kind]
        if group:
            out.append("| %s | %d | %.1f%% | %d |" % (kind, len(group), 100 * sum(r["top1"] for r in group) / len(group),
                                                    sum(bool(r["cyrillic"]) for r in group)))
    return out


def write_tsv(path, rows):
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, delimiter="\t", quoting=csv.QUOTE_NONE, escapechar="\\", lineterminator="\n")
        writer.writerow(["line", "half", "language", "profile", "kind", "typed", "expected", "output",
                         "top1_ok", "raw_cyrillic"])
        for r in rows:
            i = r["item"]
            writer.writerow([i.number, i.half, i.language, i.profile, i.kind, i.typed, "|".join(i.expected),
                             r["output"], int(r["top1"]), r["cyrillic"]])
