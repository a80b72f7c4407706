"""Workshop helpers: get a pristine notebook back *next to* your own copy, never over it.

From a terminal in the course folder::

    make fresh NB=04                   # or: python tools/fresh.py 04

From a notebook (the kernel runs in ``notebooks/``)::

    import quatlib.workshop
    quatlib.workshop.fresh_copy("04")

Both write ``notebooks/04_sandwich (fresh copy).ipynb`` -- the committed version, outputs included -- or
``(fresh copy 2)``, ``(fresh copy 3)``… when that name is taken.  Nothing existing is ever overwritten (the file
is created exclusively).  The pristine version comes from git (``git show HEAD:notebooks/<name>``); a course
downloaded as a zip has no git history, and the error says how to get the notebook instead.

Standard library only: ``tools/fresh.py`` loads this file directly, so ``make fresh`` works even when the course's
environment does not.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

__all__ = ["FreshCopyError", "course_root", "fresh_copy"]

NOTEBOOKS = "notebooks"


class FreshCopyError(RuntimeError):
    """No fresh copy could be made; the message says why and what to do instead.  Nothing was written.

    >>> try:
    ...     fresh_copy("99")
    ... except FreshCopyError as error:
    ...     print(str(error).split(";")[0])
    no committed notebook '99_'
    """


# --------------------------------------------------------------------------------------------------------------
# Where the course is
# --------------------------------------------------------------------------------------------------------------
def _is_course_root(d: Path) -> bool:
    return (d / NOTEBOOKS).is_dir() and (d / "quatlib" / "__init__.py").is_file()


def course_root(start: str | os.PathLike | None = None) -> Path:
    """The course folder (the one holding ``notebooks/`` and ``quatlib/``).

    Searched from ``start`` (default: the current directory, which is ``notebooks/`` in a kernel) upwards, then
    next to this package (an editable install, as ``make lab`` makes).

    >>> (course_root() / "notebooks").is_dir()
    True
    """
    here = Path(start or Path.cwd()).resolve()
    candidates = [here, *here.parents, Path(__file__).resolve().parent.parent]
    for d in candidates:
        if _is_course_root(d):
            return d
    raise FreshCopyError(
        f"cannot find the course folder (a folder holding both notebooks/ and quatlib/) from {here} or next to "
        f"the installed quatlib ({Path(__file__).resolve().parent}).  Run this from inside the course folder, or "
        f"pass root='path/to/the/course'.")


# --------------------------------------------------------------------------------------------------------------
# git
# --------------------------------------------------------------------------------------------------------------
def _no_git_help(name: str, reason: str) -> FreshCopyError:
    return FreshCopyError(
        f"cannot get a fresh copy of {name}: {reason}\n"
        f"The pristine notebooks come from git's history of the course.  Without it:\n"
        f"  - download the course again (e.g. the same zip) into ANOTHER folder and copy {NOTEBOOKS}/{name} from "
        f"there next to yours under a new name (do not unpack over your folder: that replaces your work); or\n"
        f"  - get the course with `git clone <course URL>`, then `make fresh` works.\n"
        f"Your own notebooks were not touched.")


def _git(root: Path, *args: str, name: str) -> bytes:
    try:
        r = subprocess.run(["git", "-C", str(root), *args], capture_output=True, timeout=60)
    except FileNotFoundError:
        raise _no_git_help(name, "git is not installed (or not on PATH).") from None
    if r.returncode != 0:
        err = r.stderr.decode(errors="replace").strip()
        if "not a git repository" in err:
            raise _no_git_help(name, f"{root} is not a git checkout (downloaded as a zip?).")
        raise FreshCopyError(f"cannot get a fresh copy of {name}: `git {' '.join(args)}` failed:\n{err}")
    return r.stdout


def _committed_notebooks(root: Path, rev: str, name: str) -> list[str]:
    _git(root, "rev-parse", "--is-inside-work-tree", name=name)  # no git / not a checkout: say what to do
    try:  # HEAD of a checkout with no commit yet falls through to "no committed notebooks/ folder"
        if rev != "HEAD":
            _git(root, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}", name=name)
    except FreshCopyError:
        raise FreshCopyError(f"cannot get a fresh copy of {name}: unknown revision {rev!r}: git knows no commit, "
                             f"branch or tag of that name in {root}. Leave rev out to take the last commit (HEAD), "
                             "or pick one from `git log --oneline`. Nothing was written.") from None
    try:
        listing = _git(root, "ls-tree", "--name-only", f"{rev}:./{NOTEBOOKS}", name=name)
    except FreshCopyError as exc:
        detail = str(exc).strip().splitlines()[-1]
        raise _no_git_help(name, f"git has no committed {NOTEBOOKS}/ folder at {rev!r} in {root} ({detail}).") \
            from None
    return sorted(n for n in listing.decode().splitlines() if n.endswith(".ipynb"))


def _label(nb: str, root: Path) -> str:
    """The notebook's file name for messages, from the files on disk (before git is asked)."""
    local = sorted(p.name for p in (root / NOTEBOOKS).glob("*.ipynb") if "(fresh copy" not in p.name)
    try:
        return _pick(nb, local)
    except FreshCopyError:
        nb = Path(str(nb).strip()).name
        return nb if nb.endswith(".ipynb") else f"{nb}….ipynb"


