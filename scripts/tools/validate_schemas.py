"""Validates the bundled data files against their JSON Schemas, and checks that the
schemas reject a few broken documents (so a too-loose schema fails the test too).
Run by scripts/test.sh inside its tools virtual environment (needs `jsonschema`)."""
import copy
import json
import re
import pathlib
import sys

import jsonschema
from referencing import Registry, Resource

RESOURCES = pathlib.Path(__file__).resolve().parents[2] / "Sources/CyrillicIME/Resources"


def load(name):
    return json.loads((RESOURCES / name).read_text(encoding="utf-8"))


def main():
    schemas = {name: load(f"schemas/{name}") for name in ("japaneseKanaEngine.schema.json", "profiles.schema.json",
                                                          "conventionalSpellings.schema.json", "foreignLexicon.schema.json",
                                                          "foreignTranscriptions.schema.json")}
    registry = Registry().with_resources((name, Resource.from_contents(s)) for name, s in schemas.items())
    validators = {
        doc: jsonschema.Draft202012Validator(schemas[doc.replace(".json", ".schema.json")], registry=registry)
        for doc in ("japaneseKanaEngine.json", "profiles.json", "conventionalSpellings.json", "foreignLexicon.json",
                    "foreignTranscriptions.json")
    }
    failures = 0
    for doc, validator in validators.items():
        errors = list(validator.iter_errors(load(doc)))
        for error in errors:
            print(f"{doc}: {error.json_path}: {error.message}", file=sys.stderr)
        failures += len(errors)
        print(f"schema: {doc} {'valid' if not errors else f'{len(errors)} error(s)'}")

    profiles = load("profiles.json")
    broken = []
    doc = copy.deepcopy(profiles); doc["profiles"][0]["colour"] = "red"; broken.append(("unknown field", doc))
    doc = copy.deepcopy(profiles); doc["profiles"][0]["rows"].pop(); broken.append(("four rows", doc))
    doc = copy.deepcopy(profiles); doc["profiles"][0]["rules"]["к а"] = "ka"; broken.append(("space in input", doc))
    doc = copy.deepcopy(profiles); doc["profiles"][0]["rules"]["кк"] = {"kana": "small_tu", "pend": "к"}; broken.append(("bad rule object", doc))
    doc = copy.deepcopy(profiles); doc["keyboard"]["layers"][0]["pages"][0]["rows"][4].append("{teleport}"); broken.append(("unknown function key on a layer", doc))
    doc = copy.deepcopy(profiles); doc["keyboard"]["layers"][0]["id"] = "letters"; broken.append(("a layer called letters", doc))
    doc = copy.deepcopy(profiles); doc["keyboard"]["layers"][0]["pages"][0]["colour"] = "red"; broken.append(("unknown field on a page", doc))
    doc = copy.deepcopy(profiles); doc["keyboard"]["keyInputs"]["ー"] = ""; broken.append(("empty key input", doc))
    doc = copy.deepcopy(profiles); doc["profiles"][0]["rows"][1].append("{mode}"); broken.append(("a function key in a letter row", doc))
    for what, doc in broken:
        if validators["profiles.json"].is_valid(doc):
            print(f"schema: profiles.schema.json accepts a document with {what}", file=sys.stderr)
            failures += 1
    failures += check_spellings(load("conventionalSpellings.json"), profiles, validators["conventionalSpellings.json"])
    failures += check_lexicon(load("foreignLexicon.json"), profiles, validators["foreignLexicon.json"])
    failures += check_transcriptions(load_unique("foreignTranscriptions.json"), profiles, validators["foreignTranscriptions.json"])
    print(f"schema: {len(broken)} broken documents checked")
    return 1 if failures else 0


def check_spellings(spellings, profiles, validator):
    """What a schema cannot say: every entry's source is a key of its language's sources, every
    profile named exists, and a broken table is refused."""
    failures = 0
    ids = {p["id"] for p in profiles["profiles"]}
    for i, language in enumerate(spellings["languages"]):
        for profile in language["profiles"]:
            if profile not in ids:
                print(f"conventionalSpellings.json: languages[{i}]: no profile {profile}", file=sys.stderr)
                failures += 1
        for j, entry in enumerate(language["entries"]):
            if entry["source"] not in language["sources"]:
                print(f"conventionalSpellings.json: languages[{i}].entries[{j}]: source {entry['source']} is not named", file=sys.stderr)
                failures += 1
    broken = []
    doc = copy.deepcopy(spellings); doc["languages"][0]["entries"][0]["reading"] = "トウキョウ"; broken.append(("a katakana reading", doc))
    doc = copy.deepcopy(spellings); del doc["languages"][0]["entries"][0]["source"]; broken.append(("an entry without a source", doc))
    doc = copy.deepcopy(spellings); doc["languages"][0]["entries"][0]["spelling"] = "Tokio"; broken.append(("a Latin spelling", doc))
    for what, doc in broken:
        if validator.is_valid(doc):
            print(f"schema: conventionalSpellings.schema.json accepts a document with {what}", file=sys.stderr)
            failures += 1
    return failures


