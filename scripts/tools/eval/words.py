"""Where a learner puts spaces: the word boundaries of the `spaced` style (issue 17).

A Cyrillic writer learning Japanese types it the way they type their own language, a word at a
time with a space after each word: particles and です apart, verb endings and suffixes attached
(`ватаси ва гакусэй дэсу`, `коно хон о ёмитай`, `то:кё: э икимасита`). The evaluation has no
morphological analyser, so the boundaries come from deterministic rules over the alignment of the
reading with the expected line (variants.surface_spans), knowingly crude. Nothing here looks at a
particular sentence; the word lists below are closed classes (particles, the copula, ください,
two greetings).

The alignment gives pieces: each kana of the expected line (with its reading kana), and each run
of other characters (a kanji run with its reading span, a run of digits or of punctuation). A run
holding punctuation beside other characters is cut at the punctuation when its reading has the
same punctuation in the same places (`、駅` ← `、えき`: `、` and `駅`). A piece is *hiragana*,
*content* (a kanji run, a run holding a digit or letter, a katakana kana; ー takes the kind of
the kana before it) or *punctuation* (a run of punctuation and symbols only).
Consecutive content pieces form one word (東京駅, アメリカ人, １００円 stay whole). An alignment
that gives a kanji run fewer kana than it has kanji went wrong (昨日 ← き in きのうののみかい); such
a line, like one that does not align, keeps only the set's bunsetsu boundaries. Rules, in order:

1. Bunsetsu. Where the set gives bunsetsu boundaries (Anthy's corpus), each one is a space
   (except before punctuation, rule 2).
2. Punctuation is attached to the word before it and followed by a space (`すみません、 えき`);
   an opening bracket is preceded by a space and attached to the word after it (a bunsetsu
   boundary that says otherwise is dropped).
3. Hiragana before content: a space before the content (`この ほん`, `ある ひと`), except for the
   honorific prefix お/ご ending the hiragana, which moves to the content word (`よろしく
   おねがい`, `ごはん`), and for one kana of COMPOUND_LINK between two content pieces, a verb
   stem's ending inside a compound (`たべもの`, `おつかれさま`).
4. Hiragana after content (a *tail*): if it starts with a particle or the copula (HEAD, longest
   match), that is a word of its own (`ほん お`, `がくせい です`), followed by the particles that
   combine with it (CHAIN: は anywhere, です's か/が/から/けど/ね/よ, and as the whole rest of the
   hiragana also も/の/に/で/を/が/と/か/ね/よ and とは/には/では/とも/にも/でも: `に わ`,
   `から の`, `です か`); what is left starts a new word. Exceptions, where the kana are the
   kanji's ending: が before ら/り/る/れ/ろ/っ/せ (上がる, 騒がせる); で before き/る/れ/ろ
   (勉強できる, 撫でる); から except before nothing, は, も or の (分からない); しか except before
   nothing or な (美しかった); な except as the whole tail (綺麗な人). Otherwise the tail is the
   content word's ending (`よみたい`, `いきました`) and only rule 5 applies to it.
5. Sentence-final particles, the copula, case particles and ください are cut off the end of a
   word, repeatedly, longest first (FINAL: `どこ です か`, `いく の わ`, `おしえて ください`), as
   long as the word keeps at least one kana of its ending after content, or at least two kana
   when it is all hiragana (この, もの, だから, しか stay whole). Not cut: で/だ after ん or い (the
   te-form and past of 読んで, 泳いだ); と after anything but a verb or adjective form (u row, た,
   だ, い: `いく と`, but こと, ちょっと); の after も (もの); に off an all-hiragana word (すでに,
   さらに are adverbs); anything more off an all-hiragana word once the copula was cut (`いかが
   でしょう か`); か/ね/よ (SENTENCE_FINAL) except as the first cut of hiragana that ends the
   line or stands before punctuation (いつかできる, but `です か`). Greetings ending in は
   (KEEP_WHOLE) are not cut.
6. A hiragana word that starts with a demonstrative pronoun followed by a particle is split after
   each (`これ わ いくら`, then rule 4's chain); one that starts with an adnominal (この, その,
   あの, どの) followed by at least two kana is split after it (`その とき`, but あのね).

So も is a particle only right after content (`わたし も`), never cut off a hiragana word (とても,
いつも, でも stay whole), and か only at the end of a sentence (しずか after a kanji stays whole:
it is the kanji's ending).
"""
import unicodedata

HEAD = ["ください", "でしょう", "でした", "です", "だろう", "だった", "だけど", "だ", "から", "まで", "より", "など", "だけ",
        "しか", "ほど", "くらい", "ぐらい", "ばかり", "のみ", "が", "を", "に", "で", "と", "は", "へ", "も", "の", "な"]
COPULA = {"でしょう", "でした", "です"}
# cut off the end of a hiragana word, these end the cutting: what stands before them is the word
# (いかが でしょう か, not いか が でしょう か)
COPULA_FORMS = {"でしょう", "でした", "です", "だろう", "だった", "だ"}
CHAIN_AFTER_COPULA = ["から", "けど", "か", "が", "ね", "よ"]
CHAIN_ANYWHERE = ["は"]
CHAIN_AT_END = ["とは", "には", "では", "とも", "にも", "でも", "も", "の", "に", "で", "を", "が", "と", "か", "ね", "よ",
                "は"]
