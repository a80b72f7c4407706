"""Every course notebook, in JupyterLab in headless Chromium: runs clean, and every slider repaints its figure.

One test per ``notebooks/*.ipynb``: open, Run All, no error output, every code cell executed, at least one slider,
and for each slider a figure in its cell that repaints after PageUp/ArrowRight on the focused handle; then each
toggle-buttons, dropdown, checkbox and play control changed once repaints its figure too (see
``checks.NotebookReport.problems``).  A full-page screenshot of each lands in ``test-artifacts/browser/<stem>.png``,
and one per widget cell in ``test-artifacts/browser/widgets/<stem>_<n>.png``.  A slider that is disabled when its turn
comes (e.g. disabled by a slider moved before it) is reported, not moved: a dedicated test must drive it
(notebook 07's untangle slider: test_belt_in_lab.py).  So must a control that matters only in some states
(:data:`MAY_NOT_REPAINT`).
"""

from __future__ import annotations

import pytest

from .jupyterlab import ARTIFACTS_DIR, NOTEBOOKS_DIR

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted(NOTEBOOKS_DIR.glob("*.ipynb"))
# An empty notebooks/ must not pass silently.
PARAMS = [pytest.param(p.name, id=p.stem) for p in NOTEBOOKS] or [pytest.param(None, id="no-notebooks-found")]

# notebook -> {control description: why one change may leave the figure as it is, and which test drives it}
MAY_NOT_REPAINT = {
    "06_slerp_vs_nlerp.ipynb": {
        "short path (flip q1 if q0·q1 < 0)": "changes the path only when q0·q1 < 0 (turn > 180°): test_slerp_in_lab.py",
    },
}


@pytest.mark.parametrize("notebook", PARAMS)
def test_notebook_runs_and_controls_repaint(notebook, check):
    if notebook is None:
        pytest.fail(f"no notebooks found: {NOTEBOOKS_DIR} has no *.ipynb", pytrace=False)
    report = check(notebook, screenshot=ARTIFACTS_DIR / f"{notebook.removesuffix('.ipynb')}.png",
                            widget_shots=ARTIFACTS_DIR / "widgets", may_not_repaint=MAY_NOT_REPAINT.get(notebook))
    problems = report.problems()
    if not problems:
        print(report.summary())  # timings etc., shown with -rP
    else:
        pytest.fail(f"{notebook} in JupyterLab:\n  - " + "\n  - ".join(problems) + "\n\n" + report.summary(),
                    pytrace=False)
