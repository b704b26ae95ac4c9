"""The evaluation runs our converter without the learning store (issue 40): every `kanji` and
`convert --kanji` it starts passes --no-store, so a developer's own words and learned choices
never change a score. A stand-in CLI records each command line and answers one line per line.

    cd scripts/tools && PYTHONDONTWRITEBYTECODE=1 python3 -m unittest eval.test_engine
"""
import os
import stat
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # scripts/tools

from eval import engine, everyday, foreign  # noqa: E402

# Appends its arguments (one line per run) to $RECORD, then echoes every input line as it came.
FAKE_CLI = """#!/bin/sh
echo "$*" >> "$RECORD"
while IFS= read -r line; do printf '%s\\n' "$line"; done
"""


class NoStore(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.cli = os.path.join(self.folder.name, "cyrillic-ime")
        with open(self.cli, "w") as f:
            f.write(FAKE_CLI)
        os.chmod(self.cli, os.stat(self.cli).st_mode | stat.S_IXUSR)
        self.record = os.path.join(self.folder.name, "commands")
        self.old_record = os.environ.get("RECORD")
        os.environ["RECORD"] = self.record

    def tearDown(self):
        if self.old_record is None:
            del os.environ["RECORD"]
        else:
            os.environ["RECORD"] = self.old_record
        self.folder.cleanup()

    def commands(self):
        with open(self.record) as f:
            return [line.split() for line in f.read().splitlines()]

    def converting(self):
        """The recorded runs that convert to kanji (not the kana-only `convert --profile`)."""
        return [c for c in self.commands() if c[0] == "kanji" or (c[0] == "convert" and "--kanji" in c)]

    def test_every_engine_of_ours_passes_no_store(self):
        for make in (engine.Ours, engine.OursExact, engine.OursContext):
            ours = make(self.cli)
            ours.start()
            ours.run(["か"])
        engine.Ours(self.cli).run(["ка"], "cyrillic:rus_standard")
        engine.OursContext(self.cli).run_in_context([("私", "は")])
        flow = engine.OursFlow(self.cli)
        flow.start()
        flow.run(["ватаси ва"], "cyrillic:rus_standard")
        runs = self.converting()
        self.assertGreaterEqual(len(runs), 9)
        for command in runs:
            self.assertIn(engine.NO_STORE, command, command)
        self.assertIn(engine.NO_STORE, engine.Ours(self.cli).describe())

    def test_the_cyrillic_sets_pass_no_store(self):
        foreign._convert(self.cli, "rus_standard", ["Москва"])
        everyday.evaluate(self.cli)
        runs = self.converting()
        self.assertGreaterEqual(len(runs), 2)
        for command in runs:
            self.assertIn(engine.NO_STORE, command, command)

    def test_the_stand_in_sees_a_command_without_it(self):
        # The check above could not fail if the record missed the runs.
        engine.run_lines(self.cli, ["convert", "--kanji", "--profile", "rus_standard"], ["ка"])
        self.assertEqual(self.commands(), [["convert", "--kanji", "--profile", "rus_standard"]])


if __name__ == "__main__":
    unittest.main()
