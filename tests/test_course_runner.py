"""``python tools/course.py <target>`` (no make, e.g. on Windows) runs exactly what ``make <target>`` runs.

The comparison is by argument lists: each line ``make -n -B <target>`` prints is split into words by a real shell
(with the same NB/PORT/REV/REPO in its environment), and must equal the runner's plan, step by step.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import course  # noqa: E402  (tools/course.py, a script: imported from its folder)

sys.path.pop(0)

needs_make = pytest.mark.skipif(shutil.which("make") is None or shutil.which("sh") is None,
                                reason="make and sh are needed to compare with the Makefile")

VARIABLE_SETS = {
    "no variables": {},
    "every variable": {"NB": "07", "PORT": "9000", "REV": "origin/main", "REPO": "https://example.org/you/course"},
}


def make_steps(target: str, variables: dict[str, str]) -> list[tuple[str, ...]]:
    """``make -n -B <target>`` with ``PYTHON`` = this interpreter, each printed line split into words by sh (as
    make's shell would when it runs it); the Makefile's own check of the Python version is left out (the runner
    checks in-process: tools/course.py check_python, tested below)."""
    # Not make's own variables either: under `make test` a nested make would inherit them and print
    # "make[1]: Entering directory ..." lines.
    make_env = ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES")
    env = {k: v for k, v in os.environ.items() if k not in course.VARIABLES + make_env} | variables
    printed = subprocess.run(["make", "--no-print-directory", "-n", "-B", target, f"PYTHON={sys.executable}"],
                             cwd=ROOT, env=env, capture_output=True, text=True, check=True).stdout.splitlines()
    steps = []
    for line in printed:
        if "sys.version_info" in line:
            continue
        words = subprocess.run(["sh", "-c", f'printf "%s\\0" {line}'], env=env, capture_output=True, text=True,
                               check=True).stdout.split("\0")[:-1]
        steps.append(tuple(words))
    return steps


def runner_steps(target: str, variables: dict[str, str], **kwargs) -> list[tuple[str, ...]]:
    steps = course.plan(target, variables, python=sys.executable, always=True, **kwargs)
    return [s.argv if isinstance(s, course.Run) else ("touch", *s.paths) for s in steps]


@needs_make
@pytest.mark.parametrize("variables", VARIABLE_SETS.values(), ids=VARIABLE_SETS.keys())
@pytest.mark.parametrize("target", list(course.TARGETS))
def test_the_runner_plans_the_makefiles_commands(target, variables):
    assert runner_steps(target, variables) == make_steps(target, variables)


def test_the_runner_covers_the_targets_a_participant_needs():
    assert set(course.TARGETS) == {"lab", "test", "present", "fresh", "site", "check"}
    phony = next(line for line in (ROOT / "Makefile").read_text().splitlines() if line.startswith(".PHONY:"))
    assert set(course.TARGETS) <= set(phony.split()[1:])


@pytest.mark.parametrize("target", list(course.TARGETS))
def test_on_windows_the_venv_is_scripts_python_exe(target):
    posix = runner_steps(target, VARIABLE_SETS["every variable"], windows=False, as_root=False)
    windows = runner_steps(target, VARIABLE_SETS["every variable"], windows=True, as_root=False)
    rename = {".venv/bin/python": ".venv/Scripts/python.exe", ".venv/bin/jupyter": ".venv/Scripts/jupyter"}
    assert windows == [tuple(rename.get(w, w) for w in step) for step in posix]
    assert not any(w.startswith(".venv/bin") for step in windows for w in step)


def test_lab_passes_allow_root_only_to_root():
    (lab,) = [s for s in runner_steps("lab", {}, as_root=False) if "lab" in s]
    assert "--allow-root" not in lab and "--ip=127.0.0.1" in lab
    (lab,) = [s for s in runner_steps("lab", {}, as_root=True) if "lab" in s]
    assert lab[-1] == "--allow-root"


def _course_folder(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").write_text("")
    return tmp_path


def test_like_makes_stamps_an_extra_is_installed_again_only_when_pyproject_is_newer(tmp_path):
    root = _course_folder(tmp_path)
    install = ("-m", "pip", "install", "--quiet", "-e", ".[present]")
    first = course.plan("present", {"NB": "07"}, root=root, windows=False)
    assert any(isinstance(s, course.Run) and s.argv[1:] == install for s in first)
    assert not any(isinstance(s, course.Run) and "venv" in s.argv for s in first), "the venv exists already"
    (root / ".venv" / ".present-installed").touch()
    assert course.plan("present", {"NB": "07"}, root=root, windows=False) == [
        course.Run((".venv/bin/python", "tools/present.py", "--", "07"))]
    later = time.time() + 10
    os.utime(root / "pyproject.toml", (later, later))
    assert any(isinstance(s, course.Run) and s.argv[1:] == install
               for s in course.plan("present", {"NB": "07"}, root=root, windows=False))


def test_the_test_install_marks_lab_present_and_site_installed_too(tmp_path):
    root = _course_folder(tmp_path)
    code = course.execute([course.Touch(tuple(course.stamp(s) for s in course.INSTALLS["test"].stamps))], root)
    assert code == 0
    for target in ("lab", "present", "site", "check"):
        assert all(isinstance(s, course.Run) and "pip" not in s.argv
                   for s in course.plan(target, {}, root=root, windows=False)), target


def test_execute_runs_in_the_course_folder_and_stops_at_the_first_failure(tmp_path, capsys):
    steps = [course.Run((sys.executable, "-c", "open('ran.txt', 'w').write('1')")),
             course.Run((sys.executable, "-c", "raise SystemExit(3)")),
             course.Touch(("never.txt",))]
    assert course.execute(steps, tmp_path) == 3
    assert (tmp_path / "ran.txt").read_text() == "1" and not (tmp_path / "never.txt").exists()
    assert "raise SystemExit(3)" in capsys.readouterr().out, "each command is printed before it runs, as make does"


def test_dry_run_prints_the_commands_and_runs_nothing():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "course.py"), "present", "NB=07", "PORT=9000",
                        "--dry-run", "--always"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1] == f"{course.venv_python()} tools/present.py --port 9000 -- 07"
    assert ".[present]" in r.stdout


@pytest.mark.parametrize("args, message", [
    (["lab", "NOTEBOOK=07"], "expected NAME=value with NAME one of NB, PORT, REV, REPO, got 'NOTEBOOK=07'"),
    (["lab", "07"], "got '07'"),
    (["deploy"], "invalid choice: 'deploy'"),
])
def test_bad_arguments_say_what_is_expected(args, message):
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "course.py"), *args], cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and message in r.stderr, r.stderr


def test_unknown_target_in_plan_is_a_clear_error():
    with pytest.raises(ValueError, match="Expected one of lab, test, present, fresh, site, check, got 'deploy'"):
        course.plan("deploy")


def test_the_python_check_says_what_the_makefiles_says(capsys):
    makefile = (ROOT / "Makefile").read_text()
    assert course.check_python((3, 9, 18)) == "quaternion-course needs Python 3.10 to 3.14, found 3.9.18"
    assert '"quaternion-course needs Python 3.10 to 3.14, found "' in makefile
    assert course.check_python((3, 12, 1)) is None and capsys.readouterr().err == ""
    assert course.check_python((3, 15, 0)) is None
    note = capsys.readouterr().err.strip()
    assert note == "Python 3.15.0 is newer than the course is tested on (3.10 to 3.14); if an install fails, use 3.14"
    assert re.sub(r"\s+", " ", '" is newer than the course is tested on (3.10 to 3.14); if an install fails, use 3.14"'
                  ) in makefile
