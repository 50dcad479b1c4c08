// SPDX-License-Identifier: GPL-2.0
/* rcfsim's command line (Documentation/rcfsim.1 is the long form). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "traffic/traffic_req.h"
#include "util/help_arg.h"
#include "util/num.h"
#include "rcfsim.h"

static const char usage[] =
	"usage: rcfsim (--gen SPEC | --topo FILE) [fabric options]\n"
	"              [--traffic PATTERN] [traffic options] [output options]\n"
	"\n"
	"Runs the rcf engine, node adapter and traffic generator of rcf.ko\n"
	"as a userspace program and prints the traffic's throughput and\n"
	"latency and the fabric's counters (as rcfctl stats prints them).\n"
	"rcfsim gd --help: García-Duato reconfiguration (section GD).\n"
	"rcfsim collective --help: collective plans run on kport:N:K.\n"
	"\n"
	"Fabric:\n"
	"  -g, --gen SPEC         ring:N, mesh:XxY, torus:XxY, hypercube:D, "
	"hcube:D,\n"
	"                         sp1:N, prdt:S:n:R, rdt:S:n:R:m\n"
	"  -t, --topo FILE        topology file (rcfctl topo save); its "
	"routes\n"
	"                         are used when --routes is not given\n"
	"  -r, --routes R         a router (shortest, dor, ecube, sp1,\n"
	"                         rdt-vector ...), or a route file\n"
	"                         (route add lines, as rcfctl route compute "
	"prints)\n"
	"                         default: dor on mesh and torus, ecube on\n"
	"                         hypercube and hcube, sp1 on sp1, rdt-vector\n"
	"                         on prdt and rdt, else shortest\n"
	"      --paths N          shortest: routes per pair, 1 to 4\n"
	"      --vcs N            at least N VCs on every link (dor on a "
	"torus\n"
	"                         and rdt-vector need 2 for their dateline: "
	"the\n"
	"                         default there; 3 on rdt with m < R)\n"
	"      --policy P         rr (default) or least-loaded route choice\n"
	"      --bandwidth B      every link: bytes per cycle\n"
	"      --latency L        every link: cycles\n"
	"      --buf N            every link: receive buffer per VC, bytes\n"
	"      --cq N             every switch: central queue, bytes (0: "
	"none)\n"
	"      --route-delay C    cycles a switch takes to route a header "
	"(0)\n"
	"      --alloc A          output allocation: oldest (default), rr "
	"or islip\n"
	"      --tie-seed N       dor on a torus: ties half way round a ring\n"
	"                         go + or - at random from seed N\n"
	"      --relation R       destination-routed packets, routed by the\n"
	"                         switches' relation R: dor or duato (a\n"
	"                         prdt: or rdt: fabric's base torus), or\n"
	"                         rdt-vector, da, db, north-last or\n"
	"                         north-last-wrap (a whole prdt:;\n"
	"                         rdt-vector, da and db an rdt: too);\n"
	"                         refused unless deadlock free\n"
	"      --fail N           N per mille of the links between switches\n"
	"                         fail (a seeded choice that keeps the\n"
	"                         switches connected): broken routes go\n"
	"                         up-down on one more VC, a --relation\n"
	"                         keeps its surviving up-down steps over an\n"
	"                         up-down escape (also with N = 0)\n"
	"      --fail-seed N      the choice's seed (default 1)\n"
	"      --select S         adaptive relations: the free adaptive\n"
	"                         output taken: first (default), least\n"
	"                         (occupied) or random\n"
	"\n"
	"Traffic:\n"
	"  -T, --traffic P        uniform (default), doloop, exor, ncube "
	"(with\n"
	"                         --step), bitrev, transpose,\n"
	"                         hotspot:NODE[:PERMILLE],\n"
	"                         nig:FILE (SRC DST [WEIGHT] lines),\n"
	"                         trace:FILE (CYCLE SRC DST BYTES lines)\n"
	"      --step I           doloop, exor, ncube: the step (also\n"
	"                         PATTERN:I)\n"
	"      --rate R           offered load per node, bytes per 1000 "
	"cycles\n"
	"                         (default 100)\n"
	"      --load F           the same as a fraction of a byte per cycle\n"
	"      --arrival A        bernoulli (default) or periodic\n"
	"      --packet-rate P    offered load in messages per node and "
	"cycle\n"
	"                         (0 to 1, Bernoulli), with --size N\n"
	"      --self             uniform: a node may send to itself\n"
	"      --raw              each message one SP1 packet, no adapter "
	"header\n"
	"  -s, --size S           message bytes: N, MIN-MAX or N:W,N:W,... "
	"(64)\n"
	"  -c, --cycles N         generate during N cycles (default 10000)\n"
	"  -m, --messages N       generate N messages in all\n"
	"      --warmup N         measure from cycle N on\n"
	"      --src-limit B      skip a message while its source holds B "
	"bytes\n"
	"      --no-drain         stop at the end of generation\n"
	"      --seed X           PRNG seed (default 1)\n"
	"      --slice N          cycles per step of the run loop (10000)\n"
	"      --exact            the engine's reference mode (slower, the\n"
	"                         same results)\n"
	"\n"
	"Output:\n"
	"  -j, --json             JSON instead of text\n"
	"      --channels, --switches, --nodes, --pairs, --all\n"
	"                         also the per channel, switch, node and pair\n"
	"                         tables\n"
	"      --progress         progress on stderr every second, and the\n"
	"                         run's wall-clock time at the end\n"
	"      --draw FILE        an SVG of the fabric, each link coloured by\n"
	"                         the bytes it carried in this run\n"
	"  -h, --help\n"
	"\n"
	"Exit status: 0 when every message was sent and delivered (with\n"
	"--no-drain: none refused, no engine error), 1 on deadlock, a refused\n"
	"(no route) or lost message, 2 on a usage, file or fabric error.\n";

enum {
	O_PATHS = 256,
	O_STEP,
	O_VCS,
	O_POLICY,
	O_BW,
	O_LAT,
	O_BUF,
	O_CQ,
	O_RATE,
	O_LOAD,
	O_ARRIVAL,
	O_WARMUP,
	O_SRC_LIMIT,
	O_NO_DRAIN,
	O_SEED,
	O_SLICE,
	O_EXACT,
	O_CHANNELS,
	O_SWITCHES,
	O_NODES,
	O_PAIRS,
	O_ALL,
	O_PROGRESS,
	O_ROUTE_DELAY,
	O_ALLOC,
	O_TIE_SEED,
	O_PKT_RATE,
	O_SELF,
	O_RAW,
	O_DRAW,
	O_RELATION,
	O_SELECT,
	O_FAIL,
	O_FAIL_SEED,
};

static const struct option longopts[] = {
	{"gen", required_argument, NULL, 'g'},
	{"topo", required_argument, NULL, 't'},
	{"routes", required_argument, NULL, 'r'},
	{"paths", required_argument, NULL, O_PATHS},
	{"vcs", required_argument, NULL, O_VCS},
	{"policy", required_argument, NULL, O_POLICY},
	{"bandwidth", required_argument, NULL, O_BW},
	{"latency", required_argument, NULL, O_LAT},
	{"buf", required_argument, NULL, O_BUF},
	{"cq", required_argument, NULL, O_CQ},
	{"traffic", required_argument, NULL, 'T'},
	{"step", required_argument, NULL, O_STEP},
	{"rate", required_argument, NULL, O_RATE},
	{"load", required_argument, NULL, O_LOAD},
	{"arrival", required_argument, NULL, O_ARRIVAL},
	{"size", required_argument, NULL, 's'},
	{"cycles", required_argument, NULL, 'c'},
	{"messages", required_argument, NULL, 'm'},
	{"warmup", required_argument, NULL, O_WARMUP},
	{"src-limit", required_argument, NULL, O_SRC_LIMIT},
	{"no-drain", no_argument, NULL, O_NO_DRAIN},
	{"seed", required_argument, NULL, O_SEED},
	{"slice", required_argument, NULL, O_SLICE},
	{"exact", no_argument, NULL, O_EXACT},
	{"json", no_argument, NULL, 'j'},
	{"channels", no_argument, NULL, O_CHANNELS},
	{"switches", no_argument, NULL, O_SWITCHES},
	{"nodes", no_argument, NULL, O_NODES},
	{"pairs", no_argument, NULL, O_PAIRS},
	{"all", no_argument, NULL, O_ALL},
	{"progress", no_argument, NULL, O_PROGRESS},
	{"route-delay", required_argument, NULL, O_ROUTE_DELAY},
	{"alloc", required_argument, NULL, O_ALLOC},
	{"tie-seed", required_argument, NULL, O_TIE_SEED},
	{"packet-rate", required_argument, NULL, O_PKT_RATE},
	{"self", no_argument, NULL, O_SELF},
	{"raw", no_argument, NULL, O_RAW},
	{"draw", required_argument, NULL, O_DRAW},
	{"relation", required_argument, NULL, O_RELATION},
	{"fail", required_argument, NULL, O_FAIL},
	{"fail-seed", required_argument, NULL, O_FAIL_SEED},
	{"select", required_argument, NULL, O_SELECT},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

static int bad(const char *fmt, const char *arg)
{
	fprintf(stderr, "rcfsim: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'rcfsim --help'.\n");
	return -1;
}

/* a whole decimal (or 0x) number in [min, max], never clamped */
static int num(const char *s, u64 min, u64 max, u64 *v)
{
	uint64_t x;

	if (rcf_num_u64x(s, min, max, &x))
		return -1;
	*v = x;
	return 0;
}

