"""The engine's documented examples run (python-chess doctests its docs the same way)."""

import doctest

import games.engine


def test_engine_docstring_examples_run():
    failures, tried = doctest.testmod(games.engine)
    assert tried > 0 and failures == 0
