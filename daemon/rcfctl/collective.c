// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl collective plan | cost | circuits OP: the RCP collectives of
 * Desprez, Ferreira and Tourancheau (1993) planned, checked, costed and
 * routed onto the k-port machine's switches in userspace (lib/coll,
 * Documentation/collectives.rst).  No module needed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coll/coll.h"
#include "coll/coll_cost.h"
#include "coll/coll_kport.h"
#include "out/json.h"
#include "util/num.h"
#include "rcfctl.h"

/* the options, by bit; which command takes which: opt_allowed */
enum {
	O_NODES,
	O_K,
	O_ROOT,
	O_SIZE,
	O_SPLIT,
	O_JSON,
	O_BETA,
	O_TAU,
	O_BETA_R,
	O_TAU_R,
	O_STEP,
	O_NR,
};

enum mode { M_PLAN, M_COST, M_CIRCUITS, M_RUN };

#define PLAN_OPTS ((1u << O_JSON) - 1)
static const unsigned int opt_allowed[] = {
	[M_PLAN] = PLAN_OPTS | 1u << O_JSON,
	[M_COST] = ((1u << O_TAU_R) << 1) - 1,
	[M_CIRCUITS] = PLAN_OPTS | 1u << O_JSON | 1u << O_STEP,
	[M_RUN] = PLAN_OPTS | 1u << O_JSON,
};
static const char *const mode_names[] = {"plan", "cost", "circuits", "run"};

static const char *const opt_names[O_NR] = {
	"--nodes", "--k",   "--root",	"--size",  "--split", "--json",
	"--beta",  "--tau", "--beta-r", "--tau-r", "--step",
};

struct cli {
	enum mode mode;
	int cost;
	uint64_t step; /* circuits --step: that step only (from 1), or 0 */
	struct rcf_coll_args a;
	struct rcf_coll_machine m;
	int split_all; /* cost --split all */
	unsigned int seen;
};

void help_collective(FILE *f)
{
	fputs("Usage: rcfctl collective plan OP [--nodes N] [--k K] [--root "
	      "R]\n"
	      "                            [--size BYTES] [--split H] "
	      "[--json]\n"
	      "       rcfctl collective cost OP [PLAN OPTIONS] [--beta US] "
	      "[--tau US]\n"
	      "                            [--beta-r US] [--tau-r US] "
	      "[--split H|all]\n"
	      "OP := scatter | bcast | gossip | alltoall\n"
	      "N: nodes, 2 to 100000 (default 16); K: ports per node, 1 to "
	      "64 (default 3)\n"
	      "R: the root of scatter and bcast (default 0)\n"
	      "BYTES: a block (scatter, gossip, alltoall) or the message "
	      "(bcast);\n"
	      "       default 1024\n"
	      "H: bcast's split steps h', 0 to ceil(log_{K+1} N) (default "
	      "0)\n"
	      "US: microseconds (per byte for --tau, per link for --tau-r);\n"
	      "    defaults are the paper's Figure 4: beta 11.5, tau 0.88,\n"
	      "    beta-r 100, tau-r 0\n"
	      "       rcfctl collective circuits OP [PLAN OPTIONS] [--step S] "
	      "[--json]\n"
	      "circuits: the switch circuits of every step (or step S) on "
	      "the k-port\n"
	      "    machine kport:N:K, routed and checked\n"
	      "       rcfctl collective run OP [PLAN OPTIONS] [--json]\n"
	      "run: every step on rcf.ko's fabric, which must be kport:N:K "
	      "as\n"
	      "    rcfctl topo apply made it: the step's connections as "
	      "paths in one\n"
	      "    epoch, its transfers as a trace of the traffic generator, "
	      "checked\n"
	      "    per pair; reconfiguration time and cycles per step\n",
	      f);
}

