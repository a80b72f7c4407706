"""The project's own files agree with each other: pip and conda pins, Makefile, CI."""

from __future__ import annotations

import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
import yaml
from packaging.version import Version

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


#: The extras environment.yml holds besides the core (the "site" extra, jupyter-book, comes from pip in `make site`).
CONDA_EXTRAS = ("lab", "present", "test")


def _own_requirements(project: dict, extra: str) -> list[str]:
    """An extra's requirements without the ones it takes by name from other extras (``quatlib[lab,site]``)."""
    return [r for r in project["optional-dependencies"][extra] if not r.startswith(project["name"] + "[")]


def pip_requirements() -> dict[str, str]:
    """The core and the extras of :data:`CONDA_EXTRAS`, as name -> sorted specifiers."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = project["dependencies"] + [r for extra in CONDA_EXTRAS for r in _own_requirements(project, extra)]
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


def _requirement_names(reqs: list[str]) -> set[str]:
    return {_split_requirement(r)[0] for r in reqs}


def test_the_core_is_what_the_notebooks_need_in_an_existing_jupyter():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert _requirement_names(project["dependencies"]) == {"numpy", "matplotlib", "ipywidgets", "ipyevents"}


@pytest.mark.parametrize("extra, names", [
    ("lab", {"jupyterlab", "ipympl", "notebook"}),
    ("present", {"voila"}),
    ("site", {"jupyter-book", "sphinx-mathjax-offline"}),
])
def test_each_way_of_running_the_course_is_an_extra(extra, names):
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert _requirement_names(project["optional-dependencies"][extra]) == names


def test_the_test_extra_takes_everything_the_tests_exercise():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    taken = [r for r in project["optional-dependencies"]["test"] if r.startswith(project["name"] + "[")]
    assert taken == ["quatlib[lab,present]", "quatlib[site]"]


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
    assert "pip install" in commands and '-e ".[lab]"' in commands


def test_make_lab_and_the_browser_tests_run_the_course_s_server_setting():
    """`make lab` starts JupyterLab with quatlib.server_settings' websocket connection, and so do the browser tests'
    servers (so they measure what a learner gets); that connection turns Nagle's algorithm off when it opens."""
    from jupyter_server.serverapp import ServerApp

    from quatlib.server_settings import NoDelayConnection

    flag = "--ServerApp.kernel_websocket_connection_class=quatlib.server_settings.NoDelayConnection"
    assert flag in _make_dry_run("lab")
    sys.path.insert(0, str(ROOT))
    try:
        from tests.browser import jupyterlab
    finally:
        sys.path.remove(str(ROOT))
    assert jupyterlab.SERVER_FLAGS == [flag]
    for server in (jupyterlab.LabServer(ROOT), jupyterlab.NotebookServer(ROOT)):
        assert flag in server.command()
    assert flag not in jupyterlab.LabServer(ROOT, course_config=False).command()
    app = ServerApp()
    app.parse_command_line([flag])  # the server takes the option as make lab gives it
    assert app.kernel_websocket_connection_class is NoDelayConnection

    calls = []

    class Handler:  # what connect() asks of the websocket handler before jupyter_server's own connect
        def set_nodelay(self, value):
            calls.append(value)
            raise RuntimeError("stop here")  # the rest needs a live kernel

    with pytest.raises(RuntimeError, match="stop here"):  # run the coroutine to its first step, no event loop
        NoDelayConnection.connect(types.SimpleNamespace(websocket_handler=Handler())).send(None)
    assert calls == [True]


def test_make_test_installs_test_extra_and_runs_pytest():
    commands = _make_dry_run("test")
    assert '-e ".[test]"' in commands
    assert "-m pytest" in commands


@pytest.mark.parametrize("target, extra", [("lab", "lab"), ("present", "present"), ("site", "site"),
                                           ("test", "test"), ("check", "lab")])
def test_each_make_target_installs_the_extra_it_needs(target, extra):
    installs = [line for line in _make_dry_run(target).splitlines() if "pip install" in line and "-e " in line]
    assert installs and all(f'-e ".[{extra}]"' in line for line in installs), installs


