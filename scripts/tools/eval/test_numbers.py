"""Unit tests of the number set's reader and its top-1 (cd scripts/tools && python3 -m unittest eval.test_numbers)."""
import tempfile
import unittest
from pathlib import Path

from eval import numbers


class NumberSetTest(unittest.TestCase):
    def write(self, text):
        folder = tempfile.TemporaryDirectory()
        self.addCleanup(folder.cleanup)
        path = Path(folder.name) / "set.tsv"
        path.write_text(text, encoding="utf-8")
        return path

    def test_the_bundled_set_reads_and_has_both_halves(self):
        items = numbers.load()
        self.assertGreaterEqual(len(items), 100)
        self.assertEqual({i.half for i in items}, {"dev", "test"})
        self.assertEqual(len({i.reading for i in items}), len(items), "a reading listed twice")

    def test_every_accepted_form_counts_and_nothing_else(self):
        path = self.write("# comment\nさんにん\t3人|三人\tcount\n")
        item = numbers.load(path)[0]
        self.assertEqual(item.expected, ("3人", "三人"))
        self.assertTrue(numbers.top1(item, "三人"))
        self.assertTrue(numbers.top1(item, "３人"))   # NFKC, as the other sets
        self.assertFalse(numbers.top1(item, "産人"))
        self.assertFalse(numbers.top1(item, None))

    def test_a_malformed_line_is_an_error_naming_it(self):
        with self.assertRaisesRegex(ValueError, r"set.tsv:1: expected reading"):
            numbers.load(self.write("さんにん\t3人\n"))
        with self.assertRaisesRegex(ValueError, r"set.tsv:1: unknown source kind 'novel'"):
            numbers.load(self.write("さんにん\t3人\tnovel\n"))


if __name__ == "__main__":
    unittest.main()
