"""The course's colours stay apart for the colour-blind and are legible on white: all of it computed.

Three measures, each implemented here and checked against published numbers first:

- **Colour-vision deficiency (CVD)**: Machado, Oliveira and Fernandes, "A Physiologically-based Model for
  Simulation of Color Vision Deficiency", IEEE TVCG 15(6), 1291-1298 (2009); the matrices for protanopia and
  deuteranopia are those of severity 1.0 in the authors' table
  (https://www.inf.ufrgs.br/~oliveira/pubs_files/CVD_Simulation/CVD_Simulation.html), applied to *linear* RGB
  (sRGB decoded with the IEC 61966-2-1 curve), clipped to [0, 1] and encoded again.
- **Colour difference**: CIEDE2000 (ΔE00) on CIELAB (D65), as written in Sharma, Wu and Dalal, "The CIEDE2000
  color-difference formula: implementation notes, supplementary test data, and mathematical observations",
  Color Res. Appl. 30(1), 21-30 (2005), checked against pairs of its test data.  About 2.3 is a just noticeable
  difference; the course asks :data:`APART` = 15 for colours that must be told apart (side by side they are
  plainly different; the matplotlib red and green the course used before differ by less than 5 under deuteranopia).
- **Contrast**: WCAG 2 relative luminance ``L = 0.2126 R + 0.7152 G + 0.0722 B`` (linear RGB) and contrast ratio
  ``(L1 + 0.05) / (L2 + 0.05)``: text needs 4.5:1, lines and other graphics 3:1 (WCAG 2.1, 1.4.3 and 1.4.11).

A CVD-simulated picture of the gimbal demo is left in ``test-artifacts/cvd/`` to be looked at.
"""

from __future__ import annotations

import io
import itertools
import pathlib

import matplotlib.colors
import matplotlib.image
import matplotlib.lines
import matplotlib.text
import numpy as np
import pytest

import quatlib.plot as qp
from quatlib import course
from quatlib import widgets as qw

ARTIFACTS = pathlib.Path(__file__).resolve().parents[1] / "test-artifacts" / "cvd"
APART = 15.0  # CIEDE2000 between colours that carry different meanings
TEXT, LINE = 4.5, 3.0  # WCAG contrast on the background for text, and for lines and markers
BACKGROUND = qp.COLORS["panel"]

# Machado et al. (2009), severity 1.0: linear RGB in, linear RGB out (rows sum to 1: greys stay grey).
MACHADO = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
}
VISIONS = ("normal", *MACHADO)

# sRGB (linear) to CIE XYZ, D65 (IEC 61966-2-1)
_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375],
                 [0.2126729, 0.7151522, 0.0721750],
                 [0.0193339, 0.1191920, 0.9503041]])


def rgb(color) -> np.ndarray:
    """Any matplotlib colour as sRGB in [0, 1], shape (3,)."""
    return np.array(matplotlib.colors.to_rgb(color))


def to_linear(srgb):
    srgb = np.asarray(srgb, dtype=float)
    return np.where(srgb <= 0.04045, srgb / 12.92, ((srgb + 0.055) / 1.055) ** 2.4)


def to_srgb(linear):
    linear = np.clip(linear, 0.0, 1.0)
    return np.where(linear <= 0.0031308, 12.92 * linear, 1.055 * linear ** (1 / 2.4) - 0.055)


def simulate(srgb, vision: str):
    """How ``srgb`` (..., 3) looks with ``vision`` ("normal", "protanopia", "deuteranopia"), as sRGB."""
    if vision == "normal":
        return np.asarray(srgb, dtype=float)
    return to_srgb(to_linear(srgb) @ MACHADO[vision].T)


def luminance(srgb):
    """WCAG 2 relative luminance."""
    return to_linear(srgb) @ np.array([0.2126, 0.7152, 0.0722])


def contrast(a, b=BACKGROUND) -> float:
    la, lb = luminance(rgb(a)), luminance(rgb(b))
    return float((max(la, lb) + 0.05) / (min(la, lb) + 0.05))


