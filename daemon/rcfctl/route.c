// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl route compute | check | eval: route sets computed and checked
 * here, in rcfctl, until the daemon that is to host the routing policies
 * exists; eval runs the paper's §4 evaluation.
 * The fabric comes from the kernel or, with --topo/--gen, from a topology
 * file or a generator, so both also work without the module.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "obj/batch.h"
#include "route/cdg.h"
#include "out/json.h"
#include "util/mono.h"
#include "route/nig.h"
#include "nl/nl_routes.h"
#include "nl/nl_stats.h"
#include "route/route_eval_table.h"
#include "route/route_fmt.h"
#include "route/plan.h"
#include "route/router.h"
#include "topo/topo_gen.h"
#include "topo/topo_read.h"
#include "topo/topo_routes.h"
#include "util/num.h"

#include "rcfctl.h"

#define ROUTE_MAX_OPTS 16

struct route_args {
	const struct rcf_router *r;
	struct rcf_route_conf conf;
	/* the router's options as given, applied once --algo is known */
	const char *key[ROUTE_MAX_OPTS], *val[ROUTE_MAX_OPTS];
	int nopts;
	uint32_t k; /* Eq. 1's K for the summary's NIG cost */
	const char *topo, *gen, *nig, *workload;
	int install, force, check;
	int measured; /* 1 + enum rcf_nig_unit; 0: not --measured */
};

static void progress(size_t done, size_t total, void *arg)
{
	fprintf(stderr, "\rrcfctl: %s %zu/%zu%s", (const char *)arg, done,
		total, done == total ? "\n" : "");
}

/*
 * The fabric from --topo, --gen or the kernel.  Routes, when s is not
 * NULL, go to s (sorted) rather than t: millions of them as objects
 * would take a kilobyte each.
 */
static int load_fabric(struct ctl *c, const struct route_args *a,
		       struct rcf_topo *t, struct rcf_routes *s)
{
	char err[512];

	if (a->gen) {
		if (rcf_topo_generate(a->gen, t, err, sizeof(err)))
			return usage_error("%s", err);
		return 0;
	}
	if (a->topo) {
		FILE *f = strcmp(a->topo, "-") ? fopen(a->topo, "r") : stdin;

		if (!f) {
			fprintf(stderr, "rcfctl: %s: %s\n", a->topo,
				strerror(errno));
			return RCFCTL_USAGE;
		}
		int rc = s ? rcf_topo_read_routes(f, a->topo, t, s, err,
						  sizeof(err))
			   : rcf_topo_read(f, a->topo, t, err, sizeof(err));

		if (f != stdin)
			fclose(f);
		return rc ? usage_error("%s", err) : 0;
	}
	rcf_topo_init(t);
	if (ctl_connect(c))
		return RCFCTL_ERR;
	for (int k = RCF_K_NODE; k < RCF_K_NR; k++) {
		struct rcf_obj o;

		/* paths show as the circuits they own */
		if ((k == RCF_K_ROUTE && !s) || k == RCF_K_PATH)
			continue;
		if (!rcf_nl_dump(&c->nl, k, NULL,
				 k == RCF_K_ROUTE ? rcf_routes_collect
						  : rcf_topo_collect,
				 k == RCF_K_ROUTE ? (void *)s : (void *)t))
			continue;
		rcf_obj_init(&o, k);
		return kernel_error(c, "reading the fabric", &o);
	}
	if (s)
		rcf_routes_sort(s);
	return 0;
}

static void print_cycle(FILE *f, const struct rcf_graph *g,
			const struct rcf_cdg_result *res, const char *prefix)
{
	char buf[160];

	for (size_t i = 0; i < res->ncycle; i++) {
		rcf_graph_chan_str(g, res->cycle[i], buf, sizeof(buf));
		fprintf(f, "%s  %s ->\n", prefix, buf);
	}
	if (res->ncycle) {
		rcf_graph_chan_str(g, res->cycle[0], buf, sizeof(buf));
		fprintf(f, "%s  %s\n", prefix, buf);
	}
}

static void json_cycle(struct rcf_json *j, const struct rcf_graph *g,
		       const struct rcf_cdg_result *res)
{
	char buf[160];

	rcf_json_arr_open(j, "cycle");
	for (size_t i = 0; i < res->ncycle; i++) {
		rcf_graph_chan_str(g, res->cycle[i], buf, sizeof(buf));
		rcf_json_str(j, NULL, buf);
	}
	rcf_json_arr_close(j);
}

static void install_progress(size_t queued, size_t total, void *arg)
{
	(void)arg;
	progress(queued, total, "installing");
}

/* the first router in the registry with option key, and the option */
static const struct rcf_router_opt *any_opt(const char *key,
					    const struct rcf_router **r)
{
	for (size_t i = 0; rcf_routers[i]; i++) {
		const struct rcf_router_opt *o =
			rcf_router_opt(rcf_routers[i], key, NULL);

		if (o) {
			*r = rcf_routers[i];
			return o;
		}
	}
	return NULL;
}

