#!/usr/bin/env python3
"""Differential fuzzer for codon (docs/fuzzing.md).

Generates random programs (tests/fuzz/gen.py), runs each with CPython and with codon in
debug and release builds, and compares standard output and exit status. A program codon
rejects at compile time is counted as *rejected*; an internal compiler error as *ice*; a
different output or status as a *difference*. Each failing program is written to the output
folder with a note, then minimized (units first, then statements, while the same failure
persists) and the minimized program written beside it.

The last line printed is the summary the cargo test (tests/differential.rs) reads:
    RESULT programs=N units=N rejected=N ice=N differences=N generator_errors=N seconds=S
"""

import argparse
import concurrent.futures as cf
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

RUN_TIMEOUT = 20  # seconds a built program (or CPython) may run
BUILD_TIMEOUT = 600


class Outcome:
    def __init__(self, kind, stdout="", code=0, stderr=""):
        self.kind = kind  # "ok", "rejected", "ice", "timeout"
        self.stdout = stdout
        self.code = code
        self.stderr = stderr

    def key(self):
        return (self.kind, self.stdout, self.code)


def run_python(path):
    try:
        p = subprocess.run([sys.executable, path], capture_output=True, timeout=RUN_TIMEOUT,
                           cwd=os.path.dirname(path))
    except subprocess.TimeoutExpired:
        return Outcome("timeout")
    return Outcome("ok", p.stdout.decode("utf-8", "replace"), p.returncode,
                   p.stderr.decode("utf-8", "replace"))


def codon_env():
    env = dict(os.environ)
    env.pop("CODON_STDLIB", None)
    env["NO_COLOR"] = "1"
    return env


def build(codon, path, release, exe):
    cmd = [codon, "build", path, "-o", exe] + (["--release"] if release else [])
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=BUILD_TIMEOUT, env=codon_env(),
                           cwd=os.path.dirname(path), stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return Outcome("ice", stderr="the build timed out")
    err = p.stderr.decode("utf-8", "replace")
    if p.returncode == 0:
        return None
    if p.returncode == 101 or "internal compiler error" in err or "panicked at" in err:
        return Outcome("ice", code=p.returncode, stderr=err)
    return Outcome("rejected", code=p.returncode, stderr=err)


