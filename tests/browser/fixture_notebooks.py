"""Small notebooks that exercise the browser harness independently of the course notebooks.

The same figure (a sine curve whose frequency a slider sets) three ways, plus notebooks the harness must reject:

- ``ipympl``  — ``%matplotlib widget``, one persistent figure, line data updated in place on slider change.
- ``image``   — a persistent Agg figure rendered to PNG into an ``ipywidgets.Image``.
- ``inline``  — "the usual way": ``interact`` + ``%matplotlib inline``, figure recreated, ``plt.show()``.
- ``broken``  — a cell raises.
- ``callback_error`` — the ``interact`` function raises once the slider passes 2.
- ``stale``   — ``interact`` + inline *without* ``plt.show()``: the slider moves, the picture stays stale.
- ``no_slider`` — a figure and no widget.
- ``clipped`` — the ``image`` figure, but a slider description and toggle-button choices cut off by narrow columns.
- ``disabled_later`` — the ``image`` figure with a second slider that moving the first one disables.
- ``controls`` — the ``image`` figure with toggle buttons, a dropdown, a checkbox and a play control that each
  change it, and a second checkbox ("does nothing") that changes nothing: the harness must report that one.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

_KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}

_SLIDER = ('slider = widgets.FloatSlider(value=1.0, min=0.5, max=4.0, step=0.1, description="frequency",\n'
           '                            continuous_update=True)')

_IMAGE_FIGURE = (
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
)
_IMAGE_IMPORTS = ("import io\nimport ipywidgets as widgets\nimport numpy as np\n"
                  "from matplotlib.figure import Figure\nfrom matplotlib.backends.backend_agg import FigureCanvasAgg")

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
    "clipped": [
        _IMAGE_IMPORTS,
        "x = np.linspace(0, 2 * np.pi, 200)\n"
        "slider = widgets.FloatSlider(value=1.0, min=0.5, max=4.0, step=0.1,\n"
        "                             description='the frequency of the sine wave', continuous_update=True,\n"
        "                             style={'description_width': '60px'})\n"
        "choice = widgets.ToggleButtons(options=['first choice', 'ok'], style={'button_width': '40px'})\n"
        + _IMAGE_FIGURE +
        "slider.observe(lambda change: (line.set_ydata(np.sin(change['new'] * x)),\n"
        "                               setattr(image, 'value', png())), names='value')\n"
        "widgets.VBox([slider, choice, image])",
    ],
    "disabled_later": [
        _IMAGE_IMPORTS,
        "x = np.linspace(0, 2 * np.pi, 200)\n"
        + _SLIDER + "\n"
        "amplitude = widgets.FloatSlider(value=1.0, min=0.1, max=1.0, description='amplitude')\n"
        + _IMAGE_FIGURE +
        "def update(change):\n"
        "    line.set_ydata(amplitude.value * np.sin(slider.value * x))\n"
        "    image.value = png()\n"
        "    amplitude.disabled = slider.value > 2  # moving the frequency past 2 disables the amplitude\n"
        "\n"
        "slider.observe(update, names='value')\n"
        "amplitude.observe(update, names='value')\n"
        "widgets.VBox([slider, amplitude, image])",
    ],
    "controls": [
        _IMAGE_IMPORTS,
        "x = np.linspace(0, 2 * np.pi, 200)\n"
        + _SLIDER + "\n"
        "colour = widgets.ToggleButtons(options=['C0', 'C1', 'C2'], description='colour')\n"
        "style = widgets.Dropdown(options=['-', '--', ':'], description='line style')\n"
        "grid = widgets.Checkbox(value=False, description='grid')\n"
        "dead = widgets.Checkbox(value=False, description='does nothing')\n"
        "play = widgets.Play(value=10, min=10, max=20, interval=50, description='play')\n"
        + _IMAGE_FIGURE +
        "def update(change):\n"
        "    line.set_ydata(np.sin((slider.value + (play.value - 10) / 10) * x))\n"
        "    line.set_color(colour.value)\n"
        "    line.set_linestyle(style.value)\n"
        "    ax.grid(grid.value)\n"
        "    image.value = png()\n"
        "\n"
        "for w in (slider, colour, style, grid, play):\n"
        "    w.observe(update, names='value')\n"
        "widgets.VBox([slider, colour, style, grid, dead, play, image])",
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
