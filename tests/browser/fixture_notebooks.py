"""Small notebooks that exercise the browser harness independently of the course notebooks.

The same figure (a sine curve whose frequency a slider sets) three ways, plus notebooks the harness must reject:

- ``ipympl``  — ``%matplotlib widget``, one persistent figure, line data updated in place on slider change.
- ``image``   — a persistent Agg figure rendered to PNG into an ``ipywidgets.Image``.
- ``inline``  — "the usual way": ``interact`` + ``%matplotlib inline``, figure recreated, ``plt.show()``.
- ``broken``  — a cell raises.
- ``callback_error`` — the ``interact`` function raises once the slider passes 2.
- ``stale``   — ``interact`` + inline *without* ``plt.show()``: the slider moves, the picture stays stale.
- ``no_slider`` — a figure and no widget.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

_KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}

_SLIDER = ('slider = widgets.FloatSlider(value=1.0, min=0.5, max=4.0, step=0.1, description="frequency",\n'
           '                            continuous_update=True)')

FIXTURES: dict[str, list[str]] = {
    "ipympl": [
        "%matplotlib widget\nimport ipywidgets as widgets\nimport matplotlib.pyplot as plt\nimport numpy as np",
        "x = np.linspace(0, 2 * np.pi, 200)\n"
        + _SLIDER + "\n"
        "with plt.ioff():\n"
        "    fig, ax = plt.subplots(figsize=(4, 3))\n"
        "line, = ax.plot(x, np.sin(slider.value * x))\n"
        "ax.set_ylim(-1.1, 1.1)\n"
        "fig.canvas.header_visible = False\n"
        "\n"
        "def update(change):\n"
        "    line.set_ydata(np.sin(change['new'] * x))\n"
        "    fig.canvas.draw_idle()\n"
        "\n"
        "slider.observe(update, names='value')\n"
        "widgets.VBox([slider, fig.canvas])",
    ],
    "image": [
        "import io\nimport ipywidgets as widgets\nimport numpy as np\n"
        "from matplotlib.figure import Figure\nfrom matplotlib.backends.backend_agg import FigureCanvasAgg",
        "x = np.linspace(0, 2 * np.pi, 200)\n"
        + _SLIDER + "\n"
        "fig = Figure(figsize=(4, 3), dpi=100)\n"
        "FigureCanvasAgg(fig)\n"
        "ax = fig.add_subplot()\n"
        "line, = ax.plot(x, np.sin(slider.value * x))\n"
        "ax.set_ylim(-1.1, 1.1)\n"
        "\n"
        "def png():\n"
        "    buf = io.BytesIO()\n"
        "    fig.savefig(buf, format='png')\n"
        "    return buf.getvalue()\n"
        "\n"
        "image = widgets.Image(value=png(), format='png', width=400)\n"
        "\n"
        "def update(change):\n"
        "    line.set_ydata(np.sin(change['new'] * x))\n"
        "    image.value = png()\n"
        "\n"
        "slider.observe(update, names='value')\n"
        "widgets.VBox([slider, image])",
    ],
    "inline": [
        "%matplotlib inline\nimport ipywidgets as widgets\nimport matplotlib.pyplot as plt\nimport numpy as np",
        "x = np.linspace(0, 2 * np.pi, 200)\n"
        + _SLIDER + "\n"
        "\n"
        "@widgets.interact(frequency=slider)\n"
        "def plot(frequency):\n"
        "    fig, ax = plt.subplots(figsize=(4, 3))\n"
        "    ax.plot(x, np.sin(frequency * x))\n"
        "    ax.set_ylim(-1.1, 1.1)\n"
        "    plt.show()",
    ],
    "broken": [
        "%matplotlib widget\nimport ipywidgets as widgets\nimport matplotlib.pyplot as plt\nimport numpy as np",
        "raise RuntimeError('deliberately broken cell')",
        "widgets.FloatSlider()",
    ],
    "stale": [
        "%matplotlib inline\nimport ipywidgets as widgets\nimport matplotlib.pyplot as plt\nimport numpy as np",
        "x = np.linspace(0, 2 * np.pi, 200)\n"
        + _SLIDER + "\n"
        "\n"
        "@widgets.interact(frequency=slider)\n"
        "def plot(frequency):\n"
        "    fig, ax = plt.subplots(figsize=(4, 3))\n"
        "    ax.plot(x, np.sin(frequency * x))\n"
        "    ax.set_ylim(-1.1, 1.1)  # no plt.show(): the figure goes to the log, the picture stays stale",
    ],
    "callback_error": [
        "%matplotlib inline\nimport ipywidgets as widgets\nimport matplotlib.pyplot as plt\nimport numpy as np",
        "x = np.linspace(0, 2 * np.pi, 200)\n"
        + _SLIDER + "\n"
        "\n"
        "@widgets.interact(frequency=slider)\n"
        "def plot(frequency):\n"
        "    if frequency > 2:\n"
        "        raise ValueError('frequency above 2 (deliberate error in the slider callback)')\n"
        "    fig, ax = plt.subplots(figsize=(4, 3))\n"
        "    ax.plot(x, np.sin(frequency * x))\n"
        "    plt.show()",
    ],
    "no_slider": [
        "%matplotlib inline\nimport matplotlib.pyplot as plt\nimport numpy as np",
        "x = np.linspace(0, 2 * np.pi, 200)\nplt.plot(x, np.sin(x))\nplt.show()",
    ],
}


def write_fixture(name: str, directory: str | Path) -> Path:
    """Write fixture notebook ``name`` as ``<directory>/<name>.ipynb`` and return its path."""
    nb = new_notebook(metadata={"kernelspec": _KERNELSPEC, "language_info": {"name": "python"}})
    nb.cells = [new_markdown_cell(f"# Harness fixture: {name}")] + [new_code_cell(src) for src in FIXTURES[name]]
    path = Path(directory) / f"{name}.ipynb"
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def write_fixtures(directory: str | Path, names=None) -> dict[str, Path]:
    return {name: write_fixture(name, directory) for name in (names or FIXTURES)}
