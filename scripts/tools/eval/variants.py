"""How a set item becomes an engine's input line.

`kana` is the reading as a Japanese typist enters it. Issues 10 and 12 add Cyrillic variants:
for every Cyrillic profile, the reading written four ways by that profile's reference writer
(scripts/tools/kana_writers.py, written from the systems' descriptions, not from profiles.json),
named `PROFILE:STYLE` (`rus_standard:kbk`, `srp:heard-omitted`, ...):

  kbk            kana by kana: the reading as it is (particle は is ха in Polivanov, を is во);
  heard-marked   particles as heard (は→わ, へ→え, を→お) and long vowels marked with ー (the
                 profile's `:` or `-`);
  heard-omitted  particles as heard and long vowels omitted;
  heard-single   heard-marked, and every doubled consonant written single: every っ before a
                 consonant dropped, wherever it stands (kanji words, verb endings such as
                 行った, kana words such as ちょっと, loanwords).
  spaced         heard-marked, with a space between words the way a learner separates them
                 (particles and です apart, verb endings and suffixes attached; issue 17). The
                 word boundaries are words.py's rules over the alignment below (bunsetsu by
                 bunsetsu where the set has them, Anthy's corpus), plus those boundaries.

Profiles and writers: rus_standard (Polivanov), srp, ukr (Kovalenko), ukr-bondarenko (the `ukr`
profile typed with Bondarenko's system), bel, bul. A variant's `kind` is "cyrillic:PROFILE"; our
engine runs it through `cyrillic-ime convert --kanji --profile PROFILE` (key by key, one
conversion per line). Engines that do not accept a variant's kind are simply not run on it.

Which kana is a particle and which a long vowel is decided without a morphological analyser, by
these deterministic rules:

1. Alignment. The expected line becomes a pattern: each hiragana matches itself (or its
   katakana), each katakana its hiragana (or itself), ー matches ー, and each run of other
   characters (kanji, digits, symbols; ヶ, ヵ, 々 count as kanji) matches the shortest reading
   span that lets the rest match (like a lazy regex group `(.+?)`, computed with memoisation so
   no line can backtrack exponentially). The reading must match in full. If it does not, the
   item keeps its kana-by-kana spelling in every variant (counted in the report).
2. Particles. A hiragana は or へ of the expected line that is not its first character is read
   わ / え; every を is read お. (So は inside a kana word, はじめて mid-line, is also changed:
   the rule is knowingly crude.)
3. Long vowels, only inside reading spans aligned to a run containing a kanji (東京 ← とうきょう,
   大阪 ← おおさか, 先生 ← せんせい), scanning units (a kana with its small kana) left to right:
   marked: an o-row unit + う or お → unit + ー (とう → とー, きょう → きょー, おお → おー), a
   u-row unit + う, an e-row unit + え, an a-row unit + あ → unit + ー; えい and いい stay
   (Polivanov writes эй). omitted: the same pairs and also e-row + い → the unit alone
   (とう → と, せい → せ); いい stays. ー already in the reading stays in every variant.
4. Doubled consonants (heard-single only), over the whole line (issue 18; issue 12 dropped only
   those inside kanji spans): every っ (or ッ) before a kana of a consonant row is dropped
   (ほっかいどう → ほかいど-, いった → いた, ちょっと → ちょと); っ before a vowel or at the end
   stays (a writer cannot leave it out there).

Writing. Katakana is first turned into hiragana (a Cyrillic typist does not shift into katakana
to type a reading). Runs of hiragana and ー go to the writer; everything else (digits,
punctuation, symbols) is passed through as typed, which every profile inserts as is. Where the
writer's system cannot spell a unit, the profile's own exact spelling is used where it has one
that all profiles share (を → во, ん before a vowel → н' for Serbian and Bulgarian, which have
no separator), and otherwise the kana itself is passed through (づ, ぢ and loanword syllables
such as てぃ that collide with a native syllable, a small kana on its own, っ at the end or
before a vowel). Those fallbacks are the same in every variant, so the variants differ only by
the rules above; they are counted in the report.
"""
import functools
import re
from dataclasses import dataclass
from typing import Callable, Optional