def lab(srgb):
    """CIELAB (D65) of sRGB (..., 3)."""
    xyz = (to_linear(srgb) @ _XYZ.T) / _XYZ.sum(axis=1)
    d = 6 / 29
    f = np.where(xyz > d ** 3, np.cbrt(xyz), xyz / (3 * d * d) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def ciede2000(lab1, lab2):
    """ΔE00 between CIELAB colours (..., 3) (Sharma et al. 2005, eqs. 1-22; kL = kC = kH = 1)."""
    L1, a1, b1 = np.moveaxis(np.asarray(lab1, dtype=float), -1, 0)
    L2, a2, b2 = np.moveaxis(np.asarray(lab2, dtype=float), -1, 0)
    c_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_mean ** 7 / (c_mean ** 7 + 25.0 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = np.hypot(a1, b1), np.hypot(a2, b2)
    h1, h2 = np.degrees(np.arctan2(b1, a1)) % 360, np.degrees(np.arctan2(b2, a2)) % 360
    chroma0 = c1 * c2 == 0
    dh = h2 - h1
    dh = np.where(chroma0, 0.0, np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh)))
    dL, dC = L2 - L1, c2 - c1
    dH = 2 * np.sqrt(c1 * c2) * np.sin(np.radians(dh / 2))
    L_mean, c_mean = (L1 + L2) / 2, (c1 + c2) / 2
    h_sum = h1 + h2
    h_mean = np.where(chroma0, h_sum, np.where(np.abs(h1 - h2) <= 180, h_sum / 2,
                                               np.where(h_sum < 360, (h_sum + 360) / 2, (h_sum - 360) / 2)))
    t = (1 - 0.17 * np.cos(np.radians(h_mean - 30)) + 0.24 * np.cos(np.radians(2 * h_mean))
         + 0.32 * np.cos(np.radians(3 * h_mean + 6)) - 0.20 * np.cos(np.radians(4 * h_mean - 63)))
    s_L = 1 + 0.015 * (L_mean - 50) ** 2 / np.sqrt(20 + (L_mean - 50) ** 2)
    s_C = 1 + 0.045 * c_mean
    s_H = 1 + 0.015 * c_mean * t
    r_T = (-2 * np.sqrt(c_mean ** 7 / (c_mean ** 7 + 25.0 ** 7))
           * np.sin(np.radians(60 * np.exp(-(((h_mean - 275) / 25) ** 2)))))
    return np.sqrt((dL / s_L) ** 2 + (dC / s_C) ** 2 + (dH / s_H) ** 2 + r_T * (dC / s_C) * (dH / s_H))


def difference(a, b, vision: str) -> float:
    """ΔE00 between two colours as seen with ``vision``."""
    return float(ciede2000(lab(simulate(rgb(a), vision)), lab(simulate(rgb(b), vision))))


# -- the measures themselves ------------------------------------------------------------------------------------

