"""Reference writers for the round-trip check: kana → how each language's transcription
system spells it. They are written from the systems' descriptions (docs/PROFILES.md
lists the sources), NOT from profiles.json, so the round trip tests the data against an
independent account of each system.

A writer either returns the spelling of a word or the reason the system cannot spell it
unambiguously (for example ぢ, which Polivanov writes дзи like じ). Callers count those
reasons; nothing is skipped silently.
"""

import re

SMALL_Y = "ゃゅょ"
SMALL_VOWELS = "ぁぃぅぇぉ"


def units(kana):
    """Splits a kana word into units: a kana with the small kana that follows it (きゃ,
    ふぁ), or a single kana (including っ, ん, ー and a small kana standing alone)."""
    out = []
    i = 0
    while i < len(kana):
        c = kana[i]
        nxt = kana[i + 1] if i + 1 < len(kana) else ""
        if nxt and nxt in SMALL_Y + SMALL_VOWELS and c not in SMALL_Y + SMALL_VOWELS + "っんー":
            out.append(c + nxt)
            i += 2
        else:
            out.append(c)
            i += 1
    return out


def table(text):
    """Reads `kana spelling` pairs; order matters: the first kana to take a spelling owns it."""
    cells = text.split()
    assert len(cells) % 2 == 0, "odd table"
    return list(zip(cells[0::2], cells[1::2]))