/*
 * whether some router takes val for its option key (routers share names
 * with other ranges: vcs is 1 to 2 for dor, 1 to 3 for rdt-vector); the
 * chosen router checks it again at the end
 */
static int any_takes(const char *key, const char *val)
{
	for (size_t i = 0; rcf_routers[i]; i++) {
		struct rcf_route_conf c;
		char err[256];

		if (!rcf_router_opt(rcf_routers[i], key, NULL))
			continue;
		rcf_route_conf_init(&c, rcf_routers[i]);
		if (!rcf_route_conf_set(&c, key, val, err, sizeof(err)))
			return 1;
	}
	return 0;
}

/*
 * --KEY [VALUE], an option of some router: its value is checked now, so
 * that a bad one is reported whatever else is wrong, and applied to the
 * chosen router's options at the end.  *i moves past what was taken.
 */
static int router_arg(int argc, char **argv, int *i, struct route_args *a,
		      const char *cmd)
{
	const char *w = argv[*i], *val = NULL;
	const struct rcf_router *r;
	const struct rcf_router_opt *o = any_opt(w + 2, &r);
	struct rcf_route_conf tmp;
	char err[256];

	if (o->kind != RCF_ROPT_FLAG) {
		if (*i + 1 >= argc)
			return usage_error("route %s: %s wants %s", cmd, w,
					   o->arg);
		val = argv[++*i];
	}
	rcf_route_conf_init(&tmp, r);
	if (rcf_route_conf_set(&tmp, w + 2, val, err, sizeof(err)) &&
	    !any_takes(w + 2, val))
		return usage_error("route %s: --%s", cmd, err);
	if (a->nopts == ROUTE_MAX_OPTS)
		return usage_error("route %s: too many options", cmd);
	if (!strcmp(w, "--k"))
		a->k = rcf_route_conf_get(&tmp, "k", 0);
	a->key[a->nopts] = w + 2;
	a->val[a->nopts++] = val;
	return 0;
}

/* the options given, onto the router's defaults */
static int router_conf(struct route_args *a)
{
	char err[256];

	rcf_route_conf_init(&a->conf, a->r);
	for (int i = 0; i < a->nopts; i++) {
		/* --k weighs the summary's NIG cost for any router */
		if (!strcmp(a->key[i], "k") && !rcf_router_opt(a->r, "k", NULL))
			continue;
		if (rcf_route_conf_set(&a->conf, a->key[i], a->val[i], err,
				       sizeof(err)))
			return usage_error("route compute: %s", err);
	}
	return 0;
}

static int parse_args(int argc, char **argv, struct route_args *a, int compute)
{
	for (int i = 0; i < argc; i++) {
		const char *w = argv[i];
		const struct rcf_router *any;

		if (!strcmp(w, "--topo") && i + 1 < argc) {
			a->topo = argv[++i];
		} else if (!strcmp(w, "--gen") && i + 1 < argc) {
			a->gen = argv[++i];
		} else if (compute && !strcmp(w, "--algo") && i + 1 < argc) {
			a->r = rcf_router_find(argv[++i]);
			if (!a->r) {
				char names[256];

				rcf_router_names(names, sizeof(names));
				return usage_error("route compute: unknown "
						   "algorithm \"%s\"; want %s",
						   argv[i], names);
			}
		} else if (compute && !strncmp(w, "--", 2) &&
			   any_opt(w + 2, &any)) {
			int rc = router_arg(argc, argv, &i, a, "compute");

			if (rc)
				return rc;
		} else if (compute && !strcmp(w, "--nig") && i + 1 < argc) {
			a->nig = argv[++i];
		} else if (compute && !strcmp(w, "--measured")) {
			a->measured = 1 + RCF_NIG_BYTES;
			if (i + 1 < argc && !strcmp(argv[i + 1], "msgs")) {
				a->measured = 1 + RCF_NIG_MSGS;
				i++;
			} else if (i + 1 < argc &&
				   !strcmp(argv[i + 1], "bytes")) {
				i++;
			}
		} else if (compute && !strcmp(w, "--workload") &&
			   i + 1 < argc) {
			a->workload = argv[++i];
		} else if (compute && !strcmp(w, "--install")) {
			a->install = 1;
		} else if (compute && !strcmp(w, "--force")) {
			a->force = 1;
		} else if (compute && !strcmp(w, "--check")) {
			a->check = 1;
		} else {
			return usage_error("route %s: unexpected \"%s\"; try "
					   "rcfctl route help",
					   compute ? "compute" : "check", w);
		}
	}
	if (a->topo && a->gen)
		return usage_error(
			"route: --topo and --gen exclude each other");
	if (compute && !a->r)
		return usage_error("route compute: --algo is required");
	if (a->install && (a->topo || a->gen))
		return usage_error("route compute: --install works on the "
				   "kernel's fabric, not with --topo/--gen");
	if (!!a->nig + !!a->workload + !!a->measured > 1)
		return usage_error("route compute: --nig, --workload and "
				   "--measured exclude each other");
	if (a->measured && (a->topo || a->gen))
		return usage_error("route compute: --measured reads the "
				   "kernel's traffic, not with --topo/--gen");
	if (compute && (a->r->flags & RCF_ROUTER_NEEDS_NIG) && !a->nig &&
	    !a->workload && !a->measured)
		return usage_error("route compute: --algo %s needs --nig "
				   "FILE, --workload SPEC or --measured",
				   a->r->name);
	return compute ? router_conf(a) : 0;
}

