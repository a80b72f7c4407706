"""``make present NB=…`` without a browser: which notebook "07" means, and how voila is started.

The browser test (tests/browser/test_present_voila.py) runs the same launcher against every notebook.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from browser.jupyterlab import load_script  # the one script loader of the tests (stdlib only, no browser)
from make_helpers import make_argv

ROOT = Path(__file__).resolve().parent.parent

present = load_script("tools/present.py", "qc_tools_present_unit")


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
    # voila runs inside tools/present.py (--serve-voila), which takes the token from stdin: see test_*_token_*.
    assert cmd[:4] == [sys.executable, str(ROOT / "tools" / "present.py"), "--serve-voila", str(nb.parent)]
    for flag in ("--no-browser", "--Voila.ip=127.0.0.1", "--port=8866", "--Voila.port_retries=0", "--token",
                 "--VoilaConfiguration.strip_sources=True", "--VoilaConfiguration.preheat_kernel=False",
                 "--MappingKernelManager.cull_idle_timeout=20", "--MappingKernelManager.cull_interval=5",
                 "--MappingKernelManager.cull_connected=False", "--MappingKernelManager.cull_busy=False",
                 "--VoilaConfiguration.template=quatlib-present", present.PROJECTOR):
        assert flag in cmd, flag
    assert not any("0.0.0.0" in part or "token=" in part.lower() for part in cmd)
    assert present.PROJECTOR not in present.voila_command(nb, 8866, projector=False)


def test_voila_runs_the_course_s_websocket_setting():
    """make present gives voila the connection without Nagle's delay that make lab gives JupyterLab
    (quatlib/server_settings.py); voila takes it through its own copy of the option."""
    import voila.app

    from quatlib.server_settings import NoDelayConnection

    flag = "--Voila.kernel_websocket_connection_class=quatlib.server_settings.NoDelayConnection"
    assert flag in present.voila_command(ROOT / "notebooks" / "07_belt_trick.ipynb", 8866)
    app = voila.app.Voila()
    app.parse_command_line([flag])
    assert app.kernel_websocket_connection_class is NoDelayConnection


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


def _make_present(tmp_path: Path, *variables: str) -> list[str]:
    """`make present …` with a stand-in for the venv's python (an empty venv stamped as installed)."""
    venv = tmp_path / "venv"
    venv.mkdir(exist_ok=True)
    (venv / ".present-installed").touch()  # newer than pyproject.toml: make installs nothing
    return make_argv(tmp_path, "present", f"VENV={venv}", *variables, python_var="PY")


def test_make_present_runs_the_launcher(tmp_path):
    assert _make_present(tmp_path, "NB=07") == ["tools/present.py", "--", "07"]
    assert _make_present(tmp_path, "NB=07", "PORT=9000") == ["tools/present.py", "--port", "9000", "--", "07"]


@pytest.mark.parametrize("evil", ['07"; touch {marker}; echo "', "`touch {marker}`", "07' ; touch {marker} ; '",
                                  "07\ntouch {marker}"])
def test_make_present_does_not_run_a_command_written_in_NB_or_PORT(tmp_path, evil):
    marker = tmp_path / "pwned"
    value = evil.format(marker=marker)
    argv = _make_present(tmp_path, f"NB={value}", f"PORT={value}")
    assert not marker.exists(), "the shell ran a command from NB or PORT"
    assert argv == ["tools/present.py", "--port", value, "--", value], "passed on as they are, one argument each"


# --- regression tests, issue 12: the token leaked ----------------------------------------------------------
_SPY_NOTEBOOK = {
    "cells": [{
        "cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
        "source": ("import os, pathlib\n"
                   "seen = [repr(dict(os.environ))]\n"
                   "for pid in ('self', str(os.getppid())):\n"
                   "    for name in ('environ', 'cmdline'):\n"
                   "        try:\n"
                   "            seen.append(pathlib.Path(f'/proc/{pid}/{name}')"
                   ".read_bytes().decode(errors='replace'))\n"
                   "        except OSError:\n"
                   "            pass\n"
                   "pathlib.Path('seen_by_kernel.txt').write_text('\\n'.join(seen))\n"),
    }],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    "nbformat": 4, "nbformat_minor": 5,
}


@pytest.fixture
def spy_server(tmp_path, monkeypatch):
    """A VoilaServer (as `make present` starts it) on a notebook that records what its kernel can see."""
    import json
    import os

    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    (notebooks / "00_spy.ipynb").write_text(json.dumps(_SPY_NOTEBOOK))
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[var] = str(tmp_path / var.lower())
    spec = tmp_path / "jupyter_data_dir" / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3", "language": "python"}))
    env["JUPYTER_TOKEN"] = "a-token-from-the-users-shell"
    server = present.VoilaServer(notebooks / "00_spy.ipynb", port=present.first_free_port(18866), env=env,
                                 log_path=tmp_path / "voila.log")
    with server:
        yield server


