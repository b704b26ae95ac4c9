"""Pins the Cyrillic variant rules of variants.py (issues 10 and 12).

    cd scripts/tools && PYTHONDONTWRITEBYTECODE=1 python3 -m unittest
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # scripts/tools

from eval import variants as V  # noqa: E402
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
