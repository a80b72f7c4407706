"""Build the course website: ``make site`` runs ``python site/build.py``.

jupyter-book 1.x (myst-nb, sphinx-book-theme) turns the committed notebooks, with the outputs they were saved
with, into static HTML in ``_build/site/`` (open ``_build/site/index.html``, or serve the folder). Nothing is
executed and nothing is downloaded: the demos show their saved PNG, MathJax comes from the site itself
(sphinx-mathjax-offline), and no page loads a script, font or stylesheet from another host
(``tests/browser/test_site.py`` counts the requests).

Sphinx reads its sources from one folder, so the build first lays out ``_build/site-src/``: the files of
``site/`` (``_config.yml``, ``_toc.yml``, ``intro.md``, ``_ext/``) and the notebooks of the course manifest
(:data:`quatlib.course.NOTEBOOKS`) beside them.

The pages link to the repository and to Binder. The repository URL comes from ``--repo``, else env
``QC_SITE_REPO``, else the git remote ``origin`` when it is on GitHub, else ``_config.yml``'s placeholder.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE_DIR = ROOT / "site"
NOTEBOOKS_DIR = ROOT / "notebooks"
SOURCE_DIR = ROOT / "_build" / "site-src"
OUTPUT_DIR = ROOT / "_build" / "site"
SITE_FILES = ("_config.yml", "_toc.yml", "intro.md", "_ext")


def github_remote() -> str | None:
    """``https://github.com/OWNER/REPO`` of the git remote ``origin``, or None when there is no GitHub remote."""
    try:
        url = subprocess.run(["git", "remote", "get-url", "origin"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    match = re.fullmatch(r"(?:https://github\.com/|git@github\.com:)([\w.-]+)/([\w.-]+?)(?:\.git)?/?", url)
    return f"https://github.com/{match[1]}/{match[2]}" if match else None


def lay_out_sources(source_dir: Path = SOURCE_DIR, repo: str | None = None) -> Path:
    """A fresh ``source_dir`` holding site/'s files and the course's notebooks; returns it.

    ``repo`` replaces ``repository.url`` of the copied ``_config.yml``.
    """
    import yaml

    sys.path.insert(0, str(ROOT))
    from quatlib import course

    shutil.rmtree(source_dir, ignore_errors=True)
    source_dir.mkdir(parents=True)
    for name in SITE_FILES:
        src = SITE_DIR / name
        if src.is_dir():
            shutil.copytree(src, source_dir / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, source_dir / name)
    for nb in course.NOTEBOOKS:
        shutil.copy2(NOTEBOOKS_DIR / nb.file, source_dir / nb.file)
    if repo:
        config = yaml.safe_load((source_dir / "_config.yml").read_text(encoding="utf-8"))
        config["repository"]["url"] = repo
        (source_dir / "_config.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return source_dir


def sources() -> list[Path]:
    """Every file the site is built from: site/'s files, the notebooks and the manifest that lists them."""
    files = [p for p in SITE_DIR.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    return files + sorted(NOTEBOOKS_DIR.glob("*.ipynb")) + [ROOT / "quatlib" / "course.py"]


def is_stale(output_dir: Path = OUTPUT_DIR) -> bool:
    """True when ``output_dir`` has no site yet or any of :func:`sources` changed after it was built."""
    index = output_dir / "index.html"
    return not index.exists() or max(p.stat().st_mtime for p in sources()) > index.stat().st_mtime


def build(output_dir: Path = OUTPUT_DIR, repo: str | None = None, quiet: bool = True) -> Path:
    """Build the site into ``output_dir`` (from scratch); returns the path of its ``index.html``."""
    from jupyter_book.sphinx import build_sphinx

    source_dir = lay_out_sources(repo=repo or os.environ.get("QC_SITE_REPO") or github_remote())
    shutil.rmtree(output_dir, ignore_errors=True)
    # What `jupyter-book build` does, with the output folder named here; any Sphinx warning fails the build.
    status = build_sphinx(source_dir, output_dir, path_config=str(source_dir / "_config.yml"), noconfig=True,
                          doctreedir=source_dir / "_doctrees", confoverrides={"latex_individualpages": False},
                          freshenv=True, warningiserror=True, quiet=quiet)
    if status:
        raise SystemExit(f"the site did not build (sphinx exit status {status}); run `python site/build.py -v`")
    return output_dir / "index.html"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", help="the repository's GitHub URL, for the Binder and repository links")
    parser.add_argument("-v", "--verbose", action="store_true", help="show Sphinx's progress")
    args = parser.parse_args(argv)
    index = build(repo=args.repo, quiet=not args.verbose)
    print(f"The course website is in {index.parent.relative_to(ROOT)}/: open {index.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
