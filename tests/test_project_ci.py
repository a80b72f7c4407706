"""The CI workflow shipped for forks (.github/workflows/test.yml) parses and runs the same `make test`."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
import yaml

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "test.yml"


@pytest.fixture(scope="module")
def workflow() -> dict:
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(data, dict), "the workflow must be a YAML mapping"
    return data


def triggers(workflow: dict) -> dict:
    # YAML 1.1 (PyYAML) reads the bare key `on` as the boolean True; GitHub reads it as "on".
    on = workflow.get("on", workflow.get(True))
    if isinstance(on, str):
        return {on: None}
    if isinstance(on, list):
        return dict.fromkeys(on)
    assert isinstance(on, dict), f"cannot read the workflow's triggers: {on!r}"
    return on


def steps(workflow: dict) -> list[dict]:
    jobs = workflow["jobs"]
    assert isinstance(jobs, dict) and jobs, "the workflow has no jobs"
    return [step for job in jobs.values() for step in job.get("steps", [])]


def run_lines(workflow: dict) -> list[str]:
    return [line.strip() for step in steps(workflow) for line in str(step.get("run", "")).splitlines()]


def test_triggers_on_push_and_pull_request(workflow):
    on = triggers(workflow)
    assert "push" in on and "pull_request" in on, on
    for event in ("push", "pull_request"):
        # no branch filter: a fork's default branch may have any name
        assert not (on[event] or {}).get("branches"), f"{event} is limited to some branches"


def test_runs_make_test(workflow):
    assert any(re.fullmatch(r"make test(\s+[A-Z_]+=\S+)*", line) for line in run_lines(workflow)), run_lines(workflow)


def test_every_job_runs_on_ubuntu_with_ci_set(workflow):
    for name, job in workflow["jobs"].items():
        assert str(job["runs-on"]).startswith("ubuntu"), name
        assert str(job.get("env", {}).get("CI", workflow.get("env", {}).get("CI"))).lower() == "true", name
        assert job.get("timeout-minutes"), f"job {name} has no timeout"


def supported_pythons() -> list[str]:
    """The Python versions pyproject.toml's classifiers name, oldest first ("3.10", ..., "3.14")."""
    classifiers = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["classifiers"]
    pattern = r"Programming Language :: Python :: 3\.\d+"
    versions = [c.rsplit(" :: ", 1)[1] for c in classifiers if re.fullmatch(pattern, c)]
    return sorted(versions, key=lambda v: tuple(map(int, v.split("."))))


def test_checks_out_and_sets_up_the_matrixs_python(workflow):
    uses = {step["uses"].split("@")[0]: step for step in steps(workflow) if "uses" in step}
    assert "actions/checkout" in uses
    assert uses["actions/setup-python"]["with"]["python-version"] == "${{ matrix.python }}"


def test_the_matrix_runs_the_oldest_and_the_newest_supported_python(workflow):
    (job,) = workflow["jobs"].values()
    include = job["strategy"]["matrix"]["include"]
    versions = [row["python"] for row in include]
    # quoted: an unquoted 3.10 would be read as the number 3.1
    assert all(isinstance(v, str) for v in versions), f"python versions must be quoted strings, got {versions!r}"
    supported = supported_pythons()
    assert versions == [supported[0], supported[-1]]
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert requires == ">=" + supported[0]
    assert job["strategy"].get("fail-fast") is False, "one Python's failure must not cancel the other's run"


def test_the_oldest_python_installs_the_oldest_allowed_packages(workflow):
    (job,) = workflow["jobs"].values()
    oldest, newest = job["strategy"]["matrix"]["include"]
    assert oldest["constraints"] == "tests/constraints-oldest.txt" and (ROOT / oldest["constraints"]).exists()
    assert not newest["constraints"]
    assert "matrix.constraints" in job["env"]["PIP_CONSTRAINT"]  # pip reads it in `make test`'s install


def test_uses_the_system_browser_never_a_downloaded_one(workflow):
    text = "\n".join(run_lines(workflow))
    assert "playwright install" not in text  # pytest-playwright launches a system Chromium (tests/browser/conftest.py)
    assert "chromium" in text


def test_steps_pin_action_versions(workflow):
    for step in steps(workflow):
        if "uses" in step:
            assert re.search(r"@v\d+|@[0-9a-f]{40}$", step["uses"]), step["uses"]