def _pick(nb: str, names: list[str]) -> str:
    """"04", "4", "04_sandwich", "04_sandwich.ipynb" or "notebooks/04_sandwich.ipynb" → "04_sandwich.ipynb"."""
    nb = Path(str(nb).strip()).name
    if nb in names:
        return nb
    if f"{nb}.ipynb" in names:
        return f"{nb}.ipynb"
    if nb.isdigit():
        nb = f"{int(nb):02d}_"
    matches = [n for n in names if n.startswith(nb)]
    if len(matches) == 1:
        return matches[0]
    listing = "\n".join(f"  {n}" for n in names)
    if matches:
        raise FreshCopyError(f"{nb!r} matches several committed notebooks; name one in full:\n{listing}")
    raise FreshCopyError(f"no committed notebook {nb!r}; the committed notebooks are:\n{listing}")


# --------------------------------------------------------------------------------------------------------------
# The copy
# --------------------------------------------------------------------------------------------------------------
def fresh_name(stem: str, n: int) -> str:
    """The n-th fresh copy's file name.

    >>> fresh_name("04_sandwich", 1), fresh_name("04_sandwich", 2)
    ('04_sandwich (fresh copy).ipynb', '04_sandwich (fresh copy 2).ipynb')
    """
    return f"{stem} (fresh copy).ipynb" if n == 1 else f"{stem} (fresh copy {n}).ipynb"


def fresh_copy(nb: str, *, root: str | os.PathLike | None = None, rev: str = "HEAD", quiet: bool = False) -> Path:
    """Write the committed version of notebook ``nb`` next to yours and return its path; never overwrite.

    ``nb`` is "04", "04_sandwich" or a file name.  ``rev`` is the git revision to take it from (``HEAD``; if you
    committed your own changes, e.g. ``"origin/main"``).  Raises :class:`FreshCopyError` with a message saying
    what to do when there is no git history (a course downloaded as a zip).

    In a notebook, ``fresh_copy("04")`` prints
    ``Fresh copy: notebooks/04_sandwich (fresh copy).ipynb  (04_sandwich.ipynb as committed at HEAD; yours is
    untouched)`` and returns the new file's path.  A name that is not a course notebook is refused:

    >>> fresh_copy("99")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    quatlib.workshop.FreshCopyError: no committed notebook '99_'; the committed notebooks are:
    ...
    """
    root = Path(root).resolve() if root is not None else course_root()
    names = _committed_notebooks(root, rev, _label(nb, root))
    name = _pick(nb, names)
    content = _git(root, "show", f"{rev}:./{NOTEBOOKS}/{name}", name=name)
    folder = root / NOTEBOOKS
    stem = name[: -len(".ipynb")]
    n = 1
    while True:
        target = folder / fresh_name(stem, n)
        try:
            with open(target, "xb") as f:  # exclusive: fails instead of overwriting, even in a race
                f.write(content)
            break
        except FileExistsError:
            n += 1
    if not quiet:
        yours = folder / name
        state = "yours is untouched" if yours.exists() else f"you have no {name} any more"
        print(f"Fresh copy: {NOTEBOOKS}/{target.name}  ({name} as committed at {rev}; {state})")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="make fresh NB=…",
        description="Write the committed version of a notebook next to yours, as '<name> (fresh copy).ipynb'. "
                    "Never overwrites anything.")
    parser.add_argument("notebook", nargs="?", default="", help='"04", "04_sandwich" or a file name')
    parser.add_argument("--rev", default="HEAD", help="git revision to take it from (default HEAD)")
    parser.add_argument("--root", default=None, help="the course folder (default: found from here)")
    args = parser.parse_args(argv)
    if not args.notebook.strip():
        print("make fresh: which notebook? e.g. `make fresh NB=04`", file=sys.stderr)
        return 2
    try:
        fresh_copy(args.notebook, root=args.root, rev=args.rev)
    except FreshCopyError as exc:
        print(f"make fresh: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
