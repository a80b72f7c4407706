# quaternion-course: two commands.
#   make lab    set up .venv and open the course in JupyterLab (127.0.0.1, token auth on)
#   make test   set up .venv with the test extra, lint (ruff), then run every test
# In a workshop:
#   make present NB=07   notebook 07 as a clean app view for projecting (voila, no code cells)
#   make fresh NB=04     the original notebook 04 next to yours, as "04_... (fresh copy).ipynb"
#   make site            the course as a static website in _build/site/ (offline; site/build.py)
#   make check           before the workshop: Python, packages, widgets front-end, a demo rendered (tools/check.py)
# Without make (Windows): python tools/course.py lab|test|present|fresh|site|check runs the same steps;
# tests/test_course_runner.py compares its commands with this file's, target by target.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test lint bench gifs present fresh site check clean help check-oldest
help:
	@echo "make lab   - open the course in JupyterLab"
	@echo "make test  - lint, then run every test (unit, doctest, notebooks, browser)"
	@echo "make lint  - ruff check (rules in pyproject.toml [tool.ruff])"
	@echo "make bench - run the benchmarks (benchmarks/README.md)"
	@echo "make gifs  - export the slide GIFs (docs/slides/)"
	@echo "make present NB=07 - notebook 07 as a clean app view for projecting (voila; PORT=... optional)"
	@echo "make fresh NB=04   - the original notebook 04 next to yours, never over it (REV=... optional)"
	@echo "make site  - the course as a static website in _build/site/ (REPO=https://github.com/... optional)"
	@echo "make check - before the workshop: Python, packages, widgets front-end and a demo rendered to PNG"
	@echo "make check-oldest  - Python 3.10 with the oldest allowed packages: unit tests, doctests, notebooks 00 and 04"

$(PY):
	@$(PYTHON) -c 'import sys; v = sys.version_info[:2]; found = sys.version.split()[0]; sys.exit("quaternion-course needs Python 3.10 to 3.14, found " + found) if v < (3, 10) else print("Python " + found + " is newer than the course is tested on (3.10 to 3.14); if an install fails, use 3.14") if v > (3, 14) else None'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# One extra per target (pyproject.toml: the core, plus lab, present, site, test, bench). Stamps re-run the install
# whenever pyproject.toml changes.
$(VENV)/.lab-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[lab]"
	@touch $@

$(VENV)/.present-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[present]"
	@touch $@

$(VENV)/.site-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[site]"
	@touch $@

# The test extra includes lab, present and site (the browser tests drive JupyterLab, Notebook 7, voila, the site).
$(VENV)/.test-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test]"
	@touch $@ $(VENV)/.lab-installed $(VENV)/.present-installed $(VENV)/.site-installed

$(VENV)/.bench-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test,bench]"
	@touch $@ $(VENV)/.test-installed $(VENV)/.lab-installed $(VENV)/.present-installed $(VENV)/.site-installed

lab: $(VENV)/.lab-installed
	$(VENV)/bin/jupyter lab --ip=127.0.0.1 --notebook-dir=notebooks --ServerApp.kernel_websocket_connection_class=quatlib.server_settings.NoDelayConnection $(ROOT_FLAG)

# Lint first: a lint error fails `make test`, and so CI (.ci/run).
test: $(VENV)/.test-installed
	$(PY) -m ruff check .
	$(PY) -m pytest

lint: $(VENV)/.test-installed
	$(PY) -m ruff check .

# The browser benchmarks run as modules from the repository root: they import the page object as a package
# (tests.browser.jupyterlab).
bench: $(VENV)/.bench-installed
	$(PY) benchmarks/bench_quatlib.py
	$(PY) benchmarks/bench_demos.py --write-readme
	$(PY) -m benchmarks.bench_browser_latency --course --moves 30
	$(PY) -m benchmarks.bench_browser_latency --notebooks --moves 20
	$(PY) -m benchmarks.bench_browser_drag
	$(PY) -m benchmarks.bench_transport --variant nagle

gifs: $(VENV)/.lab-installed
	$(PY) tools/export_gifs.py

# voila on 127.0.0.1 with a token and kernel culling; tools/present.py documents the settings and why.
present: $(VENV)/.present-installed
	$(PY) tools/present.py $${PORT:+--port "$$PORT"} -- "$$NB"

# Any Python 3 and git will do (not the venv): works even when the course's environment is broken.
fresh:
	@$(PYTHON) tools/fresh.py $${REV:+--rev "$$REV"} -- "$$NB"

# jupyter-book from the committed notebooks and their saved outputs: nothing is executed or downloaded.
site: $(VENV)/.site-installed
	$(PY) site/build.py $${REPO:+--repo "$$REPO"}

# What `make lab` installs, then: Python, packages (pyproject's ranges), widgets front-end, one demo to PNG.
check: $(VENV)/.lab-installed
	$(PY) tools/check.py


# The oldest supported Python with the oldest allowed packages (tests/constraints-oldest.txt pins the floors of
# pyproject.toml), in its own venv .venv-oldest: unit tests, doctests and notebooks 00 and 04 under nbval.
# CI runs the whole `make test` on 3.10 and 3.14 (.github/workflows/test.yml). A missing 3.10 is an error, not
# a skip: PYTHON_OLDEST=/path/to/python3.10 names it (default: the first of pyenv's 3.10s, /usr/bin/python3.10 and
# python3.10 on PATH that runs; a pyenv shim that is not active does not).
_RUNS_3_10 = $(shell $(1) -c 'import sys; print("yes" if sys.version_info[:2] == (3, 10) else "")' 2>/dev/null)
PYTHON_OLDEST ?= $(firstword $(foreach p,$(wildcard $(HOME)/.pyenv/versions/3.10*/bin/python) /usr/bin/python3.10 \
	$(shell command -v python3.10),$(if $(call _RUNS_3_10,$(p)),$(p))))
VENV_OLDEST := .venv-oldest
check-oldest:
	@test -n "$(PYTHON_OLDEST)" || { echo "make check-oldest: no Python 3.10 found; install one (pyenv install 3.10, apt install python3.10) or set PYTHON_OLDEST=/path/to/python3.10"; exit 1; }
	@$(PYTHON_OLDEST) -c 'import sys; sys.exit(None if sys.version_info[:2] == (3, 10) else "PYTHON_OLDEST must be Python 3.10, found " + sys.version.split()[0])'
	$(PYTHON_OLDEST) -m venv $(VENV_OLDEST)
	$(VENV_OLDEST)/bin/python -m pip install --quiet --upgrade pip
	$(VENV_OLDEST)/bin/python -m pip install --quiet -c tests/constraints-oldest.txt -e ".[test]"
	$(VENV_OLDEST)/bin/python -m pytest -p no:cacheprovider tests quatlib --ignore=tests/browser
	$(VENV_OLDEST)/bin/python -m pytest -p no:cacheprovider notebooks/00_start_here.ipynb notebooks/04_sandwich.ipynb

clean:
	rm -rf $(VENV) $(VENV_OLDEST) .pytest_cache .hypothesis .ruff_cache test-artifacts _build