# Sharma, Wu and Dalal (2005), Table 1: pairs 1, 2, 7, 17, 18, 19, 20 (L*, a*, b*) and their ΔE00
SHARMA = [((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
          ((50, 3.1571, -77.2803), (50, 0, -82.7485), 2.8615),
          ((50, 0, 0), (50, -1, 2), 2.3669),
          ((50, 2.5, 0), (73, 25, -18), 27.1492),
          ((50, 2.5, 0), (61, -5, 29), 22.8977),
          ((50, 2.5, 0), (56, -27, -3), 31.9030),
          ((50, 2.5, 0), (58, 24, 15), 19.4535)]


@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA)
def test_ciede2000_matches_sharmas_test_data(lab1, lab2, expected):
    assert ciede2000(np.array(lab1), np.array(lab2)) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(np.array(lab2), np.array(lab1)) == pytest.approx(expected, abs=1e-4)  # symmetric


def test_wcag_contrast_of_known_greys():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#ffffff", "#ffffff") == pytest.approx(1.0)
    # #767676 is the lightest grey that passes 4.5:1 on white; #777777 just fails (4.48:1)
    assert contrast("#767676") >= TEXT > contrast("#777777")


def test_cvd_simulation_keeps_greys_and_merges_red_with_green():
    greys = np.linspace(0, 1, 5)[:, None] * np.ones(3)
    for vision in MACHADO:
        np.testing.assert_allclose(simulate(greys, vision), greys, atol=2e-5)
    # the classic confusion: matplotlib's red and green of before, nearly one colour under deuteranopia
    assert difference("#d62728", "#2ca02c", "normal") > 50 > 5 > difference("#d62728", "#2ca02c", "deuteranopia")


# -- the course's palette ---------------------------------------------------------------------------------------

def test_axis_colours_are_still_red_green_blue():
    hue = {name: np.degrees(np.arctan2(*lab(rgb(qp.COLORS[name]))[[2, 1]])) % 360 for name in "xyz"}
    assert 0 <= hue["x"] <= 60  # red (CIELAB hue angle)
    assert 120 <= hue["y"] <= 180  # green
    assert 250 <= hue["z"] <= 310  # blue
    assert tuple(qp.COLORS[a] for a in "xyz") == qp.AXIS_COLORS


def test_every_named_colour_has_a_role_and_the_contrast_it_needs():
    assert set(qp.COLOR_ROLES) == set(qp.COLORS)
    assert set(qp.COLOR_ROLES.values()) <= {"text", "line", "fill"}
    need = {"text": TEXT, "line": LINE}
    weak = {name: round(contrast(qp.COLORS[name]), 2) for name, role in qp.COLOR_ROLES.items()
            if role in need and contrast(qp.COLORS[name]) < need[role]}
    assert not weak, f"below the contrast of their role on {BACKGROUND}: {weak}"


def _pairs():
    """The colours that must be told apart, by what they mean: computed from the code that draws them."""
    fig, (scene,) = qp.panels(1)
    rings = qp.Gimbal(scene).colors  # yaw, pitch, roll
    yield "axes x, y, z", dict(zip("xyz", qp.AXIS_COLORS))
    # the turned vector (orange) is drawn with the axes: hello_cube, sandwich, two_mirrors, slerp_vs_nlerp
    yield "the vector and the axes", {**dict(zip("xyz", qp.AXIS_COLORS)), "vector": qp.COLORS["vector"]}
    yield "gimbal rings", dict(zip(("yaw", "pitch", "roll"), rings))
    yield "slerp, nlerp", {m: qw._slerp.COLORS[m] for m in ("slerp", "nlerp")}
    yield "turret: slerp, lerp of angles", {"slerp": qw._turret._SLERP, "euler": qw._turret._EULER}
    yield "drift: float32, float64", {str(k): c for k, c in qw._drift._DTYPE_COLORS.items()}


@pytest.mark.parametrize("vision", VISIONS)
def test_colours_that_mean_different_things_stay_apart(vision):
    close = []
    for what, colors in _pairs():
        for (a, ca), (b, cb) in itertools.combinations(colors.items(), 2):
            d = difference(ca, cb, vision)
            if d < APART:
                close.append(f"{what}: {a} {ca} vs {b} {cb}: ΔE00 {d:.1f}")
    assert not close, f"{vision}: " + "; ".join(close)


# -- what the figures draw --------------------------------------------------------------------------------------

def _on_white(rgba) -> np.ndarray:
    """The colour a translucent ``rgba`` gives on the white background."""
    r = np.asarray(matplotlib.colors.to_rgba(rgba), dtype=float)
    return r[:3] * r[3] + rgb(BACKGROUND) * (1 - r[3])


def _texts(demo):
    """(text, colour as drawn on white) of every visible text of the demo's figure, outline texts included."""
    for t in demo.figure.findobj(matplotlib.text.Text):
        alpha = t.get_alpha()
        if t.get_visible() and t.get_text().strip() and alpha != 0:  # alpha 0: a spare label, not drawn
            yield t.get_text(), _on_white((*rgb(t.get_color()), 1.0 if alpha is None else alpha))
    stack = [item for scene in demo.scenes for item in scene.items]
    while stack:
        item = stack.pop()
        stack.extend(item.children)
        if isinstance(item, qp.OutlineText) and item.text.strip():
            patch = item.artists[0]
            if patch.get_visible():
                yield item.text, _on_white(patch.get_facecolor())


@pytest.mark.parametrize("name", course.demo_names())
def test_every_text_a_demo_draws_has_text_contrast(name):
    demo = getattr(qw, name)()
    faint = {f"{text!r} {matplotlib.colors.to_hex(c)} {contrast(c):.2f}:1" for text, c in _texts(demo)
             if contrast(c) < TEXT}
    assert not faint, f"{name}: texts below {TEXT}:1 on white: " + ", ".join(sorted(faint))


def test_gimbal_under_simulated_colour_blindness(tmp_path):
    """The gimbal as the colour-blind see it (PNGs in test-artifacts/cvd/): the three rings keep three colours."""
    demo = qw.gimbal(yaw=30, pitch=40, roll=30)
    picture = matplotlib.image.imread(io.BytesIO(demo.snapshot()), format="png")[..., :3]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    rings = demo.items["rings"].colors
    for vision in VISIONS:
        seen = simulate(picture, vision)
        matplotlib.image.imsave(ARTIFACTS / f"gimbal_{vision}.png", seen)
        # each ring's colour, as this eye sees it, covers a good stretch of the picture (the ring is there)...
        ring_lab = lab(simulate(np.array([rgb(c) for c in rings]), vision))
        seen_lab = lab(seen)
        near = [int((ciede2000(seen_lab, c) < 3.0).sum()) for c in ring_lab]
        assert min(near) > 300, f"{vision}: pixels near each ring colour: {near}"
        # ...and no two of the three look alike
        apart = [float(ciede2000(ring_lab[i], ring_lab[j])) for i, j in itertools.combinations(range(3), 2)]
        assert min(apart) >= APART, f"{vision}: ΔE00 between the rings {apart}"
    side_by_side = np.concatenate([simulate(picture, v) for v in VISIONS], axis=1)
    matplotlib.image.imsave(ARTIFACTS / "gimbal_normal_deuteranopia_protanopia.png", side_by_side)


def test_every_line_of_the_gimbal_has_line_contrast():
    """The rings' back halves are lighter (depth) and the axles dashed, yet every line keeps 3:1 on white."""
    fig, (scene,) = qp.panels(1)
    gimbal = qp.Gimbal(scene, style="mechanical")
    lines = [a for a in gimbal.artists if isinstance(a, matplotlib.lines.Line2D)]
    assert len(lines) == 12  # per ring: back half, front half, pivot stubs, axis
    faint = [f"{matplotlib.colors.to_hex(c)} {contrast(c):.2f}:1" for c in
             (_on_white((*rgb(line.get_color()), 1.0 if line.get_alpha() is None else line.get_alpha()))
              for line in lines) if contrast(c) < LINE]
    assert not faint, f"gimbal lines below {LINE}:1: {faint}"