static int set_num(struct cli *c, int o, const char *v)
{
	uint64_t n;
	double d;
	int rc;

	switch (o) {
	case O_NODES:
		rc = rcf_num_u64(v, 2, RCF_COLL_MAX_NODES, &n);
		c->a.nodes = (uint32_t)n;
		break;
	case O_K:
		rc = rcf_num_u64(v, 1, RCF_COLL_MAX_K, &n);
		c->a.k = (uint32_t)n;
		break;
	case O_ROOT:
		rc = rcf_num_u64(v, 0, RCF_COLL_MAX_NODES - 1, &n);
		c->a.root = (uint32_t)n;
		break;
	case O_SIZE:
		rc = rcf_num_u64(v, 1, 1ull << 40, &n);
		c->a.size = n;
		break;
	case O_STEP:
		rc = rcf_num_u64(v, 1, UINT32_MAX, &c->step);
		break;
	case O_SPLIT:
		if (c->cost && !strcmp(v, "all")) {
			c->split_all = 1;
			return 0;
		}
		rc = rcf_num_u64(v, 0, 64, &n);
		c->a.split = (uint32_t)n;
		break;
	default:
		rc = rcf_num_double(v, 0, 1e9, &d);
		if (o == O_BETA)
			c->m.beta = d;
		else if (o == O_TAU)
			c->m.tau = d;
		else if (o == O_BETA_R)
			c->m.beta_r = d;
		else
			c->m.tau_r = d;
	}
	if (rc)
		return usage_error("collective: %s \"%s\": %s", opt_names[o], v,
				   rcf_num_why(rc));
	return 0;
}

static int parse(struct ctl *ctl, struct cli *c, int argc, char **argv)
{
	const char *what = mode_names[c->mode];
	int rc;

	if (!argc)
		return usage_error("collective %s: OP missing (scatter, bcast, "
				   "gossip or alltoall)",
				   what);
	if (rcf_coll_op_lookup(argv[0], &c->a.op))
		return usage_error("collective %s: no operation \"%s\"; OP is "
				   "scatter, bcast, gossip or alltoall",
				   what, argv[0]);
	for (int i = 1; i < argc; i++) {
		const char *w = strcmp(argv[i], "-j") ? argv[i] : "--json";
		int o;

		for (o = 0; o < O_NR && strcmp(w, opt_names[o]); o++)
			;
		if (o == O_NR || !(opt_allowed[c->mode] & 1u << o))
			return usage_error("collective %s: unexpected \"%s\"; "
					   "try rcfctl collective help",
					   what, argv[i]);
		if (c->seen & 1u << o)
			return usage_error("collective %s: %s given twice",
					   what, argv[i]);
		c->seen |= 1u << o;
		if (o == O_JSON) {
			ctl->json = 1;
			continue;
		}
		if (i + 1 == argc)
			return usage_error("collective %s: %s needs a value",
					   what, argv[i]);
		rc = set_num(c, o, argv[++i]);
		if (rc)
			return rc;
	}
	if (c->a.op != RCF_COLL_BCAST && (c->seen & 1u << O_SPLIT))
		return usage_error("collective %s: --split is bcast's; %s has "
				   "no split phase",
				   what, argv[0]);
	if ((c->a.op == RCF_COLL_GOSSIP || c->a.op == RCF_COLL_ALLTOALL) &&
	    (c->seen & 1u << O_ROOT))
		return usage_error("collective %s: %s has no root", what,
				   argv[0]);
	if (c->a.root >= c->a.nodes)
		return usage_error("collective %s: --root %u is not one of the "
				   "%u nodes",
				   what, c->a.root, c->a.nodes);
	if (!c->split_all &&
	    c->a.split > rcf_coll_rcp_steps(c->a.nodes, c->a.k))
		return usage_error("collective %s: --split %u is past h = %u, "
				   "the RCP steps of %u nodes with k = %u",
				   what, c->a.split,
				   rcf_coll_rcp_steps(c->a.nodes, c->a.k),
				   c->a.nodes, c->a.k);
	return 0;
}

/* plans and checks; the checker refusing is a planner bug */
static int make_plan(const struct rcf_coll_args *a, struct rcf_coll_plan *p)
{
	char err[512];

	if (rcf_coll_plan(a, p, err, sizeof(err))) {
		rcf_coll_plan_free(p);
		return usage_error("collective: %s", err);
	}
	if (rcf_coll_check(p, err, sizeof(err))) {
		fprintf(stderr,
			"rcfctl: collective: the plan fails its check: "
			"%s\n",
			err);
		rcf_coll_plan_free(p);
		return RCFCTL_ERR;
	}
	return 0;
}

static const char *item_legend(enum rcf_coll_op op)
{
	switch (op) {
	case RCF_COLL_SCATTER:
		return "item j: the root's block for node j";
	case RCF_COLL_BCAST:
		return "item p: piece p of the message ((k+1)^h' pieces)";
	case RCF_COLL_GOSSIP:
		return "item i: node i's block";
	default:
		return "item i*N+j: node i's block for node j";
	}
}