static int num32(const char *s, u64 min, u64 max, uint32_t *v)
{
	u64 x;

	if (num(s, min, max, &x))
		return -1;
	*v = (uint32_t)x;
	return 0;
}

/* --size: rcfctl traffic's size (rcf_traffic_size_parse) */
static int parse_size(const char *arg, struct sim_opts *o)
{
	struct rcf_traffic_spec *s = &o->spec;
	struct rcf_traffic_req q = {0};
	struct rcf_traffic_size *tab;

	if (rcf_traffic_size_parse(arg, &q))
		return -1;
	if (!q.nsizes) {
		s->size_min = q.size_min;
		s->size_max = q.size_max;
		return 0;
	}
	tab = calloc(q.nsizes, sizeof(*tab));
	if (!tab)
		return -1;
	for (uint32_t i = 0; i < q.nsizes; i++) {
		tab[i].bytes = q.sizes[i].bytes;
		tab[i].weight = q.sizes[i].weight;
	}
	free((void *)s->sizes);
	s->sizes = tab;
	s->nsizes = q.nsizes;
	return 0;
}

static int parse_traffic(const char *arg, struct sim_opts *o)
{
	struct rcf_traffic_spec *s = &o->spec;
	const char *colon = strchr(arg, ':');
	size_t len = colon ? (size_t)(colon - arg) : strlen(arg);
	/* the words rcfctl traffic takes (lib/traffic/traffic_args.c) */
	int p = rcf_traffic_pattern_find(arg, len);
	char err[512];

	if (p < 0)
		return bad("unknown traffic pattern '%s'", arg);
	s->pattern = (uint32_t)p;
	switch (p) {
	case RCF_TRAFFIC_DOLOOP:
	case RCF_TRAFFIC_EXOR:
	case RCF_TRAFFIC_NCUBE:
		/* PATTERN:I, the spelling before --step, still reads */
		if (colon && rcf_traffic_step_parse(colon + 1, &s->param))
			return bad("'%s': the step is not 0 to 4294967295",
				   arg);
		o->step_alias = !!colon;
		return 0;
	case RCF_TRAFFIC_HOTSPOT: {
		char node[32], *c2;
		uint32_t v;

		if (!colon)
			return bad("'%s' needs a node: hotspot:NODE[:PERMILLE]",
				   arg);
		if (strlen(colon + 1) >= sizeof(node))
			return bad("bad hotspot '%s'", arg);
		strcpy(node, colon + 1);
		c2 = strchr(node, ':');
		if (c2)
			*c2++ = '\0';
		if (num32(node, 0, RCF_MAX_NODES - 1, &v) ||
		    (c2 && num32(c2, 0, 1000, &s->hot_permille)))
			return bad("bad hotspot '%s'", arg);
		if (!c2)
			s->hot_permille = RCF_TRAFFIC_HOT_PERMILLE_DEFAULT;
		o->hot_id = v;
		o->hot_set = 1;
		return 0;
	}
	case RCF_TRAFFIC_NIG:
		if (!colon || sim_nig_load(colon + 1, &o->arc_ids, &o->narcs,
					   err, sizeof(err)))
			return bad("%s", colon ? err : "nig needs nig:FILE");
		return 0;
	case RCF_TRAFFIC_TRACE:
		if (!colon || sim_trace_load(colon + 1, &o->trace, &o->ntrace,
					     err, sizeof(err)))
			return bad("%s",
				   colon ? err : "trace needs trace:FILE");
		return 0;
	default:
		return colon ? bad("'%s' takes no argument", arg) : 0;
	}
}