def katakana_to_hiragana(text):
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in text)


def reading_pattern(text):
    """The readings a text allows: its katakana as hiragana, any kana for a run of kanji,
    nothing for the ・ between the parts of a name (ドイツ: どいつ; 北アメリカ: .+あめりか)."""
    pattern = ""
    for run in re.findall(r"[\u30a1-\u30faー]+|・|[^\u30a1-\u30faー・]+", text):
        if run == "・":
            continue
        pattern += re.escape(katakana_to_hiragana(run)) if re.fullmatch(r"[\u30a1-\u30faー]+", run) else ".+"
    return pattern


def lexicon_problems(lexicon, languages):
    """What the lexicon's schema cannot say: each language is a profile's, each source is
    named, each reading is its text's (the katakana as hiragana), no entry twice."""
    problems = []
    for i, language in enumerate(lexicon["languages"]):
        where = f"foreignLexicon.json: languages[{i}]"
        if language["language"] not in languages:
            problems.append(f"{where}: {language['language']} is the language of no profile")
        seen = set()
        for j, entry in enumerate(language["entries"]):
            at = f"{where}.entries[{j}] ({entry['spelling']} {entry['text']})"
            if entry["source"] not in language["sources"]:
                problems.append(f"{at}: source {entry['source']} is not named")
            if not re.fullmatch(reading_pattern(entry["text"]), entry["reading"]):
                problems.append(f"{at}: reading {entry['reading']} is not the reading of {entry['text']}")
            key = (entry["spelling"], entry["text"], entry["kind"])
            if key in seen:
                problems.append(f"{at}: listed twice")
            seen.add(key)
        unused = set(language["sources"]) - {e["source"] for e in language["entries"]}
        if unused:
            problems.append(f"{where}: sources never used: {', '.join(sorted(unused))}")
    return problems


def check_lexicon(lexicon, profiles, validator):
    """The lexicon's own checks, then broken lexicons that the schema or the checks must refuse."""
    languages = {p["language"] for p in profiles["profiles"]}
    problems = lexicon_problems(lexicon, languages)
    for problem in problems:
        print(problem, file=sys.stderr)
    failures = len(problems)
    broken = []
    doc = copy.deepcopy(lexicon); doc["languages"][0]["entries"][0]["reading"] = "ドイツ"; broken.append(("a katakana reading", doc))
    doc = copy.deepcopy(lexicon); del doc["languages"][0]["entries"][0]["source"]; broken.append(("an entry without a source", doc))
    doc = copy.deepcopy(lexicon); doc["languages"][0]["entries"][0]["spelling"] = "Germany"; broken.append(("a Latin spelling", doc))
    doc = copy.deepcopy(lexicon); doc["languages"][0]["entries"][0]["kind"] = "river"; broken.append(("an unknown kind", doc))
    doc = copy.deepcopy(lexicon); doc["languages"][0]["entries"][0]["text"] = "Deutschland"; broken.append(("a Latin text", doc))
    for what, doc in broken:
        if validator.is_valid(doc):
            print(f"schema: foreignLexicon.schema.json accepts a document with {what}", file=sys.stderr)
            failures += 1
    checked = []
    doc = copy.deepcopy(lexicon); doc["languages"][0]["entries"][0]["source"] = "hearsay"; checked.append(("an unnamed source", doc))
    doc = copy.deepcopy(lexicon); doc["languages"][0]["entries"][0]["reading"] += "ー"; checked.append(("a reading that is not the text's", doc))
    doc = copy.deepcopy(lexicon); doc["languages"][0]["entries"].append(doc["languages"][0]["entries"][0]); checked.append(("an entry listed twice", doc))
    doc = copy.deepcopy(lexicon); doc["languages"][0]["language"] = "de"; checked.append(("a language of no profile", doc))
    for what, doc in checked:
        if not lexicon_problems(doc, languages):
            print(f"validate_schemas.py: the lexicon checks accept a document with {what}", file=sys.stderr)
            failures += 1
    counts = ", ".join(f"{language['language']} {len(language['entries'])}" for language in lexicon["languages"])
    print(f"lexicon: {counts} entries checked")
    return failures


def load_unique(name):
    """Like load, but a duplicate key is an error (the core's reader refuses it too)."""
    def pairs(items):
        keys = [k for k, _ in items]
        duplicates = sorted({k for k in keys if keys.count(k) > 1})
        if duplicates:
            raise ValueError(f"{name}: duplicate keys {duplicates}")
        return dict(items)
    return json.loads((RESOURCES / name).read_text(encoding="utf-8"), object_pairs_hook=pairs)