void print_plan_head(const struct rcf_coll_plan *p)
{
	printf("%s on %u nodes, k = %u", rcf_coll_op_name(p->op), p->nodes,
	       p->k);
	if (p->op == RCF_COLL_SCATTER || p->op == RCF_COLL_BCAST)
		printf(", root %u", p->root);
	printf(", %llu bytes, h = %u", (unsigned long long)p->size, p->h);
	if (p->op == RCF_COLL_BCAST)
		printf(", h' = %u", p->split);
	printf(": %llu steps\n", (unsigned long long)p->nsteps);
}

/* item ids as runs: 1,3-7,9 */
static void print_items(const struct rcf_coll_plan *p,
			const struct rcf_coll_xfer *x)
{
	for (uint64_t i = x->first; i < x->first + x->n;) {
		uint64_t j = i;

		while (j + 1 < x->first + x->n &&
		       p->items[j + 1] == p->items[j] + 1)
			j++;
		printf("%s%u", i == x->first ? "" : ",", p->items[i]);
		if (j > i)
			printf("-%u", p->items[j]);
		i = j + 1;
	}
}

static void step_label(const struct rcf_coll_plan *p,
		       const struct rcf_coll_step *s, char *buf, size_t len)
{
	if (s->phase == RCF_COLL_PH_FIXUP)
		snprintf(buf, len, "fixup");
	else
		snprintf(buf, len, "%s %s=%u i=%u",
			 rcf_coll_phase_name(s->phase),
			 p->op == RCF_COLL_GOSSIP || p->op == RCF_COLL_ALLTOALL
				 ? "digit"
				 : "l",
			 s->level, s->term);
}

static void plan_text(const struct rcf_coll_plan *p)
{
	print_plan_head(p);
	printf("%s\n", item_legend(p->op));
	for (uint64_t si = 0; si < p->nsteps; si++) {
		const struct rcf_coll_step *s = &p->steps[si];
		char lab[64];

		step_label(p, s, lab, sizeof(lab));
		printf("step %llu (%s): %llu circuits, %llu transfers\n",
		       (unsigned long long)si + 1, lab,
		       (unsigned long long)s->ncirc,
		       (unsigned long long)s->nxfer);
		for (uint64_t c = s->first_circ; c < s->first_circ + s->ncirc;
		     c++)
			printf("  circuit %llu: %u.%u -- %u.%u\n",
			       (unsigned long long)(c - s->first_circ),
			       p->circs[c].a, p->circs[c].pa, p->circs[c].b,
			       p->circs[c].pb);
		for (uint64_t x = s->first_xfer; x < s->first_xfer + s->nxfer;
		     x++) {
			const struct rcf_coll_xfer *t = &p->xfers[x];

			printf("  %u -> %u on %llu: %llu bytes, items ", t->src,
			       t->dst,
			       (unsigned long long)(t->circ - s->first_circ),
			       (unsigned long long)t->bytes);
			print_items(p, t);
			putchar('\n');
		}
	}
	printf("checked: every node ends with what %s defines\n",
	       rcf_coll_op_name(p->op));
}