FINAL = ["けれども", "ください", "でしょう", "けれど", "でした", "だろう", "だった", "です", "から", "まで", "ので",
         "のに", "けど", "だけ", "など", "か", "ね", "よ", "だ", "が", "を", "に", "で", "と", "は", "へ", "の"]
SENTENCE_FINAL = {"か", "ね", "よ"}
KEEP_WHOLE = {"こんにちは", "こんばんは"}
# と is cut off a word only after a verb or adjective form: a kana of the u row, た, だ or い
BEFORE_QUOTATIVE_TO = set("うくすつぬふむゆるぐずづぶぷただい")
# one hiragana between two content pieces that stays inside the word: a verb stem's i/e-row
# ending in a compound (食べ物, 乗り場, お疲れ様), but not に/で/へ (particles), い (赤い車) or て
# (し is left out: 少し before a kanji is an adverb far more often than 話し合い is a compound)
COMPOUND_LINK = set("きちひみりぎじびぴけせねめれげぜべぺえ")
# hiragana words that start a word and end before a particle or another word (closed classes):
# demonstrative pronouns, then a particle (`これ わ`); adnominals, then a word (`その とき`)
PRONOUNS = ["あそこ", "こちら", "そちら", "あちら", "どちら", "これ", "それ", "あれ", "どれ", "ここ", "そこ", "どこ"]
ADNOMINALS = ["この", "その", "あの", "どの"]
VERB_ENDING_AFTER_GA = set("らりるれろっせ")      # 上がる, 騒がせる
VERB_ENDING_AFTER_DE = set("きるれろ")           # できる after a noun, 撫でる, 茹でる
PREFIXES = set("おご")
OPENING = set("「『（(【〈《［[｛{“‘")


def _is_hiragana(c):
    return "\u3041" <= c <= "\u3096"


def _is_punctuation(c):
    return unicodedata.category(c)[0] in "PSZ"


def _groups(text):
    """text cut where punctuation starts or stops: [(is punctuation, part), ...]."""
    out = []
    for c in text:
        p = _is_punctuation(c)
        if out and out[-1][0] == p:
            out[-1] = (p, out[-1][1] + c)
        else:
            out.append((p, c))
    return out


def split_punctuation(spans):
    """A run of the alignment may hold punctuation beside kanji (`、駅` ← `、えき`). Where the
    reading span and the run have the same alternation of punctuation and the rest, each part
    becomes a piece of its own; otherwise the run stays whole."""
    out = []
    for reading, surface, tag in spans:
        if tag[0] != "kana":
            r, s = _groups(reading), _groups(surface)
            if len(r) > 1 and [p for p, _ in r] == [p for p, _ in s]:
                for (p, rp), (_, sp) in zip(r, s):
                    kanji = any(unicodedata.name(c, "").startswith("CJK") or c in "々〆ヶヵ" for c in sp)
                    out.append((rp, sp, ("other",) if p or not kanji else ("kanji",)))
                continue
        out.append((reading, surface, tag))
    return out


def piece_kinds(spans):
    """spans: (reading, surface, tag) from variants.surface_spans → "hira", "content" or "punct" each."""
    kinds = []
    for _, surface, tag in spans:
        if tag[0] == "kana":
            if surface == "ー":
                kind = kinds[-1] if kinds and kinds[-1] != "punct" else "content"
            else:
                kind = "hira" if _is_hiragana(surface) else "content"
        elif tag[0] == "kanji":
            kind = "content"
        else:
            kind = "punct" if all(_is_punctuation(c) for c in surface) else "content"
        kinds.append(kind)
    return kinds


def _starts(text, words):
    return [w for w in sorted(words, key=len, reverse=True) if text.startswith(w)]


def _head(tail):
    """The particle or copula a tail after content starts with, or None."""
    for word in _starts(tail, HEAD):
        rest = tail[len(word):]
        if word == "が" and rest[:1] in VERB_ENDING_AFTER_GA:
            continue
        if word == "な" and rest:
            continue
        if word == "で" and rest[:1] in VERB_ENDING_AFTER_DE:
            continue
        if word == "しか" and rest and rest[0] != "な":   # 美しかった: an adjective; しかない
            continue
        if word == "から" and rest and rest[0] not in "はもの":   # 分からない: a verb in -かる
            continue
        return word
    return None


def _chained(rest, previous, front):
    """Appends to `front` the lengths of the particles that chain after `previous` at the start
    of `rest` (rule 4), and returns what follows them."""
    while rest:
        more = _chain(rest, previous)
        if more is None:
            break
        front.append(len(more))
        rest = rest[len(more):]
        previous = more
    return rest


def _chain(rest, previous):
    """The particle combining with `previous` that `rest` starts with (rule 4), or None."""
    if rest in CHAIN_AT_END:
        return rest
    allowed = CHAIN_ANYWHERE + (CHAIN_AFTER_COPULA if previous in COPULA else [])
    found = _starts(rest, allowed)
    return found[0] if found else None


