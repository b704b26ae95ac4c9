"""Without the shared evaluation data (a fresh clone has no ../shared/data), the sets that need
it are skipped with the reason and the run goes on with our own set (issue 20).

    cd scripts/tools && PYTHONDONTWRITEBYTECODE=1 python3 -m unittest eval.test_sets
"""
import os
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # scripts/tools

from eval import report, sets  # noqa: E402


class MissingData(unittest.TestCase):
    def setUp(self):
        self.saved = sets.DATA
        self.empty = tempfile.TemporaryDirectory()
        sets.DATA = Path(self.empty.name) / "shared" / "data"   # not there

    def tearDown(self):
        sets.DATA = self.saved
        self.empty.cleanup()

    def test_the_shared_sets_are_skipped_with_the_reason_and_ours_still_loads(self):
        loaded = {s.name: s for s in sets.load(["anthy", "mozc", "own"])}
        for name, file in (("anthy", "anthy_corpus.1.txt"), ("mozc", "mozc_evaluation.tsv")):
            self.assertEqual(loaded[name].items, [])
            self.assertIn(str(sets.DATA / file) + " is not there", loaded[name].unavailable)
            self.assertIn("a fresh clone does not", loaded[name].unavailable)
        self.assertEqual(loaded["own"].unavailable, "")
        self.assertGreater(len(loaded["own"].items), 10)
        text = report.markdown([], list(loaded.values()), {}, {"total": 0.0}, "eval")
        self.assertIn("- **anthy**: skipped: ", text)
        self.assertIn("- **own**: %d items" % len(loaded["own"].items), text)


@unittest.skipUnless(sets.DATA.is_dir(), "the shared evaluation data is not beside this clone")
class WithData(unittest.TestCase):
    def test_the_shared_sets_load_when_the_data_is_there(self):
        for s in sets.load(["anthy", "mozc"], limit=5):
            self.assertEqual(s.unavailable, "")
            self.assertEqual(len(s.items), 5)


if __name__ == "__main__":
    unittest.main()
