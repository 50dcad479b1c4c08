// SPDX-License-Identifier: GPL-2.0
/*
 * The registry: every router rcfctl, rcfd and rcfsim can use, in the
 * order help and messages list them.  A new router is its own file
 * defining struct rcf_router rcf_router_NAME and one R(NAME) line here
 * (Documentation/routing.rst, "Adding a router").
 */
#include "route/router.h"

#define ROUTERS(R)      \
	R(sp1)          \
	R(shortest)     \
	R(ecube)        \
	R(dor)          \
	R(adaptive)     \
	R(sp1_adaptive) \
	R(rdt_vector)

#define DECLARE(name) extern const struct rcf_router rcf_router_##name;
#define ENTRY(name)   &rcf_router_##name,

ROUTERS(DECLARE)

const struct rcf_router *const rcf_routers[] = {ROUTERS(ENTRY) NULL};
