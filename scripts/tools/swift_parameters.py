#!/usr/bin/env python3
"""Checks the house rule that no Swift function takes more than five parameters (group them in
a request value instead): every `func`, `init` and `subscript` declared in Sources/, Tests/ and
fuzz/swift/. Prints each declaration over the limit as `path:line: name takes N parameters` and
exits 1 if there is one. The Rust side is held to the same limit by rust_core/clippy.toml.

    scripts/tools/swift_parameters.py [--limit N] [ROOT]
"""
import argparse
import pathlib
import re
import sys

DECLARATION = re.compile(r"\b(func\s+[^\s(<]+|init[?!]?|subscript)\s*(<[^>]*>)?\s*\(")
FOLDERS = ("Sources", "Tests", "fuzz/swift")


def parameter_count(text, start):
    """The parameters of the list whose `(` ends at `start`: its top-level commas, skipping
    strings, comments and anything nested in brackets."""
    depth, count, seen = 1, 0, False
    i = start
    while depth and i < len(text):
        c = text[i]
        if c == '"':
            i = text.index('"', i + 1) + 1 if text[i + 1:i + 3] != '""' else text.index('"""', i + 3) + 3
            seen = True
            continue
        if text.startswith("//", i):
            i = text.index("\n", i)
            continue
        if c in "([{" or (c == "<" and text[i - 1] != " "):
            depth += 1
        elif c in ")]}" or (c == ">" and text[i - 1] != "-" and depth > 1):
            depth -= 1
        elif c == "," and depth == 1:
            count += 1
        elif not c.isspace() and depth >= 1:
            seen = True
        i += 1
    return count + 1 if seen else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default=pathlib.Path(__file__).resolve().parents[2], type=pathlib.Path)
    parser.add_argument("--limit", type=int, default=5)
    arguments = parser.parse_args()
    over = []
    for folder in FOLDERS:
        for path in sorted((arguments.root / folder).glob("**/*.swift")):
            text = path.read_text(encoding="utf-8")
            for match in DECLARATION.finditer(text):
                count = parameter_count(text, match.end())
                if count > arguments.limit:
                    line = text.count("\n", 0, match.start()) + 1
                    over.append(f"{path.relative_to(arguments.root)}:{line}: {match.group(1)} takes {count} parameters")
    for problem in over:
        print(problem)
    if over:
        print(f"{len(over)} Swift declarations take more than {arguments.limit} parameters: group them in a request value",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