def test_make_test_lints_before_it_tests():
    commands = _make_dry_run("test").splitlines()
    lint = [i for i, line in enumerate(commands) if "-m ruff check" in line]
    tests = [i for i, line in enumerate(commands) if "-m pytest" in line]
    assert lint and tests and lint[0] < tests[0], commands
    assert any("-m ruff check" in line for line in _make_dry_run("lint").splitlines())


def test_ruff_checks_pyflakes_pycodestyle_isort_and_bugbear():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    ruff = pyproject["tool"]["ruff"]
    assert set(ruff["lint"]["select"]) >= {"F", "E", "W", "I", "B"}
    assert ruff["line-length"] >= 120, "the code uses lines up to 120 characters"
    assert "ruff" in pip_requirements(), "ruff belongs in the test extra: `make test` runs it"


def test_browser_tests_keep_screenshots_and_traces_of_failures():
    addopts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["addopts"]
    for option in ("--screenshot=only-on-failure", "--tracing=retain-on-failure", "--output=test-artifacts/"):
        assert option in addopts
    assert "pytest-playwright" in pip_requirements()


def test_benchmarks_import_the_page_object_as_a_package():
    for bench in (ROOT / "benchmarks").glob("bench_browser_*.py"):
        text = bench.read_text()
        assert "sys.path.insert" not in text, bench.name
        assert "from tests.browser" in text, bench.name
    assert "-m benchmarks.bench_browser_latency" in _make_dry_run("bench")


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


# The supported Pythons: 3.10 to 3.14, said the same way everywhere.


def supported_range() -> tuple[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    versions = sorted((Version(c.rsplit(" :: ", 1)[1]) for c in project["classifiers"]
                       if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)))
    assert [v.minor for v in versions] == list(range(versions[0].minor, versions[-1].minor + 1)), versions
    assert project["requires-python"] == f">={versions[0]}"
    return str(versions[0]), str(versions[-1])


@pytest.mark.parametrize("path", ["README.md", "docs/instructor.md"])
def test_documents_state_the_supported_range(path):
    oldest, newest = supported_range()
    text = (ROOT / path).read_text(encoding="utf-8")
    assert f"Python {oldest} to {newest}" in text
    for stale in (f"{oldest}+", f"{oldest} or newer", f"{oldest} or later"):
        assert stale not in text, f"{path} says {stale!r}; the course is tested on {oldest} to {newest}"


def test_makefile_checks_the_supported_range():
    oldest, newest = supported_range()
    commands = _make_dry_run(".venv/bin/python")
    check = next(line for line in commands.splitlines() if "sys.version_info" in line)
    for version in (oldest, newest):
        assert f"({version.replace('.', ', ')})" in check and version in check
    code = check.split("-c ", 1)[1].strip().strip("'")
    ok = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr  # the interpreter running these tests is a supported one


def test_oldest_constraints_pin_the_floor_of_every_requirement():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    reqs = project["dependencies"] + extras["test"]
    for req in list(reqs):  # the test extra takes others by name ("quatlib[lab,present]"): theirs count too
        if req.startswith(f"{project['name']}["):
            reqs.remove(req)
            reqs += [r for extra in req.split("[", 1)[1].rstrip("]").split(",") for r in extras[extra.strip()]]
    floors = {}
    for req in reqs:
        name, specs = _split_requirement(req)
        floors[name] = next(Version(s[2:]) for s in specs.split(",") if s.startswith(">="))
    lines = (ROOT / "tests" / "constraints-oldest.txt").read_text().splitlines()
    pins = dict(line.split("==") for line in lines if line and not line.startswith("#"))
    assert {name: Version(v) for name, v in pins.items()} == floors


def test_make_check_oldest_installs_the_floors_and_runs_the_tests_on_the_oldest_python():
    oldest, _ = supported_range()
    commands = subprocess.run(["make", "-n", "check-oldest", f"PYTHON_OLDEST=/opt/python{oldest}/bin/python"],
                              cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert f"sys.version_info[:2] == ({oldest.replace('.', ', ')})" in commands
    assert f"/opt/python{oldest}/bin/python -m venv .venv-oldest" in commands
    assert '-c tests/constraints-oldest.txt -e ".[test]"' in commands
    assert "-m pytest -p no:cacheprovider tests quatlib --ignore=tests/browser" in commands
    assert "notebooks/00_start_here.ipynb notebooks/04_sandwich.ipynb" in commands
