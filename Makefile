# Os dois comandos do README: `make run` (instala, prepara o SQLite com dados de
# demonstração e serve em http://127.0.0.1:8000) e `make test` (a suíte inteira).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALADO := $(VENV)/.instalado
DEV_ENV := DJANGO_DEBUG=1

.PHONY: run test install lint bench bench-carga clean

$(INSTALADO): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q ".[dev]"
	touch $(INSTALADO)

install: $(INSTALADO)

run: $(INSTALADO)
	$(DEV_ENV) $(BIN)/python manage.py migrate --no-input
	$(DEV_ENV) $(BIN)/python manage.py createcachetable
	$(DEV_ENV) $(BIN)/python manage.py carregar_municipios
	$(DEV_ENV) $(BIN)/python manage.py carregar_demo
	$(DEV_ENV) $(BIN)/python manage.py runserver 127.0.0.1:8000

# A suíte em paralelo, um processo por núcleo (pytest-xdist), cada arquivo de teste inteiro
# num processo só; `make test TESTES_PARALELOS=0` roda tudo num processo.
TESTES_PARALELOS ?= auto
test: $(INSTALADO)
	$(BIN)/python -m pytest -n $(TESTES_PARALELOS) --dist loadfile $(PYTEST_ARGS)

lint: $(INSTALADO)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: $(INSTALADO)
	$(BIN)/python -m bench

# Carga com gunicorn + wrk no PostgreSQL (README, "Benchmark de carga").
BENCH_CARGA_ARGS ?= --processos 5000 50000
bench-carga: $(INSTALADO)
	$(BIN)/python -m bench.carga $(BENCH_CARGA_ARGS)

clean:
	rm -rf $(VENV) db.sqlite3 .pytest_cache staticfiles