/* --measured: the C_ij the kernel counted (rcfctl stats pairs) */
static int measured_nig(struct ctl *c, const struct route_args *a,
			const struct rcf_graph *g, struct rcf_nig *nig)
{
	struct rcf_stats st;
	int rc;

	rcf_stats_init(&st);
	rc = rcf_nl_stats_get(&c->nl, RCF_STATS_KIND_PAIR, &st);
	if (rc) {
		fprintf(stderr,
			"rcfctl: route compute: reading the traffic "
			"matrix: %s\n",
			strerror(-rc));
		rcf_stats_free(&st);
		return -2;
	}
	rc = rcf_nig_from_pairs(&st, a->measured - 1, g->nnodes, nig);
	rcf_stats_free(&st);
	if (rc) {
		fprintf(stderr, "rcfctl: route compute: out of memory\n");
		return -2;
	}
	if (!nig->n) {
		fprintf(stderr, "rcfctl: route compute: no traffic measured "
				"between nodes yet (rcfctl stats pairs is "
				"empty)\n");
		return -2;
	}
	return 0;
}

/*
 * The NIG of --nig, --workload or --measured (on node ids 0 .. nodes - 1),
 * if any.
 */
static int load_nig(struct ctl *c, const struct route_args *a,
		    const struct rcf_graph *g, struct rcf_nig *nig)
{
	char err[512];
	int rc;

	if (a->measured)
		return measured_nig(c, a, g, nig);
	if (a->workload) {
		rc = rcf_nig_workload(a->workload, g->nnodes, nig, err,
				      sizeof(err));
	} else if (a->nig) {
		FILE *f = strcmp(a->nig, "-") ? fopen(a->nig, "r") : stdin;

		if (!f) {
			fprintf(stderr, "rcfctl: %s: %s\n", a->nig,
				strerror(errno));
			return -1;
		}
		rc = rcf_nig_read(f, a->nig, nig, err, sizeof(err));
		if (f != stdin)
			fclose(f);
	} else {
		return 0;
	}
	if (rc)
		fprintf(stderr, "rcfctl: %s\n", err);
	return rc;
}

struct verdict {
	struct rcf_route_plan p;
	double install_secs;
	size_t changes;
	int installed;
	int has_nig;
	uint64_t nig_cost;
	uint32_t nig_flow;
	struct rcf_adaptive_result ad;
	int adaptive;
	int printed; /* the routes, as they were made */
};

