// SPDX-License-Identifier: GPL-2.0
/*
 * "rcfsim gd": a §4 workload of García-Duato on a Supernode topology,
 * with the algorithm of §3 in the loop, every message through the
 * kernel's engine and every change an epoch on the kernel's model.
 * Documentation/rcfsim.1 (section GD) and reconfiguration.rst.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/parse.h"
#include "route/route.h"
#include "gd.h"
#include "gd_net.h"
#include "util/help_arg.h"
#include "util/num.h"

static const char usage[] =
	"usage: rcfsim gd [--workload W] [--topo T] [--static] [algorithm]\n"
	"                 [--seed X] [--json] [--log] [--no-engine] [--exact]\n"
	"\n"
	"Runs a workload of García-Duato §4 on a circuit-realised Supernode\n"
	"topology with the reconfiguration algorithm of §3 in the loop.\n"
	"\n"
	"  -w, --workload W    case1 (default), case2, givens:RxC\n"
	"  -t, --topo T        hypercube:4 (default), ring:N, mesh:XxY\n"
	"      --static        no reconfiguration\n"
	"      --t1 N          threshold1, minimum cost for a change (10)\n"
	"      --t2 N          threshold2, messages between evaluations (5)\n"
	"      --large         large alteration (any position)\n"
	"      --no-rr         the first of equal best changes, no round "
	"robin\n"
	"      --change-cost N a change must save more than N\n"
	"      --max-changes N stop changing after N changes\n"
	"      --count C       messages in C_ij: both (default, §3.2),\n"
	"                      received, sent\n"
	"      --per N         case1/case2: messages per source (100)\n"
	"      --seed X        givens: matrix seed (1)\n"
	"      --no-reorder    givens: keep the column order\n"
	"  -s, --size B        message bytes through the engine (32)\n"
	"      --no-engine     count only, no engine or model\n"
	"      --exact         the engine's reference mode (slower, the\n"
	"                      same results)\n"
	"  -j, --json          JSON output\n"
	"      --log           list the changes\n"
	"      --trace-out F   write the workload as a message trace for\n"
	"                      rcfctl traffic start trace F, one message\n"
	"                      every --trace-gap cycles (500), and exit\n";

enum {
	O_STATIC = 256,
	O_T1,
	O_T2,
	O_LARGE,
	O_NORR,
	O_CCOST,
	O_MAXCH,
	O_PER,
	O_SEED,
	O_NOREORDER,
	O_NOENGINE,
	O_LOG,
	O_COUNT,
	O_TRACE_OUT,
	O_TRACE_GAP,
	O_EXACT
};

static const struct option longopts[] = {
	{"workload", required_argument, NULL, 'w'},
	{"topo", required_argument, NULL, 't'},
	{"static", no_argument, NULL, O_STATIC},
	{"t1", required_argument, NULL, O_T1},
	{"t2", required_argument, NULL, O_T2},
	{"large", no_argument, NULL, O_LARGE},
	{"no-rr", no_argument, NULL, O_NORR},
	{"change-cost", required_argument, NULL, O_CCOST},
	{"max-changes", required_argument, NULL, O_MAXCH},
	{"per", required_argument, NULL, O_PER},
	{"seed", required_argument, NULL, O_SEED},
	{"no-reorder", no_argument, NULL, O_NOREORDER},
	{"size", required_argument, NULL, 's'},
	{"no-engine", no_argument, NULL, O_NOENGINE},
	{"exact", no_argument, NULL, O_EXACT},
	{"json", no_argument, NULL, 'j'},
	{"log", no_argument, NULL, O_LOG},
	{"count", required_argument, NULL, O_COUNT},
	{"trace-out", required_argument, NULL, O_TRACE_OUT},
	{"trace-gap", required_argument, NULL, O_TRACE_GAP},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

struct gd_args {
	const char *workload, *topo;
	struct gd_sim_cfg cfg;
	uint64_t per, seed, size, trace_gap;
	const char *trace_out;
	int reorder, engine, exact, json, log;
	uint32_t rows, cols;
};

static int num(const char *opt, const char *s, uint64_t max, uint64_t *v)
{
	if (rcf_parse_num(s, max, v)) {
		fprintf(stderr, "rcfsim gd: %s: bad number \"%s\"\n", opt, s);
		return -1;
	}
	return 0;
}

/* The parse_*_opt() below return 0, -1 having said why, or OPT_OTHER. */
#define OPT_OTHER 1

