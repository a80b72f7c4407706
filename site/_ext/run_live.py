"""Sphinx extension of the course website: a "Run it live" box at the top of every notebook page.

The site shows the saved outputs: a demo is a still picture there. The box under each notebook's title says how
to get the live version: the notebook on Binder (the repository, branch and book path of ``_config.yml``, as the
theme's launch button uses them) or on your own machine with ``make lab``. Each saved picture also gets its
output's plain text as its ``alt`` text (for a demo: its name, what it shows, and that it is a live widget when
the notebook runs) instead of the file name.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlparse

from docutils import nodes


def binder_url(repository_url: str, branch: str, path: str, binderhub_url: str = "https://mybinder.org") -> str:
    """The Binder link that opens ``path`` (relative to the repository root) in JupyterLab.

    >>> binder_url("https://github.com/me/course", "HEAD", "notebooks/04_sandwich.ipynb")
    'https://mybinder.org/v2/gh/me/course/HEAD?urlpath=lab/tree/notebooks/04_sandwich.ipynb'
    """
    org, repo = urlparse(repository_url).path.strip("/").removesuffix(".git").split("/")[:2]
    return f"{binderhub_url.rstrip('/')}/v2/gh/{org}/{repo}/{branch}?urlpath=lab/tree/{path}"


def _run_live_box(app, file: str) -> nodes.Element:
    theme = app.config.html_theme_options
    path = "/".join(p for p in (theme.get("path_to_docs", "").strip("/"), file) if p)
    url = binder_url(theme["repository_url"], theme.get("repository_branch", "HEAD"), path,
                     theme.get("launch_buttons", {}).get("binderhub_url", "https://mybinder.org"))
    box = nodes.admonition(classes=["tip", "run-live"])
    box += nodes.title(text="Run it live")
    binder = nodes.paragraph()
    binder += nodes.Text("The figures on this site are pictures. To move the sliders, open ")
    binder += nodes.reference(text=f"{file} on Binder", refuri=url)
    binder += nodes.Text(" (nothing to install; the first start takes a few minutes), or run it on your machine: "
                         "in a clone of the repository, ")
    binder += nodes.literal(text="make lab")
    binder += nodes.Text(" opens the course in JupyterLab; then open ")
    binder += nodes.literal(text=path)
    binder += nodes.Text(".")
    box += binder
    return box


def _output_images(doctree: nodes.document) -> list[nodes.image]:
    """The images of the cells' outputs, in page order."""
    return [image for box in doctree.findall(nodes.container) if "cell_output" in box["classes"]
            for image in box.findall(nodes.image)]


def _png_alt_texts(notebook: Path) -> list[str]:
    """The ``text/plain`` of every output that has an ``image/png``, in notebook order."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(out["data"].get("text/plain", "")) for cell in cells for out in cell.get("outputs", [])
            if "image/png" in out.get("data", {})]


def add_run_live_box(app, doctree: nodes.document) -> None:
    """Insert the box after the first heading of a notebook page and set its pictures' alt texts
    (``doctree-read``)."""
    source = Path(app.env.doc2path(app.env.docname))
    if source.suffix != ".ipynb":
        return
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is not None:
        section.insert(1, _run_live_box(app, source.name))
    images, alts = _output_images(doctree), _png_alt_texts(source)
    if len(images) == len(alts):  # one picture per PNG output; otherwise the pairing is unknown
        for image, alt in zip(images, alts):
            if alt:
                image["alt"] = alt


def setup(app):
    app.connect("doctree-read", add_run_live_box)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
