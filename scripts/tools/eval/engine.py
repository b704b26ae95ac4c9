"""Our converter, through its command line. Kana lines go to `CLI kanji --candidates 9`, which
writes one line per input line: up to 9 whole-line conversions separated by tabs. Cyrillic lines
(issue 10) will go to `CLI convert --kanji --profile ID`, one conversion per line; the input kind
"cyrillic:ID" carries the profile."""
import subprocess

from .candidates import MAX_CANDIDATES
from .peers import Engine, Unavailable


class Ours(Engine):
    name = "ours"
    kinds = ("kana", "cyrillic")
    # Extra arguments of the kanji command: none, or --exact for the reading as typed only.
    kanji_options = ()

    def __init__(self, cli):
        self.cli = cli

    def start(self):
        if not self.cli:
            raise Unavailable("no CLI given (--cli)")
        try:
            probe = subprocess.run([self.cli, "kanji", "--candidates", "1"], input="", capture_output=True,
                                   text=True, timeout=60)
        except OSError as error:
            raise Unavailable("cannot run %s: %s" % (self.cli, error))
        if probe.returncode != 0:
            raise Unavailable("`%s kanji` exits %d: %s" % (self.cli, probe.returncode,
                                                           probe.stderr.strip().splitlines()[-1:] or ""))

    def command(self, kind):
        if kind == "kana":
            return [self.cli, "kanji", *self.kanji_options, "--candidates", str(MAX_CANDIDATES)]
        if kind.startswith("cyrillic:"):
            return [self.cli, "convert", "--kanji", "--profile", kind.split(":", 1)[1]]
        raise ValueError("unknown input kind %r" % kind)

    def run(self, lines, kind="kana"):
        for line in lines:
            if "\n" in line or "\r" in line:
                raise ValueError("a line may not contain a line break: %r" % line)
        command = self.command(kind)
        done = subprocess.run(command, input="".join(l + "\n" for l in lines), capture_output=True,
                              text=True, timeout=600)
        if done.returncode != 0:
            raise RuntimeError("%s exited %d: %s" % (" ".join(command), done.returncode, done.stderr.strip()))
        outputs = done.stdout.split("\n")
        if outputs and outputs[-1] == "":
            outputs.pop()
        if len(outputs) != len(lines):
            raise RuntimeError("sent %d lines, got %d back" % (len(lines), len(outputs)))
        return [[c for c in out.split("\t") if c][:MAX_CANDIDATES] for out in outputs]

    def describe(self):
        return "%s kanji %s--candidates %d" % (self.cli, "".join(o + " " for o in self.kanji_options), MAX_CANDIDATES)


class OursExact(Ours):
    """Our converter matching only the reading as typed (no spellings as heard): issue 10 asks
    that the as-heard matching leave kana input no worse, so both are measured side by side."""
    name = "ours-exact"
    kinds = ("kana",)
    kanji_options = ("--exact",)
