"""Validates the bundled data files against their JSON Schemas, and checks that the
schemas reject a few broken documents (so a too-loose schema fails the test too).
Run by scripts/test.sh inside its tools virtual environment (needs `jsonschema`)."""
import copy
import json
import pathlib
import sys

import jsonschema
from referencing import Registry, Resource

RESOURCES = pathlib.Path(__file__).resolve().parents[2] / "Sources/CyrillicIME/Resources"


def load(name):
    return json.loads((RESOURCES / name).read_text(encoding="utf-8"))


def main():
    schemas = {name: load(f"schemas/{name}") for name in ("japaneseKanaEngine.schema.json", "profiles.schema.json",
                                                          "conventionalSpellings.schema.json")}
    registry = Registry().with_resources((name, Resource.from_contents(s)) for name, s in schemas.items())
    validators = {
        doc: jsonschema.Draft202012Validator(schemas[doc.replace(".json", ".schema.json")], registry=registry)
        for doc in ("japaneseKanaEngine.json", "profiles.json", "conventionalSpellings.json")
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


if __name__ == "__main__":
    sys.exit(main())
