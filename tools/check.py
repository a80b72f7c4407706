"""Is this machine ready for the course?  One command a participant runs before the workshop.

    make check                      # installs what `make lab` installs, then checks it
    python tools/course.py check    # the same without make (Windows)
    python tools/check.py           # checks the Python running it (any environment: conda, JupyterHub, ...)

It prints one line per item, ``✓`` when it is fine or ``✗`` with what is wrong and how to fix it, and exits with
0 when every item is fine, 1 otherwise:

- **Python**: a version the course supports (pyproject.toml's classifiers: Python 3.10 to 3.14);
- **packages**: every requirement of the core and of the ``lab`` extra (``--extra test`` adds the test extra's),
  read from pyproject.toml's ranges -- the same list pip installs, not a second one -- installed in a version
  inside its range; and ``quatlib`` itself importable;
- **widgets front-end**: ipywidgets' JupyterLab extension (``@jupyter-widgets/jupyterlab-manager``, also what
  Notebook 7 and voila load) installed and not disabled; without it the demos show a still picture;
- **a demo rendering**: the first demo of the course manifest (``quatlib.course``) built and saved as a PNG,
  whose path it prints (open it: it should show the hello cube).

tests/test_check.py runs it in the project's venv and with a missing package and a wrong version.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import re
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
#: ipywidgets' front-end extension, shared by JupyterLab 4, Notebook 7 and voila.
WIDGETS_EXTENSION = "@jupyter-widgets/jupyterlab-manager"
#: How to install what `make lab` installs, with and without make.
INSTALL_HINT = "run `make lab` (without make: `python tools/course.py lab`)"

OK, FAIL = "✓", "✗"


@dataclass(frozen=True)
class Result:
    """One checked item: ``ok``, what was found (``detail``) and, when not ok, how to fix it."""

    item: str
    ok: bool
    detail: str
    fix: str = ""

    def line(self) -> str:
        mark = OK if self.ok else FAIL
        text = f"{mark} {self.item}: {self.detail}"
        return text + (f"\n    fix: {self.fix}" if self.fix else "")


# -- pyproject.toml ---------------------------------------------------------------------------------------------
def _toml_loads(text: str) -> dict:
    """tomllib from Python 3.11 on; on 3.10 tomli (in the test extra and JupyterLab's dependencies), else the
    copy pip vendors (every venv has pip)."""
    try:
        import tomllib
    except ImportError:  # Python 3.10
        try:
            import tomli as tomllib
        except ImportError:
            from pip._vendor import tomli as tomllib
    return tomllib.loads(text)


def load_project(pyproject: str | os.PathLike = PYPROJECT) -> dict:
    """The ``[project]`` table of pyproject.toml."""
    return _toml_loads(Path(pyproject).read_text(encoding="utf-8"))["project"]


def supported_pythons(project: dict) -> list[tuple[int, int]]:
    """The (major, minor) versions pyproject's classifiers name, oldest first: ``[(3, 10), ..., (3, 14)]``."""
    pattern = re.compile(r"Programming Language :: Python :: (\d+)\.(\d+)")
    return sorted((int(m[1]), int(m[2])) for c in project["classifiers"] if (m := pattern.fullmatch(c)))


def requirements(project: dict, extras: tuple[str, ...] = ("lab",)) -> list[str]:
    """The core's requirements and those of ``extras``, an extra's references to others (``quatlib[site]``)
    followed; in pyproject's order, each once."""
    name, optional = project["name"], project.get("optional-dependencies", {})
    out, todo, seen = list(project["dependencies"]), list(extras), set()
    while todo:
        extra = todo.pop(0)
        if extra in seen:
            continue
        seen.add(extra)
        if extra not in optional:
            raise ValueError(f"Expected an extra of pyproject.toml ({', '.join(optional)}), got {extra!r}")
        for req in optional[extra]:
            if req.startswith(name + "["):
                todo += [e.strip() for e in req[len(name) + 1:].rstrip("]").split(",")]
            elif req not in out:
                out.append(req)
    return out


# -- the checks -------------------------------------------------------------------------------------------------
def check_python(project: dict, version_info=sys.version_info) -> Result:
    """A supported Python: fine inside pyproject's range, an error below it, fine with a note above it."""
    versions = supported_pythons(project)
    (lo, hi), found = (versions[0], versions[-1]), ".".join(map(str, version_info[:3]))
    span = f"{lo[0]}.{lo[1]} to {hi[0]}.{hi[1]}"
    if tuple(version_info[:2]) < lo:
        return Result("Python", False, f"{found} is older than the course supports ({span})",
                      f"install Python {span} (python.org, pyenv, apt, conda), then `make clean lab`")
    if tuple(version_info[:2]) > hi:
        return Result("Python", True, f"{found} (newer than the course is tested on, {span}: if an install "
                                      f"fails, use {hi[0]}.{hi[1]})")
    return Result("Python", True, f"{found} (supported: {span})")


def check_package(requirement: str, version_of=importlib.metadata.version) -> Result | None:
    """One requirement line of pyproject.toml (``"numpy>=2.2,<3"``) against the installed distribution;
    None when its marker excludes this Python (``tomli; python_version < '3.11'`` on 3.12)."""
    from packaging.requirements import Requirement

    req = Requirement(requirement)
    if req.marker is not None and not req.marker.evaluate():
        return None
    # as pyproject writes it: the floor first (packaging keeps the specifiers sorted as text)
    spec = ",".join(str(s) for s in sorted(req.specifier, key=lambda s: (not s.operator.startswith(">"), str(s))))
    pip_install = f"python -m pip install \"{req.name}{spec}\""
    fix = f"{INSTALL_HINT}; in an environment of your own: {pip_install}"
    try:
        version = version_of(req.name)
    except importlib.metadata.PackageNotFoundError:
        return Result(req.name, False, f"not installed (the course needs {spec or 'any version'})", fix)
    if req.specifier and not req.specifier.contains(version, prereleases=True):
        return Result(req.name, False, f"{version} installed, the course needs {spec}", fix)
    return Result(req.name, True, f"{version} ({spec})" if spec else version)


def check_quatlib() -> Result:
    """The course's own package is importable, and from where (``make lab`` installs this checkout editable)."""
    import importlib.util

    spec = importlib.util.find_spec("quatlib")
    if spec is None or not spec.origin:
        return Result("quatlib", False, "not installed: the notebooks cannot import it",
                      f"{INSTALL_HINT}; in an environment of your own: python -m pip install -e {ROOT}")
    return Result("quatlib", True, f"imported from {Path(spec.origin).parent}")


def check_packages(project: dict, extras: tuple[str, ...] = ("lab",), version_of=importlib.metadata.version
                   ) -> list[Result]:
    """:func:`check_package` for every requirement of the core and of ``extras``."""
    try:
        import packaging.requirements  # noqa: F401  (matplotlib depends on it)
    except ImportError:
        return [Result("packages", False, "cannot read version ranges: the 'packaging' package is missing",
                       INSTALL_HINT)]
    checked = (check_package(r, version_of) for r in requirements(project, extras))
    return [r for r in checked if r is not None]


def _disabled_extensions(config_dirs: list[str]) -> dict[str, str]:
    """Extension name -> the page_config.json that disables it (JupyterLab's ``labconfig`` in every Jupyter
    config dir; ``jupyter labextension disable`` writes there)."""
    out = {}
    for d in config_dirs:
        path = Path(d) / "labconfig" / "page_config.json"
        if not path.is_file():
            continue
        try:
            disabled = json.loads(path.read_text(encoding="utf-8") or "{}").get("disabledExtensions", {})
        except ValueError:
            continue
        names = disabled if isinstance(disabled, list) else [n for n, off in disabled.items() if off]
        out.update({n: str(path) for n in names if n not in out})
    return out


def check_widgets_frontend(extension_dirs: list[str] | None = None, config_dirs: list[str] | None = None
                           ) -> Result:
    """ipywidgets' front-end extension is installed (in one of Jupyter's ``labextensions`` dirs) and enabled."""
    item = "widgets front-end"
    if extension_dirs is None or config_dirs is None:
        try:
            import jupyter_core.paths
        except ImportError:
            return Result(item, False, "no Jupyter in this environment (jupyter_core is not installed)",
                          f"{INSTALL_HINT}; or start the course from the environment your Jupyter runs in")
        extension_dirs = jupyter_core.paths.jupyter_path("labextensions") if extension_dirs is None \
            else extension_dirs
        config_dirs = jupyter_core.paths.jupyter_config_path() if config_dirs is None else config_dirs
    found = [Path(d) / WIDGETS_EXTENSION / "package.json" for d in extension_dirs]
    found = [p for p in found if p.is_file()]
    if not found:
        return Result(item, False, f"{WIDGETS_EXTENSION} is not installed: the demos would show a still picture "
                                   "and no sliders",
                      f"{INSTALL_HINT} (ipywidgets installs it); then restart Jupyter and reload the browser tab")
    version = json.loads(found[0].read_text(encoding="utf-8")).get("version", "?")
    disabled = _disabled_extensions(config_dirs)
    if WIDGETS_EXTENSION in disabled:
        return Result(item, False, f"{WIDGETS_EXTENSION} {version} is installed but disabled "
                                   f"(in {disabled[WIDGETS_EXTENSION]})",
                      f"jupyter labextension enable {WIDGETS_EXTENSION}; then restart Jupyter")
    return Result(item, True, f"{WIDGETS_EXTENSION} {version} installed and enabled ({found[0].parent.parent.parent})")


def check_demo_renders(out_dir: str | os.PathLike) -> Result:
    """Build the course's first demo (``quatlib.course``) and save its figure as ``<out_dir>/<demo>.png``."""
    item = "a demo rendering"
    try:
        import numpy as np

        from quatlib import course, widgets
        name = course.demo_names()[0]
        t0 = time.perf_counter()
        demo = getattr(widgets, name)()
        path = Path(out_dir) / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        demo.save(path)
        seconds = time.perf_counter() - t0
        import matplotlib.image

        pixels = matplotlib.image.imread(path)
    except Exception as exc:  # any failure is the finding: report it, with its type
        return Result(item, False, f"building the first demo failed: {type(exc).__name__}: {exc}",
                      f"{INSTALL_HINT}; if it still fails, send this output to the instructor")
    if np.ptp(pixels[..., :3]) == 0:
        return Result(item, False, f"{name} rendered a blank picture ({path})",
                      "send this output and the picture to the instructor")
    height, width = pixels.shape[:2]
    return Result(item, True, f"ql.widgets.{name}() saved {path} ({width}×{height} px, {seconds:.1f} s)")


def run_checks(project: dict, extras: tuple[str, ...] = ("lab",), out_dir: str | os.PathLike | None = None
               ) -> list[Result]:
    """Every item, in the order they are printed."""
    results = [check_python(project)]
    results += check_packages(project, extras)
    results.append(check_quatlib())
    results.append(check_widgets_frontend())
    results.append(check_demo_renders(out_dir or tempfile.mkdtemp(prefix="quatlib-check-")))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--extra", action="append", default=None,
                        help="check the requirements of this extra of pyproject.toml too (default: lab)")
    parser.add_argument("--out", default=None, help="folder for the demo's PNG (default: a new temporary folder)")
    parser.add_argument("--pyproject", default=str(PYPROJECT), help=argparse.SUPPRESS)  # tests point it elsewhere
    args = parser.parse_args(argv)
    # Report in UTF-8 even on a Windows console set to an old code page (✓ and ✗ are not in cp1252).
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")
    project = load_project(args.pyproject)
    print(f"Checking {sys.executable} for quaternion-course")
    results = run_checks(project, tuple(args.extra or ("lab",)), args.out)
    for r in results:
        print(r.line())
    failed = [r for r in results if not r.ok]
    if failed:
        print(f"\n{len(failed)} of {len(results)} checks failed: fix them (see 'fix:' above) and run the check again.")
        return 1
    print(f"\nAll {len(results)} checks passed: this machine is ready for the course.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
