"""Whole-line candidates from per-segment candidate lists.

Mozc and Anthy expose one best conversion split into segments (文節), each with its own list of
candidates, not N best whole lines. A user reaches an alternative line by changing one segment at
a time, so the alternatives are ordered that way: the best line, then every segment's second
candidate, then every segment's third, and so on (duplicates dropped)."""

MAX_CANDIDATES = 9


def first_distinct(lines, n=MAX_CANDIDATES):
    """The first n distinct non-empty lines, in order."""
    out = []
    for line in lines:
        if line and line not in out:
            out.append(line)
            if len(out) == n:
                break
    return out


def from_segments(segments, n=MAX_CANDIDATES):
    """segments: one list of candidates per segment, best first."""
    if not segments or any(not s for s in segments):
        return []
    best = [s[0] for s in segments]
    lines = ["".join(best)]
    deepest = max(len(s) for s in segments)
    for rank in range(1, deepest):
        for i, seg in enumerate(segments):
            if rank < len(seg):
                lines.append("".join(best[:i] + [seg[rank]] + best[i + 1:]))
        if len(first_distinct(lines, n)) == n:
            break
    return first_distinct(lines, n)
