"""Helpers shared by the tests of Makefile targets that hand their variables to a Python script (test_fresh.py,
test_present.py)."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def make_argv(tmp_path: Path, target: str, *variables: str, python_var: str = "PYTHON") -> list[str]:
    """Run ``make -s <target> <variables>`` with ``python_var`` pointing at a stand-in for Python that records its
    arguments (NUL-separated) instead of running anything; return those arguments."""
    record = tmp_path / "argv.txt"
    fake = tmp_path / "fake-python"
    fake.write_text(f'#!/bin/sh\nprintf "%s\\0" "$@" > "{record}"\n')
    fake.chmod(0o755)
    r = subprocess.run(["make", "-s", target, f"{python_var}={fake}", *variables], cwd=ROOT, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return record.read_text().split("\0")[:-1]