def transcription_problems(table, profiles):
    """What a schema cannot say about foreignTranscriptions.json: every source named, every
    language a profile's, every pattern's letters in the language's classes, every context a
    class (or start/end/same where it means something), no more alternatives than costs and
    costs that never decrease, no two groups with the same pattern and context (the later
    would never apply), and a pattern without context for every letter, so that every word of
    the language transcribes."""
    problems = []
    languages = {p.get("language") for p in profiles["profiles"]}
    for i, language in enumerate(table["languages"]):
        where = f"languages[{i}]"
        if language["language"] not in languages:
            problems.append(f"{where}: no profile writes {language['language']}")
        sources = language["sources"]
        classes = language["classes"]
        alphabet = set("".join(classes.values()))
        for part in ("lengthening", "hyphen"):
            if language[part]["source"] not in sources:
                problems.append(f"{where}.{part}: source {language[part]['source']} is not named")
        if len(language["hyphen"]["katakana"]) > len(language["hyphen"]["costs"]):
            problems.append(f"{where}.hyphen: more katakana than costs")
        if language["hyphen"]["costs"] != sorted(language["hyphen"]["costs"]):
            problems.append(f"{where}.hyphen.costs: decrease; the first alternative is the best")
        seen = {}
        free = set()
        for j, group in enumerate(language["rules"]):
            at = f"{where}.rules[{j}]"
            if group["source"] not in sources:
                problems.append(f"{at}: source {group['source']} is not named")
            for side, boundary in (("after", "start"), ("before", "end")):
                for name in group.get(side, []):
                    if name not in classes and name not in (boundary, "same"):
                        problems.append(f"{at}.{side}: {name} is neither {boundary}, same nor a class")
            costs = group.get("costs", [0])
            if costs != sorted(costs):
                problems.append(f"{at}.costs: decrease; the first alternative is the best")
            for pattern, katakana in group["patterns"].items():
                if not set(pattern) <= alphabet:
                    problems.append(f"{at}.patterns[{pattern}]: letters outside the classes: {sorted(set(pattern) - alphabet)}")
                if isinstance(katakana, list) and len(katakana) > len(costs):
                    problems.append(f"{at}.patterns[{pattern}]: {len(katakana)} alternatives, {len(costs)} costs")
                key = (pattern, tuple(sorted(group.get("after", []))), tuple(sorted(group.get("before", []))))
                if key in seen:
                    problems.append(f"{at}.patterns[{pattern}]: the same pattern and context as {seen[key]}, never applies")
                seen.setdefault(key, at)
                if len(pattern) == 1 and "after" not in group and "before" not in group:
                    free.add(pattern)
        for letter in sorted(alphabet - free):
            problems.append(f"{where}: no pattern without context for {letter}")
    return problems


def check_transcriptions(table, profiles, validator):
    """The bundled table passes transcription_problems, and broken tables are refused by the
    schema or by it."""
    failures = 0
    for problem in transcription_problems(table, profiles):
        print(f"foreignTranscriptions.json: {problem}", file=sys.stderr)
        failures += 1
    broken = []
    doc = copy.deepcopy(table); doc["languages"][0]["rules"][0]["patterns"]["бург"] = "ぶるく"; broken.append(("hiragana for katakana", doc))
    doc = copy.deepcopy(table); doc["languages"][0]["rules"][0]["patterns"]["burg"] = "ブルク"; broken.append(("a Latin pattern", doc))
    doc = copy.deepcopy(table); del doc["languages"][0]["rules"][0]["source"]; broken.append(("a group without a source", doc))
    doc = copy.deepcopy(table); doc["languages"][0]["rules"][0]["source"] = "nowhere"; broken.append(("an unnamed source", doc))
    doc = copy.deepcopy(table); doc["languages"][0]["rules"][0]["before"] = ["sometimes"]; broken.append(("an unknown context", doc))
    doc = copy.deepcopy(table); doc["languages"][0]["rules"][-1]["patterns"].pop("к"); broken.append(("a letter without a pattern of its own", doc))
    doc = copy.deepcopy(table); doc["languages"][0]["rules"][0]["patterns"]["бург"] = ["ブルク", "ブルグ", "ブルフ"]; broken.append(("more alternatives than costs", doc))
    doc = copy.deepcopy(table); doc["languages"][0]["classes"]["end"] = "к"; broken.append(("a class called end", doc))
    doc = copy.deepcopy(table); doc["languages"][0]["rules"][0]["costs"] = [100, 0]; broken.append(("decreasing costs", doc))
    for what, doc in broken:
        if validator.is_valid(doc) and not transcription_problems(doc, profiles):
            print(f"schema: foreignTranscriptions.json with {what} is accepted", file=sys.stderr)
            failures += 1
    print(f"schema: {len(broken)} broken transcription tables checked")
    return failures


if __name__ == "__main__":
    sys.exit(main())
