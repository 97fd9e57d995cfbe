"""The garbage collector's young generation walked rarely while a search runs.

A search makes millions of small tuples and lists (keys, children, queue entries), none
of them ever part of a reference cycle. CPython walks its young generation every 700
new container objects by default, so a slow Pyramid deal spends up to about a tenth of
its CPU in collections that free nothing (docs/solver.md, "2026-12-05"). For the length
of a search the first threshold is raised; the collector still runs, only less often (a
cycle made meanwhile, by any thread, waits at most about ``SEARCH_THRESHOLD`` new
containers).

The threshold is the process's: searches running at once on several threads (hints and
reviews in a server) share the raised value, counted under a lock, and the value found
by the first of them comes back when the last one ends.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: New container objects between two walks of the young generation during a search. The
#: slow Pyramid deals keep about 170,000 containers (a list per place seen, see
#: pyramid/search.py) that no walk frees: at 100,000 deal 413 had two walks of the young
#: generation, 46 ms of its 3.2 s of CPU; at 1,000,000 none.
SEARCH_THRESHOLD = 1_000_000

_lock = threading.Lock()
_searches = 0
_saved: tuple[int, int, int] = gc.get_threshold()


@contextmanager
def rare_collections() -> Iterator[None]:
    """Raise the collector's first threshold to ``SEARCH_THRESHOLD`` (never lower it)
    until the block ends, however many threads are inside one at once."""
    global _searches, _saved
    with _lock:
        if _searches == 0:
            _saved = gc.get_threshold()
            first, *rest = _saved
            gc.set_threshold(max(first, SEARCH_THRESHOLD), *rest)
        _searches += 1
    try:
        yield
    finally:
        with _lock:
            _searches -= 1
            if _searches == 0:
                gc.set_threshold(*_saved)
