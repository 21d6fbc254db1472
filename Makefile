# Build, run and test the engine.
#   make                 optimised binary at ./engine (release, LTO, codegen-units=1), for this CPU
#   make EXE=/tmp/x      the same binary at /tmp/x (as OpenBench calls it)
#   make EVALFILE=net    with that network file built in instead of nets/net3.nnue (OpenBench's
#                        network tests; see build.rs)
#   make CPU=x86-64      a binary for any x86-64 CPU (default: native, e.g. with popcnt)
#   make PGO=0           without profile-guided optimisation (see below; default PGO=1)
#   make PEXT=0|1        slider attacks by BMI2 pext or not (default: when the CPU has a fast pext)
#   make run             build, then start the engine (UCI on stdin/stdout)
#   make datagen         the self-play data generator at ./datagen (tools/), built the same way
#   make train           the network trainer at ./train (tools/), for this CPU (its float loops in
#                        AVX2 or wider where the CPU has them: a quarter to a half faster)
#   make test            the lint, then every test of the engine and the tools (unit, perft, UCI
#                        transcripts through the built binary, the `tune` build's options, the
#                        python-chess client tests and the bench scripts' checks), then the light
#                        clone; installs python-chess, rustfmt and clippy when missing
#   make lint            rustfmt and clippy, every warning an error (functions of at most 120 lines)
#   make perft           every position of tests/data/perft at every listed depth (long)
#   make bench           the bench node count and speed
#   make light-clone     the README's light clone (the engine without nets/data) on a local clone of
#                        the last commit: under 20 MB fetched, and `make` builds it

EXE ?= engine
# build.rs reads it from the environment.
export EVALFILE
CARGO ?= cargo
PYTHON ?= python3
CPU ?= native
PGO ?= 1
PEXT ?= auto

# pext (the `pext` feature, a few per cent faster than magic multiplication here) needs BMI2, and AMD
# CPUs before Zen 3 run it in slow microcode.
ifeq ($(PEXT),auto)
  HAS_BMI2 := $(shell rustc --print cfg -C target-cpu=$(CPU) 2>/dev/null | grep -c 'target_feature="bmi2"')
  SLOW_PEXT := $(shell case "$(CPU)" in \
    (znver1|znver2) echo 1 ;; \
    (native) awk -F': *' '/^vendor_id/ { v = $$2 } /^cpu family/ { f = $$2 } \
      END { print (v == "AuthenticAMD" && f + 0 < 25) ? 1 : 0 }' /proc/cpuinfo 2>/dev/null ;; \
    (*) echo 0 ;; esac)
  PEXT := $(if $(filter 1,$(HAS_BMI2)),$(if $(filter 1,$(SLOW_PEXT)),0,1),0)
endif

TARGET_DIR = target/cpu-$(CPU)
FLAGS = $(RUSTFLAGS) -C target-cpu=$(CPU)
FEATURES = $(if $(filter 1,$(PEXT)),--features pext)
# Profile-guided optimisation: an instrumented binary runs a short fixed workload (`bench` for the
# engine, a few self-play games for datagen), LLVM merges what it counted, and the binary is compiled
# again with that profile (some 16 % more nodes per second, the same moves and node counts). It needs
# llvm-profdata of rustc's own LLVM: rustup's `llvm-tools` component, added when rustup is there.
# Without it the build is the plain one, and says so.
PGO_DIR = $(abspath $(TARGET_DIR))/pgo
DATAGEN ?= datagen
TRAIN ?= train
# What the instrumented datagen plays for its profile.
DATAGEN_PROFILE_RUN = --games 6 --threads 1 --nodes 2500 --seed 1 --out $(PGO_DIR)/datagen-games

# $(call optimised,CARGO-PACKAGE-AND-BIN,BIN,PROFILE-ARGUMENTS,OUT): the binary BIN of a release build
# for $(CPU), profile-guided when PGO=1, copied to OUT.
define optimised
	@echo "make: $(2) CPU=$(CPU) PEXT=$(PEXT) PGO=$(PGO)"
	@set -e; \
	profdata=$$(ls "$$(rustc --print sysroot)"/lib/rustlib/*/bin/llvm-profdata 2>/dev/null | head -n 1); \
	if [ "$(PGO)" != 1 ] || [ -z "$$profdata" ]; then \
	  [ "$(PGO)" != 1 ] || echo "make: llvm-profdata not found (rustup component add llvm-tools): building without PGO"; \
	  RUSTFLAGS="$(FLAGS)" $(CARGO) build --release $(1) $(FEATURES) --target-dir $(TARGET_DIR); \
	  cp $(TARGET_DIR)/release/$(2) $(4); \
	  exit 0; \
	fi; \
	rm -rf "$(PGO_DIR)/$(2)"; \
	RUSTFLAGS="$(FLAGS) -C profile-generate=$(PGO_DIR)/$(2)/raw" $(CARGO) build --release $(1) $(FEATURES) \
	  --target-dir $(TARGET_DIR)/pgo-generate; \
	$(TARGET_DIR)/pgo-generate/release/$(2) $(3) >/dev/null 2>&1; \
	"$$profdata" merge -o "$(PGO_DIR)/$(2)/merged.profdata" "$(PGO_DIR)/$(2)/raw"; \
	profile="$(PGO_DIR)/$(2)/run-$$(cksum < "$(PGO_DIR)/$(2)/merged.profdata" | cut -d' ' -f1).profdata"; \
	mv "$(PGO_DIR)/$(2)/merged.profdata" "$$profile"; \
	RUSTFLAGS="$(FLAGS) -C profile-use=$$profile" $(CARGO) build --release $(1) $(FEATURES) \
	  --target-dir $(TARGET_DIR)/pgo-use; \
	cp $(TARGET_DIR)/pgo-use/release/$(2) $(4)
endef

.PHONY: all build datagen train run test python-chess perft bench micro lint light-clone clean

all: build

build:
	@[ "$(PGO)" != 1 ] || ! command -v rustup >/dev/null 2>&1 || rustup component add llvm-tools >/dev/null 2>&1 || true
	$(call optimised,--bin engine,engine,bench,$(EXE))

# The self-play data generator of the tools package, built as the engine is.
datagen:
	@[ "$(PGO)" != 1 ] || ! command -v rustup >/dev/null 2>&1 || rustup component add llvm-tools >/dev/null 2>&1 || true
	$(call optimised,-p tools --bin datagen,datagen,$(DATAGEN_PROFILE_RUN),$(DATAGEN))

# The trainer of the tools package, for $(CPU); no profile (its run would need training data).
train:
	RUSTFLAGS="$(FLAGS)" $(CARGO) build --release -p tools --bin train $(FEATURES) --target-dir $(TARGET_DIR)
	cp $(TARGET_DIR)/release/train $(TRAIN)

run: build
	./$(EXE)

test: python-chess lint
	$(CARGO) test --release --workspace
	$(CARGO) test --release --features tune --test uci_tune --target-dir target/tune
	$(PYTHON) tests/client/python_chess.py target/release/engine
	$(PYTHON) tests/scripts/bench_tools.py
	$(MAKE) light-clone

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
	$(CARGO) bench -p tools

light-clone:
	bash .ci/light-clone

lint:
	@command -v rustup >/dev/null 2>&1 && rustup component add rustfmt clippy >/dev/null 2>&1 || true
	$(CARGO) fmt --check
	$(CARGO) clippy --release --workspace --all-targets -- -D warnings
	$(CARGO) clippy --release --features tune --lib --target-dir target/tune -- -D warnings

clean:
	$(CARGO) clean
	rm -f engine datagen train
