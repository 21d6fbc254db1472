# Build, run and test the engine.
#   make                 optimised binary at ./engine (release, LTO, codegen-units=1), for this CPU
#   make EXE=/tmp/x      the same binary at /tmp/x (as OpenBench calls it)
#   make CPU=x86-64      a binary for any x86-64 CPU (default: native, e.g. with popcnt)
#   make run             build, then start the engine (UCI on stdin/stdout)
#   make test            every test (unit, perft, UCI transcripts through the built binary, and the
#                        python-chess client tests; installs python-chess when it is missing)
#   make perft           every position of tests/data/perft at every listed depth (long)
#   make bench           the bench node count and speed

EXE ?= engine
CARGO ?= cargo
PYTHON ?= python3
CPU ?= native

.PHONY: all build run test python-chess perft bench micro lint clean

all: build

build:
	RUSTFLAGS="$(RUSTFLAGS) -C target-cpu=$(CPU)" $(CARGO) build --release --bin engine --target-dir target/cpu-$(CPU)
	cp target/cpu-$(CPU)/release/engine $(EXE)

run: build
	./$(EXE)

test: python-chess
	$(CARGO) test --release
	$(PYTHON) tests/client/python_chess.py target/release/engine

# python-chess for the client tests: from pip, or Debian's package where pip may not install.
python-chess:
	@$(PYTHON) -c 'import chess' 2>/dev/null \
	  || $(PYTHON) -m pip install --quiet chess \
	  || $(PYTHON) -m pip install --quiet --break-system-packages chess \
	  || (apt-get update -qq && apt-get install -y -qq python3-chess)

perft:
	PERFT_FULL=1 $(CARGO) test --release --test perft -- --nocapture --test-threads=1

bench: build
	./$(EXE) bench

micro:
	cd bench/micro && $(CARGO) bench

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --release --all-targets -- -D warnings

clean:
	$(CARGO) clean
	rm -f engine