import kana_writers as kw

from . import words


@dataclass(frozen=True)
class Variant:
    name: str
    kind: str                       # an input kind an Engine lists in `kinds` ("kana", "cyrillic:ID")
    write: Callable                 # (reading, expected) -> input line
    profile: Optional[str] = None   # Cyrillic variants: the writer's label (rus_standard, ukr-bondarenko, ...)
    style: Optional[str] = None     # Cyrillic variants: one of STYLES
    takes_bunsetsu: bool = False    # write also takes the item's bunsetsu offsets and surfaces


KANA = Variant("kana", "kana", lambda reading, expected=None: reading)

STYLES = ["kbk", "heard-marked", "heard-omitted", "heard-single", "spaced"]

# label -> (profile id, writer)
WRITERS = {
    "rus_standard": ("rus_standard", kw.RUSSIAN),
    "srp": ("srp", kw.SERBIAN),
    "ukr": ("ukr", kw.UKRAINIAN),
    "ukr-bondarenko": ("ukr", kw.BONDARENKO),
    "bel": ("bel", kw.BELARUSIAN),
    "bul": ("bul", kw.BULGARIAN),
}

# ---------------------------------------------------------------------------------------------
# Kana classes

HIRAGANA = re.compile(r"[\u3041-\u3096]")
KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々〆ヶヵ]")

VOWEL = {}
for _vowel, _kana in (("a", "あかさたなはまやらわがざだばぱぁゃゎ"), ("i", "いきしちにひみりぎじぢびぴぃゐ"),
                      ("u", "うくすつぬふむゆるぐずづぶぷぅゅゔ"), ("e", "えけせてねへめれげぜでべぺぇゑ"),
                      ("o", "おこそとのほもよろをごぞどぼぽぉょ")):
    for _k in _kana:
        VOWEL[_k] = _vowel

# (vowel of a unit, following bare vowel kana) read as one long vowel
LONG_MARKED = {("o", "う"), ("o", "お"), ("u", "う"), ("e", "え"), ("a", "あ")}
LONG_OMITTED = LONG_MARKED | {("e", "い")}
# kana that begin with a consonant, which a writer may write single after っ (every row but the
# vowels, ん, ー and the small kana)
CONSONANT_KANA = set("かきくけこがぎぐげごさしすせそざじずぜぞたちつてとだぢづでどなにぬねのはひふへほ"
                     "ばびぶべぼぱぴぷぺぽまみむめもやゆよらりるれろわをゔ")


def to_hiragana(text):
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" and c not in "ヵヶ" else c for c in text)


def unit_vowel(unit):
    return VOWEL.get(unit[-1])


# ---------------------------------------------------------------------------------------------
# Alignment

def _pattern(expected):
    """The expected line as pieces: ("kana", expected index, allowed reading chars) or ("run", is kanji)."""
    pieces, i = [], 0
    while i < len(expected):
        c = expected[i]
        if HIRAGANA.match(c):
            pieces.append(("kana", i, {c, chr(ord(c) + 0x60)}))
        elif "\u30a1" <= c <= "\u30f6" and c not in "ヵヶ":
            pieces.append(("kana", i, {c, chr(ord(c) - 0x60)}))
        elif c == "ー":
            pieces.append(("kana", i, {c}))
        else:
            j = i
            while j < len(expected) and not (HIRAGANA.match(expected[j]) or expected[j] == "ー" or (
                    "\u30a1" <= expected[j] <= "\u30f6" and expected[j] not in "ヵヶ")):
                j += 1
            pieces.append(("run", bool(KANJI.search(expected[i:j]))))
            i = j
            continue
        i += 1
    return pieces