static void plan_json(struct ctl *ctl, const struct rcf_coll_plan *p)
{
	struct rcf_json j;

	rcf_json_init(&j, stdout, ctl->pretty);
	rcf_json_obj_open(&j, NULL);
	rcf_coll_json_params(&j, p);
	rcf_json_str(&j, "items", item_legend(p->op));
	rcf_json_arr_open(&j, "item_bytes");
	for (uint64_t i = 0; i < p->nitems; i++)
		rcf_json_u64(&j, NULL, p->item_bytes[i]);
	rcf_json_arr_close(&j);
	rcf_json_arr_open(&j, "steps");
	for (uint64_t si = 0; si < p->nsteps; si++) {
		const struct rcf_coll_step *s = &p->steps[si];

		rcf_json_obj_open(&j, NULL);
		rcf_json_u64(&j, "step", si + 1);
		rcf_json_str(&j, "phase", rcf_coll_phase_name(s->phase));
		rcf_json_u64(&j, "level", s->level);
		rcf_json_u64(&j, "term", s->term);
		rcf_json_arr_open(&j, "circuits");
		for (uint64_t c = s->first_circ; c < s->first_circ + s->ncirc;
		     c++) {
			rcf_json_obj_open(&j, NULL);
			rcf_json_u64(&j, "a", p->circs[c].a);
			rcf_json_u64(&j, "port_a", p->circs[c].pa);
			rcf_json_u64(&j, "b", p->circs[c].b);
			rcf_json_u64(&j, "port_b", p->circs[c].pb);
			rcf_json_obj_close(&j);
		}
		rcf_json_arr_close(&j);
		rcf_json_arr_open(&j, "transfers");
		for (uint64_t x = s->first_xfer; x < s->first_xfer + s->nxfer;
		     x++) {
			const struct rcf_coll_xfer *t = &p->xfers[x];

			rcf_json_obj_open(&j, NULL);
			rcf_json_u64(&j, "src", t->src);
			rcf_json_u64(&j, "dst", t->dst);
			rcf_json_u64(&j, "circuit", t->circ - s->first_circ);
			rcf_json_u64(&j, "bytes", t->bytes);
			rcf_json_arr_open(&j, "items");
			for (uint64_t i = t->first; i < t->first + t->n; i++)
				rcf_json_u64(&j, NULL, p->items[i]);
			rcf_json_arr_close(&j);
			rcf_json_obj_close(&j);
		}
		rcf_json_arr_close(&j);
		rcf_json_obj_close(&j);
	}
	rcf_json_arr_close(&j);
	rcf_json_obj_close(&j);
	rcf_json_end(&j);
}

static void terms_json(struct rcf_json *j, const char *key,
		       const struct rcf_coll_terms *t,
		       const struct rcf_coll_machine *m)
{
	rcf_json_obj_open(j, key);
	rcf_json_fixed(j, "reconfigurations", t->br, 4);
	rcf_json_fixed(j, "links", t->tr, 4);
	rcf_json_fixed(j, "communications", t->b, 4);
	rcf_json_fixed(j, "bytes", t->t, 4);
	rcf_json_fixed(j, "reconf_us", rcf_coll_time_reconf(t, m), 3);
	rcf_json_fixed(j, "comm_us", rcf_coll_time_comm(t, m), 3);
	rcf_json_fixed(j, "total_us", rcf_coll_time(t, m), 3);
	rcf_json_obj_close(j);
}

static void terms_text(const char *what, const struct rcf_coll_terms *t,
		       const struct rcf_coll_machine *m)
{
	printf("%s: %.3f us = reconfiguration %.3f (%.4g beta_r + %.6g "
	       "tau_r) + communication %.3f (%.4g beta + %.6g tau)\n",
	       what, rcf_coll_time(t, m), rcf_coll_time_reconf(t, m), t->br,
	       t->tr, rcf_coll_time_comm(t, m), t->b, t->t);
}