static void summary(struct ctl *c, const char *what, const struct verdict *v,
		    const struct rcf_graph *g, const struct rcf_routes *s,
		    int with_routes)
{
	if (c->json) {
		struct rcf_json j;
		char hop[16];

		rcf_json_init(&j, stdout, c->pretty);
		rcf_json_obj_open(&j, NULL);
		rcf_json_str(&j, "set", what);
		rcf_json_u64(&j, "routes", v->p.st.routes);
		rcf_json_u64(&j, "pairs", v->p.st.pairs);
		rcf_json_u64(&j, "unreachable", v->p.st.unreachable);
		rcf_json_u64(&j, "max_link_load", v->p.st.max_load);
		rcf_json_u64(&j, "max_switch_link_load", v->p.st.max_inner);
		rcf_json_u64(&j, "max_links", v->p.st.max_hops);
		rcf_json_bool(&j, "deadlock_free", v->p.cdg.acyclic);
		rcf_json_u64(&j, "dependencies", v->p.cdg.deps);
		if (!v->p.cdg.acyclic)
			json_cycle(&j, g, &v->p.cdg);
		rcf_json_u64(&j, "compute_us",
			     (uint64_t)(v->p.compute_s * 1e6));
		if (v->has_nig) {
			rcf_json_u64(&j, "nig_cost", v->nig_cost);
			rcf_json_u64(&j, "nig_flow", v->nig_flow);
		}
		if (v->adaptive) {
			rcf_json_u64(&j, "initial_cost", v->ad.cost0);
			rcf_json_u64(&j, "initial_flow", v->ad.flow0);
			rcf_json_u64(&j, "passes", v->ad.iterations);
			rcf_json_u64(&j, "candidates", v->ad.candidates);
		}
		rcf_json_bool(&j, "installed", v->installed);
		if (v->installed) {
			rcf_json_u64(&j, "changes", v->changes);
			rcf_json_u64(&j, "install_us",
				     (uint64_t)(v->install_secs * 1e6));
		}
		if (with_routes) {
			rcf_json_arr_open(&j, "route_list");
			for (size_t i = 0; i < s->n; i++) {
				unsigned int len;
				const uint8_t *hops =
					rcf_route_hops(s, &s->r[i], &len);

				rcf_json_obj_open(&j, NULL);
				rcf_json_u64(&j, "src", s->r[i].src);
				rcf_json_u64(&j, "dst", s->r[i].dst);
				rcf_json_u64(&j, "index", s->r[i].index);
				rcf_json_arr_open(&j, "hops");
				for (unsigned int h = 0; h < len; h++) {
					rcf_hop_format(hops[h], hop,
						       sizeof(hop));
					rcf_json_str(&j, NULL, hop);
				}
				rcf_json_arr_close(&j);
				rcf_json_obj_close(&j);
			}
			rcf_json_arr_close(&j);
		}
		rcf_json_obj_close(&j);
		rcf_json_end(&j);
		return;
	}
	/* a comment, so that printed routes stay a valid batch file */
	printf("# %s: %zu routes, %zu pairs, max link load %u, longest %zu "
	       "links, deadlock-free %s",
	       what, v->p.st.routes, v->p.st.pairs, v->p.st.max_load,
	       v->p.st.max_hops, v->p.cdg.acyclic ? "yes" : "no");
	if (v->p.st.max_inner)
		printf(", max switch-to-switch link load %u",
		       v->p.st.max_inner);
	if (v->p.st.unreachable)
		printf(", %zu pairs without a route", v->p.st.unreachable);
	if (v->adaptive)
		printf(", cost %llu -> %llu, flow %u -> %u in %zu passes over "
		       "%zu candidates",
		       (unsigned long long)v->ad.cost0,
		       (unsigned long long)v->ad.cost, v->ad.flow0, v->ad.flow,
		       v->ad.iterations, v->ad.candidates);
	else if (v->has_nig)
		printf(", NIG cost %llu flow %u",
		       (unsigned long long)v->nig_cost, v->nig_flow);
	if (v->p.compute_s > 0)
		printf(", computed in %.3f s", v->p.compute_s);
	if (v->installed)
		printf(", installed (%zu changes) in %.3f s", v->changes,
		       v->install_secs);
	putchar('\n');
	if (!v->p.cdg.acyclic) {
		printf("# channel dependency cycle:\n");
		print_cycle(stdout, g, &v->p.cdg, "#");
	}
}

/*
 * The arguments and the fabric, into the routing graph g: RCFCTL_OK, or
 * an exit status with everything freed but g itself.
 */
static int compute_graph(struct ctl *c, int argc, char **argv,
			 struct route_args *a, struct verdict *v,
			 struct rcf_graph *g)
{
	struct rcf_topo t;
	char err[512];
	int rc;

	rc = parse_args(argc, argv, a, 1);
	if (!rc)
		rc = load_fabric(c, a, &t, a->install ? &v->p.old : NULL);
	if (rc)
		return rc;
	if (rcf_graph_build(g, &t, err, sizeof(err))) {
		rcf_topo_free(&t);
		fprintf(stderr, "rcfctl: route compute: %s\n", err);
		return RCFCTL_ERR;
	}
	/* the graph holds what is left to do: the objects are a KB each */
	rcf_topo_free(&t);
	return RCFCTL_OK;
}

static int print_routes(const struct rcf_routes *s, void *arg)
{
	(void)arg;
	return rcf_routes_print(stdout, s);
}

/*
 * The plan's new routes, and what they cost the NIG when there is one.
 * Routes only printed are printed as the router makes them, a source's
 * at a time, rather than held: at 512 nodes the whole set is two thirds
 * of the command's memory.
 */
static int compute_plan(struct ctl *c, struct route_args *a, struct verdict *v,
			struct rcf_graph *g, struct rcf_nig *nig)
{
	struct rcf_route_in in = {0};
	char err[512];
	int rc;

	if (isatty(2)) {
		in.progress = progress;
		in.arg = "computing: sources";
	}
	rc = load_nig(c, a, g, nig);
	if (rc)
		return rc == -2 ? RCFCTL_ERR : RCFCTL_USAGE;
	in.g = g;
	in.nig = nig;
	in.result = &v->ad;
	v->printed = !a->install && !c->json && !nig->n;
	if (v->printed)
		rc = rcf_plan_stream(&v->p, &in, &a->conf, print_routes, NULL,
				     err, sizeof(err));
	else
		rc = rcf_plan_make(&v->p, &in, &a->conf, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "rcfctl: %s%s\n",
			rc == -1 ? "route compute: " : "", err);
		if (rc == -2 && a->r->walk_hint)
			fprintf(stderr, "rcfctl: route compute: %s\n",
				a->r->walk_hint);
		return RCFCTL_ERR;
	}
	v->adaptive = (a->r->flags & RCF_ROUTER_REPORTS) && nig->n;
	if (nig->n && !v->adaptive) {
		if (rcf_nig_eval(g, nig, &v->p.new, a->k, &v->nig_cost,
				 &v->nig_flow, err, sizeof(err))) {
			fprintf(stderr, "rcfctl: route compute: NIG: %s\n",
				err);
			return RCFCTL_ERR;
		}
		v->has_nig = 1;
	}
	if (v->p.st.unreachable)
		fprintf(stderr,
			"rcfctl: route compute: %zu node pairs have "
			"no route\n",
			v->p.st.unreachable);
	return RCFCTL_OK;
}