class Writer:
    """Kana → spelling for one system.

    - `cells`: `kana spelling` pairs in priority order; a later kana with an earlier
      kana's spelling is ambiguous in that system.
    - `reserved`: kana whose system spelling the profile gives to another kana, with why.
    - `vowel_letters`: letters a vowel-initial spelling starts with (no っ before them,
      ん needs a separator before them, no diphthong й before them).
    - `n_separator`: how the system writes ん before a vowel, or None if it cannot;
      `separator_before`: the letters that need it (those that would join н into a syllable).
    - `n_before_labials`: how it writes ん before б/п/м (Polivanov's м), or None for н.
    - `no_double`: letters the system does not double for っ (нн and мм read as ん).
    - `diphthong_i`: how い after a vowel is written when no vowel follows, and whether
      only at the end of a word (Serbian Сендај).
    - `long_mark`: how ー is typed.
    - `lone_sokuon`: how っ is typed where no consonant can be doubled (romaji xtu), or None.
    - `double_as`: letters doubled as another letter (Hepburn writes っち as tchi).
    - `n_letter`: how ん is written elsewhere.
    - `system`: the name printed for this writer (several writers can type into one profile).
    """

    def __init__(self, name, cells, *, vowel_letters, n_separator, separator_before, n_before_labials, no_double,
                 diphthong_i, diphthong_final_only, long_mark, reserved=None, lone_sokuon=None, double_as=None,
                 n_letter="н", system=None):
        self.name = name
        self.system = system or name
        self.spelling = {}
        self.ambiguous = {}
        owner = {}
        for kana, spelling in cells:
            if kana in self.spelling or kana in self.ambiguous:
                raise ValueError(f"{name}: {kana} listed twice")
            if spelling in owner:
                self.ambiguous[kana] = f"{kana} is written {spelling}, like {owner[spelling]}"
            else:
                owner[spelling] = kana
                self.spelling[kana] = spelling
        self.reserved = reserved or {}
        self.vowel_letters = vowel_letters
        self.n_separator = n_separator
        self.separator_before = separator_before
        self.n_before_labials = n_before_labials
        self.no_double = no_double
        self.diphthong_i = diphthong_i
        self.diphthong_final_only = diphthong_final_only
        self.long_mark = long_mark
        self.lone_sokuon = lone_sokuon
        self.n_letter = n_letter
        self.double_as = double_as or {}

    def _spell_unit(self, unit):
        if unit in self.reserved:
            return None, self.reserved[unit]
        if unit in self.ambiguous:
            return None, self.ambiguous[unit]
        if unit in self.spelling:
            return self.spelling[unit], None
        if len(unit) == 2:
            # A kana + small kana pair the system has no syllable for: spell the parts.
            first, reason = self._spell_unit(unit[0])
            second, second_reason = self._spell_unit(unit[1])
            if first is not None and second is not None:
                return first + second, None
            return None, reason or second_reason
        return None, f"{unit} has no spelling in the system"

    def write(self, kana):
        """Returns (spelling, None) or (None, reason)."""
        us = units(kana)
        out = []
        for i, unit in enumerate(us):
            nxt = us[i + 1] if i + 1 < len(us) else None
            next_spelling = None
            if nxt is not None and nxt not in ("っ", "ん", "ー"):
                next_spelling, _ = self._spell_unit(nxt)
            if unit == "っ":
                if nxt is not None and nxt not in ("っ", "ん", "ー") and next_spelling is None:
                    return self._spell_unit(nxt)
                if nxt is None or nxt in ("っ", "ん", "ー"):
                    reason = "っ not before a consonant (the system writes っ by doubling the next consonant)"
                elif next_spelling[0] in self.vowel_letters:
                    reason = "っ before a vowel (nothing to double)"
                elif next_spelling[0] in self.no_double:
                    reason = f"っ before {next_spelling[0]}: a doubled {next_spelling[0]} does not mean っ"
                else:
                    out.append(self.double_as.get(next_spelling[0], next_spelling[0]))
                    continue
                if self.lone_sokuon is None:
                    return None, reason
                out.append(self.lone_sokuon)
            elif unit == "ん":
                if next_spelling is not None and next_spelling[0] in self.separator_before:
                    if self.n_separator is None:
                        return None, "ん before a vowel or y-kana: the system has no separator"
                    out.append(self.n_separator)
                elif next_spelling is not None and self.n_before_labials and next_spelling[0] in "бпм":
                    out.append(self.n_before_labials)
                else:
                    out.append(self.n_letter)
            elif unit == "ー":
                out.append(self.long_mark)
            elif unit == "い" and self._is_diphthong(out, nxt, next_spelling):
                out.append(self.diphthong_i)
            else:
                spelling, reason = self._spell_unit(unit)
                if spelling is None:
                    return None, reason
                out.append(spelling)
        return "".join(out), None

    def _is_diphthong(self, out, nxt, next_spelling):
        """い after a vowel (not after и/і) is written as the glide when no vowel follows."""
        if not out or out[-1][-1] not in DIPHTHONG_AFTER:
            return False
        if nxt is None:
            return True
        if self.diphthong_final_only:
            return False
        if nxt in ("っ", "ん", "ー"):
            return True
        return next_spelling is not None and next_spelling[0] not in self.vowel_letters


# Letters a syllable can end in for い to be the second half of a diphthong.
DIPHTHONG_AFTER = "аэеоуяюёє"


def gojuon(rows):
    """Expands `row: a i u e o ya yu yo` lines; '-' marks an empty cell."""
    kana_rows = {
        "": "あいうえおやゆよ", "k": "かきくけこ", "s": "さしすせそ", "t": "たちつてと", "n": "なにぬねの",
        "h": "はひふへほ", "m": "まみむめも", "r": "らりるれろ", "g": "がぎぐげご", "z": "ざじずぜぞ",
        "d": "だぢづでど", "b": "ばびぶべぼ", "p": "ぱぴぷぺぽ",
    }
    out = []
    for line in rows.strip().splitlines():
        key, cells = line.split(":")
        cells = cells.split()
        kana = kana_rows[key.strip()]
        if key.strip() == "":
            names = list(kana)
        else:
            i_kana = kana[1]
            names = list(kana) + [i_kana + "ゃ", i_kana + "ゅ", i_kana + "ょ"]
        assert len(cells) == 8, line
        for name, cell in zip(names, cells):
            if cell != "-":
                out.append((name, cell))
    return out


