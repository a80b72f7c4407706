"""``make present NB=…`` without a browser: which notebook "07" means, and how voila is started.

The browser test (tests/browser/test_present_voila.py) runs the same launcher against every notebook.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load_present():
    spec = importlib.util.spec_from_file_location("qc_tools_present_unit", ROOT / "tools" / "present.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


present = _load_present()


@pytest.fixture
def notebooks(tmp_path):
    for name in ("00_start_here.ipynb", "07_belt_trick.ipynb", "07_belt_trick (fresh copy).ipynb",
                 "08_field_guide.ipynb", "my_notes.ipynb"):
        (tmp_path / name).write_text("{}")
    return tmp_path


@pytest.mark.parametrize("nb", ["07", "7", "07_belt_trick", "07_belt_trick.ipynb", " 07 "])
def test_a_number_stem_or_file_name_finds_the_course_notebook(notebooks, nb):
    assert present.find_notebook(nb, notebooks) == (notebooks / "07_belt_trick.ipynb").resolve()


def test_a_fresh_copy_or_any_path_is_chosen_when_named(notebooks, tmp_path):
    assert present.find_notebook("07_belt_trick (fresh copy)", notebooks).name == "07_belt_trick (fresh copy).ipynb"
    other = tmp_path / "elsewhere" / "demo.ipynb"
    other.parent.mkdir()
    other.write_text("{}")
    assert present.find_notebook(str(other), notebooks) == other.resolve()
    assert present.find_notebook("my", notebooks).name == "my_notes.ipynb"


def test_a_one_digit_number_is_padded(notebooks):
    assert present.find_notebook("0", notebooks).name == "00_start_here.ipynb"


@pytest.mark.parametrize("nb, message", [
    ("", "which notebook? e.g. `make present NB=07`"),
    ("42", "no notebook '42'"),
])
def test_unknown_notebook_lists_the_notebooks(notebooks, nb, message):
    with pytest.raises(present.PresentError) as err:
        present.find_notebook(nb, notebooks)
    assert message in str(err.value)
    assert "07_belt_trick.ipynb" in str(err.value), "the message lists the notebooks"


def test_ambiguous_prefix_names_the_candidates(tmp_path):
    (tmp_path / "a_one.ipynb").write_text("{}")
    (tmp_path / "a_two.ipynb").write_text("{}")
    with pytest.raises(present.PresentError, match="matches several notebooks"):
        present.find_notebook("a", tmp_path)


def test_every_course_notebook_is_found_by_its_number():
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        assert present.find_notebook(path.name[:2]) == path.resolve()


def test_voila_command_is_loopback_token_culling_no_code():
    nb = ROOT / "notebooks" / "07_belt_trick.ipynb"
    cmd = present.voila_command(nb, 8866)
    assert cmd[:4] == [sys.executable, "-m", "voila", str(nb.parent)]
    for flag in ("--no-browser", "--Voila.ip=127.0.0.1", "--port=8866", "--Voila.port_retries=0", "--token",
                 "--VoilaConfiguration.strip_sources=True", "--VoilaConfiguration.preheat_kernel=False",
                 "--MappingKernelManager.cull_idle_timeout=20", "--MappingKernelManager.cull_interval=5",
                 "--MappingKernelManager.cull_connected=False", "--MappingKernelManager.cull_busy=False"):
        assert flag in cmd, flag
    assert not any("0.0.0.0" in part or "token=" in part.lower() for part in cmd)


def test_culling_bound_is_timeout_plus_interval():
    c = present.CULLING
    assert c["cull_connected"] is False and c["cull_busy"] is False, "never cull the kernel of an open page"
    assert 0 < c["cull_interval"] < c["cull_idle_timeout"]
    assert present.CULL_BOUND_SECONDS >= c["cull_idle_timeout"] + c["cull_interval"]


def test_server_url_carries_a_random_token(tmp_path):
    nb = tmp_path / "07_x.ipynb"
    nb.write_text("{}")
    a, b = present.VoilaServer(nb, port=1), present.VoilaServer(nb, port=1)
    assert a.url.startswith("http://127.0.0.1:1/voila/render/07_x.ipynb?token=")
    assert a.token != b.token and len(a.token) >= 32


def test_cli_reports_an_unknown_notebook_without_traceback():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "present.py"), "99", "--no-browser"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert "make present: no notebook '99'" in r.stderr and "Traceback" not in r.stderr


def test_make_present_runs_the_launcher():
    r = subprocess.run(["make", "-n", "present", "NB=07"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "tools/present.py" in r.stdout and "07" in r.stdout