/* the plan into the kernel, unless its dependencies have a cycle */
static int compute_install(struct ctl *c, const struct route_args *a,
			   struct verdict *v, const struct rcf_graph *g)
{
	struct rcf_nl_install res;
	char err[512];
	double t0;

	if (!v->p.cdg.acyclic && !a->force && !c->force) {
		fprintf(stderr, "rcfctl: route compute: refusing to install "
				"a route set whose channel dependency graph "
				"has a cycle (--force installs it):\n");
		print_cycle(stderr, g, &v->p.cdg, "rcfctl:");
		return RCFCTL_ERR;
	}
	t0 = rcf_mono_s();
	if (rcf_plan_install(&c->nl, &v->p, isatty(2) ? install_progress : NULL,
			     NULL, &res, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: route compute: %s\n", err);
		return RCFCTL_ERR;
	}
	v->changes = res.total;
	v->install_secs = rcf_mono_s() - t0;
	v->installed = 1;
	return RCFCTL_OK;
}

static int route_compute(struct ctl *c, int argc, char **argv)
{
	struct route_args a = {0};
	struct rcf_nig nig;
	struct verdict v = {0};
	struct rcf_graph *g = malloc(sizeof(*g));
	int rc;

	if (!g)
		return RCFCTL_ERR;
	rcf_plan_init(&v.p);
	rc = compute_graph(c, argc, argv, &a, &v, g);
	if (rc) {
		rcf_plan_free(&v.p);
		free(g);
		return rc;
	}
	rcf_nig_init(&nig);
	rc = compute_plan(c, &a, &v, g, &nig);
	if (rc)
		goto out;
	if (a.install) {
		rc = compute_install(c, &a, &v, g);
		if (rc)
			goto out;
	} else if (!c->json && !v.printed) {
		(void)rcf_routes_print(stdout, &v.p.new);
	}
	summary(c, a.r->name, &v, g, &v.p.new, !a.install && c->json);
	rc = a.check && !v.p.cdg.acyclic ? RCFCTL_ERR : RCFCTL_OK;
out:
	rcf_plan_free(&v.p);
	rcf_nig_free(&nig);
	rcf_graph_free(g);
	free(g);
	return rc;
}

/*
 * A topology file's routes checked as they are read, not held
 * (rcf_plan_read()): RCFCTL_OK with g built, an exit status, or
 * RCF_TOPO_AGAIN for load_fabric() to read the source whole (the kernel,
 * standard input, or a file that is not in the order this needs).
 */
static int read_checked(const struct route_args *a, struct rcf_graph *g,
			struct rcf_route_plan *p)
{
	char err[512];
	FILE *f;
	int rc;

