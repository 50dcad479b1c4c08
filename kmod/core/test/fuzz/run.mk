# SPDX-License-Identifier: GPL-2.0
# `make run` for every fuzz target folder (here and daemon/fuzz): each of
# TARGETS, one at a time so that it has the cores to itself, FUZZ_TIME
# seconds with inputs of up to MAX_LEN bytes, from the corpus a former
# run left in CORPUS/<target>/corpus and, when SEEDS is set, the
# committed seeds in SEEDS/<target>; a crash is kept in CORPUS/<target>.
run: $(TARGETS)
	@rc=0; for t in $(TARGETS); do \
		mkdir -p $(CORPUS)/$$t/corpus; \
		echo "fuzz: $$t for $(FUZZ_TIME) s, corpus $(CORPUS)/$$t"; \
		./$$t -max_total_time=$(FUZZ_TIME) -print_final_stats=1 \
			-artifact_prefix=$(CORPUS)/$$t/ -max_len=$(MAX_LEN) \
			$(CORPUS)/$$t/corpus $(if $(SEEDS),$(SEEDS)/$$t) \
			>$(CORPUS)/$$t/log 2>&1 || rc=1; \
		grep -E '^(stat::number_of_executed_units|stat::peak_rss|#[0-9]+.*DONE)' \
			$(CORPUS)/$$t/log; \
		ls $(CORPUS)/$$t | grep -E '^(crash|leak|timeout|oom)-' || true; \
	done; \
	if [ $$rc -ne 0 ]; then echo "fuzz: FOUND A PROBLEM (logs in $(CORPUS))"; fi; \
	exit $$rc