# Polivanov (Russian): S1/S2 tables; loanword syllables as ru.wikipedia's katakana
# table and CLDR ja_Latn-ru write them.
RUSSIAN = Writer(
    "rus_standard",
    gojuon("""
     : а и у э о я ю ё
    k: ка ки ку кэ ко кя кю кё
    s: са си су сэ со ся сю сё
    t: та ти цу тэ то тя тю тё
    n: на ни ну нэ но ня ню нё
    h: ха хи фу хэ хо хя хю хё
    m: ма ми му мэ мо мя мю мё
    r: ра ри ру рэ ро ря рю рё
    g: га ги гу гэ го гя гю гё
    z: дза дзи дзу дзэ дзо дзя дзю дзё
    d: да дзи дзу дэ до дзя дзю дзё
    b: ба би бу бэ бо бя бю бё
    p: па пи пу пэ по пя пю пё
    """) + table("""
    わ ва  を во  ゔ ву
    ふぁ фа  ふぃ фи  ふぇ фэ  ふぉ фо  ふゅ фю  とぅ ту  でゅ дю  つぁ ца  つぃ ци  つぇ цэ  つぉ цо
    いぇ йэ  くぁ ква  ぐぁ гва  ゔぃ ви  ゔぇ вэ
    てぃ ти  てゅ тю  ゔぁ ва  ゔぉ во  うぃ ви  うぇ вэ  うぉ во  ゐ ви  ゑ вэ  しぇ сэ  ちぇ тэ  じぇ дзэ
    でぃ ди  どぅ ду
    """),
    vowel_letters="аиуэоеяюёй",
    n_separator="нъ",
    separator_before="аиуэоеяюё",
    n_before_labials="м",
    no_double="мн",
    diphthong_i="й",
    diphthong_final_only=False,
    long_mark=":",
    reserved={
        "でぃ": "でぃ is written ди, which rus_standard gives to ぢ (as Mozc's di); ディ is typed д'и",
        "どぅ": "どぅ is written ду, which rus_standard gives to づ (as Mozc's du); ドゥ is typed д'у",
    },
)

# Serbian: the sr.wikipedia guideline (Pravopis); loanword syllables as common practice.
SERBIAN = Writer(
    "srp",
    gojuon("""
     : а и у е о ја ју јо
    k: ка ки ку ке ко кја кју кјо
    s: са ши су се со ша шу шо
    t: та чи цу те то ча чу чо
    n: на ни ну не но ња њу њо
    h: ха хи фу хе хо хја хју хјо
    m: ма ми му ме мо мја мју мјо
    r: ра ри ру ре ро рја рју рјо
    g: га ги гу ге го гја гју гјо
    z: за џи зу зе зо џа џу џо
    d: да џи зу де до џа џу џо
    b: ба би бу бе бо бја бју бјо
    p: па пи пу пе по пја пју пјо
    """) + table("""
    わ ва  を о  ゔ ву
    ふぁ фа  ふぃ фи  ふぇ фе  ふぉ фо  ふゅ фју  てぃ ти  でぃ ди  とぅ ту  どぅ ду  てゅ тју  でゅ дју
    ゔぃ ви  ゔぇ ве  しぇ ше  ちぇ че  じぇ џе  つぁ ца  つぃ ци  つぇ це  つぉ цо  いぇ је  くぁ ква  ぐぁ гва
    ゔぁ ва  うぃ ви  うぇ ве
    """),
    vowel_letters="аиуео",
    n_separator=None,
    separator_before="аиуео",
    n_before_labials=None,
    no_double="мнј",
    diphthong_i="ј",
    diphthong_final_only=True,
    long_mark="-",
    reserved={
        "ゔぉ": "ゔぉ is written во, which the profile gives to を (the particle); ヴォ is typed в'о",
        "うぉ": "うぉ is written во, which the profile gives to を (the particle)",
    },
)

