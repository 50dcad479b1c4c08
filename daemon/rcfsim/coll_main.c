// SPDX-License-Identifier: GPL-2.0
/*
 * rcfsim collective OP: plans OP as rcfctl collective does, fits the
 * cost model's beta and tau to single transfers on the same machine,
 * runs the plan on the engine (coll_exec.c) and prints both.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll/coll_cost.h"
#include "topo/topo_gen.h"
#include "util/help_arg.h"
#include "util/num.h"
#include "coll_cli.h"

static const char usage[] =
	"usage: rcfsim collective OP [--nodes N] [--k K] [--root R]\n"
	"                            [--size BYTES] [--split H]\n"
	"                            [--beta-r CYCLES] [--tau-r CYCLES]\n"
	"                            [--fit-max BYTES] [--exact] [--json]\n"
	"       rcfsim collective OP --static hypercube|hcube|torus\n"
	"                            [--nodes N] [--root R] [--size BYTES]\n"
	"                            [--fit-max BYTES] [--exact] [--json]\n"
	"\n"
	"Runs the plan of OP (scatter, bcast, gossip, alltoall; as rcfctl\n"
	"collective plan makes it) on kport:N:K in the engine of rcf.ko:\n"
	"each step's circuits set by paths-only epochs, its transfers sent\n"
	"as messages and checked byte for byte.  Prints per step the\n"
	"circuits set and kept and the cycles, beside the cost model with\n"
	"beta and tau fitted to single transfers of 1 to --fit-max bytes.\n"
	"With --static, runs the classic algorithms instead on a fixed\n"
	"network of N nodes (hypercube:D, whose nodes relay; hcube:D, a\n"
	"hypercube of switches; or a torus of powers of two) by its\n"
	"routes (e-cube, dimension order): binomial tree (scatter,\n"
	"bcast), recursive doubling (gossip), pairwise exchange\n"
	"(alltoall); N a power of two (a torus: 16 or more).\n"
	"\n"
	"  --nodes N         2 to 512 (default 16), N*K at most 512\n"
	"  --k K             ports per node, 1 to 32 (default 3)\n"
	"  --root R          scatter and bcast (default 0)\n"
	"  --size BYTES      a block, or bcast's message (default 1024)\n"
	"  --split H         bcast's split steps h' (default 0)\n"
	"  --beta-r CYCLES   reconfiguration: cycles per step that sets\n"
	"                    circuits (default 0; the engine takes none)\n"
	"  --tau-r CYCLES    and per switch circuit set (default 0)\n"
	"  --static NET      hypercube, hcube or torus: the static network\n"
	"  --fit-max BYTES   the largest single transfer of the fit\n"
	"                    (default: the plan's largest transfer)\n"
	"  --exact           the engine's reference mode\n"
	"  --json            JSON instead of text\n"
	"\n"
	"Exit status: 0 when every node ends with what the operation\n"
	"defines, every byte checked; 1 when the run fails that; 2 on a\n"
	"usage error.\n";

static const char *const opts[] = {
	"--nodes", "--k",	"--root",  "--size", "--split",	 "--beta-r",
	"--tau-r", "--fit-max", "--exact", "--json", "--static", NULL,
};

enum {
	C_NODES,
	C_K,
	C_ROOT,
	C_SIZE,
	C_SPLIT,
	C_BR,
	C_TR,
	C_FIT,
	C_EXACT,
	C_JSON,
	C_STATIC
};

static int bad(const char *why, const char *arg)
{
	fprintf(stderr, "rcfsim collective: %s%s\n", why, arg);
	fprintf(stderr, "Try 'rcfsim collective --help'.\n");
	return -1;
}

static int set(struct sim_coll_report *rep, uint64_t *fit_max, int o,
	       const char *v)
{
	static const uint64_t lo[] = {2, 1, 0, 1, 0, 0, 0, 1},
			      hi[] = {RCF_KPORT_MAX_PORTS,
				      32,
				      RCF_KPORT_MAX_PORTS - 1,
				      1ull << 24,
				      64,
				      1000000000,
				      1000000000,
				      1ull << 24};
	uint64_t n;
	int rc = rcf_num_u64(v, lo[o], hi[o], &n);

	if (rc) {
		char why[160];

		snprintf(why, sizeof(why), "%s \"%s\": %s", opts[o], v,
			 rcf_num_why(rc));
		return bad(why, "");
	}
	switch (o) {
	case C_NODES:
		rep->a.nodes = (uint32_t)n;
		break;
	case C_K:
		rep->a.k = (uint32_t)n;
		break;
	case C_ROOT:
		rep->a.root = (uint32_t)n;
		break;
	case C_SIZE:
		rep->a.size = n;
		break;
	case C_SPLIT:
		rep->a.split = (uint32_t)n;
		break;
	case C_BR:
		rep->cfg.beta_r = n;
		break;
	case C_TR:
		rep->cfg.tau_r = n;
		break;
	default:
		*fit_max = n;
	}
	return 0;
}

/*
 * --static NET: the classic algorithms pair i with i XOR 2^d, so N is a
 * power of two, and the network is the hypercube of N nodes that relay
 * (hypercube:D), the hypercube of N switches with a node on each
 * (hcube:D), or the squarest torus of N nodes (torus:XxY needs X, Y >=
 * 3: N >= 16).  What only the reconfigurable machine has is refused.
 */
