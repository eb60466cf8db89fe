# Bonken club service. `make run` for a demo on SQLite, `make test` for the whole test suite.
VENV ?= .venv
PY := $(VENV)/bin/python
PYTHON ?= python3
HOST ?= 127.0.0.1:8000
# Python keeps the modules it compiles (__pycache__/), as it does by default, also where the
# environment turns that off (PYTHONDONTWRITEBYTECODE): otherwise every test process and every
# command a test starts compiles the whole project and its tests again.
unexport PYTHONDONTWRITEBYTECODE
# Test processes side by side (pytest-xdist): one per core by default.
WORKERS ?= auto
PYTEST := $(VENV)/bin/pytest -n $(WORKERS) --dist loadgroup
# The project checked with django-stubs (the strict pass of `mypy` covers the pure packages).
MYPY_DJANGO := $(VENV)/bin/mypy --config-file mypy-django.ini core clubs tournaments results \
	ranking leagues week web config bench games seating
PIP_COMPILE := .lock-venv/bin/pip-compile -q --generate-hashes --allow-unsafe --strip-extras \
	--no-emit-index-url --no-emit-find-links

.PHONY: install install-runtime lock mypy-django run demo test test-services check screenshots lint worker beat bench bench-load

# What a deployment runs: the packages of requirements.lock (each checked against its hash),
# then the project itself.
$(VENV)/.runtime: pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q $(PIP_OPTIONS) --require-hashes -r requirements.lock
	$(VENV)/bin/pip install -q --no-deps -e .
	touch $@

# What a developer works with: the runtime's packages at the same versions, and the tools that
# test and check it (requirements-dev.lock, hashes checked too).
$(VENV)/.installed: $(VENV)/.runtime requirements-dev.lock
	$(VENV)/bin/pip install -q $(PIP_OPTIONS) --require-hashes -r requirements-dev.lock
	touch $@

install-runtime: $(VENV)/.runtime

# A developer's install leaves the packages' modules to be compiled when first imported: the
# suite imports a part of them, and compiling every module of every package took a third of
# the install's CPU. A deployment's (install-runtime) compiles them all at once.
install: PIP_OPTIONS := --no-compile
install: $(VENV)/.installed

# Refresh both lock files from pyproject.toml's dependencies (pip-tools, in a throwaway
# virtualenv); the versions already pinned are kept unless pyproject.toml asks for others.
# Commit the three files together.
lock:
	rm -rf .lock-venv
	$(PYTHON) -m venv .lock-venv
	.lock-venv/bin/pip install -q --upgrade pip pip-tools
	$(PIP_COMPILE) -o requirements.lock pyproject.toml
	$(PIP_COMPILE) --extra dev -c requirements.lock -o requirements-dev.lock pyproject.toml
	rm -rf .lock-venv build bonken.egg-info

demo: install-runtime
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo

run: demo
	@echo "Bonken runs on http://$(HOST)/  (organizer: demo / demo)"
	DJANGO_DEBUG=1 $(PY) manage.py runserver $(HOST)

# Everything CI runs: the static checks and the whole suite side by side, at the same time; it
# fails when either fails. The checks run at a lower priority: the suite keeps every core it
# can use, and the checks take the moments it waits (a browser or a server answering).
test: install
	$(MAKE) --no-print-directory -j2 lint-all suite LINT_NICE="nice -n 15"

.PHONY: suite
suite: install
	$(PYTEST)

# CI's deployer leg: every test the services can change (the database, the cache, the broker,
# a browser) against them. The static checks and tests/unit (pure: no database, server, worker
# or browser, as tests/conftest.py enforces) come out the same whatever the services, and run
# in the newcomer's leg on the same commit.
test-services: install
	$(PYTEST) tests/integration tests/web tests/browser

# The loop while changing code: the static checks and the tests without a browser or a live
# stack (tests/unit and tests/web). The pre-commit hooks run it.
check: lint-all
	$(PYTEST) tests/unit tests/web

# The browser tests again, writing their screenshots (artifacts/browser/, artifacts/look/) for
# people to look at, phones drawn at two device pixels per CSS pixel.
screenshots: install
	SCREENSHOTS=1 $(PYTEST) tests/browser

.PHONY: lint-all
lint-all: install
	$(LINT_NICE) $(VENV)/bin/ruff check .
	$(LINT_NICE) $(VENV)/bin/ruff format --check .
	$(LINT_NICE) $(VENV)/bin/lint-imports
	$(LINT_NICE) $(VENV)/bin/mypy
	$(LINT_NICE) $(MYPY_DJANGO)

mypy-django: install
	$(MYPY_DJANGO)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

worker: install-runtime
	$(VENV)/bin/celery -A config worker --loglevel=info

beat: install-runtime
	mkdir -p var
	$(VENV)/bin/celery -A config beat --loglevel=info --schedule var/celerybeat-schedule

bench: install
	$(PY) -m bench.rules
	$(PY) -m bench.seating

# Needs PostgreSQL and Redis (DATABASE_URL / CELERY_BROKER_URL, local defaults otherwise).
bench-load: install
	$(PY) -m bench.load
