"""Collision probability tau(D_k) of a device's workers (notes §2, eq. (4)).

tau = Pr[at least two bursts at once] = 1 - P(no burst) - P(exactly one burst). Instead of the
closed form ``1 - P0 (1 + S)`` (which needs p < 1) we carry the pair (P0, P1) through a product:
adding a group of ``y`` independent workers with probability ``p`` maps
``(P0, P1) -> (P0 q^y, P1 q^y + P0 y p q^(y-1))`` with ``q = 1 - p``. It is exact, vectorised over
devices, linear in the number of jobs (never 2^n), and stable for tiny p.

``correlated_same_job`` (notes §2 variant): the co-located workers of one job burst together, so a
job contributes one Bernoulli(p); when it has >= 2 workers on the device its burst alone is a
collision (it then only adds to P0, never to P1).
"""
# "notes §n" = section n of docs/specs/ojpp.md (the formulation notes of this problem)

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...core.tolerance import exceeds

Updater = Callable[[np.ndarray, np.ndarray, np.ndarray, float], tuple[np.ndarray, np.ndarray]]


def _independent(P0: np.ndarray, P1: np.ndarray, y: np.ndarray, p: float):
    q = 1.0 - p
    qy1 = np.where(y > 0, q ** np.maximum(y - 1, 0), 1.0)
    qy = np.where(y > 0, qy1 * q, 1.0)
    return P0 * qy, P1 * qy + P0 * y * p * qy1


def _correlated(P0: np.ndarray, P1: np.ndarray, y: np.ndarray, p: float):
    q = 1.0 - p
    present = y > 0
    qy = np.where(present, q, 1.0)
    single = np.where(y == 1, p, 0.0)
    return P0 * qy, P1 * qy + P0 * single


#: Collision models by name (registry; the instance's ``collision_model`` picks one).
UPDATERS: dict[str, Updater] = {"independent": _independent, "correlated_same_job": _correlated}


def no_collision_terms(
    Y: np.ndarray, p: np.ndarray, model: str = "independent"
) -> tuple[np.ndarray, np.ndarray]:
    """(P0, P1) for every row of the count matrix ``Y`` (rows = devices, columns = jobs)."""
    Y = np.atleast_2d(np.asarray(Y))
    update = UPDATERS[model]
    P0 = np.ones(Y.shape[0])
    P1 = np.zeros(Y.shape[0])
    for i in np.nonzero(Y.any(axis=0))[0]:
        P0, P1 = update(P0, P1, Y[:, i], float(p[i]))
    return P0, P1


def tau_counts(Y: np.ndarray, p: np.ndarray, model: str = "independent") -> np.ndarray:
    """Collision probability of every row of a count matrix: Pr[two or more bursts at once].

    Parameters
    ----------
    Y : numpy.ndarray
        Worker counts per device (rows) and job (columns). Unit: workers.
    p : numpy.ndarray
        Burst probability of each job's workers, shape (jobs,). Unit: probability.
    model : str, default 'independent'
        ``'independent'`` (every worker bursts on its own) or ``'correlated_same_job'`` (the
        co-located workers of a job burst together).

    Returns
    -------
    numpy.ndarray
        tau per row, shape (rows,), in [0, 1]. Unit: probability.

    Raises
    ------
    KeyError
        An unknown ``model``.

    Examples
    --------
    >>> import numpy as np
    >>> tau_counts(np.array([[2, 0], [1, 1]]), np.array([0.2, 0.3])).round(6).tolist()
    [0.04, 0.06]
    >>> tau_counts(np.array([[2, 0]]), np.array([0.2, 0.3]), "correlated_same_job").round(6)
    array([0.2])
    """
    P0, P1 = no_collision_terms(Y, p, model)
    return np.clip(1.0 - P0 - P1, 0.0, 1.0)


def tau(probs: list[float] | np.ndarray) -> float:
    """Collision probability of independent workers with the given burst probabilities.

    Parameters
    ----------
    probs : list of float or numpy.ndarray
        One burst probability per worker on the device. Unit: probability.

    Returns
    -------
    float
        Pr[at least two workers burst at once]. Unit: probability.

    Examples
    --------
    >>> round(tau([0.2, 0.3]), 6)
    0.06
    >>> tau([0.5])
    0.0
    """
    probs = np.asarray(probs, dtype=float)
    return float(tau_counts(np.ones((1, probs.size), dtype=int), probs)[0])


def add_worker(
    P0: np.ndarray, P1: np.ndarray, p: float
) -> tuple[np.ndarray, np.ndarray]:
    """(P0, P1) after adding one independent worker (vectorised over devices)."""
    return P0 * (1.0 - p), P1 * (1.0 - p) + P0 * p


def log_g(y: np.ndarray, p: np.ndarray) -> float:
    """g(y) = sum y_i ln(1-p_i) + ln(1 + sum y_i r_i) = ln(1 - tau) (notes §2; needs p < 1)."""
    y = np.asarray(y, dtype=float)
    r = p / (1.0 - p)
    return float(y @ np.log1p(-p) + np.log1p(y @ r))


def tangent_cut(y_hat: np.ndarray, p: np.ndarray, tau_bar: float) -> tuple[np.ndarray, float]:
    """Outer-approximation cut ``coef . y >= rhs`` of g(y) >= ln(1 - tau_bar) at ``y_hat``.

    coef_i = ln(1-p_i) + r_i / (1 + S), rhs = ln(1 - tau_bar) - ln(1 + S) + S / (1 + S) with
    S = y_hat . r (notes §5.1). Valid because g is concave (it lies below its tangent).
    """
    r = p / (1.0 - p)
    S = float(np.asarray(y_hat, dtype=float) @ r)
    coef = np.log1p(-p) + r / (1.0 + S)
    rhs = float(np.log1p(-tau_bar) - np.log1p(S) + S / (1.0 + S))
    return coef, rhs


def minimal_colliding(
    y: np.ndarray, p: np.ndarray, tau_bar: float, model: str = "independent"
) -> np.ndarray:
    """A minimal count vector c <= y with tau(c) > tau_bar (y itself must exceed tau_bar).

    tau is monotone in the counts, so every count vector >= c violates (5) too: ``c`` yields a
    valid no-good ``not all(y_i >= c_i)`` for every device (lazy cuts of the exact models).
    Workers are removed greedily, most probable bursts last.
    """
    c = np.array(y, dtype=int)
    for i in np.argsort(p, kind="stable"):
        while c[i] > 0:
            c[i] -= 1
            if not exceeds(tau_counts(c[None, :], p, model)[0], tau_bar):
                c[i] += 1
                break
    return c