static int static_net(struct sim_coll_report *rep, const char *net,
		      unsigned int seen)
{
	static const int only_rcp[] = {C_K, C_SPLIT, C_BR, C_TR};
	int torus = !strcmp(net, "torus");
	uint32_t n = rep->a.nodes, d = 0;
	char why[160];

	for (size_t i = 0; i < sizeof(only_rcp) / sizeof(*only_rcp); i++)
		if (seen & 1u << only_rcp[i])
			return bad(opts[only_rcp[i]],
				   " is the reconfigurable machine's, not "
				   "--static's");
	if (strcmp(net, "hypercube") && strcmp(net, "hcube") && !torus)
		return bad("--static takes hypercube, hcube or torus, not ",
			   net);
	while ((1u << d) < n)
		d++;
	if (n & (n - 1) || (torus && n < 16)) {
		snprintf(why, sizeof(why),
			 "--static %s needs N a power of two%s (the classic "
			 "algorithms pair i with i XOR 2^d), not %u",
			 net, torus ? ", 16 or more" : "", n);
		return bad(why, "");
	}
	if (torus)
		snprintf(rep->fabric, sizeof(rep->fabric), "torus:%ux%u",
			 1u << (d + 1) / 2, 1u << d / 2);
	else
		snprintf(rep->fabric, sizeof(rep->fabric), "%s:%u", net, d);
	rep->cfg.fabric = rep->fabric;
	rep->a.alg = RCF_COLL_ALG_STATIC;
	rep->a.k = 1;
	return 0;
}

/* 0, 1 after --help, -1 after a message */
static int parse(int argc, char **argv, struct sim_coll_report *rep,
		 uint64_t *fit_max)
{
	const char *net = NULL;
	unsigned int seen = 0;

	if (rcf_help_asked(argc, argv)) {
		fputs(usage, stdout);
		return 1;
	}
	if (argc < 2 || rcf_coll_op_lookup(argv[1], &rep->a.op))
		return bad(argc < 2 ? "OP missing" : "no operation ",
			   argc < 2 ? "" : argv[1]);
	for (int i = 2; i < argc; i++) {
		int o;

		for (o = 0; opts[o] && strcmp(argv[i], opts[o]); o++)
			;
		if (!opts[o])
			return bad("unexpected ", argv[i]);
		if (seen & 1u << o)
			return bad("given twice: ", argv[i]);
		seen |= 1u << o;
		if (o == C_EXACT || o == C_JSON) {
			rep->cfg.exact |= o == C_EXACT;
			rep->json |= o == C_JSON;
			continue;
		}
		if (i + 1 == argc)
			return bad("a value missing after ", argv[i]);
		if (o == C_STATIC)
			net = argv[++i];
		else if (set(rep, fit_max, o, argv[++i]))
			return -1;
	}
	if (net && static_net(rep, net, seen))
		return -1;
	if (rep->a.op != RCF_COLL_BCAST && (seen & 1u << C_SPLIT))
		return bad("--split is bcast's only, not for ", argv[1]);
	if ((rep->a.op == RCF_COLL_GOSSIP || rep->a.op == RCF_COLL_ALLTOALL) &&
	    (seen & 1u << C_ROOT))
		return bad("--root is not for ", argv[1]);
	if (rep->a.root >= rep->a.nodes)
		return bad("--root is not one of the nodes", "");
	if ((uint64_t)rep->a.nodes * rep->a.k > RCF_KPORT_MAX_PORTS)
		return bad("N*K is past the node ports kport:N:K can have "
			   "(512)",
			   "");
	return 0;
}