/* the reconfiguration algorithm's thresholds and choices */
static int parse_algo_opt(int c, const char *arg, struct gd_args *a)
{
	uint64_t v;

	switch (c) {
	case O_STATIC:
		a->cfg.dynamic = 0;
		return 0;
	case O_T1:
		if (num("--t1", arg, UINT64_MAX, &a->cfg.opt.threshold1))
			return -1;
		return 0;
	case O_T2:
		if (num("--t2", arg, UINT32_MAX, &v) || !v)
			return -1;
		a->cfg.opt.threshold2 = v;
		return 0;
	case O_LARGE:
		a->cfg.opt.large = 1;
		return 0;
	case O_NORR:
		a->cfg.opt.round_robin = 0;
		return 0;
	case O_CCOST:
		if (num("--change-cost", arg, UINT64_MAX,
			&a->cfg.opt.change_cost))
			return -1;
		return 0;
	case O_MAXCH:
		if (num("--max-changes", arg, UINT64_MAX, &a->cfg.max_changes))
			return -1;
		return 0;
	case O_COUNT:
		if (!strcmp(arg, "both")) {
			a->cfg.opt.count = GD_COUNT_BOTH;
		} else if (!strcmp(arg, "received")) {
			a->cfg.opt.count = GD_COUNT_RECEIVED;
		} else if (!strcmp(arg, "sent")) {
			a->cfg.opt.count = GD_COUNT_SENT;
		} else {
			fprintf(stderr, "rcfsim gd: --count both, "
					"received or sent\n");
			return -1;
		}
		return 0;
	default:
		return OPT_OTHER;
	}
}

/* the workload, the topology it runs on, the trace it leaves */
static int parse_work_opt(int c, const char *arg, struct gd_args *a)
{
	switch (c) {
	case 'w':
		a->workload = arg;
		return 0;
	case 't':
		a->topo = arg;
		return 0;
	case O_PER:
		if (num("--per", arg, 1000000, &a->per))
			return -1;
		return 0;
	case O_SEED:
		if (num("--seed", arg, UINT64_MAX, &a->seed))
			return -1;
		return 0;
	case O_NOREORDER:
		a->reorder = 0;
		return 0;
	case 's':
		if (num("--size", arg, 65535, &a->size) || !a->size)
			return -1;
		return 0;
	case O_TRACE_OUT:
		a->trace_out = arg;
		return 0;
	case O_TRACE_GAP:
		if (num("--trace-gap", arg, 1000000, &a->trace_gap) ||
		    !a->trace_gap)
			return -1;
		return 0;
	default:
		return OPT_OTHER;
	}
}

/* how the run is made and reported */
static int parse_run_opt(int c, struct gd_args *a)
{
	switch (c) {
	case O_NOENGINE:
		a->engine = 0;
		return 0;
	case O_EXACT:
		a->exact = 1;
		return 0;
	case 'j':
		a->json = 1;
		return 0;
	case O_LOG:
		a->log = 1;
		return 0;
	default:
		return OPT_OTHER;
	}
}

static void defaults(struct gd_args *a)
{
	memset(a, 0, sizeof(*a));
	a->workload = "case1";
	a->topo = "hypercube:4";
	a->cfg.dynamic = 1;
	gd_opts_default(&a->cfg.opt);
	a->per = 100;
	a->seed = 1;
	a->size = 32;
	a->reorder = 1;
	a->engine = 1;
	a->trace_gap = 500;
}

