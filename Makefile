# quaternion-course: two commands.
#   make lab    set up .venv and open the course in JupyterLab (127.0.0.1, token auth on)
#   make test   set up .venv with the test extra, lint (ruff), then run every test
# In a workshop:
#   make present NB=07   notebook 07 as a clean app view for projecting (voila, no code cells)
#   make fresh NB=04     the original notebook 04 next to yours, as "04_... (fresh copy).ipynb"
#   make site            the course as a static website in _build/site/ (offline; site/build.py)
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test lint bench gifs present fresh site clean help
help:
	@echo "make lab   - open the course in JupyterLab"
	@echo "make test  - lint, then run every test (unit, doctest, notebooks, browser)"
	@echo "make lint  - ruff check (rules in pyproject.toml [tool.ruff])"
	@echo "make bench - run the benchmarks (benchmarks/README.md)"
	@echo "make gifs  - export the slide GIFs (docs/slides/)"
	@echo "make present NB=07 - notebook 07 as a clean app view for projecting (voila; PORT=... optional)"
	@echo "make fresh NB=04   - the original notebook 04 next to yours, never over it (REV=... optional)"
	@echo "make site  - the course as a static website in _build/site/ (REPO=https://github.com/... optional)"

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "quaternion-course needs Python 3.10 or newer, found " + sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# Stamps re-run the install whenever pyproject.toml changes.
$(VENV)/.lab-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	@touch $@

$(VENV)/.test-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test]"
	@touch $@ $(VENV)/.lab-installed $(VENV)/.site-installed

# The test extra includes the site extra (tests/browser/test_site.py builds the site).
$(VENV)/.site-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[site]"
	@touch $@

$(VENV)/.bench-installed: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test,bench]"
	@touch $@ $(VENV)/.test-installed $(VENV)/.lab-installed

lab: $(VENV)/.lab-installed
	$(VENV)/bin/jupyter lab --ip=127.0.0.1 --notebook-dir=notebooks $(ROOT_FLAG)

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
	$(PY) -m benchmarks.bench_browser_drag

gifs: $(VENV)/.lab-installed
	$(PY) tools/export_gifs.py

# voila on 127.0.0.1 with a token and kernel culling; tools/present.py documents the settings and why.
present: $(VENV)/.lab-installed
	$(PY) tools/present.py $${PORT:+--port "$$PORT"} -- "$$NB"

# Any Python 3 and git will do (not the venv): works even when the course's environment is broken.
fresh:
	@$(PYTHON) tools/fresh.py $${REV:+--rev "$$REV"} -- "$$NB"

# jupyter-book from the committed notebooks and their saved outputs: nothing is executed or downloaded.
site: $(VENV)/.site-installed
	$(PY) site/build.py $${REPO:+--repo "$$REPO"}

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache test-artifacts _build
