"""The Makefile's targets without make (Windows has none): the same venv, the same extras, the same commands.

    python tools/course.py lab                  # = make lab
    python tools/course.py test                 # = make test
    python tools/course.py present NB=07        # = make present NB=07   (PORT=9000 optional)
    python tools/course.py fresh NB=04          # = make fresh NB=04     (REV=origin/main optional)
    python tools/course.py site                 # = make site            (REPO=https://github.com/... optional)
    python tools/course.py check                # = make check
    python tools/course.py lab --dry-run        # print the commands instead of running them

Run it with the Python you want the course's ``.venv`` made from (``py -3.12 tools\\course.py lab`` on Windows).
Variables are given as ``NAME=value``, as to make, or taken from the environment.  Like make's stamps, an extra
is installed again only when pyproject.toml is newer than its stamp in ``.venv`` (``--always`` re-runs every
step, like ``make -B``).

:data:`TARGETS` is the one description of the steps here; tests/test_course_runner.py checks, target by target,
that ``make -n -B <target>`` prints exactly the commands :func:`plan` returns, so the two cannot drift apart.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ".venv"
#: make's variables the targets read (from ``NAME=value`` arguments or the environment).
VARIABLES = ("NB", "PORT", "REV", "REPO")


@dataclass(frozen=True)
class Install:
    """``pip install -e ".[<extras>]"`` into the venv, then the stamps that mark those extras installed."""

    extras: str
    stamps: tuple[str, ...]


#: Stamp name -> what installs it; the test extra includes lab, present and site (pyproject.toml).
INSTALLS = {
    "lab": Install("lab", ("lab",)),
    "present": Install("present", ("present",)),
    "site": Install("site", ("site",)),
    "test": Install("test", ("test", "lab", "present", "site")),
}


@dataclass(frozen=True)
class Target:
    """A Makefile target: the stamp it needs (None: no venv at all) and its commands.  In ``commands``,
    ``{py}`` is the venv's Python, ``{python}`` the Python running this script, ``{bin}`` the venv's scripts
    folder; an argument ``{NAME?--flag}`` becomes ``--flag <value>`` when variable NAME is set, else nothing;
    ``{NAME}`` is the variable's value ("" when unset)."""

    needs: str | None
    commands: tuple[tuple[str, ...], ...]
    help: str


TARGETS = {
    "lab": Target("lab", (("{bin}/jupyter", "lab", "--ip=127.0.0.1", "--notebook-dir=notebooks",
                           "--ServerApp.kernel_websocket_connection_class=quatlib.server_settings.NoDelayConnection",
                           "{ROOT_FLAG}"),),
                  "open the course in JupyterLab (127.0.0.1, token auth on)"),
    "test": Target("test", (("{py}", "-m", "ruff", "check", "."), ("{py}", "-m", "pytest")),
                   "lint, then run every test"),
    "present": Target("present", (("{py}", "tools/present.py", "{PORT?--port}", "--", "{NB}"),),
                      "NB=07: notebook 07 as a clean app view for projecting (voila)"),
    "fresh": Target(None, (("{python}", "tools/fresh.py", "{REV?--rev}", "--", "{NB}"),),
                    "NB=04: the original notebook 04 next to yours, never over it"),
    "site": Target("site", (("{py}", "site/build.py", "{REPO?--repo}"),),
                   "the course as a static website in _build/site/"),
    "check": Target("lab", (("{py}", "tools/check.py"),),
                    "before the workshop: Python, packages, widgets front-end, a demo rendered"),
}


@dataclass(frozen=True)
class Run:
    """Run ``argv`` in the course folder."""

    argv: tuple[str, ...]


@dataclass(frozen=True)
class Touch:
    """Create or update the stamp files ``paths``."""

    paths: tuple[str, ...]


def scripts_dir(venv: str = VENV, windows: bool | None = None) -> str:
    """Where a venv keeps its executables: ``.venv/Scripts`` on Windows, ``.venv/bin`` elsewhere."""
    windows = os.name == "nt" if windows is None else windows
    return f"{venv}/Scripts" if windows else f"{venv}/bin"


def venv_python(venv: str = VENV, windows: bool | None = None) -> str:
    """``.venv/Scripts/python.exe`` on Windows, ``.venv/bin/python`` elsewhere (relative to the course folder)."""
    windows = os.name == "nt" if windows is None else windows
    return f"{scripts_dir(venv, windows)}/python.exe" if windows else f"{scripts_dir(venv, windows)}/python"


def stamp(name: str) -> str:
    return f"{VENV}/.{name}-installed"


def _is_root() -> bool:
    return hasattr(os, "getuid") and os.getuid() == 0


def _expand(arg: str, values: dict[str, str]) -> list[str]:
    if arg.startswith("{") and "?" in arg and arg.endswith("}"):
        name, flag = arg[1:-1].split("?", 1)
        return [flag, values[name]] if values.get(name) else []
    if arg == "{ROOT_FLAG}":
        return [values["ROOT_FLAG"]] if values["ROOT_FLAG"] else []
    return [arg.format(**values)]


