"""The controls of an explorer (:mod:`mechlib.book.explorer`): a slider over a
range of numbers and a choice among a few values.

Each control knows the values the static page offers (``grid``), which of
them it starts at (``start``), how the page writes a value (``text``) and
the ipywidgets control of the live view (``widget``).
"""

from __future__ import annotations

import numbers

from .._validation import finite_float
from ..errors import ArgumentTypeError, ParameterError, ShapeError

__all__ = ["Slider", "Choice"]


def _number(value, what):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ArgumentTypeError(
            f"{what} is {type(value).__name__} {value!r}; give a real number")
    return finite_float(value, what, "give a finite number")


def _label(label, what):
    if label is not None and not isinstance(label, str):
        raise ArgumentTypeError(
            f"{what} label is {type(label).__name__} {label!r}; give a string, "
            "e.g. label='q₁ (deg)'")
    return label


class Slider:
    """A number between ``low`` and ``high``.

    Parameters
    ----------
    low, high : float
        The ends of the range, ``low < high``.
    value : float, optional
        Where the slider starts; default the middle. In the static page it
        starts at the grid value nearest to it.
    steps : int
        How many values of ``low .. high`` (ends included, evenly spaced) the
        static page offers; at least 2.
    label : str, optional
        What the slider is called on screen and by a screen reader, with its
        unit, e.g. ``'q₁ (deg)'``; default the parameter's name.
    step : float, optional
        The increment of the live slider; default the grid spacing.

    Examples
    --------
    >>> from mechlib.book.display import Slider
    >>> Slider(0, 90, 30, steps=4, label="angle (deg)").grid()
    [0.0, 30.0, 60.0, 90.0]
    >>> Slider(0, 1, steps=1)
    Traceback (most recent call last):
    ...
    mechlib.errors.ParameterError: steps = 1; a slider needs at least 2 values (steps=2 or more)
    """

    def __init__(self, low, high, value=None, steps=5, label=None, step=None):
        self.low = _number(low, "Slider low")
        self.high = _number(high, "Slider high")
        if not self.low < self.high:
            raise ParameterError(
                f"Slider low = {low!r} is not below high = {high!r}; give low < high")
        if isinstance(steps, bool) or not isinstance(steps, numbers.Integral):
            raise ArgumentTypeError(
                f"steps is {type(steps).__name__} {steps!r}; give the number of "
                "values as an int, e.g. steps=5")
        if steps < 2:
            raise ParameterError(
                f"steps = {steps!r}; a slider needs at least 2 values (steps=2 or more)")
        self.steps = int(steps)
        self.value = (self.low + self.high) / 2 if value is None else _number(value, "Slider value")
        if not self.low <= self.value <= self.high:
            raise ParameterError(
                f"Slider value = {value!r} lies outside [{low!r}, {high!r}]; "
                "give a value within the range")
        self.step = (self.high - self.low) / (self.steps - 1) if step is None \
            else _number(step, "Slider step")
        if not 0 < self.step <= self.high - self.low:
            raise ParameterError(
                f"Slider step = {step!r}; give a positive step no larger than high - low")
        self.label = _label(label, "Slider")

    def grid(self):
        """The values the static page offers."""
        return [self.low + (self.high - self.low) * k / (self.steps - 1)
                for k in range(self.steps)]

    def start(self):
        """Index of the grid value nearest ``value``."""
        return min(range(self.steps), key=lambda k: abs(self.grid()[k] - self.value))

    def text(self, value):
        """``value`` as the page shows it."""
        return f"{value:.4g}"

    def widget(self, name):
        """The live ipywidgets slider."""
        from ipywidgets import FloatSlider

        return FloatSlider(value=self.value, min=self.low, max=self.high, step=self.step,
                           description=self.label or name)

    def __repr__(self):
        return (f"Slider({self.low:g}, {self.high:g}, {self.value:g}, steps={self.steps}, "
                f"label={self.label!r})")


class Choice:
    """One of a few values, e.g. which generalized speed.

    Parameters
    ----------
    options : sequence
        The values, at least two, all different.
    value : optional
        The one shown first; default the first option.
    label : str, optional
        What the control is called, as for :class:`Slider`.

    Examples
    --------
    >>> from mechlib.book.display import Choice
    >>> Choice([1, 2], label="r").grid()
    [1, 2]
    >>> Choice([1, 2], value=3)
    Traceback (most recent call last):
    ...
    mechlib.errors.ParameterError: Choice value = 3 is not one of the options [1, 2];
    give one of them
    """

    def __init__(self, options, value=None, label=None):
        if isinstance(options, (str, bytes)) or not hasattr(options, "__iter__"):
            raise ArgumentTypeError(
                f"Choice options is {type(options).__name__} {options!r}; give a list "
                "of values, e.g. [1, 2]")
        self.options = list(options)
        if len(self.options) < 2 or len(set(map(repr, self.options))) != len(self.options):
            raise ShapeError(
                f"Choice options {self.options!r}; give at least two different values")
        for option in self.options:
            if isinstance(option, numbers.Real):
                finite_float(option, "Choice option", "give finite values")
        self.value = self.options[0] if value is None else value
        if self.value not in self.options:
            raise ParameterError(
                f"Choice value = {value!r} is not one of the options {self.options!r}; "
                "give one of them")
        self.steps = len(self.options)
        self.label = _label(label, "Choice")

    def grid(self):
        """The values the static page offers: the options."""
        return list(self.options)

    def start(self):
        """Index of ``value``."""
        return self.options.index(self.value)

    def text(self, value):
        """``value`` as the page shows it."""
        return str(value)

    def widget(self, name):
        """The live ipywidgets toggle buttons."""
        from ipywidgets import ToggleButtons

        return ToggleButtons(options=self.options, value=self.value,
                             description=self.label or name)

    def __repr__(self):
        return f"Choice({self.options!r}, {self.value!r}, label={self.label!r})"