static int cost_one(struct ctl *ctl, const struct cli *c)
{
	const struct rcf_coll_machine *m = &c->m;
	struct rcf_coll_terms model, count, tab;
	struct rcf_coll_plan p;
	const char *eq;
	int rc = make_plan(&c->a, &p), has_tab;
	double lb;

	if (rc)
		return rc;
	rcf_coll_model(p.op, p.nodes, p.k, p.split, (double)p.size, &model,
		       &eq);
	rcf_coll_count(&p, &count);
	has_tab = !rcf_coll_table(p.op, p.nodes, p.k, p.split, (double)p.size,
				  &tab);
	lb = rcf_coll_lower_bound(p.op, p.nodes, p.k, (double)p.size, m);
	if (ctl->json) {
		struct rcf_json j;

		rcf_json_init(&j, stdout, ctl->pretty);
		rcf_json_obj_open(&j, NULL);
		rcf_coll_json_params(&j, &p);
		rcf_json_arr_open(&j, "steps");
		for (uint64_t s = 0; s < p.nsteps; s++) {
			struct rcf_coll_terms ms, cs;

			rcf_coll_model_step(&p, s, &ms);
			rcf_coll_count_step(&p, s, &cs);
			rcf_json_obj_open(&j, NULL);
			rcf_json_u64(&j, "step", s + 1);
			rcf_json_str(&j, "phase",
				     rcf_coll_phase_name(p.steps[s].phase));
			terms_json(&j, "model", &ms, m);
			terms_json(&j, "count", &cs, m);
			rcf_json_obj_close(&j);
		}
		rcf_json_arr_close(&j);
		rcf_json_str(&j, "equations", eq);
		terms_json(&j, "model", &model, m);
		terms_json(&j, "count", &count, m);
		if (has_tab)
			terms_json(&j, "table", &tab, m);
		rcf_json_fixed(&j, "lower_bound_comm_us", lb, 3);
		rcf_json_obj_close(&j);
		rcf_json_end(&j);
	} else {
		print_plan_head(&p);
		printf("machine: beta_r %g us, tau_r %g us/link, beta %g us, "
		       "tau %g us/byte\n",
		       m->beta_r, m->tau_r, m->beta, m->tau);
		printf("%-5s %-16s %11s %11s %8s %10s %11s %11s\n", "step",
		       "phase", "model_rec", "model_com", "circuits",
		       "max_bytes", "count_rec", "count_com");
		for (uint64_t s = 0; s < p.nsteps; s++) {
			struct rcf_coll_terms ms, cs;
			char lab[64];

			rcf_coll_model_step(&p, s, &ms);
			rcf_coll_count_step(&p, s, &cs);
			step_label(&p, &p.steps[s], lab, sizeof(lab));
			printf("%-5llu %-16s %11.3f %11.3f %8.0f %10.0f %11.3f "
			       "%11.3f\n",
			       (unsigned long long)s + 1, lab,
			       rcf_coll_time_reconf(&ms, m),
			       rcf_coll_time_comm(&ms, m), cs.tr, cs.t,
			       rcf_coll_time_reconf(&cs, m),
			       rcf_coll_time_comm(&cs, m));
		}
		{
			char what[64];

			snprintf(what, sizeof(what), "model (%s)", eq);
			terms_text(what, &model, m);
		}
		terms_text("count", &count, m);
		if (has_tab)
			terms_text("tables 1, 2", &tab, m);
		printf("lower bound on communication (table 1): %.3f us\n", lb);
	}
	rcf_coll_plan_free(&p);
	return RCFCTL_OK;
}

/* cost bcast --split all: every h', the model's best and eqs. 13, 14 */
static int cost_all(struct ctl *ctl, struct cli *c)
{
	uint32_t h = rcf_coll_rcp_steps(c->a.nodes, c->a.k), best;
	double L = (double)c->a.size;
	struct rcf_json j;

	best = rcf_coll_bcast_best_split(c->a.nodes, c->a.k, L, &c->m);
	if (ctl->json) {
		rcf_json_init(&j, stdout, ctl->pretty);
		rcf_json_obj_open(&j, NULL);
		rcf_json_u64(&j, "nodes", c->a.nodes);
		rcf_json_u64(&j, "k", c->a.k);
		rcf_json_u64(&j, "size", c->a.size);
		rcf_json_arr_open(&j, "splits");
	} else {
		printf("bcast on %u nodes, k = %u, %llu bytes, h = %u\n",
		       c->a.nodes, c->a.k, (unsigned long long)c->a.size, h);
	}
	for (uint32_t s = 0; s <= h; s++) {
		struct rcf_coll_terms model, count;
		struct rcf_coll_plan p;
		const char *eq;
		int rc;

		c->a.split = s;
		rc = make_plan(&c->a, &p);
		if (rc)
			return rc;
		rcf_coll_model(RCF_COLL_BCAST, p.nodes, p.k, s, L, &model, &eq);
		rcf_coll_count(&p, &count);
		if (ctl->json) {
			rcf_json_obj_open(&j, NULL);
			rcf_json_u64(&j, "split", s);
			rcf_json_u64(&j, "steps", p.nsteps);
			rcf_json_fixed(&j, "model_us",
				       rcf_coll_time(&model, &c->m), 3);
			rcf_json_fixed(&j, "count_us",
				       rcf_coll_time(&count, &c->m), 3);
			rcf_json_obj_close(&j);
		} else {
			printf("h' = %u: %llu steps, model %.3f us, count %.3f "
			       "us%s\n",
			       s, (unsigned long long)p.nsteps,
			       rcf_coll_time(&model, &c->m),
			       rcf_coll_time(&count, &c->m),
			       s == best ? "  (the model's best)" : "");
		}
		rcf_coll_plan_free(&p);
	}
	if (ctl->json) {
		rcf_json_arr_close(&j);
		rcf_json_u64(&j, "best_split", best);
		rcf_json_fixed(&j, "eq13",
			       rcf_coll_eq13(c->a.nodes, c->a.k, L, &c->m), 3);
		rcf_json_fixed(&j, "eq14",
			       rcf_coll_eq14(c->a.nodes, c->a.k, L, &c->m), 3);
		rcf_json_obj_close(&j);
		rcf_json_end(&j);
	} else {
		printf("eq. 13 gives h' = %.3f, eq. 14 h' = %.3f\n",
		       rcf_coll_eq13(c->a.nodes, c->a.k, L, &c->m),
		       rcf_coll_eq14(c->a.nodes, c->a.k, L, &c->m));
	}
	return RCFCTL_OK;
}