@functools.lru_cache(maxsize=None)
def align(reading, expected):
    """Splits the reading along the expected line. Returns a list of (reading span, tag) with tag
    ("kana", expected char, its index), ("kanji",) or ("other",); or None if the reading does not
    match the expected line."""
    pieces = _pattern(expected)
    failed = set()

    def match(p, pos):
        if p == len(pieces):
            return [] if pos == len(reading) else None
        if (p, pos) in failed:
            return None
        piece = pieces[p]
        if piece[0] == "kana":
            if pos < len(reading) and reading[pos] in piece[2]:
                rest = match(p + 1, pos + 1)
                if rest is not None:
                    return [(reading[pos], ("kana", expected[piece[1]], piece[1]))] + rest
        else:
            for end in range(pos + 1, len(reading) + 1):    # shortest span first, like (.+?)
                rest = match(p + 1, end)
                if rest is not None:
                    return [(reading[pos:end], ("kanji",) if piece[1] else ("other",))] + rest
        failed.add((p, pos))
        return None

    return match(0, 0)


# ---------------------------------------------------------------------------------------------
# The as-heard rules on kana

def long_vowels(span, omit):
    pairs = LONG_OMITTED if omit else LONG_MARKED
    us = kw.units(span)
    out, i = [], 0
    while i < len(us):
        u = us[i]
        nxt = us[i + 1] if i + 1 < len(us) else None
        if nxt is not None and (unit_vowel(u), nxt) in pairs:
            out.append(u if omit else u + "ー")
            i += 2
        else:
            out.append(u)
            i += 1
    return "".join(out)


def single_consonants(text):
    """Every っ (or ッ) before a kana of a consonant row dropped."""
    out = []
    for i, c in enumerate(text):
        nxt = to_hiragana(text[i + 1]) if i + 1 < len(text) else ""
        if c in "っッ" and nxt in CONSONANT_KANA:
            continue
        out.append(c)
    return "".join(out)


def heard_kana(reading, expected, style):
    """The reading as the style hears it, still in kana. kbk and unaligned items: the reading."""
    if style == "kbk":
        return reading
    spans = align(reading, expected)
    if spans is None:
        return reading
    out = []
    for span, tag in spans:
        if tag[0] == "kana":
            char, index = tag[1], tag[2]
            if char == "を":
                span = "お"
            elif char == "は" and index > 0:
                span = "わ"
            elif char == "へ" and index > 0:
                span = "え"
        elif tag[0] == "kanji":
            span = to_hiragana(span)
            span = long_vowels(span, omit=(style == "heard-omitted"))
        out.append(span)
    heard = "".join(out)
    return single_consonants(heard) if style == "heard-single" else heard


# ---------------------------------------------------------------------------------------------
# Spaced (issue 17): heard-marked with spaces between words

SPACED = "spaced"


def _is_kana_piece(c):
    """A character the alignment matches one to one (the rest form runs); as in _pattern."""
    return bool(HIRAGANA.match(c)) or c == "ー" or ("\u30a1" <= c <= "\u30f6" and c not in "ヵヶ")


def surface_spans(reading, expected):
    """align() with the part of the expected line each reading span stands for: a list of
    (reading span, expected span, tag), or None if the reading does not align."""
    spans = align(reading, expected)
    if spans is None:
        return None
    out, i = [], 0
    for span, tag in spans:
        if tag[0] == "kana":
            j = i + 1
        else:
            j = i
            while j < len(expected) and not _is_kana_piece(expected[j]):
                j += 1
        out.append((span, expected[i:j], tag))
        i = j
    return out


def bunsetsu_spans(reading, bunsetsu, surfaces):
    """surface_spans of a line aligned bunsetsu by bunsetsu (each reading segment with its surface
    segment), or None if a segment does not align. Aligning short segments leaves the
    shortest-span rule far less room to go wrong than aligning the whole line (えいがが ← 映画が
    cannot give 映画 ← えい when the segment must end after が)."""
    if not surfaces or len(surfaces) != len(bunsetsu) + 1:
        return None
    cuts = [0] + list(bunsetsu) + [len(reading)]
    out = []
    for a, b, surface in zip(cuts, cuts[1:], surfaces):
        spans = surface_spans(reading[a:b], surface)
        if spans is None:
            return None
        out += spans
    return out


