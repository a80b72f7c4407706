"""Rewrite the tables of README.md that derive from the course manifest (quatlib/course.py).

Usage::

    python tools/sync_course.py           # rewrite README.md's generated tables in place
    python tools/sync_course.py --check   # exit 1 (and say what) if README.md is out of date

A generated table sits between ``<!-- course:NAME -->`` and ``<!-- /course:NAME -->``; everything outside the
markers is left alone.  Needs only the standard library: the manifest is loaded from its file, without importing
quatlib (and numpy).  tests/test_course.py fails when README.md is out of sync.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def load_course(path: Path = ROOT / "quatlib" / "course.py"):
    """quatlib/course.py as a module, imported from its file alone (no numpy needed)."""
    spec = importlib.util.spec_from_file_location("_quatlib_course_manifest", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


def _cell(text: str) -> str:
    """Text for a Markdown table cell: a ``|`` (as in ``|q|``) must not end the cell."""
    return text.replace("|", "\\|")


def notebook_table(course) -> str:
    """README's "The notebooks" table: each notebook and the question it answers."""
    rows = [f"| `{nb.stem}` | {_cell(nb.question)} |" for nb in course.NOTEBOOKS]
    return "\n".join(["| notebook | answers |", "|---|---|", *rows])


def demo_table(course) -> str:
    """README's table of demos: each factory, its notebook and what it shows."""
    rows = [f"| `ql.widgets.{d.name}()` | `{nb.stem}` | {_cell(d.shows)} |" for d, nb in course.demos()]
    return "\n".join(["| demo | notebook | what it shows |", "|---|---|---|", *rows])


TABLES = {"notebooks": notebook_table, "demos": demo_table}


def synced(text: str, course) -> str:
    """``text`` with every generated table rewritten from ``course``.

    Raises
    ------
    ValueError
        If a table's markers are missing.
    """
    for name, make in TABLES.items():
        block = re.compile(rf"(<!-- course:{name} -->\n).*?(<!-- /course:{name} -->)", re.DOTALL)
        if not block.search(text):
            raise ValueError(f"Expected the markers <!-- course:{name} --> ... <!-- /course:{name} --> in README.md")
        text = block.sub(lambda m, make=make: m.group(1) + make(course) + "\n" + m.group(2), text)
    return text


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if README.md is out of date")
    args = parser.parse_args(argv)
    course = load_course()
    text = README.read_text(encoding="utf-8")
    new = synced(text, course)
    if new == text:
        print("README.md is in sync with quatlib/course.py")
        return 0
    if args.check:
        print("README.md is out of date with quatlib/course.py: run `python tools/sync_course.py`")
        return 1
    README.write_text(new, encoding="utf-8")
    print("README.md: tables rewritten from quatlib/course.py")
    return 0


if __name__ == "__main__":
    sys.exit(main())