static void machine_text(const char *spec, const struct rcf_kport *m)
{
	if (!m->per) {
		printf("# machine %s: one crossbar, switch 0 of %u ports\n",
		       spec, m->nodes * m->k);
		return;
	}
	printf("# machine %s: three-stage Clos, edge switches 0-%u of %u "
	       "node ports and %u uplinks, middle switches %u-%u of %u "
	       "ports\n",
	       spec, m->edges - 1, m->per, m->mid, m->edges,
	       m->edges + m->mid - 1, m->edges);
}

/* one step's circuits, routed and walked, into sc; 0 or RCFCTL_ERR */
static int circuits_route(const struct rcf_coll_plan *p, uint64_t si,
			  const struct rcf_kport *m, const struct rcf_topo *t,
			  struct rcf_kport_circ *sc, size_t *n)
{
	const struct rcf_coll_step *s = &p->steps[si];
	const struct rcf_coll_circ *c = p->circs + s->first_circ;
	char err[512];

	if (rcf_kport_route(m, c, s->ncirc, sc, n, err, sizeof(err)) ||
	    rcf_kport_check(t, c, s->ncirc, sc, *n, err, sizeof(err))) {
		fprintf(stderr,
			"rcfctl: collective circuits: step %llu cannot be "
			"realised: %s\n",
			(unsigned long long)si + 1, err);
		return RCFCTL_ERR;
	}
	return 0;
}

static void circuits_text(const struct rcf_coll_plan *p, uint64_t si,
			  const struct rcf_kport_circ *sc, size_t n)
{
	const struct rcf_coll_step *s = &p->steps[si];
	char lab[64];

	step_label(p, s, lab, sizeof(lab));
	printf("# step %llu (%s): %llu connections, %zu switch circuits\n",
	       (unsigned long long)si + 1, lab, (unsigned long long)s->ncirc,
	       n);
	for (size_t i = 0; i < n; i++)
		printf("circuit add switch %u in %u out %u\n", sc[i].sw,
		       sc[i].in, sc[i].out);
}

static void circuits_json_step(struct rcf_json *j,
			       const struct rcf_coll_plan *p, uint64_t si,
			       const struct rcf_kport_circ *sc, size_t n)
{
	const struct rcf_coll_step *s = &p->steps[si];

	rcf_json_obj_open(j, NULL);
	rcf_json_u64(j, "step", si + 1);
	rcf_json_str(j, "phase", rcf_coll_phase_name(s->phase));
	rcf_json_u64(j, "level", s->level);
	rcf_json_u64(j, "connections", s->ncirc);
	rcf_json_arr_open(j, "circuits");
	for (size_t i = 0; i < n; i++) {
		rcf_json_obj_open(j, NULL);
		rcf_json_u64(j, "switch", sc[i].sw);
		rcf_json_u64(j, "in", sc[i].in);
		rcf_json_u64(j, "out", sc[i].out);
		rcf_json_obj_close(j);
	}
	rcf_json_arr_close(j);
	rcf_json_obj_close(j);
}

static void circuits_json_head(struct rcf_json *j,
			       const struct rcf_coll_plan *p, const char *spec,
			       const struct rcf_kport *m)
{
	rcf_json_obj_open(j, NULL);
	rcf_coll_json_params(j, p);
	rcf_json_obj_open(j, "machine");
	rcf_json_str(j, "spec", spec);
	rcf_json_str(j, "kind", m->per ? "clos" : "crossbar");
	rcf_json_u64(j, "edge_switches", m->per ? m->edges : 1);
	rcf_json_u64(j, "middle_switches", m->mid);
	rcf_json_u64(j, "node_ports_per_edge", m->per);
	rcf_json_obj_close(j);
	rcf_json_arr_open(j, "steps");
}

