"""Our converter, through its command line. Kana lines go to `CLI kanji --candidates 9`, which
writes one line per input line: up to 9 whole-line conversions separated by tabs. Cyrillic lines
(issue 10) will go to `CLI convert --kanji --profile ID`, one conversion per line; the input kind
"cyrillic:ID" carries the profile. Issue 17 adds the same converter given a left context
(OursContext) and the keyboard's word-by-word flow on the spaced style (OursFlow).

`kanji` and `convert --kanji` consult the keyboard's learning store unless told not to: every
run here passes NO_STORE, so what the developer's own keyboard learned or registered never
changes a score."""
import subprocess

from .candidates import MAX_CANDIDATES
from .peers import Engine, LineProcess, Unavailable

# Leaves the learning store out of `kanji` and `convert --kanji`: the dictionary's answers only.
NO_STORE = "--no-store"


def run_lines(cli, arguments, lines, env=None):
    """Runs `cli arguments` once with `lines` on stdin (in environment `env`, else this one) and
    returns one output line per input line; an exit other than 0, or a line count that differs,
    is an error naming the command."""
    done = subprocess.run([cli, *arguments], input="".join(l + "\n" for l in lines), capture_output=True,
                          text=True, timeout=600, env=env)
    if done.returncode != 0:
        raise RuntimeError("%s %s exited %d: %s" % (cli, " ".join(arguments), done.returncode, done.stderr.strip()))
    out = done.stdout.split("\n")
    if out and out[-1] == "":
        out.pop()
    if len(out) != len(lines):
        raise RuntimeError("%s %s: sent %d lines, got %d back" % (cli, " ".join(arguments), len(lines), len(out)))
    return out


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
            probe = subprocess.run([self.cli, "kanji", NO_STORE, "--candidates", "1"], input="", capture_output=True,
                                   text=True, timeout=60)
        except OSError as error:
            raise Unavailable("cannot run %s: %s" % (self.cli, error))
        if probe.returncode != 0:
            raise Unavailable("`%s kanji` exits %d: %s" % (self.cli, probe.returncode,
                                                           probe.stderr.strip().splitlines()[-1:] or ""))

    def command(self, kind):
        if kind == "kana":
            return [self.cli, "kanji", NO_STORE, *self.kanji_options, "--candidates", str(MAX_CANDIDATES)]
        if kind.startswith("cyrillic:"):
            return [self.cli, "convert", "--kanji", NO_STORE, "--profile", kind.split(":", 1)[1]]
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
        return "%s kanji %s %s--candidates %d" % (self.cli, NO_STORE, "".join(o + " " for o in self.kanji_options), MAX_CANDIDATES)


class OursExact(Ours):
    """Our converter matching only the reading as typed (no spellings as heard): issue 10 asks
    that the as-heard matching leave kana input no worse, so both are measured side by side."""
    name = "ours-exact"
    kinds = ("kana",)
    kanji_options = ("--exact",)


class OursContext(Ours):
    """Our converter given a left context (issue 17): `CLI kanji --context-tsv`, one input line
    `context<TAB>reading` per item and one output line back, as `kanji` prints it."""
    name = "ours-context"
    kanji_options = ("--context-tsv",)

    def start(self):
        super().start()
        probe = subprocess.run([self.cli, "kanji", NO_STORE, "--context-tsv"], input="私\tは\n", capture_output=True,
                               text=True, timeout=60)
        if probe.returncode != 0 or len(probe.stdout.splitlines()) != 1:
            raise Unavailable("`%s kanji %s --context-tsv` does not answer one line (exit %d): %s" % (
                self.cli, NO_STORE, probe.returncode, probe.stderr.strip().splitlines()[-1:] or ""))

    def run_in_context(self, pairs):
        """pairs: (context, reading) → up to 9 candidates each."""
        for context, reading in pairs:
            if any(c in text for text in (context, reading) for c in "\t\r\n"):
                raise ValueError("a context or reading may not contain a tab or line break: %r" % ((context, reading),))
        return self.run(["%s\t%s" % pair for pair in pairs])


class OursFlow(OursContext):
    """The keyboard's flow on the spaced style (issue 17): the line is typed in profile ID and
    turned into kana by `CLI convert --profile ID` (kana only, spaces kept); then each word is
    converted after the text committed before it on the same line, through one
    `CLI kanji --context-tsv` process fed word by word (the context of the first word is empty).
    The line's conversion is what was committed: one candidate, top-1 only."""
    name = "ours-flow"
    kinds = ("cyrillic",)
    styles = ("spaced",)

    def run(self, lines, kind="kana"):
        if not kind.startswith("cyrillic:"):
            raise ValueError("ours-flow takes Cyrillic lines, not %r" % kind)
        for line in lines:
            if any(c in line for c in "\t\r\n"):
                raise ValueError("a line may not contain a tab or line break: %r" % line)
        command = [self.cli, "convert", "--profile", kind.split(":", 1)[1]]
        done = subprocess.run(command, input="".join(l + "\n" for l in lines), capture_output=True,
                              text=True, timeout=600)
        if done.returncode != 0:
            raise RuntimeError("%s exited %d: %s" % (" ".join(command), done.returncode, done.stderr.strip()))
        kana_lines = done.stdout.split("\n")[:len(lines)]
        if len(kana_lines) != len(lines):
            raise RuntimeError("sent %d lines to convert, got %d back" % (len(lines), len(kana_lines)))
        process = LineProcess([self.cli, "kanji", NO_STORE, "--context-tsv"])
        try:
            return [[self.type_words(process, kana)] for kana in kana_lines]
        finally:
            process.close()

    @staticmethod
    def type_words(process, kana_line):
        committed = ""
        for word in kana_line.split(" "):
            if not word:
                continue
            process.send("%s\t%s" % (committed, word))
            answer = process.readline()
            committed += answer.split("\t", 1)[0] if answer else word
        return committed

    def describe(self):
        return "%s convert --profile ID (kana), then kanji %s --context-tsv word by word" % (self.cli, NO_STORE)
