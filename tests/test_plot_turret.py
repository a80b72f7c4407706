"""quatlib.plot._turret: Turret, a head and barrel turned by R over a pedestal drawn into the cached background."""

from __future__ import annotations

import numpy as np
import pytest

import quatlib as ql
import quatlib.plot as qp


@pytest.fixture
def turret_scene():
    fig, (scene,) = qp.panels(1, size=3.6, extent=1.6)
    return fig, scene, qp.Turret(scene, aim=(0, 0, -1), barrel=1.25, breech=0.31)


@pytest.mark.parametrize("yaw, pitch", [(0, 0), (90, 0), (150, 10), (-150, 40), (30, -90)])
def test_the_barrel_and_the_muzzle_lie_along_the_turned_aim(turret_scene, yaw, pitch):
    fig, scene, turret = turret_scene
    R = ql.matrix_from_euler(yaw, pitch, 0, degrees=True)
    turret.set_data(R)
    aim = R @ np.array([0.0, 0.0, -1.0])
    # closed form of the aim of R = Ry(yaw) Rx(pitch): (-sin yaw cos pitch, sin pitch, -cos yaw cos pitch)
    y, p = np.radians(yaw), np.radians(pitch)
    np.testing.assert_allclose(aim, [-np.sin(y) * np.cos(p), np.sin(p), -np.cos(y) * np.cos(p)], atol=1e-12)
    np.testing.assert_allclose(turret.head.R, R, atol=0)
    np.testing.assert_allclose(turret.barrel.tip, 1.25 * aim, atol=1e-12)
    np.testing.assert_allclose(turret.muzzle.p, 1.25 * aim, atol=1e-12)


def test_the_pedestal_is_drawn_into_the_background_and_the_head_on_every_update(turret_scene):
    fig, scene, turret = turret_scene
    renderer = qp.Renderer.of(fig)
    pedestal = [a for box in turret.pedestal for a in box.artists]
    assert all(a in renderer.view_artists() for a in pedestal)
    assert not any(a in renderer.moving_artists() for a in pedestal)
    assert all(a in renderer.moving_artists() for a in turret.head.artists + turret.barrel.artists)
    before = qp.render_rgb(fig).copy()
    turret.set_data(ql.matrix_from_euler(90, 30, 0, degrees=True))
    assert (qp.render_rgb(fig) != before).any()


def test_a_wrong_aim_is_a_clear_error(turret_scene):
    fig, scene, _ = turret_scene
    with pytest.raises(ValueError, match=r"Expected aim with shape \(\.\.\., 3\), got \(2,\)"):
        qp.Turret(scene, aim=(0, 1))