	if (!a->topo || !strcmp(a->topo, "-"))
		return RCF_TOPO_AGAIN;
	f = fopen(a->topo, "r");
	if (!f) /* load_fabric() says why */
		return RCF_TOPO_AGAIN;
	rc = rcf_plan_read(f, a->topo, g, p, err, sizeof(err));
	fclose(f);
	if (rc == RCF_TOPO_AGAIN || !rc)
		return rc;
	return usage_error("%s", err);
}

static int route_check(struct ctl *c, int argc, char **argv)
{
	struct route_args a = {0};
	struct rcf_graph *g = malloc(sizeof(*g));
	struct verdict v = {0};
	struct rcf_topo t;
	char err[512];
	int rc;

	if (!g)
		return RCFCTL_ERR;
	rcf_plan_init(&v.p);
	rc = parse_args(argc, argv, &a, 0);
	if (!rc) {
		rc = read_checked(&a, g, &v.p);
		if (rc != RCF_TOPO_AGAIN) {
			if (rc == RCFCTL_OK) {
				summary(c, "installed", &v, g, &v.p.new, 0);
				rc = v.p.cdg.acyclic ? RCFCTL_OK : RCFCTL_ERR;
				rcf_graph_free(g);
			}
			rcf_plan_free(&v.p);
			free(g);
			return rc;
		}
		rc = load_fabric(c, &a, &t, &v.p.new);
	}
	if (rc) {
		rcf_plan_free(&v.p);
		free(g);
		return rc;
	}
	if (rcf_graph_build(g, &t, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: route check: %s\n", err);
		free(g);
		rcf_topo_free(&t);
		rcf_plan_free(&v.p);
		return RCFCTL_ERR;
	}
	rcf_topo_free(&t);
	rc = RCFCTL_ERR;
	if (rcf_plan_check(&v.p, g, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: %s\n", err);
		goto out;
	}
	summary(c, "installed", &v, g, &v.p.new, 0);
	rc = v.p.cdg.acyclic ? RCFCTL_OK : RCFCTL_ERR;
out:
	rcf_plan_free(&v.p);
	rcf_graph_free(g);
	free(g);
	return rc;
}
/* rcfctl route eval: the paper's §4 tables (Documentation/routing-eval.rst) */

#define EVAL_MAX_TOPOS 16
#define EVAL_MAX_SEEDS 64
/* every shortest route of every pair of sp1:16 .. sp1:512 (sp1:64 has
 * pairs with 512, sp1:128 and sp1:512 256, routing-eval.rst) */
#define EVAL_CANDIDATES 512
/* the paper accounting's seeds, 1 to 20, when --seed is not given */
#define EVAL_PAPER_SEEDS 20

struct eval_args {
	struct rcf_eval_opts o;
	const char *topo[EVAL_MAX_TOPOS];
	int is_file[EVAL_MAX_TOPOS], ntopo;
	unsigned int wls; /* bit per enum rcf_eval_wl */
	uint64_t seed[EVAL_MAX_SEEDS];
	int nseed, maps; /* bit 0: identity, bit 1: random */
	int seed_given;
	int progress;
	/* for the progress line */
	const char *cur_topo;
	uint64_t cur_seed;
	double t0;
};

static void eval_progress(enum rcf_eval_wl w, uint32_t done, uint32_t total,
			  void *arg)
{
	struct eval_args *a = arg;

	if (a->progress == 1 && done != total && done % 8)
		return;
	if (a->progress == 2 && done != total)
		return;
	fprintf(stderr,
		"%srcfctl: route eval: %s %s seed %llu%s: step %u/%u, "
		"%.1f s%s",
		a->progress == 1 ? "\r" : "", a->cur_topo, rcf_eval_wl_name(w),
		(unsigned long long)a->cur_seed, a->o.map ? " mapped" : "",
		done, total, rcf_mono_s() - a->t0,
		a->progress == 2 || done == total ? "\n" : "");
}

/* "1,2,5-8", each number strictly decimal (no sign, blank or overflow) */
static int parse_seeds(const char *s, struct eval_args *a)
{
	const char *p = s;

	a->nseed = 0;
	while (*p) {
		size_t len = strcspn(p, ",");
		char tok[48], *dash;
		uint64_t lo, hi;

		if (!len || len >= sizeof(tok))
			return -1;
		memcpy(tok, p, len);
		tok[len] = '\0';
		dash = strchr(tok, '-');
		if (dash)
			*dash = '\0';
		if (rcf_num_u64(tok, 0, UINT64_MAX, &lo))
			return -1;
		hi = lo;
		if (dash && rcf_num_u64(dash + 1, lo, UINT64_MAX, &hi))
			return -1;
		for (uint64_t v = lo;; v++) {
			if (a->nseed == EVAL_MAX_SEEDS)
				return -1;
			a->seed[a->nseed++] = v;
			if (v == hi)
				break;
		}
		p += len;
		/* a comma is followed by another seed */
		if (*p == ',' && !*++p)
			return -1;
	}
	return a->nseed ? 0 : -1;
}

/* a comma list of names into bits; "all" is every bit of all */
static int parse_list(const char *s, const char *const *names, int n,
		      unsigned int all, unsigned int *bits)
{
	char buf[256], *save = NULL;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	*bits = 0;
	for (char *w = strtok_r(buf, ",", &save); w;
	     w = strtok_r(NULL, ",", &save)) {
		int i;

		if (!strcmp(w, "all")) {
			*bits |= all;
			continue;
		}
		for (i = 0; i < n && (!names[i] || strcmp(w, names[i])); i++)
			;
		if (i == n)
			return -1;
		*bits |= 1u << i;
	}
	return *bits ? 0 : -1;
}

/* an eval_*() below that does not take the word */
#define EVAL_OTHER (-1)

/* what is evaluated: the topologies, workloads, algorithms, mappings */
static int eval_what(const char *w, const char *v, struct eval_args *a,
		     unsigned int *algo, unsigned int *init)
{
	static const char *const wl[] = {"random-f", "random-v", "doloop",
					 "exor", "ncube"};
	static const char *const algos[] = {"sp1", "adaptive"};
	static const char *const inits[] = {"random", "sp1"};
	static const char *const maps[] = {"identity", "random"};
	unsigned int bits;

	if (!strcmp(w, "--topo") || !strcmp(w, "--gen")) {
		if (a->ntopo == EVAL_MAX_TOPOS)
			return usage_error("route eval: at most %d "
					   "topologies",
					   EVAL_MAX_TOPOS);
		a->is_file[a->ntopo] = w[2] == 't';
		a->topo[a->ntopo++] = v;
	} else if (!strcmp(w, "--workload")) {
		if (parse_list(v, wl, RCF_WL_NR, (1u << RCF_WL_NR) - 1,
			       &a->wls))
			return usage_error("route eval: --workload "
					   "wants all or a list of "
					   "random-f, random-v, "
					   "doloop, exor, ncube");
	} else if (!strcmp(w, "--algo")) {
		if (parse_list(v, algos, 2, 3, algo))
			return usage_error("route eval: --algo wants "
					   "sp1, adaptive or both");
	} else if (!strcmp(w, "--init")) {
		if (parse_list(v, inits, 2, 3, init))
			return usage_error("route eval: --init wants "
					   "random, sp1 or both");
	} else if (!strcmp(w, "--map")) {
		if (!strcmp(v, "both"))
			bits = 3;
		else if (parse_list(v, maps, 2, 3, &bits))
			return usage_error("route eval: --map wants "
					   "identity, random or "
					   "both");
		a->maps = bits;
	} else {
		return EVAL_OTHER;
	}
	return 0;
}

/* how it is counted: the accounting, the seeds, the adaptive router's */
static int eval_how(const char *w, const char *v, struct eval_args *a)
{
	if (!strcmp(w, "--accounting")) {
		if (!strcmp(v, "paper"))
			a->o.acct = RCF_EVAL_PAPER;
		else if (!strcmp(v, "all-links"))
			a->o.acct = RCF_EVAL_ALL_LINKS;
		else
			return usage_error("route eval: --accounting "
					   "wants paper or all-links, "
					   "not \"%s\"",
					   v);
	} else if (!strcmp(w, "--seed")) {
		a->seed_given = 1;
		if (parse_seeds(v, a))
			return usage_error("route eval: --seed wants "
					   "a list like 1,2,5-8 (at "
					   "most %d seeds)",
					   EVAL_MAX_SEEDS);
	} else if (!strcmp(w, "--k") || !strcmp(w, "--ntry") ||
		   !strcmp(w, "--candidates")) {
		struct rcf_route_conf ad;
		char err[256];
		uint64_t n;

		/* checked as the adaptive router checks them */
		rcf_route_conf_init(&ad, rcf_router_find("adaptive"));
		if (rcf_route_conf_set(&ad, w + 2, v, err, sizeof(err)))
			return usage_error("route eval: --%s", err);
		n = rcf_route_conf_get(&ad, w + 2, 0);
		if (w[2] == 'k')
			a->o.k = n;
		else if (w[2] == 'n')
			a->o.ntry = n;
		else
			a->o.candidates = n;
	} else {
		return EVAL_OTHER;
	}
	return 0;
}

/* the words read: what they leave to defaults, what they cannot mix */
static int eval_settle(struct eval_args *a, unsigned int algo,
		       unsigned int init)
{
	if (!a->ntopo)
		return usage_error("route eval: --topo FILE or --gen GEN "
				   "(may be repeated) is required");
	/* its COST is Eq. 1's link term, which K does not weigh */
	if (a->o.acct == RCF_EVAL_PAPER && a->o.k)
		return usage_error("route eval: --accounting paper counts "
				   "K = 0 only");
	if (a->o.acct == RCF_EVAL_PAPER && !a->seed_given) {
		a->nseed = EVAL_PAPER_SEEDS;
		for (int i = 0; i < a->nseed; i++)
			a->seed[i] = 1 + i;
	}
	a->o.algs = 0;
	if (algo & 1)
		a->o.algs |= 1u << RCF_EVAL_SP1;
	if ((algo & 2) && (init & 1))
		a->o.algs |= 1u << RCF_EVAL_EXP_RANDOM;
	if ((algo & 2) && (init & 2))
		a->o.algs |= 1u << RCF_EVAL_EXP_SP1;
	return 0;
}

static int eval_parse(int argc, char **argv, struct eval_args *a)
{
	unsigned int algo = 3, init = 3;

	for (int i = 0; i < argc; i++) {
		const char *w = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		int rc = EVAL_OTHER;

		if (!strcmp(w, "--progress")) {
			a->progress = 2;
			continue;
		}
		if (!strcmp(w, "--relay")) {
			a->o.relay = 1;
			continue;
		}
		if (v)
			rc = eval_what(w, v, a, &algo, &init);
		if (v && rc == EVAL_OTHER)
			rc = eval_how(w, v, a);
		if (rc == EVAL_OTHER)
			return usage_error("route eval: unexpected \"%s\"; "
					   "try rcfctl route help",
					   w);
		if (rc)
			return rc;
		i++;
	}
	return eval_settle(a, algo, init);
}

/*
 * Seed si of workload w: a row of its own, or under the paper accounting
 * added to the row of the first seed.
 */
static int eval_row(struct eval_args *a, int ti, const struct rcf_graph *g,
		    const struct rcf_routes *sp1, enum rcf_eval_wl w, int map,
		    int si, struct rcf_eval_table *tab)
{
	int paper = a->o.acct == RCF_EVAL_PAPER;
	struct rcf_eval_cell cell[RCF_EVAL_NR];
	struct rcf_eval_row *r =
		paper && si ? &tab->r[tab->n - 1] : rcf_eval_table_add(tab);
	double t0 = rcf_mono_s();
	char err[512];

	if (!r) {
		fprintf(stderr, "rcfctl: out of memory\n");
		return -1;
	}
	if (!paper || !si) {
		snprintf(r->topo, sizeof(r->topo), "%s", a->topo[ti]);
		r->nodes = g->nnodes;
		r->wl = w;
		r->seed = a->seed[si];
		r->map = map;
	}
	a->o.seed = a->seed[si];
	a->cur_seed = a->seed[si];
	if (rcf_eval_workload(g, sp1, w, &a->o, paper ? cell : r->cell, err,
			      sizeof(err))) {
		fprintf(stderr, "rcfctl: route eval: %s %s: %s\n", a->topo[ti],
			rcf_eval_wl_name(w), err);
		return -1;
	}
	if (paper)
		rcf_eval_paper_add(r, cell);
	r->secs += rcf_mono_s() - t0;
	return 0;
}

/* every row of one topology */
static int eval_topo(struct eval_args *a, int ti, struct rcf_eval_table *tab)
{
	struct rcf_route_conf so;
	struct rcf_route_in in = {0};
	struct rcf_graph *g = malloc(sizeof(*g));
	struct route_args ra = {0};
	struct rcf_routes sp1;
	struct rcf_topo t;
	char err[512];
	int rc;

	if (!g)
		return RCFCTL_ERR;
	if (a->is_file[ti])
		ra.topo = a->topo[ti];
	else
		ra.gen = a->topo[ti];
	rc = load_fabric(NULL, &ra, &t, NULL);
	if (rc) {
		free(g);
		return rc;
	}
	rcf_routes_init(&sp1);
	if (rcf_graph_build(g, &t, err, sizeof(err))) {
		rcf_topo_free(&t);
		free(g);
		fprintf(stderr, "rcfctl: route eval: %s: %s\n", a->topo[ti],
			err);
		return RCFCTL_ERR;
	}
	rcf_topo_free(&t);
	rc = RCFCTL_ERR;
	rcf_route_conf_init(&so, rcf_router_find("sp1"));
	in.g = g;
	if ((a->o.relay &&
	     rcf_route_conf_set(&so, "relay", NULL, err, sizeof(err))) ||
	    rcf_route_compute(&in, &so, &sp1, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: route eval: %s: sp1: %s\n",
			a->topo[ti], err);
		goto out;
	}
	a->cur_topo = a->topo[ti];
	for (int map = 0; map < 2; map++) {
		if (!(a->maps & (1 << map)))
			continue;
		a->o.map = map;
		for (int w = 0; w < RCF_WL_NR; w++) {
			uint32_t first;

			if (!(a->wls & (1u << w)))
				continue;
			if (!rcf_eval_steps(w, g->nnodes, &first)) {
				fprintf(stderr,
					"rcfctl: route eval: %s: %s needs "
					"a power of 2 nodes; skipped\n",
					a->topo[ti], rcf_eval_wl_name(w));
				continue;
			}
			for (int si = 0; si < a->nseed; si++)
				if (eval_row(a, ti, g, &sp1, w, map, si, tab))
					goto out;
		}
	}
	rc = RCFCTL_OK;
out:
	rcf_routes_free(&sp1);
	rcf_graph_free(g);
	free(g);
	return rc;
}

static int route_eval(struct ctl *c, int argc, char **argv)
{
	struct eval_args a = {.wls = (1u << RCF_WL_NR) - 1,
			      .nseed = 1,
			      .seed = {1},
			      .maps = 1,
			      .o = {.ntry = 2, .candidates = EVAL_CANDIDATES}};
	struct rcf_eval_table tab;
	int rc = eval_parse(argc, argv, &a);

	if (rc)
		return rc;
	if (!a.progress && isatty(2))
		a.progress = 1;
	if (a.progress) {
		a.o.progress = eval_progress;
		a.o.arg = &a;
	}
	a.t0 = rcf_mono_s();
	rcf_eval_table_init(&tab);
	tab.algs = a.o.algs;
	tab.acct = a.o.acct;
	tab.k = a.o.k;
	tab.ntry = a.o.ntry;
	tab.candidates = a.o.candidates;
	for (int i = 0; i < a.ntopo && !rc; i++)
		rc = eval_topo(&a, i, &tab);
	if (!rc) {
		if (c->json)
			rcf_eval_table_json(stdout, c->pretty, &tab);
		else
			rcf_eval_table_print(stdout, &tab);
	}
	rcf_eval_table_free(&tab);
	return rc;
}

int is_route_policy(int argc, char **argv)
{
	return argc >= 2 && !strcmp(argv[0], "route") &&
	       (!strcmp(argv[1], "compute") || !strcmp(argv[1], "check") ||
		!strcmp(argv[1], "eval"));
}

int cmd_route_policy(struct ctl *c, int argc, char **argv)
{
	if (!strcmp(argv[1], "compute"))
		return route_compute(c, argc - 2, argv + 2);
	if (!strcmp(argv[1], "eval"))
		return route_eval(c, argc - 2, argv + 2);
	return route_check(c, argc - 2, argv + 2);
}
