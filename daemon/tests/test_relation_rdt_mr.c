// SPDX-License-Identifier: GPL-2.0
/*
 * D-A and D-B on RDT(n, R, m) with m < R (route/relation_rdt_mr.c):
 * every list the steps the router has that up-down allows, over an
 * up-down escape last on VC 0; Duato's condition holding on the fabrics
 * Documentation/rdt.rst names; the same steps without up-down's
 * restriction, and over the walk's escape, refused with a cycle; and
 * the hops a packet takes alone (the first candidate everywhere, or the
 * escape alone) against the walk's, printed for rdt.rst.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation_rdt.h"
#include "route/relation_rdt_mr.h"
#include "tap.h"
#include "topo/rdt_walk.h"

struct net {
	struct rcf_rdt d;
	uint32_t nr;
	struct rcf_relation r, steps;
	struct rcf_relnet net;
};

static int build(const char *spec, int kind, struct net *n)
{
	char err[1024] = "";
	int ok;

	memset(n, 0, sizeof(*n));
	ok = !rcf_rdt_parse(spec, RCF_MAX_NODES, &n->d, err, sizeof(err)) &&
	     !rcf_relation_rdt(&n->d, kind, &n->r, err, sizeof(err)) &&
	     !rcf_relation_rdt_steps(&n->d, kind, 0, &n->steps, err,
				     sizeof(err)) &&
	     !rcf_relnet_rdt(&n->d, n->r.vcs, &n->net, err, sizeof(err));
	n->nr = n->d.side * n->d.side;
	if (!ok)
		printf("# %s: %s\n", spec, err);
	return ok;
}

static void done(struct net *n)
{
	rcf_relation_free(&n->r);
	rcf_relation_free(&n->steps);
	rcf_relnet_free(&n->net);
}

static int has_port(const struct rcf_relation_ent *e, uint32_t p)
{
	for (int k = 0; k < e->n; k++)
		if (RCF_HOP_PORT(e->hop[k]) == p)
			return 1;
	return 0;
}

/*
 * The escape last on VC 0; before it adaptive candidates on VC 1 or 2,
 * each on a port the steps offer (a rank the router has); and at least
 * one list somewhere with an adaptive candidate.
 */
static int well_formed(const struct net *n)
{
	size_t adaptive = 0;

	if (n->r.n != (size_t)n->nr * n->nr ||
	    n->r.vcs != RCF_RELATION_RDT_MR_VCS)
		return 0;
	for (size_t i = 0; i < n->r.n; i++) {
		const struct rcf_relation_ent *e = &n->r.ent[i];

		if (e->sw == e->dst)
			continue;
		if (!e->n || e->cls[e->n - 1] != RCF_RELATION_ESCAPE ||
		    RCF_HOP_VC(e->hop[e->n - 1]) != 0)
			return 0;
		for (int k = 0; k < e->n - 1; k++)
			if (e->cls[k] != RCF_RELATION_ADAPTIVE ||
			    !RCF_HOP_VC(e->hop[k]) ||
			    !has_port(&n->steps.ent[i],
				      RCF_HOP_PORT(e->hop[k])))
				return 0;
		adaptive += e->n - 1u;
	}
	return adaptive > 0;
}

/*
 * Hops from every switch to every other taking candidate k (0: the
 * first; -1: the last, the escape) alone: their mean into *mean, 0 when
 * some walk does not arrive within the switches' count.
 */
static int walk(const struct net *n, int k, double *mean)
{
	uint64_t hops = 0;

	for (uint32_t s = 0; s < n->nr; s++)
		for (uint32_t d = 0; d < n->nr; d++) {
			uint32_t at = s, h = 0;

			while (at != d) {
				const struct rcf_relation_ent *e =
					&n->r.ent[(size_t)at * n->nr + d];
				uint8_t hop = e->hop[k < 0 ? e->n - 1 : k];
				int32_t t = rcf_relnet_peer(&n->net, at,
							    RCF_HOP_PORT(hop));

				if (t < 0 || ++h > n->nr)
					return 0;
				at = (uint32_t)t;
			}
			hops += h;
		}
	*mean = (double)hops / ((double)n->nr * (n->nr - 1));
	return 1;
}

static double walk_mean(const struct rcf_rdt *d)
{
	uint32_t nr = d->side * d->side;
	uint64_t hops = 0;

	for (uint32_t s = 0; s < nr; s++)
		for (uint32_t t = 0; t < nr; t++)
			hops += (uint64_t)rcf_rdt_walk(d, s, t, NULL, 64);
	return (double)hops / ((double)nr * (nr - 1));
}