# Ukrainian: the Kovalenko system (uk.wikipedia Я/Пропозиція2019 table).
UKRAINIAN = Writer(
    "ukr",
    gojuon("""
     : а і у е о я ю йо
    k: ка кі ку ке ко кя кю кьо
    s: са ші су се со шя шю шьо
    t: та чі цу те то чя чю чьо
    n: на ні ну не но ня ню ньо
    h: ха хі фу хе хо хя хю хьо
    m: ма мі му ме мо мя мю мьо
    r: ра рі ру ре ро ря рю рьо
    g: ґа ґі ґу ґе ґо ґя ґю ґьо
    z: дза джі дзу дзе дзо джя джю джьо
    d: да джі дзу де до джя джю джьо
    b: ба бі бу бе бо бя бю бьо
    p: па пі пу пе по пя пю пьо
    """) + table("""
    わ ва  を о  ゔ ву
    ふぁ фа  ふぃ фі  ふぇ фе  ふぉ фо  ふゅ фю  てぃ ті  でぃ ді  とぅ ту  どぅ ду  てゅ тю  でゅ дю
    ゔぃ ві  ゔぇ ве  しぇ ше  ちぇ че  じぇ дже  つぁ ца  つぃ ці  つぇ це  つぉ цо  いぇ є  くぁ ква  ぐぁ ґва
    ゔぁ ва  うぃ ві  うぇ ве
    """),
    vowel_letters="аіуеояюйєї",
    n_separator="н'",
    separator_before="аіуеояюєї",
    n_before_labials=None,
    no_double="мнй",
    diphthong_i="й",
    diphthong_final_only=False,
    long_mark="-",
    reserved={
        "ゔぉ": "ゔぉ is written во, which the profile gives to を (the particle); ヴォ is typed в'о",
        "うぉ": "うぉ is written во, which the profile gives to を (the particle)",
        "てぃ": "てぃ is written ті, which the profile gives to Bondarenko's ち; ティ is typed т'і",
        "てゅ": "てゅ is written тю, which the profile gives to Bondarenko's ちゅ; テュ is typed т'ю",
        "いぇ": "いぇ is written є, which the profile reads as え (Bondarenko's іє, н'є: Ієясу, Дзен'ємон); イェ is typed йе",
    },
    system="ukr (Kovalenko)",
)


class UkrainianSpellingWriter(Writer):
    """A Writer whose output then follows Ukrainian spelling, as Bondarenko's examples
    do: е after і or the apostrophe is є (Ієясу, Дзен'ємон), і after a vowel or the
    apostrophe is ї (Ніїґата, Сін'їті), and い after і at the end of a word is й, like the
    other diphthongs (大きい о:кій)."""

    def write(self, kana):
        spelling, reason = super().write(kana)
        if spelling is None:
            return None, reason
        spelling = re.sub(r"(?<=[аеєіїоуюя'])і", "ї", spelling)
        spelling = re.sub(r"(?<=[іїʼ'])е", "є", spelling)
        return spelling, None

    def _is_diphthong(self, out, nxt, next_spelling):
        if nxt is None and out and out[-1].endswith("і"):
            return True
        return super()._is_diphthong(out, nxt, next_spelling)