def spaced_breaks(reading, expected, bunsetsu=(), surfaces=()):
    """Reading offsets of the spaces a learner types (words.py), over the alignment bunsetsu by
    bunsetsu where the set gives them, else over the whole line's; only the bunsetsu boundaries
    when the reading does not align with the expected line or the alignment is implausible."""
    spans = bunsetsu_spans(reading, bunsetsu, surfaces) or surface_spans(reading, expected)
    if spans is None or not words.plausible(spans):
        return sorted(b for b in set(bunsetsu) if 0 < b < len(reading))
    return words.word_breaks(spans, bunsetsu)


def insert_spaces(text, offsets):
    out, previous = [], 0
    for offset in offsets:
        out.append(text[previous:offset])
        previous = offset
    out.append(text[previous:])
    return " ".join(out)


def spaced_kana(reading, expected, bunsetsu=(), surfaces=()):
    """The heard-marked kana with a space at each word boundary. heard-marked keeps every span's
    length (a particle is one kana for one, a long vowel's ー replaces the vowel), so the
    boundaries found on the reading hold for it."""
    heard = heard_kana(reading, expected, "heard-marked")
    assert len(heard) == len(reading), "heard-marked changed the length of %r" % reading
    return insert_spaces(heard, spaced_breaks(reading, expected, bunsetsu, surfaces))


def input_line(name, item):
    """The input line of variant `name` for a set item (sets.Item)."""
    variant = VARIANTS[name]
    if variant.takes_bunsetsu:
        return variant.write(item.reading, item.expected, getattr(item, "bunsetsu", ()), getattr(item, "surfaces", ()))
    return variant.write(item.reading, item.expected)


# ---------------------------------------------------------------------------------------------
# Writing kana in a profile

N_BEFORE_VOWEL = "н'"   # every Cyrillic profile reads н' as ん before a vowel (docs/PROFILES.md)
WO = "во"                # every Cyrillic profile's を


def _unit_ok(writer, unit):
    if unit in ("っ", "ん", "ー"):
        return True
    return writer._spell_unit(unit)[0] is not None


def _write_run(writer, run, fallbacks):
    """A run of hiragana and ー in the writer's system; units it cannot spell take the fallbacks
    described in the module docstring (counted in `fallbacks`: description -> count)."""
    spelling, _ = writer.write(run)
    if spelling is not None:
        return spelling
    us = kw.units(run)
    out, segment = [], []

    def flush():
        if segment:
            text, reason = writer.write("".join(segment))
            if text is None:          # cannot happen for the segments cut below; keep the kana
                fallbacks["kana kept: " + reason] = fallbacks.get("kana kept: " + reason, 0) + 1
                text = "".join(segment)
            out.append(text)
            segment.clear()

    def fallback(text, what):
        flush()
        out.append(text)
        fallbacks[what] = fallbacks.get(what, 0) + 1

    for i, u in enumerate(us):
        nxt = us[i + 1] if i + 1 < len(us) else None
        nxt_spelling = writer._spell_unit(nxt)[0] if nxt and nxt not in ("っ", "ん", "ー") else None
        if u == "を" and not _unit_ok(writer, u):
            fallback(WO, "を written во")
        elif u == "ん" and writer.n_separator is None and nxt_spelling and nxt_spelling[0] in writer.separator_before:
            fallback(N_BEFORE_VOWEL, "ん before a vowel written н'")
        elif u == "っ" and (nxt_spelling is None or nxt_spelling[0] in writer.vowel_letters
                           or nxt_spelling[0] in writer.no_double):
            fallback("っ", "っ kept as kana (end, before a vowel or an unspellable kana)")
        elif not _unit_ok(writer, u):
            fallback(u, "kana kept: " + u)
        else:
            segment.append(u)
    flush()
    return "".join(out)


RUN = re.compile(r"[\u3041-\u3096ー]+")


def write_cyrillic(writer, kana, fallbacks=None):
    """Kana (hiragana, katakana, ー, anything else) → the line a writer of the system types."""
    fallbacks = {} if fallbacks is None else fallbacks
    kana = to_hiragana(kana)
    out, pos = [], 0
    for m in RUN.finditer(kana):
        out.append(kana[pos:m.start()])
        out.append(_write_run(writer, m.group(), fallbacks))
        pos = m.end()
    out.append(kana[pos:])
    return "".join(out)


