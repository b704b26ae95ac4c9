"""The foreign-word set's reader, its split and its raw-Cyrillic count (issue 40), and the set file
itself: every line well formed, every source declared, every language in both halves.

    cd scripts/tools && PYTHONDONTWRITEBYTECODE=1 python3 -m unittest eval.test_foreign
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # scripts/tools

from eval import foreign  # noqa: E402

HEADER = "# source cities: a list of cities\n# source frames: the sentence frames\n"


def parse(body):
    return foreign.parse(HEADER + body, "test.tsv")


class RawCyrillic(unittest.TestCase):
    def test_outputs_in_kana_and_kanji_keep_none(self):
        for text in ("モスクワから来ました", "私の名前はイワンです", "東京", "ABC 123、。", ""):
            self.assertEqual(foreign.raw_cyrillic(text), "", text)

    def test_letters_left_between_kana_are_found_in_order(self):
        self.assertEqual(foreign.raw_cyrillic("もсくわ"), "с")
        self.assertEqual(foreign.raw_cyrillic("さんктーペテр部ргに住んでいます"), "ктррг")

    def test_every_profile_letter_counts_and_the_range_ends_are_inside(self):
        for letter in "ёЁїЇєЄґҐіІўЎјЈљЉњЊђЂћЋџЏъЪщЩ\u0400\u04ff":
            self.assertEqual(foreign.raw_cyrillic("キ%sウ" % letter), letter)

    def test_characters_just_outside_the_range_do_not_count(self):
        self.assertEqual(foreign.raw_cyrillic("\u03ff\u0500ÿ"), "")


class Reader(unittest.TestCase):
    def test_a_line_becomes_an_item_with_its_accepted_forms_and_half(self):
        items, sources = parse("ru\tplace\tСамара\tサマーラ|サマラ\tСамара\tcities\n"
                               "ru\tsentence\tСамара ни сундэ имас\tサマーラに住んでいます\tСамара\tcities+frames\n")
        self.assertEqual(sources, {"cities": "a list of cities", "frames": "the sentence frames"})
        word, sentence = items
        self.assertEqual((word.number, word.language, word.kind, word.typed, word.profile),
                         (3, "ru", "place", "Самара", "rus_standard"))
        self.assertEqual(word.expected, ("サマーラ", "サマラ"))
        self.assertEqual(word.half, foreign.half_of("ru", "Самара"))
        self.assertEqual(sentence.half, word.half, "a sentence falls in the half of the word it holds")

    def test_the_split_is_stable_and_depends_on_the_language(self):
        self.assertEqual(foreign.half_of("ru", "Москва"), foreign.half_of("ru", "Москва"))
        halves = {foreign.half_of(language, word) for language in foreign.PROFILES
                  for word in ("Москва", "Київ", "Мінск", "Београд", "София", "Иван", "Марија")}
        self.assertEqual(halves, {"dev", "test"})

    def test_malformed_lines_are_errors_naming_the_line_and_the_fault(self):
        cases = [
            ("ru\tplace\tСамара\tサマーラ\tСамара\n", "5 tab-separated columns, expected 6"),
            ("xx\tplace\tСамара\tサマーラ\tСамара\tcities\n", "unknown language 'xx'"),
            ("ru\tcity\tСамара\tサマーラ\tСамара\tcities\n", "unknown kind 'city'"),
            ("ru\tplace\tСамара\tサマーラ|\tСамара\tcities\n", "an empty form"),
            ("ru\tplace\tСамара\tсамара\tСамара\tcities\n", "holds Cyrillic letters"),
            ("ru\tsentence\tОмск ни сундэ имас\tオムスクに住んでいます\tСамара\tcities+frames\n", "key 'Самара' is not in"),
            ("ru\tplace\tСамара ни\tサマーラに\tСамара\tcities\n", "its key must be the typed line"),
            ("ru\tplace\tСамара\tサマーラ\tСамара\tatlas\n", "source 'atlas' not declared"),
            ("ru\tplace\tСамара\tサマーラ\tСамара\tcities+atlas\n", "source 'atlas' not declared"),
            ("ru\tplace\tСамара \tサマーラ\tСамара\tcities\n", "spaces around it"),
        ]
        for body, message in cases:
            with self.subTest(body=body):
                with self.assertRaises(foreign.SetError) as raised:
                    parse(body)
                self.assertIn("test.tsv:3: ", str(raised.exception))
                self.assertIn(message, str(raised.exception))

    def test_a_repeated_line_and_a_source_declared_twice_are_errors(self):
        with self.assertRaisesRegex(foreign.SetError, r"test.tsv:4: .*already on line 3"):
            parse("ru\tplace\tОмск\tオムスク\tОмск\tcities\n" * 2)
        with self.assertRaisesRegex(foreign.SetError, r"test.tsv:2: source 'cities' declared twice"):
            foreign.parse("# source cities: one\n# source cities: two\n", "test.tsv")


class Scoring(unittest.TestCase):
    def test_top1_takes_any_accepted_form_and_cyrillic_is_counted_per_output(self):
        items, _ = parse("ru\tplace\tСамара\tサマーラ|サマラ\tСамара\tcities\n"
                         "ru\tplace\tОмск\tオムスク\tОмск\tcities\n"
                         "bg\tplace\tВарна\tヴァルナ\tВарна\tcities\n")
        rows, summary = foreign.score(items, ["サマラ", "おмск", "ばрな"])
        self.assertEqual([r["top1"] for r in rows], [True, False, False])
        self.assertEqual([r["cyrillic"] for r in rows], ["", "мск", "р"])
        by_key = {(s["half"], s["language"]): s for s in summary}
        for half in {i.half for i in items}:
            every = by_key[(half, "all")]
            chosen = [r for r in rows if r["item"].half == half]
            self.assertEqual(every["n"], len(chosen))
            self.assertEqual(every["cyrillic"], sum(bool(r["cyrillic"]) for r in chosen))
        self.assertEqual(sum(s["n"] for s in summary if s["language"] != "all"), 3)

    def test_outputs_are_compared_after_nfkc(self):
        items, _ = parse("ru\tplace\tСамара\tサマーラ\tСамара\tcities\n")
        self.assertTrue(foreign.score(items, ["ｻﾏｰﾗ"])[0][0]["top1"])


class TheSetFile(unittest.TestCase):
    """The shipped set: it loads (every line well formed, every source declared), every language
    has items in both halves, and about a third of each language's items are sentences."""

    def test_every_language_has_both_halves_and_sentences(self):
        items, sources = foreign.load()
        self.assertTrue(sources)
        for language in foreign.PROFILES:
            mine = [i for i in items if i.language == language]
            with self.subTest(language=language):
                self.assertGreaterEqual(len(mine), 60)
                for half in ("dev", "test"):
                    self.assertGreaterEqual(sum(i.half == half for i in mine), len(mine) // 4)
                sentences = sum(i.kind == "sentence" for i in mine)
                self.assertGreaterEqual(sentences / len(mine), 0.25)


if __name__ == "__main__":
    unittest.main()