# Ukrainian: Bondarenko's system (1999), the one uk.wikipedia's guideline prescribes, as
# uk.wikipedia "Японсько-українські системи транскрипції та транслітерації" states it:
# soft с, дз, т for し, じ, ち (сі, дзі, ті; ся, дзя, тя), ґ, йо for よ, кьо-style yōon,
# м before м/б/п (Ґумма), н' before a vowel, a colon for ー as specialist texts mark a long
# vowel (蝶 тьо:), a doubled consonant for っ (маття). The system has no extended katakana;
# the loanword syllables below are the common Ukrainian ones that its letters leave free
# (ті and тю are ち and ちゅ, се is せ, те is て, дзе is ぜ, so ティ, テュ, シェ, チェ, ジェ
# have no spelling of their own).
BONDARENKO = UkrainianSpellingWriter(
    "ukr",
    gojuon("""
     : а і у е о я ю йо
    k: ка кі ку ке ко кя кю кьо
    s: са сі су се со ся сю сьо
    t: та ті цу те то тя тю тьо
    n: на ні ну не но ня ню ньо
    h: ха хі фу хе хо хя хю хьо
    m: ма мі му ме мо мя мю мьо
    r: ра рі ру ре ро ря рю рьо
    g: ґа ґі ґу ґе ґо ґя ґю ґьо
    z: дза дзі дзу дзе дзо дзя дзю дзьо
    d: да дзі дзу де до дзя дзю дзьо
    b: ба бі бу бе бо бя бю бьо
    p: па пі пу пе по пя пю пьо
    """) + table("""
    わ ва  を о  ゔ ву
    ふぁ фа  ふぃ фі  ふぇ фе  ふぉ фо  ふゅ фю  でぃ ді  とぅ ту  どぅ ду  でゅ дю
    ゔぃ ві  ゔぇ ве  つぁ ца  つぃ ці  つぇ це  つぉ цо  くぁ ква  ぐぁ ґва
    てぃ ті  てゅ тю  しぇ се  ちぇ те  じぇ дзе  ゔぁ ва  うぃ ві  うぇ ве
    """),
    vowel_letters="аіуеояюйєї",
    n_separator="н'",
    separator_before="аіуеояюєї",
    n_before_labials="м",
    no_double="мнй",
    diphthong_i="й",
    diphthong_final_only=False,
    long_mark=":",
    reserved={
        "ゔぉ": "ゔぉ is written во, which the profile gives to を (the particle); ヴォ is typed в'о",
        "うぉ": "うぉ is written во, which the profile gives to を (the particle)",
        "いぇ": "いぇ has no spelling in the system (є is え after і and the apostrophe); イェ is typed йе",
    },
    system="ukr (Bondarenko)",
)

# Belarusian: be.wikipedia's Hepburn-based table (ch → ць, j → дз, sh → с); р is hard
# (ры, р'я); foreign ti/di/tsi take a hard consonant + ы as Belarusian writes them (Тыбет).
BELARUSIAN = Writer(
    "bel",
    gojuon("""
     : а і у э о я ю ё
    k: ка кі ку кэ ко кя кю кё
    s: са сі су сэ со ся сю сё
    t: та ці цу тэ то ця цю цё
    n: на ні ну нэ но ня ню нё
    h: ха хі фу хэ хо хя хю хё
    m: ма мі му мэ мо мя мю мё
    r: ра ры ру рэ ро р'я р'ю р'ё
    g: га гі гу гэ го гя гю гё
    z: за дзі зу зэ зо дзя дзю дзё
    d: да дзі зу дэ до дзя дзю дзё
    b: ба бі бу бэ бо бя бю бё
    p: па пі пу пэ по пя пю пё
    """) + table("""
    わ ва  を о  ゔ ву
    ふぁ фа  ふぃ фі  ふぇ фэ  ふぉ фо  てぃ ты  でぃ ды  ゔぃ ві  ゔぇ вэ
    つぁ ца  つぃ цы  つぇ цэ  つぉ цо  くぁ ква  ぐぁ гва  ゔぁ ва  しぇ сэ
    """),
    vowel_letters="аіуэояюёй",
    n_separator="н'",
    separator_before="аіуэояюё",
    n_before_labials=None,
    no_double="мнй",
    diphthong_i="й",
    diphthong_final_only=False,
    long_mark="-",
    reserved={
        "ゔぉ": "ゔぉ is written во, which the profile gives to を (the particle); ヴォ is typed в'о",
    },
)