double sim_coll_model_step(const struct sim_coll_report *rep, uint64_t si)
{
	struct rcf_coll_terms t;

	rcf_coll_count_step(rep->p, si, &t);
	return t.b * rep->beta + t.t * rep->tau;
}

double sim_coll_serial_step(const struct sim_coll_report *rep, uint64_t si)
{
	const struct rcf_coll_plan *p = rep->p;
	const struct rcf_coll_step *s = &p->steps[si];
	double *busy = calloc(p->nodes, sizeof(*busy)), worst = 0;

	if (!busy)
		return 0;
	for (uint64_t x = s->first_xfer; x < s->first_xfer + s->nxfer; x++) {
		const struct rcf_coll_xfer *t = &p->xfers[x];

		busy[t->src] += rep->beta + rep->tau * (double)t->bytes;
		if (busy[t->src] > worst)
			worst = busy[t->src];
	}
	free(busy);
	return worst;
}

/* sizes 1 .. max evenly, then the single transfers, then the fit */
static int fit(struct sim_coll_report *rep, uint64_t max, char *err, size_t len)
{
	double x[SIM_COLL_FIT_POINTS];
	size_t n = max < SIM_COLL_FIT_POINTS ? max : SIM_COLL_FIT_POINTS;

	if (n < 2)
		n = 2, max = 2;
	for (size_t i = 0; i < n; i++) {
		rep->fit_sizes[i] = 1 + (max - 1) * i / (n - 1);
		x[i] = (double)rep->fit_sizes[i];
	}
	rep->nfit = n;
	if (sim_coll_probe(rep->a.nodes, rep->a.k, &rep->cfg, rep->fit_sizes, n,
			   rep->fit_cycles, err, len))
		return -1;
	if (sim_coll_fit(x, rep->fit_cycles, n, &rep->beta, &rep->tau))
		return snprintf(err, len, "the fit has no spread"), -1;
	return 0;
}

int sim_coll_main(int argc, char **argv)
{
	struct sim_coll_report rep = {.a = {.nodes = 16, .k = 3, .size = 1024}};
	struct rcf_coll_plan p = {0};
	struct sim_coll_res r = {0};
	uint64_t fit_max = 0;
	char err[768];
	int rc = parse(argc, argv, &rep, &fit_max);

	if (rc)
		return rc > 0 ? 0 : 2;
	if (rcf_coll_plan(&rep.a, &p, err, sizeof(err))) {
		fprintf(stderr, "rcfsim collective: %s\n", err);
		rcf_coll_plan_free(&p);
		return 2;
	}
	/* by default the fit spans every size the plan sends */
	if (!fit_max)
		for (uint64_t i = 0; i < p.nxfers; i++)
			if (p.xfers[i].bytes > fit_max)
				fit_max = p.xfers[i].bytes;
	rep.p = &p;
	rep.r = &r;
	rc = fit(&rep, fit_max ? fit_max : 1, err, sizeof(err));
	if (!rc)
		rc = sim_coll_exec(&p, &rep.cfg, &r, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "rcfsim collective: %s\n", err);
		rc = 1;
	} else if (rep.json) {
		sim_coll_print_json(stdout, &rep);
	} else {
		sim_coll_print(stdout, &rep);
	}
	sim_coll_res_free(&r);
	rcf_coll_plan_free(&p);
	return rc;
}
