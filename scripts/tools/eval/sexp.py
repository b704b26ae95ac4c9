"""A small reader for the s-expressions mozc_emacs_helper prints: lists, dotted pairs, strings,
symbols and numbers. Only what the helper emits is supported (see its PrintMessage)."""


def tokens(text):
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif c in "()":
            yield c
            i += 1
        elif c == '"':
            j, out = i + 1, []
            while text[j] != '"':
                if text[j] == "\\":
                    j += 1
                out.append(text[j])
                j += 1
            yield ("str", "".join(out))
            i = j + 1
        else:
            j = i
            while j < n and not text[j].isspace() and text[j] not in '()"':
                j += 1
            yield text[i:j]
            i = j


def parse(text):
    """Returns nested Python lists; strings come back as str, atoms as str too (symbols and
    numbers are not told apart: the harness only reads strings and compares symbols)."""
    stack = [[]]
    for tok in tokens(text):
        if tok == "(":
            stack.append([])
        elif tok == ")":
            done = stack.pop()
            stack[-1].append(done)
        elif isinstance(tok, tuple):
            stack[-1].append(tok[1])
        else:
            stack[-1].append(tok)
    return stack[0][0] if stack[0] else None


def get(alist, key, default=None):
    """Value of `key` in an alist: `(key . value)` gives value, `(key a b …)` gives [a, b, …]."""
    if not isinstance(alist, list):
        return default
    for entry in alist:
        if isinstance(entry, list) and entry and entry[0] == key:
            if len(entry) == 3 and entry[1] == ".":
                return entry[2]
            return entry[1:]
    return default