/*
 * The parse_*_opt() below return 0, -1 having said why, or OPT_OTHER for
 * an option of another part of the run.
 */
#define OPT_OTHER 1

/* the fabric: its generator or file, routes, links and failures */
static int parse_fabric_opt(int c, const char *arg, struct sim_opts *o)
{
	struct sim_topo_opts *t = &o->topo;
	uint32_t u;

	switch (c) {
	case 'g':
		t->gen = arg;
		return 0;
	case 't':
		t->topo = arg;
		return 0;
	case 'r':
		t->routes = arg;
		return 0;
	case O_PATHS:
		if (num32(arg, 1, RCF_ROUTES_PER_PAIR, &u))
			return bad("--paths: '%s' is not 1 to 4", arg);
		t->paths = u;
		return 0;
	case O_VCS:
		if (num32(arg, 1, RCF_LINK_MAX_VCS, &u))
			return bad("--vcs: '%s' is not 1 to 4", arg);
		t->vcs = u;
		return 0;
	case O_POLICY:
		if (!strcmp(arg, "rr") || !strcmp(arg, "round-robin"))
			o->policy = RCF_RPOL_ROUND_ROBIN;
		else if (!strcmp(arg, "least-loaded"))
			o->policy = RCF_RPOL_LEAST_LOADED;
		else
			return bad("--policy: '%s' is not rr or least-loaded",
				   arg);
		return 0;
	case O_BW:
		return num32(arg, 1, RCF_LINK_MAX_BANDWIDTH, &t->bandwidth)
			       ? bad("--bandwidth: bad value '%s'", arg)
			       : 0;
	case O_LAT:
		return num32(arg, 1, RCF_LINK_MAX_LATENCY, &t->latency)
			       ? bad("--latency: bad value '%s'", arg)
			       : 0;
	case O_BUF:
		return num32(arg, RCF_LINK_MIN_BUF, RCF_LINK_MAX_BUF,
			     &t->buf_size)
			       ? bad("--buf: bad value '%s'", arg)
			       : 0;
	case O_RELATION:
		/*
		 * the name is the library's to read (rcf_relation_kind), when
		 * the fabric is loaded: this file sees the core's types
		 */
		t->relation = arg;
		return 0;
	case O_FAIL:
		return num32(arg, 0, 1000, &t->fail)
			       ? bad("--fail: '%s' is not 0 to 1000 per mille",
				     arg)
			       : (t->failing = 1, 0);
	case O_FAIL_SEED:
		return num(arg, 0, UINT64_MAX, &t->fail_seed)
			       ? bad("--fail-seed: '%s' is not a number", arg)
			       : 0;
	case O_TIE_SEED:
		return num(arg, 1, UINT32_MAX, &t->tie_seed)
			       ? bad("--tie-seed: '%s' is not 1 to 4294967295",
				     arg)
			       : 0;
	default:
		return OPT_OTHER;
	}
}

