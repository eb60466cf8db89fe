# Bonken club service. `make run` for a demo on SQLite, `make test` for the whole test suite.
VENV ?= .venv
PY := $(VENV)/bin/python
PYTHON ?= python3
HOST ?= 127.0.0.1:8000

.PHONY: install lock mypy-django run demo test lint worker beat bench bench-load

# Every package at the version requirements.lock pins, then the project itself (editable).
$(VENV)/.installed: pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -r requirements.lock
	$(VENV)/bin/pip install -q --no-deps -e .
	touch $@

# Refresh requirements.lock from pyproject.toml's dependencies, in a throwaway virtualenv.
lock:
	rm -rf .lock-venv
	$(PYTHON) -m venv .lock-venv
	.lock-venv/bin/pip install -q --upgrade pip
	.lock-venv/bin/pip install -q '.[dev]'
	(echo '# Every package a fresh install gets, pinned. Refresh with `make lock` after changing'; \
	 echo "# pyproject.toml's dependencies, and commit both."; \
	 .lock-venv/bin/pip freeze --exclude-editable | grep -v '^bonken') > requirements.lock
	rm -rf .lock-venv build bonken.egg-info

install: $(VENV)/.installed

demo: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo

run: demo
	@echo "Bonken runs on http://$(HOST)/  (organizer: demo / demo)"
	DJANGO_DEBUG=1 $(PY) manage.py runserver $(HOST)

test: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	$(MAKE) --no-print-directory mypy-django
	$(VENV)/bin/pytest

# The project checked with django-stubs (the strict pass above covers the pure packages).
mypy-django: install
	$(VENV)/bin/mypy --config-file mypy-django.ini core clubs tournaments games standings ratings imports stats mailings planning pages sharing webhooks embeds api config bench gamekit bonken jonkler bonko bonanza seating arithmetic sunmar chartkit

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

worker: install
	$(VENV)/bin/celery -A config worker --loglevel=info

beat: install
	mkdir -p var
	$(VENV)/bin/celery -A config beat --loglevel=info --schedule var/celerybeat-schedule

bench: install
	$(PY) -m bench.rules
	$(PY) -m bench.seating

# Needs PostgreSQL and Redis (DATABASE_URL / CELERY_BROKER_URL, local defaults otherwise).
bench-load: install
	$(PY) -m bench.load