static int parse(int argc, char **argv, struct gd_args *a)
{
	char err[256];
	int c, rc;

	defaults(a);
	if (rcf_help_asked(argc, argv)) {
		fputs(usage, stdout);
		return 1;
	}
	optind = 1;
	while ((c = getopt_long(argc, argv, "w:t:s:jh", longopts, NULL)) !=
	       -1) {
		if (c == 'h') {
			fputs(usage, stdout);
			return 1;
		}
		rc = parse_algo_opt(c, optarg, a);
		if (rc == OPT_OTHER)
			rc = parse_work_opt(c, optarg, a);
		if (rc == OPT_OTHER)
			rc = parse_run_opt(c, a);
		if (rc == OPT_OTHER)
			fputs(usage, stderr);
		if (rc)
			return -1;
	}
	if (optind < argc) {
		fprintf(stderr, "rcfsim gd: unexpected \"%s\"\n", argv[optind]);
		return -1;
	}
	if (sn_parse(a->topo, &a->cfg.topo, err, sizeof(err))) {
		fprintf(stderr, "rcfsim gd: %s\n", err);
		return -1;
	}
	return 0;
}

static int make_work(struct gd_args *a, struct gd_work *w)
{
	uint32_t n = a->cfg.topo.n;

	if (!strcmp(a->workload, "case1") || !strcmp(a->workload, "case2")) {
		if (n < 16) {
			fprintf(stderr, "rcfsim gd: %s needs 16 nodes\n",
				a->workload);
			return -1;
		}
		return a->workload[4] == '1' ? gd_work_case1(w, a->per)
					     : gd_work_case2(w, a->per);
	}
	if (!strncmp(a->workload, "givens:", 7)) {
		char buf[32], *x = NULL;
		uint32_t r, c;

		if (strlen(a->workload + 7) < sizeof(buf)) {
			strcpy(buf, a->workload + 7);
			x = strchr(buf, 'x');
		}
		if (x)
			*x = '\0';
		if (!x || rcf_num_u32(buf, 1, 100000, &r) ||
		    rcf_num_u32(x + 1, 2, 128, &c)) {
			fprintf(stderr,
				"rcfsim gd: bad workload \"%s\": givens:RxC "
				"needs 1 <= R <= 100000 and 2 <= C <= 128\n",
				a->workload);
			return -1;
		}
		a->rows = r;
		a->cols = c;
		return gd_work_givens(w, r, c, a->seed, a->reorder, n);
	}
	fprintf(stderr, "rcfsim gd: unknown workload \"%s\"\n", a->workload);
	return -1;
}

/*
 * The workload as a trace for the kernel's generator (CYCLE SRC DST BYTES
 * lines, Documentation/datapath.rst): the same messages in the same
 * order, one every trace_gap cycles, which on an idle 4-cube is long
 * enough for one to arrive before the next leaves, as here.
 */
static int write_trace(const struct gd_args *a, const struct gd_work *w)
{
	FILE *f = strcmp(a->trace_out, "-") ? fopen(a->trace_out, "w") : stdout;

	if (!f) {
		fprintf(stderr, "rcfsim gd: %s: %s\n", a->trace_out,
			strerror(errno));
		return 2;
	}
	fprintf(f, "# %s on %s positions, %zu messages of %llu bytes\n",
		a->workload, a->topo, w->n, (unsigned long long)a->size);
	for (size_t k = 0; k < w->n; k++)
		fprintf(f, "%llu %u %u %llu\n",
			(unsigned long long)((k + 1) * a->trace_gap),
			w->m[k].src, w->m[k].dst, (unsigned long long)a->size);
	if (f != stdout ? fclose(f) : fflush(f)) {
		fprintf(stderr, "rcfsim gd: %s: %s\n", a->trace_out,
			strerror(errno));
		return 2;
	}
	return 0;
}

/* the supernode fabric t and its routes moved into f */
static int take(struct rcf_topo *t, struct sim_fabric *f)
{
	struct rcf_routes s;
	int rc;

	memset(f, 0, sizeof(*f));
	rcf_routes_init(&s);
	rc = rcf_routes_from_topo(&s, t) ? -1 : sim_fabric_take(t, &s, f);
	rcf_routes_free(&s);
	return rc;
}

struct gd_ctx {
	struct sim_gd_net *net;
	char err[256];
};

static int do_send(void *priv, uint32_t src, uint32_t dst)
{
	struct gd_ctx *x = priv;

	return sim_gd_net_send(x->net, src, dst);
}

