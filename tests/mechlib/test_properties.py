"""Hypothesis: random 3D chains of particles and rigid bodies, with random
joint axes, agree with KanesMethod."""

import sympy as sm
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mechlib as ml

axis = st.tuples(*[st.integers(-2, 2)] * 3).filter(lambda a: any(a))


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(links=st.lists(st.tuples(st.one_of(st.sampled_from("xyz"), axis),
                                 st.sampled_from(["body", "particle"])),
                       min_size=1, max_size=3),
       springs=st.booleans())
def test_random_chain_matches_kanes_method(links, springs, helpers):
    axes, kinds = zip(*links, strict=True)
    ex = ml.systems.rigid_chain(len(axes), axes=axes, springs=springs,
                                kinds=kinds)
    eqs = ml.kanes_equations(ex)
    km, fr, frstar = helpers.kanes_method(ex)
    helpers.assert_close(eqs.mass_matrix, km.mass_matrix)
    helpers.assert_close(eqs.forcing, km.forcing)
    helpers.assert_close(eqs.Fr, fr)


@settings(max_examples=6, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(axes=st.lists(axis, min_size=2, max_size=3))
def test_mass_matrix_is_kinetic_energy_hessian_and_positive(axes, helpers):
    """M = d2K/du du with K from the bodies (M is built from its upper triangle,
    so comparing it with its transpose would prove nothing), and M > 0."""
    import numpy as np

    from tests.mechlib.test_kane import kinetic_energy_by_hand

    ex = ml.systems.rigid_chain(len(axes), axes=axes)
    eqs = ml.kanes_equations(ex)
    M = eqs.mass_matrix
    H = sm.hessian(kinetic_energy_by_hand(ex), list(ex.u))
    values = helpers.random_values([M, H], seed=len(axes))
    Mn, Hn = helpers.evaluate(M, values), helpers.evaluate(H, values)
    np.testing.assert_allclose(Mn, Hn, rtol=1e-12, atol=1e-12)
    assert np.all(np.linalg.eigvalsh(Mn) > 0)


def test_systems_bad_arguments():
    import pytest
    with pytest.raises(ml.errors.ShapeError, match="one axis per link"):
        ml.systems.rigid_chain(2, axes=["x"])
    with pytest.raises(ml.errors.ShapeError, match="'body' or 'particle'"):
        ml.systems.rigid_chain(2, kinds=["body", "rod"])
    with pytest.raises(ml.errors.ShapeError, match="nonzero"):
        ml.systems.rigid_chain(1, axes=[(0, 0, 0)])
    with pytest.raises(ml.errors.ParameterError, match="give 1 to 100"):
        ml.systems.n_link_pendulum(0)
    with pytest.raises(ml.errors.ParameterError, match="give 1 to 100"):
        ml.systems.rigid_chain(10**8)
    with pytest.raises(ml.errors.ArgumentTypeError, match="whole number"):
        ml.systems.n_link_pendulum(True)
    with pytest.raises(ml.errors.ShapeError, match="one axis letter per link"):
        ml.systems.rigid_chain(2, axes="bogus")
    with pytest.raises(AttributeError, match="has no"):
        _ = ml.systems.double_pendulum().nothing
    assert sm.Symbol("m1") == ml.systems.double_pendulum().m1