# Bulgarian: Hepburn-based usage (ши, чи, джи, дз, йо, кьо).
BULGARIAN = Writer(
    "bul",
    gojuon("""
     : а и у е о я ю йо
    k: ка ки ку ке ко кя кю кьо
    s: са ши су се со ша шу шо
    t: та чи цу те то ча чу чо
    n: на ни ну не но ня ню ньо
    h: ха хи фу хе хо хя хю хьо
    m: ма ми му ме мо мя мю мьо
    r: ра ри ру ре ро ря рю рьо
    g: га ги гу ге го гя гю гьо
    z: дза джи дзу дзе дзо джа джу джо
    d: да джи дзу де до джа джу джо
    b: ба би бу бе бо бя бю бьо
    p: па пи пу пе по пя пю пьо
    """) + table("""
    わ ва  を о  ゔ ву
    ふぁ фа  ふぃ фи  ふぇ фе  ふぉ фо  ふゅ фю  てぃ ти  でぃ ди  とぅ ту  どぅ ду  てゅ тю  でゅ дю
    ゔぃ ви  ゔぇ ве  しぇ ше  ちぇ че  じぇ дже  つぁ ца  つぃ ци  つぇ це  つぉ цо  いぇ йе  くぁ ква  ぐぁ гва
    ゔぁ ва  うぃ ви  うぇ ве
    """),
    vowel_letters="аиуеояюй",
    n_separator=None,
    separator_before="аиуеояю",
    n_before_labials=None,
    no_double="мнй",
    diphthong_i="й",
    diphthong_final_only=False,
    long_mark="-",
    reserved={
        "ゔぉ": "ゔぉ is written во, which the profile gives to を (the particle); ヴォ is typed в'о",
        "うぉ": "うぉ is written во, which the profile gives to を (the particle)",
    },
)

CYRILLIC_WRITERS = [RUSSIAN, SERBIAN, UKRAINIAN, BONDARENKO, BELARUSIAN, BULGARIAN]

# Modified Hepburn as typed into an IME: n before consonants, n' before vowels and y,
# tch for っち, and where Hepburn has no distinct spelling, the conventions WanaKana and
# Mozc share (di/du for ぢ/づ, wo for を, x + kana for a small kana on its own).
# ゐ/ゑ take Mozc's wyi/wye.
HEPBURN = Writer(
    "romaji",
    gojuon("""
     : a i u e o ya yu yo
    k: ka ki ku ke ko kya kyu kyo
    s: sa shi su se so sha shu sho
    t: ta chi tsu te to cha chu cho
    n: na ni nu ne no nya nyu nyo
    h: ha hi fu he ho hya hyu hyo
    m: ma mi mu me mo mya myu myo
    r: ra ri ru re ro rya ryu ryo
    g: ga gi gu ge go gya gyu gyo
    z: za ji zu ze zo ja ju jo
    d: da di du de do dya dyu dyo
    b: ba bi bu be bo bya byu byo
    p: pa pi pu pe po pya pyu pyo
    """) + table("""
    わ wa  を wo  ゐ wyi  ゑ wye  ゔ vu
    ふぁ fa  ふぃ fi  ふぇ fe  ふぉ fo  ふゅ fyu  てぃ thi  でぃ dhi  とぅ twu  どぅ dwu  てゅ thu  でゅ dhu
    ゔぁ va  ゔぃ vi  ゔぇ ve  ゔぉ vo  ゔゅ vyu  うぃ wi  うぇ we  うぉ who  うぁ wha  しぇ she  ちぇ che  じぇ je
    つぁ tsa  つぃ tsi  つぇ tse  つぉ tso  いぇ ye  くぁ kwa  くぃ qi  くぇ qe  くぉ qo  ぐぁ gwa  すぃ swi
    きぇ kye  ぎぇ gye  にぇ nye  ひぇ hye  みぇ mye  りぇ rye  びぇ bye  ぴぇ pye  ぢぇ dye
    ぁ xa  ぃ xi  ぅ xu  ぇ xe  ぉ xo  ゃ xya  ゅ xyu  ょ xyo  ゎ xwa
    """),
    vowel_letters="aiueoy",
    n_separator="n'",
    separator_before="aiueoy",
    n_before_labials=None,
    no_double="nx",
    diphthong_i="i",
    diphthong_final_only=False,
    long_mark="-",
    lone_sokuon="xtu",
    double_as={"c": "t"},
    n_letter="n",
)
