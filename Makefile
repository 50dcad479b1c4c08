# rcf: build everything, run every test, lint.  `make help` lists targets.
#
# The module is built by the kernel's build system through the top-level
# Kbuild; userspace parts have their own Makefiles.  A part whose Makefile
# is not there yet is skipped with a note, so the tree always builds.

# The first of the two kernels (scripts/kver): installing the second
# never moves it.
TOP := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
KV ?= $(shell $(TOP)/scripts/kver)
# KVER=RELEASE builds for another kernel (the second, `scripts/kver
# --second`) into build/ko-RELEASE/rcf.ko from a copy of the sources, as
# 6.1's kbuild cannot put an external module's objects elsewhere; kmod/
# and its objects stay the first kernel's.
ifneq ($(KVER),)
KDIR ?= /lib/modules/$(KVER)/build
else
KDIR ?= /lib/modules/$(KV)/build
endif
KO_DIR = build/ko-$(KVER)

# The core's native builds, userspace C under kmod/ that neither the
# module nor its source packages take.
NATIVE_DIRS := kmod/core/test kmod/core/bench
# Userspace C checked by clang-format, and kernel C checked by checkpatch
# (kmod/compat.h alone may test the kernel's version).
FMT_DIRS := daemon selftests $(NATIVE_DIRS) tools/rcftop
FMT_FILES = $(shell find $(FMT_DIRS) -name '*.[ch]' -not -name '*.mod.c' \
		2>/dev/null | sort)
KERN_FILES = $(shell find kmod \( $(patsubst %,-path % -o,$(NATIVE_DIRS)) \
		-false \) -prune -o \
		-name '*.[ch]' -not -name '*.mod.c' -print 2>/dev/null | sort) \
		$(wildcard uapi/linux/rcf.h)
# their folders as rsync and tar name them within kmod/
NATIVE_EXCL := $(patsubst kmod/%,--exclude=%,$(NATIVE_DIRS))

.PHONY: all module tools rcftop selftests check lint lint-checkpatch lint-sparse \
	lint-format bench check-debug clean help fuzz eval install install-module \
	install-tools install-src uninstall uninstall-module uninstall-tools \
	check-install check-deb

all: module tools rcftop selftests

module:
	@if [ ! -f Kbuild ] || [ ! -d kmod ]; then \
		echo "note: Kbuild or kmod/ missing: module skipped"; \
	elif [ -z "$(KVER)" ]; then \
		$(MAKE) -C $(KDIR) M=$(CURDIR) modules; \
	else \
		[ -f $(KDIR)/Makefile ] || { echo "no headers in $(KDIR)" \
			"(scripts/install-deps, or give KDIR)"; exit 1; }; \
		mkdir -p $(KO_DIR) && \
		rsync -a --exclude='*.o' --exclude='*.ko' --exclude='.*' \
			--exclude='*.mod*' $(NATIVE_EXCL) Kbuild kmod uapi \
			$(KO_DIR)/ && \
		$(MAKE) -C $(KDIR) M=$(CURDIR)/$(KO_DIR) modules && \
		cp $(KO_DIR)/kmod/rcf.ko $(KO_DIR)/rcf.ko && \
		echo "module: $(KO_DIR)/rcf.ko"; \
	fi

tools:
	@if [ -f daemon/Makefile ]; then \
		$(MAKE) -C daemon; \
	else \
		echo "note: daemon/Makefile missing: tools skipped"; \
	fi

# libbpf, clang and bpftool (scripts/install-deps); its own Makefile
# keeps them out of daemon/'s build and native tests
rcftop:
	$(MAKE) -C tools/rcftop

selftests:
	@if [ -f selftests/Makefile ]; then \
		$(MAKE) -C selftests; \
	else \
		echo "note: selftests/Makefile missing: selftests skipped"; \
	fi

# The one code path that runs tests; it also installs missing packages
# and builds, so `make check` and scripts/check are the same thing.
check:
	scripts/check

