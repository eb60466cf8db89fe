# Bonken club service. `make run` for a demo on SQLite, `make test` for the whole test suite.
VENV ?= .venv
PY := $(VENV)/bin/python
PYTHON ?= python3
HOST ?= 127.0.0.1:8000

.PHONY: install run demo test lint worker beat bench bench-load

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[dev]'
	touch $@

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
	$(VENV)/bin/mypy --config-file mypy-django.ini core clubs tournaments games standings ratings imports stats mailings planning pages sharing webhooks embeds api config bench gamekit bonken jonkler bonko bonanza seating arithmetic sunmar chartkit
	$(VENV)/bin/pytest

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
