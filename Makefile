# Os dois comandos do README: `make run` (prepara a máquina, o SQLite com dados de
# demonstração, e serve em http://127.0.0.1:8000) e `make test` (a suíte inteira).
# Cada um confere antes os pacotes do sistema e o .venv (ferramentas/preparar.py): instala o
# que falta como root ou com sudo sem senha; senão para com a linha exata do apt-get.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEV_ENV := DJANGO_DEBUG=1

.PHONY: run test preparar-execucao preparar-testes preparar-bench install lint bench bench-carga travar clean

preparar-execucao:
	@$(PYTHON) ferramentas/preparar.py execucao

preparar-testes:
	@$(PYTHON) ferramentas/preparar.py testes

# O de testes e o wrk (a carga HTTP do bench-carga).
preparar-bench:
	@$(PYTHON) ferramentas/preparar.py bench

install: preparar-testes

run: preparar-execucao
	@$(DEV_ENV) $(BIN)/python manage.py preparar_demonstracao
	@$(DEV_ENV) $(BIN)/python manage.py servir --skip-checks 127.0.0.1:8000

# A suíte em paralelo, um processo por núcleo (pytest-xdist), cada arquivo de teste inteiro
# num processo só; `make test TESTES_PARALELOS=0` roda tudo num processo. No SQLite, os
# testes que só o PostgreSQL executa rodam depois num PostgreSQL, se houver um em
# TESTES_POSTGRES_URL (ferramentas/testar.py).
TESTES_PARALELOS ?= auto
test: preparar-testes
	@$(BIN)/python ferramentas/testar.py -n $(TESTES_PARALELOS) --dist loadfile $(PYTEST_ARGS)

lint: preparar-testes
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: preparar-testes
	$(BIN)/python -m bench

# Carga com gunicorn + wrk no PostgreSQL (README, "Benchmark de carga").
BENCH_CARGA_ARGS ?= --processos 5000 50000
bench-carga: preparar-bench
	$(BIN)/python -m bench.carga $(BENCH_CARGA_ARGS)

# Regrava as versões exatas em dependencias/ depois de mudar o pyproject.toml.
travar:
	$(PYTHON) ferramentas/preparar.py travar

clean:
	rm -rf $(VENV) db.sqlite3 .senhas-demonstracao .pytest_cache staticfiles