static int do_epoch(void *priv, const struct sn_topo *t,
		    const struct sn_map *before, uint32_t a, uint32_t b)
{
	struct gd_ctx *x = priv;
	struct sim_gd_op *so;
	struct rcf_op *ops;
	size_t n;
	int rc;

	if (sn_swap_ops(t, before, a, b, &ops, &n))
		return -1;
	so = calloc(n + 1, sizeof(*so));
	if (!so) {
		free(ops);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const struct rcf_obj *o = &ops[i].o;

		so[i].cmd = ops[i].cmd;
		if (o->kind == RCF_K_CIRCUIT) {
			so[i].a = o->v[RCF_A_CIRCUIT_SWITCH];
			so[i].b = o->v[RCF_A_CIRCUIT_IN_PORT];
			so[i].c = o->v[RCF_A_CIRCUIT_OUT_PORT];
		} else {
			so[i].a = o->v[RCF_A_ROUTE_SRC];
			so[i].b = o->v[RCF_A_ROUTE_DST];
			so[i].c = o->v[RCF_A_ROUTE_INDEX];
			so[i].nhops = o->nhops;
			memcpy(so[i].hops, o->hops, o->nhops);
		}
	}
	rc = sim_gd_net_apply(x->net, so, n, x->err, sizeof(x->err));
	if (rc)
		fprintf(stderr, "rcfsim gd: %s\n", x->err);
	free(so);
	free(ops);
	return rc;
}

static void print_json(const struct gd_args *a, const struct gd_work *w,
		       const struct gd_sim_result *r,
		       const struct sim_gd_net_stats *ns)
{
	const struct gd_opts *o = &a->cfg.opt;

	printf("{\"workload\":\"%s\",\"topology\":\"%s\",\"dynamic\":%s,",
	       a->workload, a->topo, a->cfg.dynamic ? "true" : "false");
	printf("\"threshold1\":%llu,\"threshold2\":%u,\"large\":%s,"
	       "\"round_robin\":%s,\"change_cost\":%llu,\"max_changes\":%llu,"
	       "\"count\":\"%s\",",
	       (unsigned long long)o->threshold1, o->threshold2,
	       o->large ? "true" : "false", o->round_robin ? "true" : "false",
	       (unsigned long long)o->change_cost,
	       (unsigned long long)a->cfg.max_changes,
	       o->count == GD_COUNT_BOTH       ? "both"
	       : o->count == GD_COUNT_RECEIVED ? "received"
					       : "sent");
	if (a->cols)
		printf("\"seed\":%llu,\"reorder\":%s,\"rotations\":%llu,"
		       "\"tokens\":%llu,",
		       (unsigned long long)a->seed,
		       a->reorder ? "true" : "false",
		       (unsigned long long)w->rotations,
		       (unsigned long long)w->tokens);
	printf("\"messages\":%llu,\"internal\":%llu,\"crossings\":%llu,"
	       "\"max_node\":%llu,\"max_node_id\":%u,\"changes\":%llu,"
	       "\"evaluations\":%llu,\"crossings_after_last_change\":%llu,"
	       "\"limit_hit\":%s,",
	       (unsigned long long)r->messages, (unsigned long long)w->internal,
	       (unsigned long long)r->crossings,
	       (unsigned long long)r->max_node, r->max_node_id,
	       (unsigned long long)r->changes,
	       (unsigned long long)r->evaluations,
	       (unsigned long long)r->after_last,
	       r->limit_hit ? "true" : "false");
	if (ns)
		printf("\"engine\":{\"delivered\":%llu,\"epochs\":%llu,"
		       "\"ops\":%llu,\"cycles\":%llu,\"byte_hops\":%llu,"
		       "\"dropped\":%llu},",
		       (unsigned long long)ns->delivered,
		       (unsigned long long)ns->epochs,
		       (unsigned long long)ns->ops,
		       (unsigned long long)ns->cycles,
		       (unsigned long long)ns->byte_hops,
		       (unsigned long long)ns->dropped);
	printf("\"relay\":[");
	for (uint32_t i = 0; i < a->cfg.topo.n; i++)
		printf("%s%llu", i ? "," : "", (unsigned long long)r->relay[i]);
	printf("],\"positions\":[");
	for (uint32_t i = 0; i < a->cfg.topo.n; i++)
		printf("%s%u", i ? "," : "", r->pos[i]);
	printf("],\"change_log\":[");
	for (size_t i = 0; i < r->nlog; i++) {
		const struct gd_sim_change *c = &r->log[i];

		printf("%s{\"msg\":%llu,\"node\":%u,\"with\":%u,\"from\":%u,"
		       "\"to\":%u,\"cost_before\":%llu,\"cost_after\":%llu,"
		       "\"ties\":%u}",
		       i ? "," : "", (unsigned long long)c->msg, c->a, c->b,
		       c->pa, c->pb, (unsigned long long)c->cost_before,
		       (unsigned long long)c->cost_after, c->ties);
	}
	printf("]}\n");
}

