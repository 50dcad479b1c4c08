/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The adaptive router's options that sp1-adaptive takes too and passes
 * on to it: defined once, so that a value one accepts the other does.
 */
#ifndef RCF_ROUTE_ADAPTIVE_H
#define RCF_ROUTE_ADAPTIVE_H

#include "route/router.h"

/*
 * The bound on R[s][d].  Cross-half pairs of sp1:512 have 256 shortest
 * routes; §3 takes all of them on the paper's topologies, so the bound
 * must be able to exceed that.
 */
#define RCF_ADAPTIVE_MAX_CANDIDATES 4096

#define RCF_ADAPTIVE_OPT_K                                                     \
	{                                                                      \
		"k", "K", "Eq. 1's switch weight", RCF_ROPT_NUM, 0, 1000000, 0 \
	}
#define RCF_ADAPTIVE_OPT_NTRY                                                 \
	{                                                                     \
		"ntry", "N", "passes allowed at equal cost", RCF_ROPT_NUM, 1, \
			1000, 2                                               \
	}
#define RCF_ADAPTIVE_OPT_SEED(def)                                      \
	{                                                               \
		"seed", "S", "seed of the tie breaks", RCF_ROPT_NUM, 0, \
			UINT64_MAX, def                                 \
	}
#define RCF_ADAPTIVE_OPT_CANDIDATES                                          \
	{                                                                    \
		"candidates", "N", "shortest routes per pair", RCF_ROPT_NUM, \
			1, RCF_ADAPTIVE_MAX_CANDIDATES, 16                   \
	}

#endif
