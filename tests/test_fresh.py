"""``make fresh NB=04`` / ``quatlib.workshop.fresh_copy``: the pristine notebook next to yours, never over it.

Every test works in a throw-away git repository shaped like the course (``notebooks/`` + ``quatlib/``); the real
``notebooks/`` folder is never touched.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from make_helpers import make_argv

from quatlib import workshop

ROOT = Path(__file__).resolve().parent.parent
FRESH_SCRIPT = ROOT / "tools" / "fresh.py"

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

PRISTINE = {
    "04_sandwich.ipynb": b'{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5, "note": "pristine 04"}\n',
    "07_belt_trick.ipynb": (b'{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5, '
                            b'"note": "pristine 07"}\n'),
}


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org",
                    "-c", "commit.gpgsign=false", *args], check=True, capture_output=True)


def _course(path: Path) -> Path:
    (path / "notebooks").mkdir(parents=True)
    (path / "quatlib").mkdir()
    (path / "quatlib" / "__init__.py").write_text("")
    for name, content in PRISTINE.items():
        (path / "notebooks" / name).write_bytes(content)
    return path


@pytest.fixture(autouse=True)
def _git_stays_in_tmp(tmp_path, monkeypatch):
    # git must not find an enclosing repository above the temporary folder, nor read the user's config.
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("HOME", str(tmp_path))


@pytest.fixture
def repo(tmp_path):
    course = _course(tmp_path / "course")
    _git(course, "init", "-q")
    _git(course, "add", "-A")
    _git(course, "commit", "-q", "-m", "course")
    # The learner breaks notebook 04.
    (course / "notebooks" / "04_sandwich.ipynb").write_bytes(b"my broken work")
    return course


def _notebooks(course: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((course / "notebooks").iterdir())}


@needs_git
@pytest.mark.parametrize("nb", ["04", "4", "04_sandwich", "04_sandwich.ipynb", "notebooks/04_sandwich.ipynb"])
def test_pristine_copy_is_written_next_to_the_learners_copy(repo, nb, capsys):
    path = workshop.fresh_copy(nb, root=repo)
    assert path == repo / "notebooks" / "04_sandwich (fresh copy).ipynb"
    assert path.read_bytes() == PRISTINE["04_sandwich.ipynb"], "byte for byte the committed version"
    assert (repo / "notebooks" / "04_sandwich.ipynb").read_bytes() == b"my broken work", "never overwritten"
    assert "Fresh copy: notebooks/04_sandwich (fresh copy).ipynb" in capsys.readouterr().out


@needs_git
def test_existing_files_are_never_overwritten_copies_are_numbered(repo):
    (repo / "notebooks" / "04_sandwich (fresh copy 2).ipynb").write_bytes(b"learner's notes in copy 2")
    first = workshop.fresh_copy("04", root=repo, quiet=True)
    first.write_bytes(b"learner worked in the first fresh copy")
    third = workshop.fresh_copy("04", root=repo, quiet=True)
    fourth = workshop.fresh_copy("04", root=repo, quiet=True)
    assert [first.name, third.name, fourth.name] == [
        "04_sandwich (fresh copy).ipynb", "04_sandwich (fresh copy 3).ipynb", "04_sandwich (fresh copy 4).ipynb"]
    files = _notebooks(repo)
    assert files["04_sandwich.ipynb"] == b"my broken work"
    assert files["04_sandwich (fresh copy).ipynb"] == b"learner worked in the first fresh copy"
    assert files["04_sandwich (fresh copy 2).ipynb"] == b"learner's notes in copy 2"
    assert files["04_sandwich (fresh copy 3).ipynb"] == files["04_sandwich (fresh copy 4).ipynb"] == \
        PRISTINE["04_sandwich.ipynb"]
    assert files["07_belt_trick.ipynb"] == PRISTINE["07_belt_trick.ipynb"], "other notebooks untouched"


@needs_git
def test_works_when_the_learner_deleted_the_notebook(repo):
    (repo / "notebooks" / "04_sandwich.ipynb").unlink()
    path = workshop.fresh_copy("04", root=repo, quiet=True)
    assert path.name == "04_sandwich (fresh copy).ipynb" and path.read_bytes() == PRISTINE["04_sandwich.ipynb"]


@needs_git
def test_takes_the_committed_version_even_if_the_learner_committed_too(repo):
    _git(repo, "tag", "pristine")
    _git(repo, "commit", "-q", "-am", "my work")
    assert workshop.fresh_copy("04", root=repo, quiet=True).read_bytes() == b"my broken work", "HEAD by default"
    assert workshop.fresh_copy("04", root=repo, rev="pristine", quiet=True).read_bytes() == \
        PRISTINE["04_sandwich.ipynb"]


@needs_git
def test_finds_the_course_from_a_kernel_in_notebooks(repo, monkeypatch):
    monkeypatch.chdir(repo / "notebooks")  # where JupyterLab starts a notebook's kernel
    assert workshop.course_root() == repo.resolve()
    assert workshop.fresh_copy("07", quiet=True).parent == (repo / "notebooks").resolve()


@needs_git
@pytest.mark.parametrize("nb, message", [
    ("42", "no committed notebook '42_'"),
    ("0", "no committed notebook '00_'"),
    ("../quatlib/__init__.py", "no committed notebook"),
])
def test_unknown_or_ambiguous_name_lists_the_notebooks(repo, nb, message):
    before = _notebooks(repo)
    with pytest.raises(workshop.FreshCopyError, match=message) as err:
        workshop.fresh_copy(nb, root=repo)
    assert "04_sandwich.ipynb" in str(err.value) and "07_belt_trick.ipynb" in str(err.value)
    assert _notebooks(repo) == before


@needs_git
def test_an_ambiguous_number_names_the_candidates(repo):
    (repo / "notebooks" / "04_sandwich_extra.ipynb").write_bytes(b"{}")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "a second 04")
    with pytest.raises(workshop.FreshCopyError, match="'04_' matches several committed notebooks"):
        workshop.fresh_copy("04", root=repo)
    assert workshop.fresh_copy("04_sandwich", root=repo, quiet=True).name == "04_sandwich (fresh copy).ipynb"


@needs_git
def test_a_zip_download_gets_a_clear_message(tmp_path):
    course = _course(tmp_path / "unzipped")  # the same files, no .git
    before = _notebooks(course)
    with pytest.raises(workshop.FreshCopyError) as err:
        workshop.fresh_copy("04", root=course)
    msg = str(err.value)
    assert "not a git checkout (downloaded as a zip?)" in msg
    assert "download the course again" in msg and "notebooks/04_sandwich.ipynb" in msg
    assert "Your own notebooks were not touched" in msg
    assert _notebooks(course) == before


@needs_git
def test_a_repository_without_the_notebooks_gets_a_clear_message(tmp_path):
    course = _course(tmp_path / "inside-another-repo")
    _git(course, "init", "-q")  # e.g. unzipped into a folder that is itself under git, notebooks never committed
    with pytest.raises(workshop.FreshCopyError, match="git has no committed notebooks/ folder at 'HEAD'"):
        workshop.fresh_copy("04", root=course)


def test_missing_git_gets_a_clear_message(tmp_path, monkeypatch):
    course = _course(tmp_path / "course")
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    with pytest.raises(workshop.FreshCopyError) as err:
        workshop.fresh_copy("04", root=course)
    assert "git is not installed (or not on PATH)" in str(err.value)
    assert "download the course again" in str(err.value)


def test_no_course_folder_is_a_clear_message(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(workshop, "__file__", str(tmp_path / "site-packages" / "quatlib" / "workshop.py"))
    with pytest.raises(workshop.FreshCopyError, match="cannot find the course folder"):
        workshop.course_root()


@needs_git
def test_cli_script_writes_the_copy_and_exits_2_with_a_message_otherwise(repo, tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, str(FRESH_SCRIPT), *args], capture_output=True, text=True,
                              timeout=60, env=dict(os.environ))

    ok = run("04", "--root", str(repo))
    assert ok.returncode == 0, ok.stderr
    assert "Fresh copy: notebooks/04_sandwich (fresh copy).ipynb" in ok.stdout
    assert (repo / "notebooks" / "04_sandwich (fresh copy).ipynb").read_bytes() == PRISTINE["04_sandwich.ipynb"]
    for args, message in ((("",), "which notebook?"), (("99", "--root", str(repo)), "no committed notebook")):
        bad = run(*args)
        assert bad.returncode == 2 and message in bad.stderr and "Traceback" not in bad.stderr


def test_the_script_runs_without_the_course_environment(tmp_path):
    """tools/fresh.py needs only the standard library (not numpy): a broken environment can still use it."""
    code = ("import runpy, sys; sys.modules['numpy'] = None; sys.argv = ['fresh.py', '--help'];"
            f"runpy.run_path({str(FRESH_SCRIPT)!r}, run_name='__main__')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "usage: make fresh" in r.stdout, r.stderr


def _make_fresh(tmp_path: Path, *variables: str) -> list[str]:
    return make_argv(tmp_path, "fresh", *variables)


def test_make_fresh_runs_the_script(tmp_path):
    assert _make_fresh(tmp_path, "NB=04") == ["tools/fresh.py", "--", "04"]
    assert _make_fresh(tmp_path, "NB=04", "REV=origin/main") == ["tools/fresh.py", "--rev", "origin/main", "--", "04"]


@pytest.mark.parametrize("evil", ['04"; touch {marker}; echo "', "`touch {marker}`", "04' ; touch {marker} ; '",
                                  "04\ntouch {marker}"])
def test_make_fresh_does_not_run_a_command_written_in_NB_or_REV(tmp_path, evil):
    marker = tmp_path / "pwned"
    value = evil.format(marker=marker)
    argv = _make_fresh(tmp_path, f"NB={value}", f"REV={value}")
    assert not marker.exists(), "the shell ran a command from NB or REV"
    assert argv == ["tools/fresh.py", "--rev", value, "--", value], "passed on as they are, one argument each"


@needs_git
def test_a_notebook_name_starting_with_dashes_stays_a_name(repo):
    r = subprocess.run([sys.executable, str(FRESH_SCRIPT), "--root", str(repo), "--", "--rev=nonexistent"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "no committed notebook '--rev=nonexistent'" in r.stderr, r.stderr


@needs_git
def test_make_fresh_with_an_unknown_REV_says_the_revision_is_unknown(repo):
    before = _notebooks(repo)
    r = subprocess.run([sys.executable, str(FRESH_SCRIPT), "--root", str(repo), "--rev", "nonexistent", "--", "04"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert "make fresh: unknown revision 'nonexistent'" in r.stderr and "git log --oneline" in r.stderr
    assert "download the course again" not in r.stderr and "Traceback" not in r.stderr
    assert _notebooks(repo) == before
    _git(repo, "tag", "pristine")
    ok = subprocess.run([sys.executable, str(FRESH_SCRIPT), "--root", str(repo), "--rev", "pristine", "--", "04"],
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and "as committed at pristine" in ok.stdout, ok.stderr


@needs_git
def test_make_fresh_REV_nonexistent_through_make():
    r = subprocess.run(["make", "-s", "fresh", f"PYTHON={sys.executable}", "NB=04", "REV=nonexistent"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and "unknown revision 'nonexistent'" in r.stderr, r.stderr


def test_fresh_copy_in_a_notebook_with_an_unknown_rev_says_the_revision_is_unknown(repo):
    """Regression (issue 12): ``fresh_copy(..., rev="nonexistent")`` told the learner to download the course again."""
    with pytest.raises(workshop.FreshCopyError, match="unknown revision 'nonexistent'") as info:
        workshop.fresh_copy("04", rev="nonexistent", root=repo)
    assert "download" not in str(info.value)
    assert not any("fresh copy" in p.name for p in (repo / "notebooks").iterdir())
