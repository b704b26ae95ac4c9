"""Pins the Cyrillic variant rules of variants.py (issues 10 and 12).

    cd scripts/tools && PYTHONDONTWRITEBYTECODE=1 python3 -m unittest
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # scripts/tools

from eval import variants as V  # noqa: E402
from eval.sets import Item  # noqa: E402
from eval.__main__ import parse_args  # noqa: E402


def heard(reading, expected, style):
    return V.heard_kana(reading, expected, style)


def line(name, reading, expected):
    return V.VARIANTS[name].write(reading, expected)


class Alignment(unittest.TestCase):
    def test_kanji_runs_take_the_shortest_span(self):
        self.assertEqual(V.align("とうきょうへいく", "東京へ行く"),
                         [("とうきょう", ("kanji",)), ("へ", ("kana", "へ", 2)), ("い", ("kanji",)),
                          ("く", ("kana", "く", 4))])

    def test_katakana_matches_hiragana_and_digits_are_other(self):
        spans = V.align("ぱすぽーとを３まい", "パスポートを３枚")
        self.assertEqual([s for s, _ in spans], ["ぱ", "す", "ぽ", "ー", "と", "を", "３まい"])
        self.assertEqual(spans[6][1], ("kanji",))            # one run of digits and kanji
        self.assertEqual(V.align("３、", "３、"), [("３、", ("other",))])

    def test_no_match(self):
        self.assertIsNone(V.align("かぜひきしょうなじょうきょう", "風邪引きそうな状況"))

    def test_unaligned_item_keeps_kbk_everywhere(self):
        for style in V.STYLES:
            self.assertEqual(heard("かぜひきしょうなじょうきょう", "風邪引きそうな状況", style),
                             "かぜひきしょうなじょうきょう")

    def test_many_runs_do_not_backtrack_forever(self):
        expected = "の".join(["漢"] * 40) + "が"
        reading = "の".join(["かん"] * 40) + "を"     # fails at the very end
        self.assertIsNone(V.align(reading, expected))


class Particles(unittest.TestCase):
    def test_wa_e_o(self):
        self.assertEqual(heard("わたしはがっこうへいく", "私は学校へ行く", "heard-marked"), "わたしわがっこーえいく")
        self.assertEqual(heard("ほんをよむ", "本を読む", "heard-marked"), "ほんおよむ")

    def test_first_character_is_not_a_particle(self):
        self.assertEqual(heard("はなをみる", "花を見る", "heard-marked"), "はなおみる")
        self.assertEqual(heard("はい", "はい", "heard-marked"), "はい")

    def test_kana_inside_a_kanji_span_is_not_a_particle(self):
        self.assertEqual(heard("へいわ", "平和", "heard-marked"), "へいわ")

    def test_kbk_keeps_particles(self):
        self.assertEqual(heard("わたしは", "私は", "kbk"), "わたしは")
        self.assertEqual(line("rus_standard:kbk", "わたしは", "私は"), "ватасиха")
        self.assertEqual(line("rus_standard:heard-marked", "わたしは", "私は"), "ватасива")


class LongVowels(unittest.TestCase):
    def test_marked(self):
        self.assertEqual(V.long_vowels("とうきょう", omit=False), "とーきょー")
        self.assertEqual(V.long_vowels("おおさか", omit=False), "おーさか")
        self.assertEqual(V.long_vowels("くうき", omit=False), "くーき")
        self.assertEqual(V.long_vowels("おねえ", omit=False), "おねー")
        self.assertEqual(V.long_vowels("おかあ", omit=False), "おかー")
        self.assertEqual(V.long_vowels("せんせい", omit=False), "せんせい")   # Polivanov сэнсэй
        self.assertEqual(V.long_vowels("にいがた", omit=False), "にいがた")

    def test_omitted(self):
        self.assertEqual(V.long_vowels("とうきょう", omit=True), "ときょ")
        self.assertEqual(V.long_vowels("おおさか", omit=True), "おさか")
        self.assertEqual(V.long_vowels("せんせい", omit=True), "せんせ")
        self.assertEqual(V.long_vowels("にいがた", omit=True), "にいがた")

    def test_only_inside_kanji_spans(self):
        self.assertEqual(heard("ありがとう", "ありがとう", "heard-omitted"), "ありがとう")
        self.assertEqual(heard("おもう", "思う", "heard-omitted"), "おもう")
        self.assertEqual(heard("とうきょうへいこう", "東京へ行こう", "heard-omitted"), "ときょえいこう")

    def test_written_with_the_profiles_mark(self):
        self.assertEqual(line("rus_standard:heard-marked", "とうきょう", "東京"), "то:кё:")
        self.assertEqual(line("rus_standard:heard-omitted", "とうきょう", "東京"), "токё")
        self.assertEqual(line("srp:heard-marked", "とうきょう", "東京"), "то-кјо-")
        self.assertEqual(line("ukr-bondarenko:heard-marked", "とうきょう", "東京"), "то:кьо:")


class DoubledConsonants(unittest.TestCase):
    def test_single(self):
        self.assertEqual(heard("さっぽろで", "札幌で", "heard-single"), "さぽろで")
        self.assertEqual(heard("ほっかいどう", "北海道", "heard-single"), "ほかいどー")
        self.assertEqual(line("rus_standard:heard-single", "ほっかいどう", "北海道"), "хокайдо:")

    def test_every_small_tsu_before_a_consonant_anywhere(self):
        self.assertEqual(V.single_consonants("がっこう"), "がこう")
        self.assertEqual(V.single_consonants("べっど"), "べど")
        self.assertEqual(V.single_consonants("ベッド"), "ベド")
        self.assertEqual(V.single_consonants("あっ"), "あっ")                      # nothing to write it with
        self.assertEqual(V.single_consonants("っあ"), "っあ")
        self.assertEqual(heard("きって", "切って", "heard-single"), "きて")        # a verb ending too
        self.assertEqual(heard("ちょっとまって", "ちょっと待って", "heard-single"), "ちょとまて")
        self.assertEqual(heard("がっこう", "学校", "heard-marked"), "がっこー")     # only heard-single drops it


class Writing(unittest.TestCase):
    def test_kbk_is_the_reading(self):
        self.assertEqual(line("rus_standard:kbk", "せんせいはほんをよんだ", "先生は本を読んだ"), "сэнсэйхахонвоёнда")

    def test_heard_wo_after_n(self):
        self.assertEqual(line("rus_standard:heard-marked", "ほんを", "本を"), "хонъо")

    def test_wo_and_n_before_vowel_fallbacks(self):
        self.assertEqual(line("srp:kbk", "ほんを", "本を"), "хонво")
        self.assertEqual(line("srp:kbk", "かんい", "簡易"), "кан'и")
        self.assertEqual(line("bul:kbk", "ほんや", "本屋"), "хон'я")

    def test_unspellable_kana_and_punctuation_pass_through(self):
        self.assertEqual(line("rus_standard:kbk", "つづく、１０！", "続く、１０！"), "цуづку、１０！")
        self.assertEqual(line("rus_standard:kbk", "えっ？", "えっ？"), "эっ？")

    def test_katakana_is_written_as_hiragana(self):
        self.assertEqual(line("rus_standard:kbk", "パン", "パン"), "пан")

    def test_same_kind_for_both_ukrainian_writers(self):
        self.assertEqual(V.VARIANTS["ukr:kbk"].kind, "cyrillic:ukr")
        self.assertEqual(V.VARIANTS["ukr-bondarenko:kbk"].kind, "cyrillic:ukr")
        self.assertEqual(line("ukr:kbk", "ちゃ", "茶"), "чя")
        self.assertEqual(line("ukr-bondarenko:kbk", "ちゃ", "茶"), "тя")


def spaced(reading, expected, bunsetsu=(), surfaces=()):
    return V.spaced_kana(reading, expected, bunsetsu, surfaces)


class Spaced(unittest.TestCase):
    """The spaced style (issue 17): heard-marked with the spaces a learner types (words.py)."""

    def test_the_issues_sentences(self):
        self.assertEqual(spaced("このほんをよみたい", "この本を読みたい"), "この ほん お よみたい")
        self.assertEqual(spaced("わたしはがくせいです", "私は学生です"), "わたし わ がくせい です")
        self.assertEqual(spaced("すみません、えきはどこですか", "すみません、駅はどこですか"),
                         "すみません、 えき わ どこ です か")
        self.assertEqual(spaced("とうきょうへいきました", "東京へ行きました"), "とーきょー え いきました")
        self.assertEqual(spaced("ごはんをたべました", "ご飯を食べました"), "ごはん お たべました")

    def test_written_per_profile_with_spaces(self):
        self.assertEqual(line("rus_standard:spaced", "わたしはがくせいです", "私は学生です"), "ватаси ва гакусэй дэсу")
        self.assertEqual(line("srp:spaced", "ほんを", "本を"), "хон о")         # ん before a space needs no н'
        self.assertEqual(V.VARIANTS["bul:spaced"].kind, "cyrillic:bul")

    def test_same_kana_as_heard_marked_but_spaces(self):
        for reading, expected in (("こんにちは", "こんにちは"), ("ほっかいどうのふゆはながい", "北海道の冬は長い"),
                                  ("かぜひきしょうなじょうきょう", "風邪引きそうな状況")):
            self.assertEqual(spaced(reading, expected).replace(" ", ""), heard(reading, expected, "heard-marked"))

    def test_verb_endings_and_suffixes_stay_attached(self):
        self.assertEqual(spaced("よんでください", "読んでください"), "よんで ください")      # で after ん: te-form
        self.assertEqual(spaced("およいだ", "泳いだ"), "およいだ")
        self.assertEqual(spaced("あがる", "上がる"), "あがる")                               # が before る
        self.assertEqual(spaced("しずかだ", "静かだ"), "しずか だ")                          # か: the kanji's ending
        self.assertEqual(spaced("べんきょうできる", "勉強できる"), "べんきょーできる")
        self.assertEqual(spaced("べんきょうしています", "勉強しています"), "べんきょーしています")

    def test_particle_chains_and_sentence_final_particles(self):
        self.assertEqual(spaced("わたしにはむりです", "私には無理です"), "わたし に わ むり です")
        self.assertEqual(spaced("いくのはむずかしい", "行くのは難しい"), "いく の わ むずかしい")
        self.assertEqual(spaced("いいですね", "いいですね"), "いい です ね")
        self.assertEqual(spaced("いつかできる", "いつかできる"), "いつかできる")         # か only at the end

    def test_hiragana_words_that_keep_their_kana(self):
        for word in ("この", "ちょっと", "もっと", "とても", "いつも", "だから", "しか"):
            self.assertEqual(spaced(word, word), word)
        self.assertEqual(spaced("こんにちは", "こんにちは"), "こんにちわ")
        self.assertEqual(spaced("きいたことがない", "聞いたことが無い"), "きいたこと が ない")   # こ + と is not a particle

    def test_prefix_compound_and_pronouns(self):
        self.assertEqual(spaced("よろしくおねがいします", "よろしくお願いします"), "よろしく おねがいします")
        self.assertEqual(spaced("たべものがすき", "食べ物が好き"), "たべもの が すき")
        self.assertEqual(spaced("あかいくるま", "赤い車"), "あかい くるま")
        self.assertEqual(spaced("これはいくらですか", "これはいくらですか"), "これ わ いくら です か")
        self.assertEqual(spaced("そのときいく", "そのとき行く"), "その とき いく")

    def test_punctuation_and_brackets(self):
        self.assertEqual(spaced("「さとう」です", "「佐藤」です"), "「さとー」 です")
        self.assertEqual(spaced("はい、そうです。", "はい、そうです。"), "はい、 そう です。")

    def test_bunsetsu_boundaries_are_spaces_but_not_before_punctuation(self):
        # Anthy's |あかうんとの|あるひとは| and |１どていたいし|、|その|
        self.assertEqual(spaced("あかうんとのあるひとは", "アカウントのある人は", (6,)), "あかうんと の ある ひと わ")
        self.assertEqual(spaced("いきまし、その", "行きまし、その", (4, 5)), "いきまし、 その")
        # unaligned: only the bunsetsu boundaries, and the kana as typed (as heard-marked keeps it)
        self.assertEqual(spaced("かぜひきしょうなじょうきょう", "風邪引きそうな状況", (4,)), "かぜひき しょうなじょうきょう")

    def test_implausible_alignment_keeps_only_the_bunsetsu(self):
        # the shortest-span alignment reads 昨日 as き: its boundaries would cut words
        self.assertEqual(V.align("きのうののみかいで", "昨日の飲み会で")[0], ("き", ("kanji",)))
        self.assertEqual(spaced("きのうののみかいで", "昨日の飲み会で", (4,)), "きのうの のみかいで")

    def test_bunsetsu_aligned_one_by_one(self):
        # the whole line aligns 映画 with えい; bunsetsu by bunsetsu it cannot
        self.assertEqual(spaced("えいががはじまる", "映画が始まる"), "えい が がはじまる")
        self.assertEqual(spaced("えいががはじまる", "映画が始まる", (4,), ("映画が", "始まる")), "えいが が はじまる")
        item = Item("anthy", 1, "えいががはじまる", "映画が始まる", "dev", (4,), ("映画が", "始まる"))
        self.assertEqual(V.input_line("rus_standard:spaced", item), "эйга га хадзимару")

    def test_words_that_look_like_particles(self):
        self.assertEqual(spaced("いかがでしょうか", "いかがでしょうか"), "いかが でしょう か")   # nothing cut after the copula
        self.assertEqual(spaced("すでにきた", "すでに来た"), "すでに きた")                   # に stays on hiragana adverbs
        self.assertEqual(spaced("だいじだけど", "大事だけど"), "だいじ だけど")
        self.assertEqual(spaced("うつくしかろう", "美しかろう"), "うつくしかろう")
        self.assertEqual(spaced("おさわがせしました", "お騒がせしました"), "おさわがせしました")
        self.assertEqual(spaced("なでる", "撫でる"), "なでる")
        self.assertEqual(spaced("ひゃくえんしかない", "百円しかない"), "ひゃくえん しか ない")

    def test_kara_after_a_kanji_verb_stem(self):
        self.assertEqual(spaced("わからない", "分からない"), "わからない")
        self.assertEqual(spaced("とうきょうからのてがみ", "東京からの手紙"), "とーきょー から の てがみ")

    def test_item_bunsetsu_reach_the_writer(self):
        item = Item("anthy", 1, "いくとおもう", "行くと思う", "dev", (2, 3))
        self.assertEqual(V.input_line("rus_standard:spaced", item), "ику то омоу")
        self.assertEqual(V.input_line("rus_standard:heard-marked", item), "икутоомоу")


class Context(unittest.TestCase):
    """How issue 17's context items are cut, and how the keyboard's flow commits word by word."""

    def test_anthy_is_cut_at_the_middle_bunsetsu(self):
        from eval.context import build
        from eval.sets import Item, LoadedSet
        item = Item("anthy", 7, "あきのよながにこーどをかく", "秋の夜長にコードを書く", "test", (3, 7, 11),
                    ("秋の", "夜長に", "コードを", "書く"))
        (cut,), left_out = build([LoadedSet("anthy", [item])])["anthy"]
        self.assertEqual((cut.context, cut.reading, cut.expected, cut.half), ("秋の夜長に", "こーどをかく", "コードを書く", "test"))
        self.assertEqual(cut.heard, "こーどおかく")
        self.assertEqual(left_out, {})

    def test_other_sets_are_cut_at_the_middle_word(self):
        from eval.context import build
        from eval.sets import Item, LoadedSet
        items = [Item("own", 1, "わたしはがくせいです", "私は学生です", "dev"),
                 Item("own", 2, "すみません", "すみません", "dev"),
                 Item("anthy", 3, "あえて", "あえて", "dev", (), ("あえて",)),
                 Item("anthy", 4, "にほんだけだ", "日本だけだ", "dev", (3,), ("日本だけだ",))]
        cut, left_out = build([LoadedSet("own", items)])["own"]
        self.assertEqual([(c.context, c.reading, c.heard, c.expected) for c in cut],
                         [("私は", "がくせいです", "がくせいです", "学生です")])    # breaks わたし|わ|がくせい|です
        self.assertEqual(left_out, {"one word": 1, "one bunsetsu": 1,
                                    "reading and surface have a different number of bunsetsu": 1})

    def test_a_particle_can_start_the_rest(self):
        from eval.context import cut_at_word
        from eval.sets import Item
        # わたし|の|ほん|お|よむ: four boundaries, the third (index 4 // 2) is before を
        self.assertEqual(cut_at_word(Item("own", 1, "わたしのほんをよむ", "私の本を読む", "dev")), ("私の本", 6, "を読む"))

    def test_flow_commits_each_word_after_the_last(self):
        from eval.engine import OursFlow

        class Process:
            def __init__(self):
                self.sent = []

            def send(self, line):
                self.sent.append(line)

            def readline(self):
                context, reading = self.sent[-1].split("\t")
                return {"わたし": "私\t渡し", "わ": "は" if context == "私" else "わ", "がくせい": "学生"}.get(reading, "")

        process = Process()
        self.assertEqual(OursFlow.type_words(process, "わたし わ がくせい  です"), "私は学生です")
        self.assertEqual(process.sent, ["\tわたし", "私\tわ", "私は\tがくせい", "私は学生\tです"])

    def test_flow_runs_only_the_spaced_style(self):
        from eval.engine import OursFlow
        flow = OursFlow("cli")
        self.assertTrue(V.accepts(flow, V.VARIANTS["rus_standard:spaced"]))
        self.assertFalse(V.accepts(flow, V.VARIANTS["rus_standard:heard-marked"]))
        self.assertFalse(V.accepts(flow, V.KANA))


class Selection(unittest.TestCase):
    def test_expand(self):
        self.assertEqual(V.expand(["kana"]), ["kana"])
        self.assertEqual(V.expand(["rus_standard"]), ["rus_standard:" + s for s in V.STYLES])
        self.assertEqual(len(V.expand(["all"])), 1 + len(V.WRITERS) * len(V.STYLES))
        self.assertEqual(V.expand(["kana", "all"])[0], "kana")
        with self.assertRaises(KeyError):
            V.expand(["rus_standard:nope"])

    def test_command_line(self):
        self.assertEqual(parse_args(["--variants", "kana,srp:kbk"]).variants, ["kana", "srp:kbk"])
        self.assertEqual(len(parse_args([]).variants), 1 + len(V.WRITERS) * len(V.STYLES))


if __name__ == "__main__":
    unittest.main()
