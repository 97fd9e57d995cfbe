"""The engine's documented examples run (python-chess doctests its docs the same way)."""

import doctest

import games.engine


def test_engine_docstring_examples_run():
    failures, tried = doctest.testmod(games.engine)
    assert tried > 0 and failures == 0


def test_engine_docs_examples_run():
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
    failures, tried = doctest.testfile(str(path), module_relative=False)
    assert tried > 0 and failures == 0