/* the engine on it: queues, routing delay, allocation, selection */
static int parse_engine_opt(int c, const char *arg, struct sim_opts *o)
{
	struct sim_topo_opts *t = &o->topo;

	switch (c) {
	case O_CQ:
		/* 0 is no queue: the engine's setting, not the model's size */
		o->model_given |= 1u << SIM_M_CQ_OFF;
		o->cfg.cq_off = !strcmp(arg, "0");
		if (o->cfg.cq_off)
			return 0;
		return num32(arg, RCF_CQ_MIN_SIZE, RCF_CQ_MAX_SIZE, &t->cq_size)
			       ? bad("--cq: '%s' is not 0 or 64 to 1048576",
				     arg)
			       : 0;
	case O_ROUTE_DELAY:
		o->model_given |= 1u << SIM_M_ROUTE_DELAY;
		return num32(arg, 0, RCF_ENGINE_MAX_ROUTE_DELAY,
			     &o->cfg.route_delay)
			       ? bad("--route-delay: '%s' is not 0 to 1000",
				     arg)
			       : 0;
	case O_SELECT:
		if (!strcmp(arg, "first"))
			o->cfg.select = RCF_SELECT_FIRST;
		else if (!strcmp(arg, "least"))
			o->cfg.select = RCF_SELECT_LEAST;
		else if (!strcmp(arg, "random"))
			o->cfg.select = RCF_SELECT_RANDOM;
		else
			return bad("--select: '%s' is not first, least or "
				   "random",
				   arg);
		o->select = arg;
		return 0;
	case O_ALLOC:
		o->model_given |= 1u << SIM_M_ALLOC;
		if (!strcmp(arg, "oldest"))
			o->cfg.alloc = RCF_ALLOC_OLDEST;
		else if (!strcmp(arg, "rr"))
			o->cfg.alloc = RCF_ALLOC_RR;
		else if (!strcmp(arg, "islip"))
			o->cfg.alloc = RCF_ALLOC_ISLIP;
		else
			return bad("--alloc: '%s' is not oldest, rr or islip",
				   arg);
		return 0;
	case O_RAW:
		o->model_given |= 1u << SIM_M_RAW;
		o->raw = 1;
		return 0;
	default:
		return OPT_OTHER;
	}
}

