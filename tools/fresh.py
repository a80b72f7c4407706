"""Get the pristine version of a course notebook back, next to your own copy (never over it).

    make fresh NB=04                      # or: python tools/fresh.py 04
    python tools/fresh.py 04 --rev origin/main   # if you committed your own changes

Writes ``notebooks/04_sandwich (fresh copy).ipynb`` (then ``(fresh copy 2)``, …) from git.  The code lives in
``quatlib/workshop.py`` (also usable in a notebook: ``quatlib.workshop.fresh_copy("04")``); this script loads that
one file directly, standard library only, so it works with any Python 3 even when the course's environment is
broken or not installed.
"""

import importlib.util
import sys
from pathlib import Path

_WORKSHOP = Path(__file__).resolve().parent.parent / "quatlib" / "workshop.py"


def _load_workshop():
    spec = importlib.util.spec_from_file_location("quatlib_workshop_standalone", _WORKSHOP)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    workshop = _load_workshop()
    argv = sys.argv[1:]
    if not any(a == "--root" or a.startswith("--root=") for a in argv):
        argv += ["--root", str(_WORKSHOP.parent.parent)]  # the course this script belongs to
    sys.exit(workshop.main(argv))