def _cyrillic_variant(label, style):
    profile, writer = WRITERS[label]
    if style == SPACED:
        def write(reading, expected, bunsetsu=(), surfaces=()):
            return _write_spaced_cached(label, reading, expected, tuple(bunsetsu), tuple(surfaces))

        return Variant("%s:%s" % (label, style), "cyrillic:" + profile, write, label, style, takes_bunsetsu=True)

    def write(reading, expected):
        return _write_cached(label, style, reading, expected)

    return Variant("%s:%s" % (label, style), "cyrillic:" + profile, write, label, style)


@functools.lru_cache(maxsize=None)
def _write_spaced_cached(label, reading, expected, bunsetsu, surfaces):
    return write_cyrillic(WRITERS[label][1], spaced_kana(reading, expected, bunsetsu, surfaces))


@functools.lru_cache(maxsize=None)
def _write_cached(label, style, reading, expected):
    return write_cyrillic(WRITERS[label][1], heard_kana(reading, expected, style))


VARIANTS = {"kana": KANA}
for _label in WRITERS:
    for _style in STYLES:
        _v = _cyrillic_variant(_label, _style)
        VARIANTS[_v.name] = _v

# names --variants accepts besides the variants themselves
GROUPS = {"all": list(VARIANTS), "cyrillic": [n for n in VARIANTS if n != "kana"]}
GROUPS.update({label: ["%s:%s" % (label, s) for s in STYLES] for label in WRITERS})


def expand(names):
    """--variants items (variant names, `all`, `cyrillic`, a writer label) → variant names, in
    order, without repeats. Raises KeyError on an unknown name."""
    out = []
    for name in names:
        if name in VARIANTS:
            chosen = [name]
        elif name in GROUPS:
            chosen = GROUPS[name]
        else:
            raise KeyError(name)
        out += [c for c in chosen if c not in out]
    return out


def accepts(engine, variant):
    """An engine runs a variant of a kind it lists, and of a style it lists if it lists styles
    (ours-flow runs only the spaced style)."""
    styles = getattr(engine, "styles", None)
    return variant.kind.split(":", 1)[0] in engine.kinds and (styles is None or variant.style in styles)


def notes(loaded, chosen):
    """Markdown lines for the report: alignment failures per set and writer fallbacks per writer,
    for the Cyrillic variants among `chosen`."""
    cyrillic = [VARIANTS[n] for n in chosen if VARIANTS[n].profile]
    if not cyrillic:
        return []
    lines = []
    for s in loaded:
        unaligned = [i for i in s.items if align(i.reading, i.expected) is None]
        lines.append("- **%s**: %d of %d items do not align with their expected line and keep the "
                     "kana-by-kana spelling in every variant." % (s.name, len(unaligned), len(s.items)))
    items = [i for s in loaded for i in s.items]
    for label in dict.fromkeys(v.profile for v in cyrillic):
        styles = [v.style for v in cyrillic if v.profile == label]
        fallbacks = {}
        for item in items:
            write_cyrillic(WRITERS[label][1], heard_kana(item.reading, item.expected, styles[0]), fallbacks)
        text = "; ".join("%s %d" % (k, n) for k, n in sorted(fallbacks.items(), key=lambda kv: -kv[1])) or "none"
        lines.append("- **%s** writer, units it cannot spell (in %s): %s." % (WRITERS[label][1].system, styles[0], text))
    if any(v.style == SPACED for v in cyrillic):
        lines.append("- **spaced**: words per line (words.py): %s." % ", ".join(
            "%s %.1f%s" % (s.name, _mean([len(spaced_breaks(i.reading, i.expected, i.bunsetsu, i.surfaces)) + 1
                                          for i in s.items]),
                           " (bunsetsu %.1f)" % _mean([len(i.bunsetsu) + 1 for i in s.items])
                           if any(i.bunsetsu for i in s.items) else "")
            for s in loaded if s.items))
    return lines


def _mean(values):
    return sum(values) / max(1, len(values))
