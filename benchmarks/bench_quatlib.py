"""quatlib against numpy-quaternion (C ufuncs) and scipy's Rotation, in one run.

Run with ``make bench`` (``.venv/bin/python benchmarks/bench_quatlib.py``); see
benchmarks/README.md for what is measured and the latest table.

Every operation starts from plain float arrays, as a course notebook does, and
is timed with ``time.perf_counter``: one warm-up call, a loop count calibrated so
that one sample lasts at least ``--min-time``, then ``--repeat`` samples whose
median is reported.  The libraries are sampled round-robin (quatlib, then
numpy-quaternion, then scipy, repeat), so a load spike on a shared machine hits
all three alike and the ratios stay comparable even when absolute times swing.

Rows for functions quatlib does not have yet are left out (``hasattr`` check), so
the script runs at every stage of the package.

Usage::

    python benchmarks/bench_quatlib.py                 # full table, N = 1 ... 1e6
    python benchmarks/bench_quatlib.py --sizes 1000 1000000 --repeat 5
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import subprocess
import sys
import time

import numpy as np

import quatlib as ql

try:
    import quaternion as nq  # numpy-quaternion
except ImportError:  # pragma: no cover - the bench extra installs it
    nq = None
try:
    import scipy
    from scipy.spatial.transform import Rotation, Slerp
except ImportError:  # pragma: no cover
    scipy = Rotation = Slerp = None

LIBS = ("quatlib", "numpy-quaternion", "scipy")
SIZES = (1, 10, 100, 1_000, 10_000, 100_000, 1_000_000)


# --- timing ------------------------------------------------------------------------


def _calibrate(f, min_time: float) -> int:
    """Loops per sample so that one sample takes at least ``min_time`` seconds."""
    loops = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(loops):
            f()
        dt = time.perf_counter() - t0
        if dt >= min_time or loops >= 1_000_000:
            return loops
        loops = max(loops * 2, int(loops * min_time / max(dt, 1e-9) * 1.2))


def measure(funcs: dict, repeat: int, min_time: float, best: dict | None = None) -> dict:
    """Median seconds per call of each callable, sampled round-robin (the fastest
    sample of each goes into ``best`` when given)."""
    funcs = {name: f for name, f in funcs.items() if f is not None}
    for f in funcs.values():
        f()  # warm-up (first-call allocations, caches)
    loops = {name: _calibrate(f, min_time) for name, f in funcs.items()}
    samples = {name: [] for name in funcs}
    for _ in range(repeat):
        for name, f in funcs.items():
            n = loops[name]
            t0 = time.perf_counter()
            for _ in range(n):
                f()
            samples[name].append((time.perf_counter() - t0) / n)
    if best is not None:
        best.update({name: min(s) for name, s in samples.items()})
    return {name: statistics.median(s) for name, s in samples.items()}


# --- data ---------------------------------------------------------------------------


def make_data(n: int, seed: int = 0) -> dict:
    rng = np.random.default_rng(seed)
    q = rng.normal(size=(n, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    p = rng.normal(size=(n, 4))
    p /= np.linalg.norm(p, axis=1, keepdims=True)
    d = {
        "p": p,
        "q": q,
        "v": rng.normal(size=(n, 3)),
        "t": rng.uniform(0, 1, size=n),
        "yaw": rng.uniform(-math.pi, math.pi, size=n),
        "pitch": rng.uniform(-1.3, 1.3, size=n),  # away from gimbal lock (±90°)
        "roll": rng.uniform(-math.pi, math.pi, size=n),
    }
    if Rotation is not None:
        d["R"] = Rotation.from_quat(q, scalar_first=True).as_matrix()
    if nq is not None:
        d["nq_p"] = nq.as_quat_array(p)
        d["nq_q"] = nq.as_quat_array(q)
    if Rotation is not None:
        d["sp_p"] = Rotation.from_quat(p, scalar_first=True)
        d["sp_q"] = Rotation.from_quat(q, scalar_first=True)
        d["sp_q0"] = Rotation.from_quat(q[0], scalar_first=True)
        d["sp_slerp"] = Slerp([0.0, 1.0], Rotation.from_quat(np.stack([q[0], p[0]]), scalar_first=True))
        d["sp_euler"] = np.column_stack([d["yaw"], d["pitch"], d["roll"]])
    return d


def _has(name: str) -> bool:
    return hasattr(ql, name)


def batch_rows(d: dict) -> list:
    """(operation, {library: callable or None}) for one size N."""
    rows = []
    p, q, v, t = d["p"], d["q"], d["v"], d["t"]
    have_nq, have_sp = nq is not None, Rotation is not None

    rows.append(
        (
            "multiply p q (N x N)",
            {
                "quatlib": lambda: ql.multiply(p, q),
                "numpy-quaternion": (lambda: d["nq_p"] * d["nq_q"]) if have_nq else None,
                "scipy": (lambda: d["sp_p"] * d["sp_q"]) if have_sp else None,
            },
        )
    )
    rows.append(
        (
            "rotate N vectors by N quaternions",
            {
                "quatlib": lambda: ql.rotate_vector(q, v),
                # the sandwich with C ufuncs, from and back to float arrays
                "numpy-quaternion": (
                    lambda: nq.as_vector_part(d["nq_q"] * nq.from_vector_part(v) * np.conjugate(d["nq_q"]))
                )
                if have_nq
                else None,
                "scipy": (lambda: d["sp_q"].apply(v)) if have_sp else None,
            },
        )
    )
    q0 = q[0]
    rows.append(
        (
            "rotate N vectors by one quaternion",
            {
                "quatlib": lambda: ql.rotate_vector(q0, v),
                "numpy-quaternion": (lambda: nq.rotate_vectors(d["nq_q"][0], v)) if have_nq else None,
                "scipy": (lambda: d["sp_q0"].apply(v)) if have_sp else None,
            },
        )
    )
    if _has("slerp"):
        rows.append(
            (
                "slerp N pairs at N times",
                {
                    "quatlib": lambda: ql.slerp(p, q, t),
                    "numpy-quaternion": (lambda: np.slerp_vectorized(d["nq_p"], d["nq_q"], t)) if have_nq else None,
                    "scipy": None,  # Slerp interpolates one key-frame sequence, not N pairs
                },
            )
        )
        p0 = p[0]
        rows.append(
            (
                "slerp trajectory: one pair, N times",
                {
                    "quatlib": lambda: ql.slerp(q0, p0, t),
                    "numpy-quaternion": (
                        (lambda: np.slerp_vectorized(d["nq_q"][0], d["nq_p"][0], t)) if have_nq else None
                    ),
                    "scipy": (lambda: d["sp_slerp"](t)) if have_sp else None,
                },
            )
        )
    if _has("matrix_from_quaternion"):
        rows.append(
            (
                "matrix_from_quaternion",
                {
                    "quatlib": lambda: ql.matrix_from_quaternion(q),
                    "numpy-quaternion": (lambda: nq.as_rotation_matrix(d["nq_q"])) if have_nq else None,
                    "scipy": (lambda: d["sp_q"].as_matrix()) if have_sp else None,
                },
            )
        )
    if _has("quaternion_from_matrix") and "R" in d:
        R = d["R"]
        rows.append(
            (
                "quaternion_from_matrix",
                {
                    "quatlib": lambda: ql.quaternion_from_matrix(R),
                    "numpy-quaternion": (lambda: nq.from_rotation_matrix(R, nonorthogonal=False)) if have_nq else None,
                    "scipy": (lambda: Rotation.from_matrix(R)) if have_sp else None,
                },
            )
        )
    yaw, pitch, roll = d["yaw"], d["pitch"], d["roll"]
    if _has("quaternion_from_euler"):
        rows.append(
            (
                "quaternion_from_euler",
                {
                    "quatlib": lambda: ql.quaternion_from_euler(yaw, pitch, roll),
                    # numpy-quaternion only has z-y-z angles: the same amount of work
                    "numpy-quaternion": (lambda: nq.from_euler_angles(yaw, pitch, roll)) if have_nq else None,
                    "scipy": (lambda: Rotation.from_euler("YXZ", d["sp_euler"])) if have_sp else None,
                },
            )
        )
    if _has("euler_from_quaternion"):
        rows.append(
            (
                "euler_from_quaternion",
                {
                    "quatlib": lambda: ql.euler_from_quaternion(q),
                    "numpy-quaternion": (lambda: nq.as_euler_angles(d["nq_q"])) if have_nq else None,
                    "scipy": (lambda: d["sp_q"].as_euler("YXZ")) if have_sp else None,
                },
            )
        )
    return rows


def single_rows() -> list:
    """One quaternion, shape (4,): the per-call cost a widget pays on every redraw."""
    q = np.array([0.5, 0.5, 0.5, 0.5])
    p = np.array([math.sqrt(0.5), 0.0, math.sqrt(0.5), 0.0])
    v = np.array([1.0, 2.0, 3.0])
    axis = np.array([0.0, 1.0, 0.0])
    rows = []
    nq_q = nq.quaternion(*q) if nq is not None else None
    nq_p = nq.quaternion(*p) if nq is not None else None
    sp_q = Rotation.from_quat(q, scalar_first=True) if Rotation is not None else None
    sp_p = Rotation.from_quat(p, scalar_first=True) if Rotation is not None else None
    rows.append(
        (
            "multiply",
            {
                "quatlib": lambda: ql.multiply(p, q),
                "numpy-quaternion": (lambda: nq_p * nq_q) if nq else None,
                "scipy": (lambda: sp_p * sp_q) if Rotation else None,
            },
        )
    )
    rows.append(
        (
            "rotate_vector",
            {
                "quatlib": lambda: ql.rotate_vector(q, v),
                "numpy-quaternion": (lambda: nq.rotate_vectors(nq_q, v)) if nq else None,
                "scipy": (lambda: sp_q.apply(v)) if Rotation else None,
            },
        )
    )
    rows.append(
        (
            "quaternion_from_axis_angle",
            {
                "quatlib": lambda: ql.quaternion_from_axis_angle(axis, 0.5),
                "numpy-quaternion": (lambda: nq.from_rotation_vector(axis * 0.5)) if nq else None,
                "scipy": (lambda: Rotation.from_rotvec(axis * 0.5)) if Rotation else None,
            },
        )
    )
    rows.append(
        (
            "normalize",
            {
                "quatlib": lambda: ql.normalize(q),
                "numpy-quaternion": (lambda: nq_q.normalized()) if nq else None,
                "scipy": (lambda: Rotation.from_quat(q, scalar_first=True)) if Rotation else None,
            },
        )
    )
    if _has("slerp"):
        rows.append(
            (
                "slerp",
                {
                    "quatlib": lambda: ql.slerp(p, q, 0.3),
                    "numpy-quaternion": (lambda: nq.slerp_evaluate(nq_p, nq_q, 0.3)) if nq else None,
                    "scipy": None,
                },
            )
        )
    if _has("matrix_from_quaternion"):
        rows.append(
            (
                "matrix_from_quaternion",
                {
                    "quatlib": lambda: ql.matrix_from_quaternion(q),
                    "numpy-quaternion": (lambda: nq.as_rotation_matrix(nq_q)) if nq else None,
                    "scipy": (lambda: sp_q.as_matrix()) if Rotation else None,
                },
            )
        )
    if _has("quaternion_from_euler"):
        rows.append(
            (
                "quaternion_from_euler",
                {
                    "quatlib": lambda: ql.quaternion_from_euler(0.1, 0.2, 0.3),
                    "numpy-quaternion": (lambda: nq.from_euler_angles(0.1, 0.2, 0.3)) if nq else None,
                    "scipy": (lambda: Rotation.from_euler("YXZ", [0.1, 0.2, 0.3])) if Rotation else None,
                },
            )
        )
    return rows


# --- import time ---------------------------------------------------------------------


def import_time(runs: int = 7) -> dict:
    """Seconds for a fresh ``import quatlib`` (wall time minus bare Python) and -X importtime."""

    codes = {"bare": "pass", "numpy": "import numpy", "quatlib": "import quatlib"}
    times = {name: [] for name in codes}
    for _ in range(runs):  # round-robin, like the rest
        for name, code in codes.items():
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            times[name].append(time.perf_counter() - t0)
    med = {name: statistics.median(t) for name, t in times.items()}
    low = {name: min(t) for name, t in times.items()}
    bare, numpy_only, with_quatlib = med["bare"], med["numpy"], med["quatlib"]
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import quatlib"], capture_output=True, text=True, check=True
    ).stderr
    cumulative = {}
    for line in out.splitlines():
        parts = [s.strip() for s in line.split("|")]
        if len(parts) == 3 and parts[1].isdigit():
            cumulative[parts[2]] = int(parts[1]) / 1e6
    return {
        "wall": with_quatlib - bare,
        "wall_best": low["quatlib"] - low["bare"],
        "numpy_wall": numpy_only - bare,
        "importtime_quatlib": cumulative.get("quatlib"),
        "importtime_numpy": cumulative.get("numpy"),
        "matplotlib_loaded": "matplotlib" in cumulative,
    }


# --- report -----------------------------------------------------------------------------


def _fmt_time(s: float | None) -> str:
    if s is None:
        return "—"
    if s < 1e-3:
        return f"{s * 1e6:.1f} µs"
    if s < 1:
        return f"{s * 1e3:.2f} ms"
    return f"{s:.2f} s"


def _ratio(a, b) -> str:
    return "—" if a is None or b is None else f"{a / b:.2f}×"


def _size(n: int) -> str:
    return f"1e{int(math.log10(n))}" if n >= 1000 and 10 ** round(math.log10(n)) == n else str(n)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    versions = [f"Python {platform.python_version()}", f"numpy {np.__version__}"]
    if nq is not None:
        versions.append(f"numpy-quaternion {nq.__version__}")
    if scipy is not None:
        versions.append(f"scipy {scipy.__version__}")
    load = ""
    if hasattr(os, "getloadavg"):
        load = "; load average at start {:.1f} / {:.1f} / {:.1f} (1 / 5 / 15 min)".format(*os.getloadavg())
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()}; " + ", ".join(versions) + load


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    ap.add_argument("--repeat", type=int, default=7, help="samples per measurement (median)")
    ap.add_argument("--min-time", type=float, default=0.02, help="seconds per sample, at least")
    ap.add_argument("--no-import", action="store_true", help="skip the import-time measurement")
    args = ap.parse_args(argv)

    print(f"# quatlib benchmark\n\n{machine()}  ")
    print(f"median of {args.repeat} samples (each >= {args.min_time * 1e3:.0f} ms), libraries sampled round-robin\n")

    results = {}  # (operation, N) -> {lib: seconds}
    print("## Batches (float arrays in, float arrays out)\n")
    print("| operation | N | quatlib | numpy-quaternion | scipy | quatlib / npq | quatlib / scipy |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for n in args.sizes:
        d = make_data(n)
        for name, funcs in batch_rows(d):
            t = measure(funcs, args.repeat, args.min_time)
            results[(name, n)] = t
            a, b, c = (t.get(lib) for lib in LIBS)
            print(
                f"| {name} | {_size(n)} | {_fmt_time(a)} | {_fmt_time(b)} | {_fmt_time(c)} "
                f"| {_ratio(a, b)} | {_ratio(a, c)} |",
                flush=True,
            )
        del d

    print("\n## One quaternion, shape (4,): time per call, median (fastest sample)\n")
    print("| operation | quatlib | numpy-quaternion | scipy |")
    print("|---|---:|---:|---:|")
    single, single_best = {}, {}
    for name, funcs in single_rows():
        fastest = {}
        t = measure(funcs, args.repeat, args.min_time, best=fastest)
        single[name], single_best[name] = t, fastest
        cells = [
            f"{_fmt_time(t[lib])} ({_fmt_time(fastest[lib])})" if lib in t else "—" for lib in LIBS
        ]
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)

    imp = None
    if not args.no_import:
        imp = import_time()
        print("\n## import quatlib\n")
        print(
            f"fresh interpreter, wall time minus bare `python -c pass` (median of 7): "
            f"**{imp['wall']:.3f} s** (best {imp['wall_best']:.3f} s; numpy alone {imp['numpy_wall']:.3f} s); "
            f"`-X importtime` cumulative: quatlib {imp['importtime_quatlib']:.3f} s, "
            f"numpy {imp['importtime_numpy']:.3f} s; matplotlib loaded: {imp['matplotlib_loaded']}"
        )

    # --- targets -------------------------------------------------------------------
    print("\n## Targets\n")
    big = max(args.sizes)

    def ratio(op):
        t = results.get((op, big))
        if not t or "numpy-quaternion" not in t:
            return None
        return t["quatlib"] / t["numpy-quaternion"]

    def ratio_scipy(op):
        t = results.get((op, big))
        if not t or "scipy" not in t:
            return None
        return t["quatlib"] / t["scipy"]

    # Issue 9's bounds: readable formulas first, within these factors of the C libraries.
    checks = [
        (f"multiply at N={_size(big)} within 4× of numpy-quaternion", ratio("multiply p q (N x N)"), 4.0),
        (
            f"rotate N vectors by N quaternions at N={_size(big)} within 2.5× of numpy-quaternion",
            ratio("rotate N vectors by N quaternions"),
            2.5,
        ),
        (f"slerp N pairs at N={_size(big)} within 1.5× of numpy-quaternion", ratio("slerp N pairs at N times"), 1.5),
        (
            f"matrix_from_quaternion at N={_size(big)} within 3× of scipy",
            ratio_scipy("matrix_from_quaternion"),
            3.0,
        ),
    ]
    notes = {}
    for op in single:
        label = f"single {op} under 10 µs"
        checks.append((label, single[op].get("quatlib", None), 10e-6))
        if "quatlib" in single_best.get(op, {}):
            notes[label] = f" (fastest {_fmt_time(single_best[op]['quatlib'])})"
    if imp is not None:
        checks.append(("import quatlib under 0.3 s", imp["wall"], 0.3))
        notes["import quatlib under 0.3 s"] = f" (fastest {_fmt_time(imp['wall_best'])})"
    print("| target | measured (median) | met |")
    print("|---|---:|:---:|")
    for label, value, limit in checks:
        if value is None:
            print(f"| {label} | — | n/a |")
            continue
        shown = _fmt_time(value) if limit < 1e-3 or label.startswith("import") else f"{value:.2f}×"
        print(f"| {label} | {shown}{notes.get(label, '')} | {'yes' if value <= limit else '**no**'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