# The selftests on a KASAN/kmemleak/lockdep/UBSAN kernel built from
# Debian's source (cached in build/debug-kernel/); not part of `make check`.
check-debug:
	scripts/debug-kernel check

lint: lint-checkpatch lint-sparse lint-format
	@echo "lint: clean"

lint-checkpatch:
	@ksrc=$$(scripts/ksrc) || exit 1; \
	files="$(KERN_FILES)"; \
	[ -n "$$files" ] || { echo "note: no kernel sources to check"; exit 0; }; \
	fail=0; \
	for f in $$files; do \
		ign=; [ $$f != kmod/compat.h ] || ign="--ignore LINUX_VERSION_CODE"; \
		$$ksrc/scripts/checkpatch.pl --no-tree --quiet --show-types $$ign \
			-f $$f || fail=1; \
	done; \
	[ $$fail -eq 0 ] && echo "checkpatch: clean ($$(echo $$files | wc -w) files)"; \
	exit $$fail

# Force sparse over every file (C=2) and fail on anything it or the
# compiler reports.
lint-sparse:
	@if [ ! -f Kbuild ] || [ ! -d kmod ]; then \
		echo "note: Kbuild or kmod/ missing: sparse skipped"; exit 0; \
	fi; \
	mkdir -p build; \
	$(MAKE) -C $(KDIR) M=$(CURDIR) C=2 modules >build/lint-sparse.log 2>&1; \
	rc=$$?; \
	if [ $$rc -ne 0 ] || grep -E ': (warning|error):' build/lint-sparse.log; then \
		cat build/lint-sparse.log; echo "sparse: findings (build/lint-sparse.log)"; \
		exit 1; \
	fi; \
	echo "sparse: clean"

lint-format:
	@files="$(FMT_FILES)"; \
	[ -n "$$files" ] || { echo "note: no userspace C to check"; exit 0; }; \
	mkdir -p build; \
	if clang-format --dry-run --Werror $$files >build/lint-format.log 2>&1; then \
		echo "clang-format: clean ($$(echo $$files | wc -w) files)"; \
	else \
		grep -o '^[^ :]*:[0-9]*:[0-9]*: error' build/lint-format.log | \
			cut -d: -f1 | uniq -c | \
			awk '{ print "clang-format: " $$2 ": " $$1 " findings" }'; \
		echo "clang-format: details in build/lint-format.log; fix with clang-format -i FILE"; \
		exit 1; \
	fi

# libFuzzer over the engine and the adapter, then over the userspace file
# readers (Documentation/testing.rst): FUZZ_TIME seconds per target; corpus
# and findings kept in build/fuzz/ and build/fuzz-daemon/.  Both sets run
# even when the first finds a problem.
FUZZ_TIME ?= 30
fuzz:
	@rc=0; \
	$(MAKE) -C kmod/core/test/fuzz run FUZZ_TIME=$(FUZZ_TIME) \
		CORPUS=$(CURDIR)/build/fuzz || rc=1; \
	$(MAKE) -C daemon/fuzz run FUZZ_TIME=$(FUZZ_TIME) \
		CORPUS=$(CURDIR)/build/fuzz-daemon || rc=1; \
	exit $$rc

bench: all
	$(MAKE) -C kmod/core/bench engine
	scripts/vm -- scripts/bench/control-plane
	scripts/vm --timeout 1800 -- scripts/bench/dataplane
	scripts/vm --timeout 1800 -- scripts/bench/paced
	scripts/vm --timeout 1500 -- scripts/bench/rcftop-cost
	scripts/vm --timeout 1800 -- scripts/bench/epoch
	scripts/vm --timeout 1800 -- scripts/bench/paths
	scripts/vm --timeout 1500 -- scripts/bench/coll-reconf
	scripts/bench/route-eval
	scripts/bench/reconfig
	scripts/bench/rcfsim
	scripts/bench/booksim
	scripts/bench/opensm
	# two whole VM selftest runs, the former commit's and this tree's
	scripts/bench/selftest-time