def run_exe(exe):
    try:
        p = subprocess.run([exe], capture_output=True, timeout=RUN_TIMEOUT,
                           cwd=os.path.dirname(exe), stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return Outcome("timeout")
    return Outcome("ok", p.stdout.decode("utf-8", "replace"), p.returncode,
                   p.stderr.decode("utf-8", "replace"))


def run_codon(codon, path, release):
    exe = path[:-3] + (".rel" if release else ".dbg")
    failed = build(codon, path, release, exe)
    if failed:
        return failed
    out = run_exe(exe)
    try:
        os.unlink(exe)
    except OSError:
        pass
    return out


def error_message(stderr):
    """The first error's message, without its location (to recognize the same rejection)."""
    for line in stderr.splitlines():
        m = re.search(r"error: (.*)", line)
        if m:
            return re.sub(r"\b[a-zA-Z]+\d+_\d+\b", "NAME", m.group(1)).strip()
    return stderr.strip().splitlines()[0] if stderr.strip() else ""


def first_difference(want, got):
    w, g = want.splitlines(), got.splitlines()
    for i in range(max(len(w), len(g))):
        a = w[i] if i < len(w) else "<end>"
        b = g[i] if i < len(g) else "<end>"
        if a != b:
            return f"line {i + 1}: CPython {a!r}, codon {b!r}"
    return "trailing newline"


class Checker:
    """Runs one program through CPython and the codon profiles and classifies the result."""

    def __init__(self, codon, profiles, workdir):
        self.codon = codon
        self.profiles = profiles  # ["debug", "release"]
        self.workdir = workdir
        self.n = 0

    def write(self, text):
        self.n += 1
        d = tempfile.mkdtemp(prefix="p", dir=self.workdir)
        path = os.path.join(d, "prog.py")
        with open(path, "w") as f:
            f.write(text)
        return path

    def check(self, text, profiles=None, pool=None):
        """(verdict, detail, expected, {profile: Outcome}); verdict is ok, rejected, ice,
        difference or generator_error."""
        profiles = profiles or self.profiles
        path = self.write(text)
        try:
            exp = run_python(path)
            if exp.kind != "ok" or exp.code != 0:
                return "generator_error", exp.stderr[-2000:], exp, {}
            if pool is not None and len(profiles) > 1:
                futs = {p: pool.submit(run_codon, self.codon, path, p == "release") for p in profiles}
                got = {p: f.result() for p, f in futs.items()}
            else:
                got = {p: run_codon(self.codon, path, p == "release") for p in profiles}
        finally:
            shutil.rmtree(os.path.dirname(path), ignore_errors=True)
        for p in profiles:
            o = got[p]
            if o.kind == "ice":
                return "ice", f"{p}: {error_message(o.stderr)}", exp, got
        for p in profiles:
            o = got[p]
            if o.kind == "rejected":
                return "rejected", f"{p}: {error_message(o.stderr)}", exp, got
        for p in profiles:
            o = got[p]
            if o.kind == "timeout":
                return "difference", f"{p}: timed out", exp, got
            if o.stdout != exp.stdout or o.code != exp.code:
                why = f"{p}: exit {o.code} (CPython {exp.code}); " if o.code != exp.code else f"{p}: "
                return "difference", why + first_difference(exp.stdout, o.stdout), exp, got
        return "ok", "", exp, got


def signature(verdict, detail):
    """What must stay the same while minimizing: the kind of failure, the profile, and for
    rejections and ICEs the message; for differences only the profile and whether the exit
    status differs (the output lines change as code is removed)."""
    profile = detail.split(":", 1)[0]
    if verdict in ("rejected", "ice"):
        return (verdict, detail)
    return (verdict, profile, "exit" in detail.split(";")[0])


# ------------------------------------------------------------------------------ minimizer

def indent_of(line):
    return len(line) - len(line.lstrip(" "))


def fix_empty_blocks(lines):
    """Puts `pass` into every block left empty."""
    out = []
    for i, line in enumerate(lines):
        out.append(line)
        if line.rstrip().endswith(":") and not line.lstrip().startswith("#"):
            nxt = next((x for x in lines[i + 1:] if x.strip()), None)
            if nxt is None or indent_of(nxt) <= indent_of(line):
                out.append(" " * (indent_of(line) + 4) + "pass")
    return out


def span_end(lines, i):
    """End (exclusive) of the statement starting at line i, with its nested block and its
    continuation clauses (elif/else/except/finally) when i starts a compound statement."""
    ind = indent_of(lines[i])
    j = i + 1
    while j < len(lines):
        line = lines[j]
        if not line.strip():
            j += 1
            continue
        if indent_of(line) > ind:
            j += 1
            continue
        if indent_of(line) == ind and re.match(r"\s*(elif\b|else\s*:|except\b|finally\s*:)", line):
            j += 1
            continue
        break
    return j


def compiles(text):
    try:
        compile(text, "prog.py", "exec")
        return True
    except SyntaxError:
        return False


def minimize(checker, text, sig, profiles, pool, log, budget_s=900):
    """Removes statements while `sig` persists; returns the smallest program found."""
    deadline = time.time() + budget_s
    tries = 0

    def interesting(candidate):
        nonlocal tries
        if time.time() > deadline or not compiles(candidate):
            return False
        tries += 1
        verdict, detail, _, _ = checker.check(candidate, profiles, pool)
        return signature(verdict, detail) == sig

    lines = text.splitlines()
    changed = True
    granularity_passes = 0
    while changed and time.time() < deadline:
        changed = False
        granularity_passes += 1
        # Whole statements first (with their blocks), from the top; a removal that keeps
        # the failure is kept and the same position tried again.
        i = 0
        while i < len(lines) and time.time() < deadline:
            if not lines[i].strip() or lines[i].strip() == "pass":
                i += 1
                continue
            j = span_end(lines, i)
            cand = fix_empty_blocks(lines[:i] + lines[j:])
            if interesting("\n".join(cand) + "\n"):
                lines = cand
                changed = True
                continue
            i += 1
        # Compound headers replaced by their bodies (dedented), e.g. an `if` around one line.
        i = 0
        while i < len(lines) and time.time() < deadline:
            line = lines[i]
            if re.match(r"\s*(if|for|while|try)\b.*:\s*$", line):
                j = span_end(lines, i)
                body = []
                k = i + 1
                ind = indent_of(line)
                while k < j and (indent_of(lines[k]) > ind or not lines[k].strip()):
                    body.append(lines[k][4:] if lines[k].startswith(" " * (ind + 4)) else lines[k])
                    k += 1
                cand = fix_empty_blocks(lines[:i] + body + lines[j:])
                if interesting("\n".join(cand) + "\n"):
                    lines = cand
                    changed = True
                    continue
            i += 1
    log(f"    minimized in {tries} tries to {len(lines)} lines")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------ main loop

def main():
    ap = argparse.ArgumentParser(description="codon differential fuzzer")
    ap.add_argument("--codon", default=os.environ.get("CODON", "target/release/codon"))
    ap.add_argument("--seconds", type=float, default=float(os.environ.get("CODON_DIFF_SECONDS", 60)))
    ap.add_argument("--seed", type=int, default=int(os.environ.get("CODON_DIFF_SEED", 1)))
    ap.add_argument("--count", type=int, default=0, help="stop after this many programs (0: no limit)")
    ap.add_argument("--units", type=int, default=6, help="units (independent test functions) per program")
    ap.add_argument("--jobs", type=int, default=1, help="programs checked at once")
    ap.add_argument("--profiles", default="debug,release")
    ap.add_argument("--without", default="", help="generator features to leave out (gen.py)")
    ap.add_argument("--with", dest="with_", default="", help="generator features to add")
    ap.add_argument("--out", default="tests/fuzz/out", help="where failing programs are written")
    ap.add_argument("--no-minimize", action="store_true")
    ap.add_argument("--minimize-seconds", type=float, default=900)
    ap.add_argument("--stop-after", type=int, default=0, help="stop after this many failures (0: never)")
    ap.add_argument("--reduce", metavar="FILE", help="minimize this failing program (to FILE-min.py) and stop")
    a = ap.parse_args()

    codon = os.path.abspath(a.codon)
    if not os.access(codon, os.X_OK):
        sys.exit(f"no codon executable at {codon}")
    profiles = [p for p in a.profiles.split(",") if p]
    feats = gen.Features([x for x in a.without.split(",") if x], [x for x in a.with_.split(",") if x])
    os.makedirs(a.out, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="codon-diff-")
    checker = Checker(codon, profiles, workdir)
    counts = dict(programs=0, units=0, rejected=0, ice=0, differences=0, generator_errors=0)
    start = time.time()
    log = lambda s: print(s, flush=True)  # noqa: E731
    log(f"differential: seed {a.seed}, {a.units} units a program, profiles {','.join(profiles)}, "
        f"{a.seconds:.0f} s, features {','.join(sorted(feats.on))}")
    failures = []
    pool = cf.ThreadPoolExecutor(max_workers=max(2, 2 * a.jobs) * 2)

    def one(seed):
        text = gen.program(seed, list(range(a.units)), feats)
        t0 = time.time()
        verdict, detail, exp, got = checker.check(text, profiles, pool)
        return seed, text, verdict, detail, exp, got, time.time() - t0

    def report(seed, text, verdict, detail, exp, got, took):
        counts["programs"] += 1
        counts["units"] += a.units
        if verdict == "ok":
            log(f"seed {seed}: ok ({took:.1f} s)")
            return
        key = {"rejected": "rejected", "ice": "ice", "difference": "differences",
               "generator_error": "generator_errors"}[verdict]
        counts[key] += 1
        base = os.path.join(a.out, f"seed-{seed}")
        with open(base + ".py", "w") as f:
            f.write(text)
        note = [f"seed {seed}: {verdict}: {detail}",
                f"reproduce: python3 tests/fuzz/gen.py --seed {seed} --units {a.units}"
                + (f" --without {a.without}" if a.without else "")
                + (f" --with {a.with_}" if a.with_ else "")]
        for p, o in got.items():
            if o.stderr.strip():
                note.append(f"--- {p} stderr (tail)\n{o.stderr[-1500:]}")
        with open(base + ".txt", "w") as f:
            f.write("\n".join(note) + "\n")
        log(f"seed {seed}: {verdict.upper()}: {detail}\n    program: {base}.py")
        failures.append((seed, verdict, detail))
        if verdict == "generator_error" or a.no_minimize:
            return
        sig = signature(verdict, detail)
        # Which single unit shows it? (units are generated independently)
        small = None
        for k in range(a.units):
            cand = gen.program(seed, [k], feats)
            v, d, _, _ = checker.check(cand, profiles, pool)
            if signature(v, d) == sig:
                small = cand
                log(f"    unit {k} alone shows it")
                break
        small = minimize(checker, small or text, sig, profiles, pool, log, a.minimize_seconds)
        v, d, e, g = checker.check(small, profiles, pool)
        with open(base + "-min.py", "w") as f:
            f.write(small)
        with open(base + "-min.txt", "w") as f:
            f.write(f"{v}: {d}\n--- CPython stdout (exit {e.code})\n{e.stdout}")
            for p, o in g.items():
                f.write(f"--- codon {p}: {o.kind}, exit {o.code}\n{o.stdout}\n--- stderr\n{o.stderr[-3000:]}\n")
        log(f"    minimized: {base}-min.py ({len(small.splitlines())} lines)")

    if a.reduce:
        text = open(a.reduce).read()
        verdict, detail, _, _ = checker.check(text, profiles, pool)
        log(f"{a.reduce}: {verdict}: {detail}")
        if verdict in ("ok", "generator_error"):
            sys.exit(0)
        small = minimize(checker, text, signature(verdict, detail), profiles, pool, log, a.minimize_seconds)
        out = a.reduce[:-3] + "-min.py"
        with open(out, "w") as f:
            f.write(small)
        v, d, e, g = checker.check(small, profiles, pool)
        log(f"{out}: {v}: {d}\n--- CPython (exit {e.code})\n{e.stdout}")
        for p, o in g.items():
            log(f"--- codon {p}: {o.kind}, exit {o.code}\n{o.stdout}{o.stderr[-2000:]}")
        shutil.rmtree(workdir, ignore_errors=True)
        sys.exit(0)

    seed = a.seed
    try:
        with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
            running = set()
            while True:
                out_of_time = time.time() - start >= a.seconds
                out_of_count = a.count and seed - a.seed >= a.count
                stop = a.stop_after and len(failures) >= a.stop_after
                while not (out_of_time or out_of_count or stop) and len(running) < a.jobs:
                    running.add(ex.submit(one, seed))
                    seed += 1
                    out_of_count = a.count and seed - a.seed >= a.count
                if not running:
                    break
                done, running = cf.wait(running, return_when=cf.FIRST_COMPLETED)
                for f in sorted(done, key=lambda f: f.result()[0]):
                    report(*f.result())
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
        pool.shutdown()
    secs = time.time() - start
    for s, v, d in failures:
        log(f"FAILED seed {s}: {v}: {d}")
    log("RESULT " + " ".join(f"{k}={v}" for k, v in counts.items()) + f" seconds={secs:.0f}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