static int circuits(struct ctl *ctl, const struct cli *c)
{
	struct rcf_kport_circ *sc = NULL;
	struct rcf_coll_plan p;
	struct rcf_kport m;
	struct rcf_topo t;
	struct rcf_json j;
	char spec[48], err[256];
	uint64_t most = 0;
	size_t n;
	int rc;

	snprintf(spec, sizeof(spec), "kport:%u:%u", c->a.nodes, c->a.k);
	if (rcf_kport_parse(spec, &m, err, sizeof(err)))
		return usage_error("collective circuits: %s", err);
	rc = make_plan(&c->a, &p);
	if (rc)
		return rc;
	if (c->step > p.nsteps) {
		most = p.nsteps;
		rcf_coll_plan_free(&p);
		return usage_error("collective circuits: --step %llu is past "
				   "the plan's %llu steps",
				   (unsigned long long)c->step,
				   (unsigned long long)most);
	}
	if (rcf_topo_generate(spec, &t, err, sizeof(err))) {
		rcf_coll_plan_free(&p);
		return usage_error("collective circuits: %s", err);
	}
	for (uint64_t si = 0; si < p.nsteps; si++)
		if (p.steps[si].ncirc > most)
			most = p.steps[si].ncirc;
	sc = malloc((RCF_KPORT_CIRCS_PER_CONN * most + 1) * sizeof(*sc));
	rc = sc ? RCFCTL_OK : RCFCTL_ERR;
	if (!sc)
		fprintf(stderr, "rcfctl: collective circuits: out of memory\n");
	/* JSON is printed whole or not at all: every step is routed first */
	for (uint64_t si = 0; !rc && ctl->json && si < p.nsteps; si++)
		if (!c->step || c->step == si + 1)
			rc = circuits_route(&p, si, &m, &t, sc, &n);
	if (!rc && ctl->json) {
		rcf_json_init(&j, stdout, ctl->pretty);
		circuits_json_head(&j, &p, spec, &m);
	} else if (!rc) {
		printf("# ");
		print_plan_head(&p);
		machine_text(spec, &m);
	}
	for (uint64_t si = 0; !rc && si < p.nsteps; si++) {
		if (c->step && c->step != si + 1)
			continue;
		rc = circuits_route(&p, si, &m, &t, sc, &n);
		if (!rc && ctl->json)
			circuits_json_step(&j, &p, si, sc, n);
		else if (!rc)
			circuits_text(&p, si, sc, n);
	}
	if (!rc && ctl->json) {
		rcf_json_arr_close(&j);
		rcf_json_bool(&j, "realised", 1);
		rcf_json_obj_close(&j);
		rcf_json_end(&j);
	} else if (!rc) {
		printf("# realised: every connection routed and walked, no "
		       "switch port used twice\n");
	}
	free(sc);
	rcf_topo_free(&t);
	rcf_coll_plan_free(&p);
	return rc;
}

int cmd_collective(struct ctl *ctl, int argc, char **argv)
{
	struct cli c = {
		.a = {.nodes = 16, .k = 3, .size = 1024},
		.m = {.beta_r = 100, .tau_r = 0, .beta = 11.5, .tau = 0.88},
	};
	struct rcf_coll_plan p;
	int rc;

	if (!argc || !strcmp(argv[0], "help")) {
		help_collective(argc ? stdout : stderr);
		return argc ? RCFCTL_OK : RCFCTL_USAGE;
	}
	for (c.mode = M_PLAN; c.mode <= M_RUN; c.mode++)
		if (!strcmp(argv[0], mode_names[c.mode]))
			break;
	c.cost = c.mode == M_COST;
	if (c.mode > M_RUN)
		return usage_error("collective: unknown command \"%s\"; try "
				   "rcfctl collective help",
				   argv[0]);
	rc = parse(ctl, &c, argc - 1, argv + 1);
	if (rc)
		return rc;
	if (c.cost)
		return c.split_all ? cost_all(ctl, &c) : cost_one(ctl, &c);
	if (c.mode == M_CIRCUITS)
		return circuits(ctl, &c);
	rc = make_plan(&c.a, &p);
	if (rc)
		return rc;
	if (c.mode == M_RUN) {
		rc = coll_run(ctl, &p);
		rcf_coll_plan_free(&p);
		return rc;
	}
	if (ctl->json)
		plan_json(ctl, &p);
	else
		plan_text(&p);
	rcf_coll_plan_free(&p);
	return RCFCTL_OK;
}