# the evaluation tables and plots Documentation/ quotes, regenerated into
# build/eval/ and compared figure by figure (scripts/eval; EVAL_FLAGS=--quick
# skips the runs of minutes).  VM=1 also runs the ones marked vm, one
# test-VM boot each, so it builds everything the VM runs (all);
# BOOKSIM_SRC=DIR adds the BookSim2 comparison.
EVAL_VM := $(if $(filter 1,$(VM)),--vm)
eval: tools $(if $(EVAL_VM),all)
	scripts/eval $(EVAL_VM) $(EVAL_FLAGS)

clean:
	@if [ -f Kbuild ] && [ -d kmod ]; then \
		$(MAKE) -C $(KDIR) M=$(CURDIR) clean; fi
	@if [ -f daemon/Makefile ]; then $(MAKE) -C daemon clean; fi
	@if [ -f selftests/Makefile ]; then $(MAKE) -C selftests clean; fi
	$(MAKE) -C tools/rcftop clean
	@if [ -f kmod/core/test/Makefile ]; then $(MAKE) -C kmod/core/test clean; fi
	$(MAKE) -C kmod/core/bench clean
	rm -rf build/vm build/check build/lint-sparse.log build/lint-format.log

# Installing (README, "Installing").  rcfctl, rcfd and rcftop
# administer the fabric (CAP_NET_ADMIN, section 8) and go to sbin;
# rcfsim needs no privilege (section 1) and goes to bin.  The module goes
# through the kernel's modules_install into INSTALL_MOD_DIR; the unit's
# paths follow SBINDIR.  uninstall removes the same static list, and the
# configuration file only while it is still the one shipped.
VERSION := $(shell cat VERSION)
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SBINDIR ?= $(PREFIX)/sbin
MANDIR ?= $(PREFIX)/share/man
SYSCONFDIR ?= /etc
UNITDIR ?= $(PREFIX)/lib/systemd/system
SRCDIR ?= /usr/src
INSTALL_MOD_DIR ?= updates
MODDIR = $(DESTDIR)/lib/modules/$(KV)/$(INSTALL_MOD_DIR)

INST_SBIN := daemon/bin/rcfctl daemon/bin/rcfd
INST_BIN := daemon/bin/rcfsim
INST_MAN := Documentation/rcfctl.8 Documentation/rcfd.8 \
	    Documentation/rcfd.conf.5 Documentation/rcfsim.1
# rcftop needs libbpf, clang and bpftool: installed when it was built
# (RCFTOP= leaves it out)
RCFTOP ?= $(wildcard tools/rcftop/rcftop)
ifneq ($(RCFTOP),)
INST_SBIN += $(RCFTOP)
INST_MAN += Documentation/rcftop.8
endif
man_path = $(DESTDIR)$(MANDIR)/man$(subst .,,$(suffix $(1)))/$(notdir $(1))
CONF := $(DESTDIR)$(SYSCONFDIR)/rcf/rcfd.conf
UNIT := $(DESTDIR)$(UNITDIR)/rcfd.service
# the module's source as DKMS builds it (dkms.conf)
DKMS_DIR = $(DESTDIR)$(SRCDIR)/rcf-$(VERSION)

install: install-module install-tools

# Debian's kernels sign at install with a key only their build has
install-module: module
	$(MAKE) -C $(KDIR) M=$(CURDIR) INSTALL_MOD_PATH=$(DESTDIR) \
		INSTALL_MOD_DIR=$(INSTALL_MOD_DIR) CONFIG_MODULE_SIG_ALL= modules_install
	$(if $(DESTDIR),,depmod -a $(KV))