def _out_of_date(path: Path, than: Path) -> bool:
    return not path.exists() or path.stat().st_mtime < than.stat().st_mtime


def plan(target: str, variables: dict[str, str] | None = None, *, python: str = sys.executable,
         always: bool = False, windows: bool | None = None, root: Path = ROOT, as_root: bool | None = None
         ) -> list[Run | Touch]:
    """The steps of ``target``, as make runs them: make the venv (if missing), install the extra (if its stamp is
    older than pyproject.toml), then the target's commands.  ``always`` plans every step (``make -B``)."""
    if target not in TARGETS:
        raise ValueError(f"Expected one of {', '.join(TARGETS)}, got {target!r}")
    t, py = TARGETS[target], venv_python(windows=windows)
    values = {name: (variables or {}).get(name, "") for name in VARIABLES}
    values.update(py=py, python=python, bin=scripts_dir(windows=windows),
                  ROOT_FLAG="--allow-root" if (_is_root() if as_root is None else as_root) else "")
    steps: list[Run | Touch] = []
    if t.needs is not None:
        if always or not (root / py).exists():
            steps += [Run((python, "-m", "venv", VENV)),
                      Run((py, "-m", "pip", "install", "--quiet", "--upgrade", "pip"))]
        install = INSTALLS[t.needs]
        if always or _out_of_date(root / stamp(t.needs), root / "pyproject.toml"):
            steps += [Run((py, "-m", "pip", "install", "--quiet", "-e", f".[{install.extras}]")),
                      Touch(tuple(stamp(s) for s in install.stamps))]
    steps += [Run(tuple(a for arg in cmd for a in _expand(arg, values))) for cmd in t.commands]
    return steps


def describe(step: Run | Touch) -> str:
    """A step as one shell line (what ``--dry-run`` prints)."""
    if isinstance(step, Touch):
        return shlex.join(("touch", *step.paths))
    return shlex.join(step.argv)


def check_python(version_info=sys.version_info) -> str | None:
    """The Makefile's check of the interpreter, from the same classifiers (tools/check.py reads them): the error
    for a Python older than the supported range (None when it is fine); a newer one gets a note on stderr."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import check
    finally:
        sys.path.pop(0)
    versions = check.supported_pythons(check.load_project(ROOT / "pyproject.toml"))
    (lo, hi), found = (versions[0], versions[-1]), ".".join(map(str, version_info[:3]))
    span = f"{lo[0]}.{lo[1]} to {hi[0]}.{hi[1]}"
    if tuple(version_info[:2]) < lo:
        return f"quaternion-course needs Python {span}, found {found}"
    if tuple(version_info[:2]) > hi:
        print(f"Python {found} is newer than the course is tested on ({span}); if an install fails, use "
              f"{hi[0]}.{hi[1]}", file=sys.stderr)
    return None


def execute(steps: list[Run | Touch], root: Path = ROOT) -> int:
    """Run the steps in order in ``root``, stopping at the first that fails; its exit code."""
    for step in steps:
        print(describe(step), flush=True)
        if isinstance(step, Touch):
            for p in step.paths:
                (root / p).touch()
            continue
        exe = step.argv[0]
        argv = [str(root / exe) if not Path(exe).is_absolute() and (root / exe).exists() else exe, *step.argv[1:]]
        if os.name == "nt" and not argv[0].lower().endswith(".exe") and (root / (exe + ".exe")).exists():
            argv[0] = str(root / (exe + ".exe"))  # .venv\Scripts\jupyter -> jupyter.exe
        try:
            code = subprocess.call(argv, cwd=root)
        except KeyboardInterrupt:
            return 130
        if code:
            return code
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="The course's make targets without make.",
        epilog="\n".join(f"  {name:8} {t.help}" for name, t in TARGETS.items()),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("target", choices=TARGETS)
    parser.add_argument("assignments", nargs="*", metavar="NAME=value", help=f"one of {', '.join(VARIABLES)}")
    parser.add_argument("--dry-run", "-n", action="store_true", help="print the commands, run nothing")
    parser.add_argument("--always", "-B", action="store_true", help="every step, even if the venv is up to date")
    args = parser.parse_args(argv)
    variables = {name: os.environ[name] for name in VARIABLES if os.environ.get(name)}
    for a in args.assignments:
        name, sep, value = a.partition("=")
        if not sep or name not in VARIABLES:
            parser.error(f"expected NAME=value with NAME one of {', '.join(VARIABLES)}, got {a!r}")
        variables[name] = value
    if TARGETS[args.target].needs is not None and (error := check_python()):
        print(error, file=sys.stderr)
        return 1
    steps = plan(args.target, variables, always=args.always)
    if args.dry_run:
        print("\n".join(describe(s) for s in steps))
        return 0
    return execute(steps)


if __name__ == "__main__":
    sys.exit(main())