static void print_text(const struct gd_args *a, const struct gd_work *w,
		       const struct gd_sim_result *r,
		       const struct sim_gd_net_stats *ns)
{
	printf("%s on %s, %s\n", a->workload, a->topo,
	       a->cfg.dynamic ? "dynamic" : "static");
	printf("messages %llu (internal %llu), crossings %llu, most loaded "
	       "node %u with %llu, changes %llu%s, evaluations %llu\n",
	       (unsigned long long)r->messages, (unsigned long long)w->internal,
	       (unsigned long long)r->crossings, r->max_node_id,
	       (unsigned long long)r->max_node, (unsigned long long)r->changes,
	       r->limit_hit ? " (limit reached)" : "",
	       (unsigned long long)r->evaluations);
	if (ns)
		printf("engine: %llu delivered, %llu epochs of %llu ops, "
		       "%llu cycles\n",
		       (unsigned long long)ns->delivered,
		       (unsigned long long)ns->epochs,
		       (unsigned long long)ns->ops,
		       (unsigned long long)ns->cycles);
	for (size_t i = 0; a->log && i < r->nlog; i++) {
		const struct gd_sim_change *c = &r->log[i];

		printf("change %zu at message %llu: node %u (position %u) "
		       "swaps with node %u (position %u), CF %llu -> %llu, "
		       "%u equal\n",
		       i + 1, (unsigned long long)c->msg, c->a, c->pa, c->b,
		       c->pb, (unsigned long long)c->cost_before,
		       (unsigned long long)c->cost_after, c->ties);
	}
}

int sim_gd_main(int argc, char **argv)
{
	struct sim_gd_net_stats ns;
	struct gd_sim_result r = {0};
	struct gd_ctx x = {0};
	struct gd_work w = {0};
	struct sim_fabric f = {0};
	struct rcf_topo t;
	struct gd_args a;
	struct sn_map m;
	char err[256];
	int rc;

	rc = parse(argc, argv, &a);
	if (rc)
		return rc > 0 ? 0 : 2;
	if (make_work(&a, &w)) {
		gd_work_free(&w);
		return 2;
	}
	if (a.trace_out) {
		rc = write_trace(&a, &w);
		gd_work_free(&w);
		return rc;
	}
	rc = 2;
	if (a.engine) {
		if (sn_map_init(&m, a.cfg.topo.n))
			goto out;
		if (sn_build(&a.cfg.topo, &m, &t, err, sizeof(err))) {
			sn_map_free(&m);
			fprintf(stderr, "rcfsim gd: %s\n", err);
			goto out;
		}
		sn_map_free(&m);
		if (take(&t, &f)) {
			rcf_topo_free(&t);
			goto out;
		}
		rcf_topo_free(&t);
		x.net = sim_gd_net_new(&f, a.size, a.exact, err, sizeof(err));
		if (!x.net) {
			fprintf(stderr, "rcfsim gd: %s\n", err);
			goto out;
		}
		a.cfg.send = do_send;
		a.cfg.epoch = do_epoch;
		a.cfg.priv = &x;
	}
	if (gd_sim_run(&a.cfg, &w, &r, err, sizeof(err))) {
		fprintf(stderr, "rcfsim gd: %s\n", err);
		rc = 1;
		goto out;
	}
	if (x.net)
		sim_gd_net_stats(x.net, &ns);
	if (a.json)
		print_json(&a, &w, &r, x.net ? &ns : NULL);
	else
		print_text(&a, &w, &r, x.net ? &ns : NULL);
	rc = 0;
out:
	gd_sim_result_free(&r);
	sim_gd_net_free(x.net);
	sim_fabric_free(&f);
	gd_work_free(&w);
	return rc;
}