/* the traffic generator's run */
static int parse_traffic_opt(int c, const char *arg, struct sim_opts *o)
{
	struct rcf_traffic_spec *s = &o->spec;
	double d;

	switch (c) {
	case O_PKT_RATE:
		if (rcf_num_double(arg, 0, 1, &o->pkt_rate) || !o->pkt_rate)
			return bad("--packet-rate: '%s' is not a decimal "
				   "above 0, at most 1",
				   arg);
		return 0;
	case O_SELF:
		s->self = true;
		return 0;
	case 'T':
		o->traffic = arg;
		o->step_alias = 0;
		return parse_traffic(arg, o);
	case O_STEP:
		/* rcfctl traffic's "step I" (rcf_traffic_step_parse) */
		if (rcf_traffic_step_parse(arg, &o->step))
			return bad("--step: '%s' is not 0 to 4294967295", arg);
		o->step_given = 1;
		return 0;
	case O_RATE:
		return num32(arg, 0, 100000000, &s->rate)
			       ? bad("--rate: bad value '%s'", arg)
			       : 0;
	case O_LOAD:
		/* strtod takes nan, inf and -0, which no load is */
		if (rcf_num_double(arg, 0, 100000, &d))
			return bad("--load: '%s' is not a decimal 0 to 100000",
				   arg);
		s->rate = (uint32_t)(d * 1000 + 0.5);
		return 0;
	case O_ARRIVAL:
		for (s->arrival = 0; rcf_traffic_arrival_word(s->arrival);
		     s->arrival++)
			if (!strcmp(arg, rcf_traffic_arrival_word(s->arrival)))
				return 0;
		return bad("--arrival: '%s' is not bernoulli or periodic", arg);
	case 's':
		return parse_size(arg, o) ? bad("--size: '%s' is not N, "
						"MIN-MAX or N:W,...",
						arg)
					  : 0;
	case 'c':
		return num(arg, 1, UINT64_MAX, &s->cycles)
			       ? bad("--cycles: bad value '%s'", arg)
			       : 0;
	case 'm':
		return num(arg, 1, UINT64_MAX, &s->messages)
			       ? bad("--messages: bad value '%s'", arg)
			       : 0;
	case O_WARMUP:
		return num(arg, 0, UINT64_MAX, &s->warmup)
			       ? bad("--warmup: bad value '%s'", arg)
			       : 0;
	case O_SRC_LIMIT:
		return num(arg, 1, UINT64_MAX, &s->src_limit)
			       ? bad("--src-limit: bad value '%s'", arg)
			       : 0;
	case O_NO_DRAIN:
		s->no_drain = true;
		return 0;
	case O_SEED:
		return num(arg, 0, UINT64_MAX, &s->seed)
			       ? bad("--seed: bad value '%s'", arg)
			       : 0;
	default:
		return OPT_OTHER;
	}
}

/* what is printed and drawn, and the run loop's slice */
static int parse_output_opt(int c, const char *arg, struct sim_opts *o)
{
	u64 v;

	switch (c) {
	case O_SLICE:
		if (num(arg, 1, UINT64_MAX, &v))
			return bad("--slice: bad value '%s'", arg);
		o->slice = v;
		return 0;
	case O_EXACT:
		o->exact = 1;
		return 0;
	case 'j':
		o->json = 1;
		return 0;
	case O_CHANNELS:
		o->show_channels = 1;
		return 0;
	case O_SWITCHES:
		o->show_switches = 1;
		return 0;
	case O_NODES:
		o->show_nodes = 1;
		return 0;
	case O_PAIRS:
		o->show_pairs = 1;
		return 0;
	case O_ALL:
		o->show_channels = o->show_switches = 1;
		o->show_nodes = o->show_pairs = 1;
		return 0;
	case O_PROGRESS:
		o->progress = 1;
		return 0;
	case O_DRAW:
		o->draw = arg;
		return 0;
	default:
		return OPT_OTHER;
	}
}

