"""How a set item becomes an engine's input line. Today there is one variant, the kana reading
as a Japanese typist enters it. Issue 10 adds Cyrillic variants (kana by kana; particles as heard
with long vowels marked; particles as heard with long vowels omitted) per profile: each is a
Variant whose `kind` is "cyrillic:PROFILE" and whose `write` turns the reading into Cyrillic.
Engines that do not accept a variant's kind are simply not run on it; the report already keys
every figure by (set, half, engine, variant)."""
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Variant:
    name: str
    kind: str                       # an input kind an Engine lists in `kinds` ("kana", "cyrillic:ID")
    write: Callable[[str], str]     # reading -> input line


KANA = Variant("kana", "kana", lambda reading: reading)

VARIANTS = {"kana": KANA}


def accepts(engine, variant):
    return variant.kind.split(":", 1)[0] in engine.kinds