install-tools: tools
	install -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(BINDIR) $(dir $(CONF) $(UNIT))
	install -m 755 $(INST_SBIN) $(DESTDIR)$(SBINDIR)
	install -m 755 $(INST_BIN) $(DESTDIR)$(BINDIR)
	$(foreach m,$(INST_MAN),install -D -m 644 $(m) $(call man_path,$(m));)
	@if [ -e $(CONF) ]; then echo "note: $(CONF) exists: kept"; \
	else install -m 644 scripts/rcfd.conf $(CONF); fi
	@mkdir -p build
	sed 's|/usr/sbin/|$(SBINDIR)/|g' scripts/rcfd.service >build/rcfd.service
	install -m 644 build/rcfd.service $(UNIT)

# Kbuild, kmod/ without its native tests, uapi/ and dkms.conf
install-src:
	install -d $(DKMS_DIR)
	tar -c $(NATIVE_EXCL) --exclude='*.o' --exclude='*.ko' \
		--exclude='.*' --exclude='*.mod*' --exclude=modules.order \
		Kbuild kmod uapi | \
		tar -x -C $(DKMS_DIR)
	sed 's/#MODULE_VERSION#/$(VERSION)/' dkms.conf >$(DKMS_DIR)/dkms.conf

uninstall: uninstall-module uninstall-tools

uninstall-module:
	rm -f $(MODDIR)/kmod/rcf.ko
	-rmdir $(MODDIR)/kmod $(MODDIR) 2>/dev/null
	$(if $(DESTDIR),,depmod -a $(KV))

# rcftop whether built or not: an earlier install may have had it
uninstall-tools:
	rm -f $(addprefix $(DESTDIR)$(SBINDIR)/,rcfctl rcfd rcftop) \
		$(DESTDIR)$(BINDIR)/rcfsim $(UNIT)
	rm -f $(foreach m,$(INST_MAN) rcftop.8,$(call man_path,$(m)))
	@if cmp -s scripts/rcfd.conf $(CONF); then rm -f $(CONF); \
		rmdir $(dir $(CONF)) 2>/dev/null || true; \
	elif [ -e $(CONF) ]; then echo "note: $(CONF) was changed: kept"; fi

# make install/uninstall into a scratch DESTDIR; the Debian packages
check-install:
	scripts/check-install

check-deb:
	scripts/check-deb

help:
	@echo "make             build rcf.ko, the tools and the selftests"
	@echo "make module      build kmod/rcf.ko only (for the first kernel, scripts/kver)"
	@echo "make module KVER=RELEASE  build build/ko-RELEASE/rcf.ko for kernel RELEASE (KDIR: its headers)"
	@echo "make tools       build daemon/ (rcfctl and friends)"
	@echo "make rcftop      build tools/rcftop/rcftop (BPF: libbpf, clang, bpftool)"
	@echo "make selftests   build the VM selftests"
	@echo "make check       scripts/check: install packages, build, run every test"
	@echo "make check-debug selftests on a debug kernel (KASAN, kmemleak, lockdep, UBSAN); the first run builds it (long)"
	@echo "make lint        checkpatch and sparse on kmod/, clang-format on userspace C"
	@echo "make fuzz        libFuzzer on the engine, adapter and file readers, FUZZ_TIME s per target (30)"
	@echo "make bench       benchmarks: the engine natively, the control plane in the VM (figures, no assertions)"
	@echo "make eval        regenerate the evaluation tables and plots into build/eval, report figures that moved (EVAL_FLAGS=--quick, VM=1, BOOKSIM_SRC=DIR)"
	@echo "make clean       remove build products (keeps build/ksrc)"
	@echo "make install     rcf.ko (modules_install, depmod) and the tools, man pages,"
	@echo "                 rcfd.conf and unit; DESTDIR, PREFIX (/usr/local)"
	@echo "make uninstall   remove what make install put there"
	@echo "make install-src the module's source for DKMS in SRCDIR/rcf-VERSION (/usr/src)"
	@echo "make check-install  make install/uninstall into a scratch DESTDIR"
	@echo "make check-deb   build the Debian packages, check their files and lintian"
	@echo "scripts/vm -- CMD   run CMD in the test VM with rcf.ko loaded (--help)"