def _final(word, minimum, sentence_end, hiragana_word=False):
    """The FINAL item rule 5 cuts off the end of `word`, or None."""
    for item in sorted(FINAL, key=len, reverse=True):
        if not word.endswith(item):
            continue
        stem = word[:-len(item)]
        if len(stem) < minimum:
            continue
        if item in SENTENCE_FINAL and not sentence_end:
            continue
        if item == "と" and stem[-1] not in BEFORE_QUOTATIVE_TO:
            continue
        if item == "の" and stem[-1] == "も":        # もの, a noun
            continue
        if item == "に" and hiragana_word:           # すでに, さらに, すぐに: adverbs
            continue
        if item in ("で", "だ") and stem[-1] in "んい":
            continue
        if item == "と" and stem[-1] == "っ":
            continue
        return item
    return None


def split_hiragana(text, tail, sentence_end=True):
    """Word lengths of a run of hiragana (and ー): `tail` when it follows content (its first word
    then belongs to the content word); `sentence_end` when nothing but punctuation follows it.
    Returns a list of lengths summing to len(text); with
    `tail`, the first length may be 0 (the particle starts right after the content)."""
    front, rest = [], text
    if tail:
        head = _head(rest)
        if head is not None:
            front = [0, len(head)]
            rest = _chained(rest[len(head):], head, front)
            tail = False
    while rest and not tail:          # rule 6
        found = _starts(rest, PRONOUNS)
        after = rest[len(found[0]):] if found else ""
        if found and _head(after) is not None:
            head = _head(after)
            front += [len(found[0]), len(head)]
            rest = _chained(after[len(head):], head, front)
            continue
        found = _starts(rest, ADNOMINALS)
        if found and len(rest) - len(found[0]) >= 2:
            front.append(len(found[0]))
            rest = rest[len(found[0]):]
            continue
        break
    back = []
    if rest and not (not tail and rest in KEEP_WHOLE):
        minimum = 1 if tail else 2
        while True:
            item = _final(rest, minimum, sentence_end, hiragana_word=not tail)
            sentence_end = False
            if item is None:
                break
            back.insert(0, len(item))
            rest = rest[:-len(item)]
            if not tail and item in COPULA_FORMS:
                break
    middle = [len(rest)] if rest else []
    return front + middle + back


def plausible(spans):
    """False when the alignment gives a kanji run fewer reading kana than it has kanji (昨日 ← き):
    the shortest-span alignment then went wrong, and its boundaries would fall inside words."""
    return all(len(reading) >= sum(1 for c in surface if unicodedata.name(c, "").startswith("CJK"))
               for reading, surface, tag in spans if tag[0] == "kanji")


def word_breaks(spans, bunsetsu=()):
    """Reading offsets where the spaced style puts a space (rules in the module docstring).
    spans: (reading, surface, tag) triples covering the reading; bunsetsu: reading offsets of the
    set's bunsetsu boundaries (may be empty)."""
    spans = split_punctuation(spans)
    kinds = piece_kinds(spans)
    starts, offset = [], 0
    for reading, _, _ in spans:
        starts.append(offset)
        offset += len(reading)
    n = len(spans)
    inner = set(bunsetsu)
    breaks = {i for i in range(1, n) if starts[i] in inner}       # rule 1, as piece indices

    i = 0
    while i < n:
        j = i
        while j < n and kinds[j] == kinds[i]:
            j += 1
        kind = kinds[i]
        if kind == "punct":                                         # rule 2
            text = "".join(s for _, s, _ in spans[i:j])
            if text[0] in OPENING and i > 0:
                breaks.add(i)
            else:
                breaks.discard(i)                                   # a bunsetsu boundary before it
            if text[-1] not in OPENING and j < n:
                breaks.add(j)
            elif text[-1] in OPENING:
                breaks.discard(j)                                   # a bunsetsu boundary after it
        elif kind == "hira":
            surface = "".join(s for _, s, _ in spans[i:j])
            end = j
            if j < n and kinds[j] == "content" and surface[-1] in PREFIXES:   # rule 3, prefix
                end = j - 1
                if end > 0:
                    breaks.add(end)
            elif (j < n and kinds[j] == "content" and not (
                    j - i == 1 and i > 0 and kinds[i - 1] == "content" and surface in COMPOUND_LINK)):   # rule 3
                breaks.add(j)
            # rules 4 and 5 on each stretch between bunsetsu boundaries
            cuts = [i] + [k for k in range(i + 1, end) if k in breaks] + [end]
            for a, b in zip(cuts, cuts[1:]):
                if a == b:
                    continue
                tail = a > 0 and kinds[a - 1] == "content" and a not in breaks
                sentence_end = b == n or kinds[b] == "punct"
                lengths = split_hiragana("".join(s for _, s, _ in spans[a:b]), tail, sentence_end)
                k = a
                for length in lengths[:-1]:
                    k += length
                    if a < k < b or (k == a and tail and a > 0):
                        breaks.add(k)
        i = j
    return sorted(starts[k] for k in breaks if 0 < k < n)