def test_the_token_is_not_in_the_server_log_for_failed_requests(spy_server):
    import urllib.error
    import urllib.request

    for path in ("no-such-page", "voila/render/missing.ipynb", "api/kernels/00000000-0000-0000-0000-000000000000",
                 "voila/static/nothing.js"):
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(f"{spy_server.base_url}{path}?token={spy_server.token}", timeout=30)
        assert err.value.code >= 400
    import time

    logged = "GET /voila/static/nothing.js?token="  # the last request: its line may come after its response
    deadline = time.monotonic() + 10
    while logged not in spy_server.log_path.read_text(errors="replace") and time.monotonic() < deadline:
        time.sleep(0.1)
    log = spy_server.log_path.read_text(errors="replace")
    assert "404 GET /api/kernels/00000000-0000-0000-0000-000000000000?token=[secret]" in log, \
        "the failed requests are logged, the token replaced"
    assert spy_server.token not in log


def test_presented_kernels_do_not_inherit_the_token(spy_server):
    import urllib.request

    with urllib.request.urlopen(spy_server.url, timeout=180) as r:  # the page streams while the kernel runs it
        assert r.status == 200 and b"jupyter-config-data" in r.read()
    seen = (spy_server.notebook.parent / "seen_by_kernel.txt").read_text()
    assert "JUPYTER_TOKEN" not in seen, "neither ours nor one from the user's shell"
    assert spy_server.token not in seen, "not in the kernel's nor in the server's environment or command line"


def test_the_server_refuses_to_start_without_a_token_on_stdin():
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "present.py"), "--serve-voila", str(ROOT / "notebooks")],
                       input="", capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "expected the token on stdin" in r.stderr


# --- issue 14: projector mode, Windows, no CDN, exercises in the presenter view ---------------------------------
def test_projector_mode_is_the_default_and_no_projector_turns_it_off(monkeypatch):
    seen = {}

    class Recorder(present.VoilaServer):
        def start(self):
            seen["projector"] = self.projector
            raise present.PresentError("recorded")

    monkeypatch.setattr(present, "VoilaServer", Recorder)
    monkeypatch.setattr(present, "stop_on_signals", lambda: None)  # no handlers in the test process
    assert present.main(["07", "--no-browser"]) == 2 and seen["projector"] is True
    assert present.main(["07", "--no-browser", "--no-projector"]) == 2 and seen["projector"] is False


def test_the_kernels_environment_names_match_quatlib():
    from quatlib import exercises
    from quatlib.widgets import _projector

    assert present.PROJECTOR_ENV == _projector.ENV
    assert present.PRESENTER_ENV == exercises.PRESENTER_ENV


def test_the_template_extends_voilas_lab_template_without_a_cdn():
    import json

    folder = present.TEMPLATES_ROOT / "voila" / "templates" / present.TEMPLATE
    assert json.loads((folder / "conf.json").read_text()) == {"base_template": "lab"}
    text = (folder / "index.html.j2").read_text()
    assert "{%- extends 'voila/templates/lab/index.html.j2' -%}" in text
    code = text.split("-#}", 1)[1]  # the template, after its comment
    assert "http" not in code and "fontawesome" not in code.lower()
    assert "resources.quatlib_css" in code


def test_projector_stylesheet_is_quatlibs():
    from quatlib.widgets._projector import stylesheet

    assert present.projector_stylesheet() == stylesheet()
    assert "calc(100vw / 1280)" in stylesheet() and "http" not in stylesheet() and "<script" not in stylesheet()


class _SignalWithoutSIGHUP:
    """``signal`` as on Windows: SIGTERM and SIGINT, no SIGHUP."""

    SIGTERM, SIGINT = 15, 2

    def __init__(self):
        self.handled = []

    def signal(self, sig, handler):
        self.handled.append(sig)


def test_stop_signals_without_sighup_as_on_windows():
    fake = _SignalWithoutSIGHUP()
    assert present.stop_signals(fake) == [fake.SIGTERM]
    present.stop_on_signals(fake)
    assert fake.handled == [fake.SIGTERM]
    import signal

    assert present.stop_signals(signal) == [signal.SIGTERM, signal.SIGHUP]


def test_stop_without_process_groups_as_on_windows(monkeypatch, tmp_path):
    import os

    nb = tmp_path / "07_x.ipynb"
    nb.write_text("{}")
    server = present.VoilaServer(nb, port=1)
    server.proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    monkeypatch.delattr(os, "killpg")
    server.stop(timeout=10)
    assert server.proc is None


def test_an_unanswered_exercise_in_the_presenter_view_shows_its_question(monkeypatch):
    from quatlib import exercises

    monkeypatch.delenv(exercises.PRESENTER_ENV, raising=False)
    assert "replace the ..." in repr(exercises.check("04.2", ...))
    monkeypatch.setenv(exercises.PRESENTER_ENV, "1")
    feedback = exercises.check("04.2", ...)
    assert not feedback
    assert exercises.question("04.2") in feedback.message and "04.2" in feedback.message
    assert "replace the" not in feedback.message and "run the cell" not in feedback.message
    assert exercises.check("04.2", (-1, 0, 0)), "answers are still checked as usual"


def test_the_documented_projector_sizes_are_the_stylesheets():
    from quatlib.widgets import _projector

    readme = (ROOT / "README.md").read_text()
    guide = (ROOT / "docs" / "instructor.md").read_text()
    for text in (readme, guide):
        flat = " ".join(text.split())
        assert f"{_projector.BODY_PX} px" in flat and f"{_projector.CONTROL_PX} px at a 1280 px wide window" in flat
        assert "1280×800" in flat and "1024×768" in flat
