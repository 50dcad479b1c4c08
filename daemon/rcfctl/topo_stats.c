// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl topo stats GEN: a generator's structural figures, computed from
 * its arithmetic (lib/topo/topo_stats.c) with no fabric and no module.
 */
#include <string.h>

#include "out/json.h"
#include "topo/topo_stats.h"
#include "rcfctl.h"

static void print_json(struct ctl *c, const char *spec,
		       const struct rcf_tstats *st)
{
	struct rcf_json j;

	rcf_json_init(&j, stdout, c->pretty);
	rcf_json_obj_open(&j, NULL);
	rcf_json_str(&j, "generator", spec);
	rcf_json_u64(&j, "nodes", st->nodes);
	rcf_json_u64(&j, "switches", st->switches);
	rcf_json_u64(&j, "links", st->links);
	rcf_json_u64(&j, "router_links", st->net_links);
	rcf_json_u64(&j, "ports", st->ports);
	rcf_json_u64(&j, "degree_min", st->deg_min);
	rcf_json_u64(&j, "degree_max", st->deg_max);
	rcf_json_bool(&j, "connected", st->connected);
	rcf_json_u64(&j, "diameter", st->diameter);
	rcf_json_fixed(&j, "average_distance", st->avg, 4);
	rcf_json_u64(&j, "searches", st->sources);
	if (st->ranks) {
		rcf_json_arr_open(&j, "ranks");
		for (uint32_t r = 0; r < st->ranks; r++) {
			rcf_json_obj_open(&j, NULL);
			rcf_json_u64(&j, "rank", r);
			rcf_json_u64(&j, "x", st->torus_x[r]);
			rcf_json_u64(&j, "y", st->torus_y[r]);
			rcf_json_obj_close(&j);
		}
		rcf_json_arr_close(&j);
	}
	if (st->vector) {
		rcf_json_obj_open(&j, "vector");
		rcf_json_u64(&j, "pairs", st->vec_pairs);
		rcf_json_u64(&j, "minimal", st->vec_minimal);
		rcf_json_u64(&j, "excess_hops", st->vec_excess);
		rcf_json_u64(&j, "longest", st->vec_longest);
		rcf_json_obj_close(&j);
	}
	rcf_json_obj_close(&j);
	rcf_json_end(&j);
}

static void print_text(const char *spec, const struct rcf_tstats *st)
{
	printf("%s: %llu nodes, %llu switches, %llu links (%llu between "
	       "routers)\n",
	       spec, (unsigned long long)st->nodes,
	       (unsigned long long)st->switches, (unsigned long long)st->links,
	       (unsigned long long)st->net_links);
	printf("  ports per router %u, towards routers %u", st->ports,
	       st->deg_max);
	if (st->deg_min != st->deg_max)
		printf(" (%u at least)", st->deg_min);
	putchar('\n');
	if (st->connected)
		printf("  diameter %u, average distance %.4f router hops "
		       "(%llu searches)\n",
		       st->diameter, st->avg, (unsigned long long)st->sources);
	else
		printf("  not connected\n");
	for (uint32_t r = 0; r < st->ranks; r++)
		printf("  rank %u: tori of %u x %u\n", r, st->torus_x[r],
		       st->torus_y[r]);
	if (st->vector && st->vec_pairs)
		printf("  vector routing: %.2f%% of pairs minimal, %.4f "
		       "excess hops on average, longest route %u hops\n",
		       100.0 * (double)st->vec_minimal / (double)st->vec_pairs,
		       (double)st->vec_excess / (double)st->vec_pairs,
		       st->vec_longest);
}

int topo_stats(struct ctl *c, int argc, char **argv)
{
	const char *spec = NULL;
	struct rcf_tstats st;
	char err[300];
	int all = 0, extra = 0;

	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--all"))
			all = 1;
		else if (!strcmp(argv[i], "--json") || !strcmp(argv[i], "-j"))
			c->json = 1;
		else if (!spec)
			spec = argv[i];
		else
			extra = 1;
	}
	if (!spec || extra)
		return usage_error("usage: rcfctl topo stats GEN [--all] "
				   "[--json]");
	if (rcf_topo_stats(spec, all, &st, err, sizeof(err)))
		return usage_error("%s", err);
	if (c->json)
		print_json(c, spec, &st);
	else
		print_text(spec, &st);
	return RCFCTL_OK;
}