static void check_holds(const char *spec, int kind)
{
	const char *name = kind == RCF_RELATION_DA ? "da" : "db";
	char err[1024] = "";
	double first = 0, esc = 0;
	struct net n;
	int ok;

	ok = build(spec, kind, &n) && well_formed(&n) &&
	     !rcf_relation_check(&n.net, &n.r, err, sizeof(err)) &&
	     walk(&n, 0, &first) && walk(&n, -1, &esc);
	if (!ok)
		printf("# %s %s: %s\n", spec, name, err);
	printf("# %s %s: mean hops first candidate %.3f, escape %.3f, "
	       "vector routing's walk %.3f\n",
	       spec, name, first, esc, walk_mean(&n.d));
	snprintf(err, sizeof(err),
		 "%s %s: up-down's steps over its escape, Duato's condition "
		 "holds, every lone packet arrives",
		 spec, name);
	tap_ok(ok, err);
	done(&n);
}

/*
 * The steps offered whatever up-down says (every one on VC 2, before
 * the same up-down escape): the indirect dependencies close a cycle.
 */
static void check_unrestricted(const char *spec, int kind)
{
	char err[1024] = "";
	struct net n;
	int ok = build(spec, kind, &n);

	for (size_t i = 0; ok && i < n.r.n; i++) {
		struct rcf_relation_ent *e = &n.r.ent[i];
		const struct rcf_relation_ent *s = &n.steps.ent[i];
		uint8_t esc = e->hop[e->n - 1];

		if (e->sw == e->dst)
			continue;
		e->n = 0;
		for (int k = 0; k < s->n && k < RCF_RELATION_MAX_CAND - 1;
		     k++) {
			e->hop[e->n] = RCF_HOP(RCF_HOP_PORT(s->hop[k]), 2);
			e->cls[e->n++] = RCF_RELATION_ADAPTIVE;
		}
		e->hop[e->n] = esc;
		e->cls[e->n++] = RCF_RELATION_ESCAPE;
	}
	ok = ok && rcf_relation_check(&n.net, &n.r, err, sizeof(err)) == -1 &&
	     strstr(err, "a cycle of");
	printf("# %s\n", err);
	snprintf(err, sizeof(err),
		 "%s %s: the steps without up-down's restriction: refused",
		 spec, kind == RCF_RELATION_DA ? "da" : "db");
	tap_ok(ok, err);
	done(&n);
}

/* the steps over the walk's own escape: its cycle (rdt.rst) remains */
static void check_walk_escape(const char *spec, int kind)
{
	struct rcf_relation r;
	char err[1024] = "";
	struct net n;
	int ok = build(spec, kind, &n);

	ok = ok &&
	     !rcf_relation_rdt_steps(&n.d, kind, 1, &r, err, sizeof(err)) &&
	     rcf_relation_check(&n.net, &r, err, sizeof(err)) == -1 &&
	     strstr(err, "a cycle of");
	printf("# %s\n", err);
	snprintf(err, sizeof(err), "%s %s over the walk's escape: refused",
		 spec, kind == RCF_RELATION_DA ? "da" : "db");
	tap_ok(ok, err);
	if (ok)
		rcf_relation_free(&r);
	done(&n);
}

/* a PRDT's are relation_rdt.c's own; other kinds have no steps */
static void check_refused(void)
{
	struct rcf_relation r;
	struct rcf_rdt d;
	char err[1024] = "";
	int ok;

	ok = !rcf_rdt_parse("prdt:8:2:1", RCF_MAX_NODES, &d, err,
			    sizeof(err)) &&
	     rcf_relation_rdt_steps(&d, RCF_RELATION_DA, 0, &r, err,
				    sizeof(err)) == -1 &&
	     strstr(err, "PRDT") &&
	     !rcf_rdt_parse("rdt:16:2:2:1", RCF_MAX_NODES, &d, err,
			    sizeof(err)) &&
	     rcf_relation_rdt_steps(&d, RCF_RELATION_RDT_VECTOR, 0, &r, err,
				    sizeof(err)) == -1 &&
	     strstr(err, "only da and db");
	tap_ok(ok, "steps on a PRDT, or of rdt-vector: refused");
}

int main(void)
{
	tap_plan(9);
	check_holds("rdt:16:2:2:1", RCF_RELATION_DA);
	check_holds("rdt:16:2:2:1", RCF_RELATION_DB);
	check_holds("rdt:32:2:3:1", RCF_RELATION_DA);
	check_holds("rdt:32:2:3:1", RCF_RELATION_DB);
	check_holds("rdt:32:2:2:1", RCF_RELATION_DB);
	check_unrestricted("rdt:16:2:2:1", RCF_RELATION_DA);
	check_unrestricted("rdt:16:2:2:1", RCF_RELATION_DB);
	check_walk_escape("rdt:32:2:3:1", RCF_RELATION_DB);
	check_refused();
	return tap_done();
}
