"""``make check`` (tools/check.py): ✓ per item in a good environment, ✗ with a fix for each thing that is wrong,
exit code 0/1."""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "check.py"
sys.path.insert(0, str(ROOT / "tools"))
import check  # noqa: E402  (tools/check.py, a script: imported from its folder)

sys.path.pop(0)

PROJECT = check.load_project()


def run_check(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), MPLBACKEND="Agg")
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=300)


def test_in_the_course_venv_every_item_is_ticked(tmp_path):
    r = run_check("--out", str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    items = [line for line in r.stdout.splitlines() if line[:2] in ("✓ ", "✗ ")]
    assert items and all(line.startswith("✓ ") for line in items), r.stdout
    named = [line[2:].split(":", 1)[0] for line in items]
    packages = [re.match(r"[A-Za-z0-9_.\-]+", req)[0] for req in check.requirements(PROJECT, ("lab",))]
    assert named == ["Python", *packages, "quatlib", "widgets front-end", "a demo rendering"]
    png = tmp_path / "hello_cube.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and str(png) in r.stdout
    assert r.stdout.rstrip().endswith("this machine is ready for the course.")


def _pyproject_with(tmp_path: Path, old: str, new: str) -> Path:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "pyproject.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_missing_package_and_a_wrong_version_fail_with_a_fix(tmp_path):
    # The same pyproject.toml with one requirement nobody has installed and a numpy range nobody can meet.
    pyproject = _pyproject_with(tmp_path, '"numpy>=2.2,<3",', '"qc-not-installed-anywhere>=1",\n    "numpy>=99",')
    r = run_check("--pyproject", str(pyproject), "--out", str(tmp_path))
    assert r.returncode == 1, r.stdout
    lines = r.stdout.splitlines()
    missing = lines.index("✗ qc-not-installed-anywhere: not installed (the course needs >=1)")
    assert lines[missing + 1] == ("    fix: run `make lab` (without make: `python tools/course.py lab`); in an "
                                  "environment of your own: python -m pip install \"qc-not-installed-anywhere>=1\"")
    numpy = importlib.metadata.version("numpy")
    assert f"✗ numpy: {numpy} installed, the course needs >=99" in lines
    assert "✓ matplotlib" in r.stdout, "the other items are still checked"
    assert "2 of" in lines[-1] and "checks failed" in lines[-1]


def test_unsupported_python_is_an_error_and_a_newer_one_a_note():
    old = check.check_python(PROJECT, (3, 9, 18))
    assert not old.ok and old.detail == "3.9.18 is older than the course supports (3.10 to 3.14)"
    assert "install Python 3.10 to 3.14" in old.fix
    assert check.check_python(PROJECT, (3, 12, 4)).line() == "✓ Python: 3.12.4 (supported: 3.10 to 3.14)"
    new = check.check_python(PROJECT, (3, 15, 0))
    assert new.ok and "newer than the course is tested on" in new.detail


def _versions(**found):
    def version_of(name):
        if name not in found:
            raise importlib.metadata.PackageNotFoundError(name)
        return found[name]
    return version_of


@pytest.mark.parametrize("found, ok, detail", [
    ({"numpy": "2.4.6"}, True, "2.4.6 (>=2.2,<3)"),
    ({"numpy": "2.2.0"}, True, "2.2.0 (>=2.2,<3)"),
    ({"numpy": "1.26.4"}, False, "1.26.4 installed, the course needs >=2.2,<3"),
    ({"numpy": "3.0.0"}, False, "3.0.0 installed, the course needs >=2.2,<3"),
    ({}, False, "not installed (the course needs >=2.2,<3)"),
])
def test_a_requirement_against_the_installed_version(found, ok, detail):
    result = check.check_package("numpy>=2.2,<3", _versions(**found))
    assert (result.ok, result.detail) == (ok, detail)
    assert bool(result.fix) == (not ok)


def test_a_requirement_whose_marker_excludes_this_python_is_not_checked():
    marker = "python_version < '3.11'"
    assert (check.check_package(f"tomli>=2; {marker}", _versions()) is None) == (sys.version_info >= (3, 11))


def test_the_packages_are_pyprojects_core_and_extras_not_a_second_list():
    lab = check.requirements(PROJECT, ("lab",))
    assert lab == PROJECT["dependencies"] + PROJECT["optional-dependencies"]["lab"]
    everything = check.requirements(PROJECT, ("test",))  # takes lab, present and site by name
    for extra in ("lab", "present", "site"):
        assert set(PROJECT["optional-dependencies"][extra]) <= set(everything)
    assert not any(req.startswith("quatlib[") for req in everything)
    with pytest.raises(ValueError, match=r"Expected an extra of pyproject.toml \(lab, .*\), got 'gpu'"):
        check.requirements(PROJECT, ("gpu",))


def _extension(root: Path, version: str = "5.0.16") -> Path:
    pkg = root / "labextensions" / check.WIDGETS_EXTENSION / "package.json"
    pkg.parent.mkdir(parents=True)
    pkg.write_text(json.dumps({"name": check.WIDGETS_EXTENSION, "version": version}))
    return root / "labextensions"


def _page_config(root: Path, disabled) -> Path:
    path = root / "etc" / "labconfig" / "page_config.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"disabledExtensions": disabled}))
    return root / "etc"


def test_widgets_frontend_installed_and_enabled(tmp_path):
    result = check.check_widgets_frontend([str(_extension(tmp_path))], [str(tmp_path / "no-config")])
    assert result.ok and "5.0.16 installed and enabled" in result.detail


def test_widgets_frontend_missing(tmp_path):
    result = check.check_widgets_frontend([str(tmp_path / "empty")], [])
    assert not result.ok and "is not installed: the demos would show a still picture" in result.detail
    assert "restart Jupyter and reload the browser tab" in result.fix


@pytest.mark.parametrize("disabled", [{check.WIDGETS_EXTENSION: True}, [check.WIDGETS_EXTENSION]],
                         ids=["JupyterLab 4 form", "list form"])
def test_widgets_frontend_disabled(tmp_path, disabled):
    config = _page_config(tmp_path, disabled)
    result = check.check_widgets_frontend([str(_extension(tmp_path))], [str(config)])
    assert not result.ok and "installed but disabled" in result.detail and str(config) in result.detail
    assert result.fix.startswith(f"jupyter labextension enable {check.WIDGETS_EXTENSION}")


def test_widgets_frontend_enabled_again_is_fine(tmp_path):
    config = _page_config(tmp_path, {check.WIDGETS_EXTENSION: False})
    assert check.check_widgets_frontend([str(_extension(tmp_path))], [str(config)]).ok


def test_a_demo_that_cannot_be_built_is_reported(tmp_path, monkeypatch):
    from quatlib import course

    monkeypatch.setattr(course, "demo_names", lambda: ("no_such_demo",))
    result = check.check_demo_renders(tmp_path)
    assert not result.ok
    assert result.detail.startswith("building the first demo failed: AttributeError:") and "no_such_demo" in \
        result.detail
