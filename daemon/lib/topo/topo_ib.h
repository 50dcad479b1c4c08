/* SPDX-License-Identifier: GPL-2.0 */
/*
 * InfiniBand topology files: ibnetdiscover(8) output and ibsim's net
 * files (the same grammar, ibsim naming an element by a free string).
 * Documentation/infiniband.rst has the mapping.
 */
#ifndef RCF_TOPO_IB_H
#define RCF_TOPO_IB_H

#include <stdio.h>

#include "topo/topo.h"

enum rcf_ib_format { RCF_IB_NETDISCOVER, RCF_IB_SIM };

/* "ibnetdiscover" or "ibsim"; 0 or -1 */
int rcf_ib_format_lookup(const char *word, enum rcf_ib_format *fmt);

/*
 * Reads f into t (initialised here): channel adapters become nodes and
 * switches switches, numbered in file order, IB port p rcf port p - 1,
 * links sorted by their lower end.  0; -1 with "NAME:LINE: reason" in
 * err for what rcf cannot hold; -ENOMEM.
 */
int rcf_ib_read(FILE *f, const char *name, enum rcf_ib_format fmt,
		struct rcf_topo *t, char *err, size_t errlen);

/*
 * Writes t's nodes, switches and links (not circuits or routes) in fmt.
 * 0, or -1 with why in err (names that collide or cannot be written),
 * before anything is written.
 */
int rcf_ib_write(FILE *f, const struct rcf_topo *t, enum rcf_ib_format fmt,
		 char *err, size_t errlen);

#endif
