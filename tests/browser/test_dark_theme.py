"""The demos in JupyterLab's dark theme: a light, framed panel whose readouts and labels stay legible, and named
buttons in Chromium's accessibility tree.

The theme is switched the way the Settings menu does it (the ``apputils:change-theme`` command); then notebook 06
runs and, for every demo panel (class ``ql-demo``):

- the page around it is dark (the theme took) and the panel itself light;
- the readout's and every control label's computed text colour has WCAG contrast >= 4.5:1 against the background
  really beneath it (the first opaque ancestor background, translucent layers blended in);
- every button in it has a non-empty accessible name in Chromium's own accessibility tree (DevTools protocol,
  ``Accessibility.getPartialAXTree``), the Play widget's icon-only buttons included.

The theme is set back to JupyterLab Light afterwards (the choice is kept in the server's settings).  Screenshots:
``test-artifacts/browser/dark_theme_06_demo.png`` (the slerp demo) and ``dark_theme_06_page.png``.
"""

from __future__ import annotations

import re

import pytest

from .jupyterlab import ARTIFACTS_DIR

pytestmark = pytest.mark.browser

NOTEBOOK = "06_slerp_vs_nlerp.ipynb"
TEXT = 4.5  # WCAG contrast for text

_SET_THEME = """async (theme) => { await window.jupyterapp.commands.execute('apputils:change-theme', {theme}); }"""
_THEME_IS = "(theme) => document.body.dataset.jpThemeName === theme && document.body.dataset.jpThemeLight !== undefined"


def set_theme(page, theme: str) -> None:
    """Switch JupyterLab's theme (as Settings ▸ Theme does) and wait until its style sheet is in."""
    page.evaluate(_SET_THEME, theme)
    page.wait_for_function(_THEME_IS, arg=theme, timeout=30_000, polling=100)
    page.wait_for_timeout(300)  # the theme's CSS variables apply on the next frames

# For each demo panel: the page background around it, its own background, and (colour, background beneath) of its
# readout texts and control labels.
_PANEL_COLOURS = """() => {
    const alpha = (c) => {  // the alpha of a computed colour: rgb(...) is opaque, rgba(..., a) says it
        const parts = (c.match(/rgba?\\(([^)]*)\\)/) || [null, '0, 0, 0'])[1].split(',');
        return parts.length > 3 ? parseFloat(parts[3]) : 1;
    };
    const beneath = (el) => {  // the backgrounds from el up to the first opaque one, innermost first
        const layers = [];
        for (let e = el; e; e = e.parentElement) {
            const c = getComputedStyle(e).backgroundColor;
            layers.push(c);
            if (alpha(c) >= 1) break;
        }
        return layers;
    };
    const nb = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
    return [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .ql-demo')].map((panel) => ({
        page: beneath(nb),
        panel: beneath(panel),
        texts: [...panel.querySelectorAll('.widget-html-content, .widget-label, .widget-readout')]
            .filter((t) => t.offsetParent !== null && t.innerText.trim())
            .map((t) => ({text: t.innerText.trim().slice(0, 40), color: getComputedStyle(t).color,
                          beneath: beneath(t)})),
    })); }"""


def rgba(css: str) -> tuple[float, float, float, float]:
    """``rgb(…)``/``rgba(…)`` (or ``color(srgb …)``) as floats in [0, 1]."""
    nums = [float(x) for x in re.findall(r"[\d.]+", css)]
    if css.startswith("color("):
        r, g, b, *a = nums
        return r, g, b, (a[0] if a else 1.0)
    r, g, b, *a = nums
    return r / 255, g / 255, b / 255, (a[0] if a else 1.0)


def over(top, bottom):
    """``top`` (r, g, b, a) composited over the opaque ``bottom`` (r, g, b)."""
    a = top[3]
    return tuple(t * a + b * (1 - a) for t, b in zip(top[:3], bottom))


def flatten(layers: list[str]):
    """The opaque colour a stack of backgrounds (innermost first) shows; white if none is opaque."""
    colour = (1.0, 1.0, 1.0)
    for layer in reversed(layers):
        colour = over(rgba(layer), colour)
    return colour


def luminance(rgb) -> float:
    """WCAG 2 relative luminance of an sRGB colour in [0, 1]."""
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a, b) -> float:
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def ax_names(page, selector: str) -> list[str]:
    """The accessible names Chromium computes for the elements matching ``selector``."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Accessibility.enable")
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        names = []
        for node in cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})["nodeIds"]:
            ax = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})["nodes"]
            names.append((ax[0].get("name") or {}).get("value", "") if ax else "")
        return names
    finally:
        cdp.detach()


def test_demos_are_legible_and_named_in_the_dark_theme(open_notebook):
    nb = open_notebook(NOTEBOOK).open()
    page = nb.page
    set_theme(page, "JupyterLab Dark")
    try:
        nb.run_all()
        state = nb.wait_rendered()
        assert state["errors"] == [] and state["pendingWidgets"] == 0, state
        nb.wait_quiet()
        panels = page.evaluate(_PANEL_COLOURS)
        assert panels, "no demo panel (.ql-demo) on the page"
        problems = []
        for k, p in enumerate(panels):
            page_bg, panel_bg = flatten(p["page"]), flatten(p["panel"])
            assert luminance(page_bg) < 0.05, f"the dark theme did not take: page background {p['page']}"
            assert luminance(panel_bg) > 0.9, f"demo {k}: the panel is not light: {p['panel']}"
            assert len(p["texts"]) >= 3, p  # labels and a readout were found
            for t in p["texts"]:
                bg = flatten(t["beneath"])
                ratio = contrast(over(rgba(t["color"]), bg), bg)
                if ratio < TEXT:
                    problems.append(f"demo {k}: {t['text']!r} {t['color']} on {bg}: {ratio:.2f}:1")
        assert not problems, "texts below 4.5:1 in the dark theme: " + "; ".join(problems)

        names = ax_names(page, ".jp-NotebookPanel:not(.lm-mod-hidden) .ql-demo button")
        assert names and all(n.strip() for n in names), f"buttons without an accessible name: {names}"
        play = ax_names(page, ".jp-NotebookPanel:not(.lm-mod-hidden) .ql-demo .widget-play button")
        assert play == ["play", "stop", "repeat"], play  # ▶, ■ and the repeat toggle (shown in notebook 06)

        cell = next(c for c in nb.widget_cells() if nb.figure_shots(c))
        nb.stable_figure_shots(cell)
        shot = nb.output_screenshot(cell, ARTIFACTS_DIR / "dark_theme_06_demo.png")
        assert shot is not None and shot.stat().st_size > 10_000
        page.screenshot(path=str(ARTIFACTS_DIR / "dark_theme_06_page.png"))
    finally:
        set_theme(page, "JupyterLab Light")
