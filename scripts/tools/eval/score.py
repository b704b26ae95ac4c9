"""Per-sentence and aggregate scores. Both sides are NFKC-normalised first, so full-width and
half-width digits, letters and ASCII punctuation count as the same answer."""
from dataclasses import dataclass

from .sets import nfkc


def edit_distance(a, b):
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


@dataclass
class Scored:
    top1: bool
    rank: int          # 1-based position of the expected answer among the candidates, 0 if absent
    cer: float         # edit distance of the first candidate / length of the expected answer


def score(expected, candidate_list):
    want = nfkc(expected)
    got = [nfkc(c) for c in candidate_list]
    rank = got.index(want) + 1 if want in got else 0
    first = got[0] if got else ""    # no answer scores like an empty one
    return Scored(rank == 1, rank, edit_distance(first, want) / max(1, len(want)))


def aggregate(scored):
    n = len(scored)
    if n == 0:
        return {"n": 0, "top1": 0.0, "top9": 0.0, "cer": 0.0}
    return {"n": n,
            "top1": sum(s.top1 for s in scored) / n,
            "top9": sum(1 <= s.rank <= 9 for s in scored) / n,
            "cer": sum(s.cer for s in scored) / n}
