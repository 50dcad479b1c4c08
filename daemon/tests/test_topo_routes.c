// SPDX-License-Identifier: GPL-2.0
/*
 * The topology reader that keeps routes as a route set: the same fabric
 * and routes as rcf_topo_read() followed by rcf_routes_from_topo(), and
 * the same refusals, at their line, leaving nothing behind.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "obj/batch.h"
#include "topo/topo_routes.h"

static const char good[] = "# two nodes on a switch\n"
			   "fabric set cq-size 2048\n"
			   "node add id 0 ports 1\n"
			   "node add id 1 ports 1\n"
			   "switch add id 0 ports 8\n"
			   "link add id 0 node 0 port 0 switch 0 port 0\n"
			   "route add src 1 dst 0 index 1 hops 0 0.1\n"
			   "link add id 1 node 1 port 0 switch 0 port 1 vcs 2\n"
			   "route add src 0 dst 1 index 0 hops 0 1\n"
			   "route add src 1 dst 0 index 0 hops 0 0\n";

static FILE *text(const char *s)
{
	return fmemopen((void *)s, strlen(s), "r");
}

static int same_routes(const struct rcf_routes *a, const struct rcf_routes *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++) {
		const struct rcf_route_rec *x = &a->r[i], *y = &b->r[i];

		if (x->src != y->src || x->dst != y->dst ||
		    x->index != y->index || !rcf_route_same_hops(a, x, b, y))
			return 0;
	}
	return 1;
}

static void same_as_topo_read(void)
{
	struct rcf_topo t, t2;
	struct rcf_routes s, s2;
	char err[256];
	FILE *f = text(good), *f2 = text(good);
	int rc = rcf_topo_read_routes(f, "g", &t, &s, err, sizeof(err));
	int rc2 = rcf_topo_read(f2, "g", &t2, err, sizeof(err));

	fclose(f);
	fclose(f2);
	rcf_routes_init(&s2);
	if (!rc2)
		rc2 = rcf_routes_from_topo(&s2, &t2);
	tap_ok(!rc && !rc2 && s.n == 3 && same_routes(&s, &s2),
	       "routes as rcf_topo_read gives them, sorted");
	t2.v[RCF_K_ROUTE].n = 0;
	tap_ok(!rc && !rc2 && t.v[RCF_K_ROUTE].n == 0 &&
		       rcf_topo_equal(&t, &t2) && rcf_has_any(&t.fabric) &&
		       t.fabric.v[RCF_A_FABRIC_CQ_SIZE] == 2048,
	       "the rest of the fabric as rcf_topo_read gives it");
	rcf_topo_free(&t);
	rcf_topo_free(&t2);
	rcf_routes_free(&s);
	rcf_routes_free(&s2);
}

static void refuses(const char *bad, const char *where, const char *why,
		    const char *name)
{
	struct rcf_topo t;
	struct rcf_routes s;
	char err[256] = "";
	FILE *f = text(bad);
	int rc = rcf_topo_read_routes(f, "bad", &t, &s, err, sizeof(err));

	fclose(f);
	if (!tap_ok(rc < 0 && strstr(err, where) && strstr(err, why) && !s.n &&
			    !s.r && !t.v[RCF_K_NODE].n && !t.v[RCF_K_NODE].o,
		    name))
		printf("# rc %d err \"%s\"\n", rc, err);
}

int main(void)
{
	tap_plan(6);
	same_as_topo_read();
	refuses("node add id 0\nroute add src 0 dst 1 index 0 hops 0\n"
		"node del 0\n",
		"bad:3:", "only add lines",
		"a del line is refused at its line");
	refuses("node add id 0\nroute add src 0 dst 1 index 0 hops 0\n"
		"route add src 0 dst 1 hops 99\n",
		"bad:3:", "", "a bad hop is refused at its line");
	refuses("node add id 0\npath add master 0 dst 1 hops 1\n",
		"bad:2:", "no paths", "a path is refused at its line");
	refuses("node add id 0\nroute frob\n", "bad:2:", "",
		"an unknown verb is refused at its line");
	return tap_done();
}
