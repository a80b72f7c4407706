"""The light core install: ``pip install .`` without extras is enough for the notebooks in a Jupyter you already
have (JupyterHub, Notebook 7, VS Code), with no JupyterLab installed.

One test, slow on purpose (marked ``install``): it makes a fresh venv in a temp dir, pip-installs a copy of the
course there (pip reads the package index this machine is configured with; nothing else is fetched), and builds
every demo of the course manifest in that venv, saving each one's PNG.  ``pytest -m "not install"`` leaves it out.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.install

# Run inside the fresh venv: no JupyterLab there, and every demo of the manifest builds and renders a PNG.
BUILD_EVERY_DEMO = """
import importlib.util, json, sys
from pathlib import Path
import quatlib
from quatlib import course, widgets

absent = [m for m in ("jupyterlab", "notebook", "ipympl", "voila") if importlib.util.find_spec(m) is not None]
out, built = Path(sys.argv[1]), {}
for entry, _ in course.demos():
    demo = getattr(widgets, entry.name)()
    demo.save(out / f"{entry.name}.png")
    built[entry.name] = (out / f"{entry.name}.png").stat().st_size
print(json.dumps({"quatlib": quatlib.__file__, "importable": absent, "built": built}))
"""


def _copy_of_the_course(dst: Path) -> Path:
    """What `pip install .` reads (pyproject.toml, README.md, quatlib/): pip builds in the source folder, so it
    builds in a copy, never leaving build/ or *.egg-info in the checkout."""
    dst.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, dst / name)
    shutil.copytree(ROOT / "quatlib", dst / "quatlib", ignore=shutil.ignore_patterns("__pycache__"))
    return dst


def _venv_python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def test_the_core_install_builds_every_demo_without_jupyterlab(tmp_path):
    from quatlib import course

    source = _copy_of_the_course(tmp_path / "course")
    venv.create(tmp_path / "venv", with_pip=True)
    python = _venv_python(tmp_path / "venv")
    install = subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(source)], cwd=tmp_path,
                             capture_output=True, text=True, timeout=900)
    assert install.returncode == 0, install.stdout + install.stderr

    out = tmp_path / "png"
    out.mkdir()
    # Not from the checkout: the kernel's cwd is elsewhere and PYTHONPATH is cleared, so quatlib is the installed one.
    env = {"PATH": str(python.parent), "MPLBACKEND": "Agg", "HOME": str(tmp_path), "PYTHONNOUSERSITE": "1"}
    run = subprocess.run([str(python), "-c", BUILD_EVERY_DEMO, str(out)], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.splitlines()[-1])

    assert report["importable"] == [], "the core must not pull in JupyterLab, Notebook, ipympl or voila"
    assert Path(report["quatlib"]).is_relative_to(tmp_path / "venv"), report["quatlib"]
    assert list(report["built"]) == list(course.demo_names())
    for name, size in report["built"].items():
        assert (out / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and size > 5000, name

    listed = subprocess.run([str(python), "-m", "pip", "list", "--format=json"], capture_output=True, text=True,
                            check=True, env=env).stdout
    installed = {p["name"].lower() for p in json.loads(listed)}
    assert {"numpy", "matplotlib", "ipywidgets", "ipyevents", "quatlib"} <= installed
    assert not installed & {"jupyterlab", "notebook", "ipympl", "voila", "jupyter-server"}, sorted(installed)
