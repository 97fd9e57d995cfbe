# Solitaire Arena. `make run` and `make test` work on a fresh clone with only Python >= 3.11:
# without DATABASE_URL / REDIS_URL the settings use SQLite, the in-memory channel layer and
# eager Celery.

VENV      := .venv
BIN       := $(VENV)/bin
PY        := $(BIN)/python
STAMP     := $(VENV)/.installed
HOST      ?= 127.0.0.1
PORT      ?= 8000
PYTEST_ARGS ?=

# The first python3.11+ found on PATH (python3.11, python3.12, ... or python3).
PYTHON ?= $(shell for p in python3.11 python3.12 python3.13 python3.14 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
	2>/dev/null && { echo $$p; break; }; done)

.PHONY: venv test lint typecheck run bench clean

venv: $(STAMP)

$(STAMP): requirements.txt requirements-dev.txt
	@if [ ! -x $(PY) ]; then \
		if [ -z "$(PYTHON)" ]; then echo "error: Python >= 3.11 is required (none found on PATH)" >&2; exit 1; fi; \
		echo "Creating $(VENV) with $(PYTHON)"; \
		$(PYTHON) -m venv $(VENV); \
	fi
	$(PY) -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	@touch $(STAMP)

# ruff (style, and TID251: the engine's banned imports), then import-linter's contracts
# (.importlinter: the engine's purity and the apps' layers).
lint: venv
	$(BIN)/ruff check .
	$(BIN)/lint-imports

# The engine strictly; then every app with django-stubs (pyproject.toml's [tool.mypy]).
APPS := games leaderboards matches frontend accounts config $(wildcard core)

typecheck: venv
	$(BIN)/mypy --strict games/engine
	$(BIN)/mypy $(APPS)

test: venv lint typecheck
	@# exit code 5 = no tests collected: not a failure
	$(BIN)/pytest -q $(PYTEST_ARGS) || [ $$? -eq 5 ]

# DEBUG is off unless set (config/settings.py); the development server turns it on.
run: export DEBUG = 1
run: venv
	$(PY) manage.py migrate --noinput
	$(PY) manage.py setup_site
	$(PY) manage.py load_demo
	@echo "Serving on http://$(HOST):$(PORT)/"
	$(PY) -m config.serve --host $(HOST) --port $(PORT)

bench: venv
	@if [ -d bench ] && ls bench/*.py >/dev/null 2>&1; then \
		for f in bench/*.py; do echo "== $$f"; $(PY) $$f || exit 1; done; \
	else echo "No benchmarks in bench/ yet."; fi

clean:
	rm -rf .pytest_cache .mypy_cache .ruff_cache .hypothesis staticfiles
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +
