"""Get the pristine version of a course notebook back, next to your own copy (never over it).

    make fresh NB=04                      # or: python tools/fresh.py 04
    python tools/fresh.py 04 --rev origin/main   # if you committed your own changes

Writes ``notebooks/04_sandwich (fresh copy).ipynb`` (then ``(fresh copy 2)``, …) from git.  The code lives in
``quatlib/workshop.py`` (also usable in a notebook: ``quatlib.workshop.fresh_copy("04")``); this script loads that
one file directly, standard library only, so it works with any Python 3 even when the course's environment is
broken or not installed.

``make fresh`` passes ``NB`` and ``REV`` through the environment (``"$$NB"`` in the recipe), after ``--``: the
shell never re-reads their text, and a name starting with ``-`` stays a name.  A revision git does not know
is reported as such before anything else is asked of git.
"""

import argparse
import importlib.util
import subprocess
import sys
from pathlib import Path

_WORKSHOP = Path(__file__).resolve().parent.parent / "quatlib" / "workshop.py"


def _load_workshop():
    spec = importlib.util.spec_from_file_location("quatlib_workshop_standalone", _WORKSHOP)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _options(argv):
    """The arguments before ``--`` (after it, everything is the notebook's name)."""
    return argv[: argv.index("--")] if "--" in argv else argv


def unknown_revision(argv):
    """The message for a ``--rev`` that git does not know in the course's checkout, else None.

    Only asked when git runs and the folder is a checkout: otherwise ``workshop`` says what to do instead.
    """
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--rev", default="HEAD")
    parser.add_argument("--root")
    args, _ = parser.parse_known_args(_options(argv))
    if args.rev == "HEAD" or args.root is None:
        return None

    def git(*command):
        try:
            run = subprocess.run(["git", "-C", args.root, *command], capture_output=True, timeout=60, check=False)
        except (OSError, subprocess.TimeoutExpired):
            return None
        return run.returncode

    if git("rev-parse", "--is-inside-work-tree") != 0:
        return None
    if git("rev-parse", "--verify", "--quiet", "--end-of-options", f"{args.rev}^{{commit}}") == 0:
        return None
    return (f"unknown revision {args.rev!r}: git knows no commit, branch or tag of that name in {args.root}.\n"
            f"Leave REV out to take the last commit (HEAD), or pick one from `git log --oneline` or `git branch -a`.\n"
            f"Nothing was written.")


if __name__ == "__main__":
    argv = sys.argv[1:]
    if not any(a == "--root" or a.startswith("--root=") for a in _options(argv)):
        argv = ["--root", str(_WORKSHOP.parent.parent), *argv]  # the course this script belongs to
    message = unknown_revision(argv)
    if message:
        print(f"make fresh: {message}", file=sys.stderr)
        sys.exit(2)
    sys.exit(_load_workshop().main(argv))
