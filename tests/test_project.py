"""The project's own files agree with each other: pip and conda pins, Makefile, CI."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def _split_requirement(req: str) -> tuple[str, str]:
    """'numpy>=2.4,<3' -> ('numpy', '<3,>=2.4'): name and sorted specifiers (markers dropped)."""
    req = req.split(";")[0]
    match = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*(.*)", req)
    assert match, f"cannot parse requirement {req!r}"
    name = re.sub(r"[-_.]+", "-", match.group(1)).lower()
    specs = ",".join(sorted(s.replace(" ", "") for s in match.group(2).split(",") if s.strip()))
    return name, specs


def pip_requirements() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = project["dependencies"] + project["optional-dependencies"]["test"]
    return dict(_split_requirement(r) for r in reqs)


# conda-forge names that differ from PyPI's
PYPI_NAME = {"quaternion": "numpy-quaternion"}


def conda_requirements() -> dict[str, str]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    specs = [d.split("#")[0] for d in env["dependencies"] if isinstance(d, str)]
    out = {PYPI_NAME.get(name, name): spec for name, spec in map(_split_requirement, specs)}
    out.pop("pip")
    out.pop("python")
    return out


def test_environment_yml_matches_pyproject():
    assert conda_requirements() == pip_requirements()


def test_environment_yml_is_conda_forge_and_installs_quatlib():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["channels"] == ["conda-forge"]
    pip_section = [d for d in env["dependencies"] if isinstance(d, dict)]
    assert pip_section == [{"pip": ["-e ."]}]
    python = [d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python")]
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert python == ["python" + requires]


@pytest.mark.parametrize("name", ["numpy", "matplotlib", "ipywidgets", "ipympl", "jupyterlab", "voila"])
def test_runtime_dependencies_declared(name):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert name in dict(_split_requirement(r) for r in project["dependencies"])


def _make_dry_run(target: str) -> str:
    return subprocess.run(
        ["make", "-n", "-B", target], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout


def test_make_lab_binds_loopback_and_keeps_token_auth():
    commands = _make_dry_run("lab")
    lab = [line for line in commands.splitlines() if "jupyter lab" in line]
    assert lab, commands
    assert "--ip=127.0.0.1" in lab[-1]
    assert "notebooks" in lab[-1]
    for unsafe in ("--NotebookApp.token=''", "--IdentityProvider.token=''", "--ServerApp.token=''",
                   "--ip=0.0.0.0", "--no-auth"):
        assert unsafe not in commands
    assert "pip install" in commands and "-e ." in commands


def test_make_test_installs_test_extra_and_runs_pytest():
    commands = _make_dry_run("test")
    assert '-e ".[test]"' in commands
    assert "-m pytest" in commands


def test_ci_script_installs_chromium_and_runs_make_test():
    script = (ROOT / ".ci" / "run").read_text()
    assert script.startswith("#!/usr/bin/env bash")
    assert "set -euo pipefail" in script
    assert "apt-get install" in script and "chromium" in script
    assert script.rstrip().endswith("make test")


def test_readme_shows_the_two_commands_first():
    readme = (ROOT / "README.md").read_text()
    first_block = readme.split("```")[1]
    assert "make lab" in first_block and "make test" in first_block


def test_gitignore_keeps_venv_and_caches_out():
    ignored = (ROOT / ".gitignore").read_text().split()
    for entry in (".venv/", "__pycache__/", ".pytest_cache/", ".hypothesis/", ".ipynb_checkpoints/"):
        assert entry in ignored