/* one option, by the part of the run it sets */
static int parse_one(int c, const char *arg, struct sim_opts *o)
{
	static int (*const part[])(int, const char *, struct sim_opts *) = {
		parse_fabric_opt,
		parse_engine_opt,
		parse_traffic_opt,
		parse_output_opt,
	};

	for (size_t i = 0; i < sizeof(part) / sizeof(*part); i++) {
		int rc = part[i](c, arg, o);

		if (rc != OPT_OTHER)
			return rc;
	}
	return bad("%s", "bad option");
}

int sim_parse(int argc, char **argv, struct sim_opts *o)
{
	char err[256];
	int c;

	memset(o, 0, sizeof(*o));
	o->spec.rate = RCF_TRAFFIC_RATE_DEFAULT;
	o->spec.size_min = o->spec.size_max = RCF_TRAFFIC_SIZE_DEFAULT;
	o->spec.seed = RCF_TRAFFIC_SEED_DEFAULT;
	o->traffic = "uniform";
	o->topo.fail_seed = 1;
	if (rcf_help_asked(argc, argv)) {
		fputs(usage, stdout);
		return 1;
	}
	while ((c = getopt_long(argc, argv, "g:t:r:T:s:c:m:jh", longopts,
				NULL)) != -1) {
		if (c == 'h') {
			fputs(usage, stdout);
			return 1;
		}
		if (c == '?') {
			fprintf(stderr, "Try 'rcfsim --help'.\n");
			return -1;
		}
		if (parse_one(c, optarg, o))
			return -1;
	}
	if (optind < argc)
		return bad("unexpected argument '%s'", argv[optind]);
	if (!o->topo.gen == !o->topo.topo)
		return bad("%s", "give one of --gen SPEC and --topo FILE");
	if (o->step_given && o->step_alias)
		return bad("%s", "give the step once: --step I or PATTERN:I");
	if (o->step_given)
		o->spec.param = o->step;
	if (rcf_traffic_step_check(o->spec.pattern,
				   o->step_given || o->step_alias, "--step",
				   err, sizeof(err)))
		return bad("%s", err);
	if (o->pkt_rate) {
		/* p = rate / (1000 size) per cycle for one fixed size */
		if (o->spec.nsizes || o->spec.size_min != o->spec.size_max ||
		    o->spec.arrival != RCF_TRAFFIC_BERNOULLI)
			return bad("%s", "--packet-rate needs --size N and "
					 "Bernoulli arrivals");
		o->spec.rate =
			(uint32_t)(o->pkt_rate * o->spec.size_min * 1000 + 0.5);
	}
	if (o->select && !o->topo.relation)
		return bad("%s", "--select needs --relation");
	if (o->topo.no_routes && o->topo.failing)
		return bad("%s", "--fail needs routes or a relation");
	if (o->spec.self && o->spec.pattern != RCF_TRAFFIC_UNIFORM)
		return bad("%s", "--self is for uniform traffic");
	if (!o->spec.cycles && !o->spec.messages &&
	    o->spec.pattern != RCF_TRAFFIC_TRACE)
		o->spec.cycles = RCF_TRAFFIC_CYCLES_DEFAULT;
	return 0;
}

void sim_opts_take_model(struct sim_opts *o, const struct sim_fabric *f)
{
	unsigned int take = f->model_set & ~o->model_given;

	if (take & 1u << SIM_M_CQ_OFF)
		o->cfg.cq_off = (uint8_t)f->model[SIM_M_CQ_OFF];
	if (take & 1u << SIM_M_ROUTE_DELAY)
		o->cfg.route_delay = f->model[SIM_M_ROUTE_DELAY];
	if (take & 1u << SIM_M_ALLOC)
		o->cfg.alloc = (uint8_t)f->model[SIM_M_ALLOC];
	if (take & 1u << SIM_M_RAW)
		o->raw = (int)f->model[SIM_M_RAW];
}

void sim_opts_free(struct sim_opts *o)
{
	free((void *)o->spec.sizes);
	free(o->arc_ids);
	free(o->trace);
}
