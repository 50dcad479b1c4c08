// SPDX-License-Identifier: GPL-2.0
/*
 * rcfsim: the data path of rcf.ko as a userspace program.  The fabric
 * and its routes come from the same library as rcfctl's (topo.c),
 * the engine, adapter and traffic generator are the kernel's own
 * kmod/core files (run.c).  Documentation/rcfsim.1.
 */
#include <stdlib.h>
#include <string.h>

#include "rcfsim.h"
#include "coll_cli.h"

int main(int argc, char **argv)
{
	struct sim_result res;
	struct sim_fabric f;
	struct sim_opts o;
	char err[512];
	int rc;

	if (argc > 1 && !strcmp(argv[1], "gd"))
		return sim_gd_main(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "collective"))
		return sim_coll_main(argc - 1, argv + 1);
	rc = sim_parse(argc, argv, &o);
	if (rc) {
		sim_opts_free(&o);
		return rc > 0 ? 0 : 2;
	}
	if (sim_topo_load(&o.topo, &f, err, sizeof(err))) {
		fprintf(stderr, "rcfsim: %s\n", err);
		sim_opts_free(&o);
		return 2;
	}
	sim_opts_take_model(&o, &f);
	if (!f.deadlock_free)
		fprintf(stderr, "rcfsim: warning: the route set's channel "
				"dependency graph has a cycle; it may "
				"deadlock\n");
	if (f.unreachable)
		fprintf(stderr,
			"rcfsim: warning: %zu node pairs have no "
			"route\n",
			f.unreachable);
	rc = sim_run(&o, &f, &res, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "rcfsim: %s\n", err);
		rc = 2;
	} else {
		sim_print(stdout, &o, &f, &res);
		rc = res.tr.complete || (o.spec.no_drain && !res.tr.error &&
					 !res.tr.msgs_refused)
			     ? 0
			     : 1;
		if (o.draw &&
		    sim_draw(&o.topo, &res.st, o.draw, err, sizeof(err))) {
			fprintf(stderr, "rcfsim: --draw: %s\n", err);
			rc = 2;
		}
	}
	rcf_stats_free(&res.st);
	sim_result_free(&res);
	sim_fabric_free(&f);
	sim_opts_free(&o);
	return rc;
}
