// SPDX-License-Identifier: GPL-2.0
/*
 * The relation a fabric gets (route/relation_plan.c), rcfctl's and
 * rcfd's: intact, the builders' relation itself; round links that are
 * down, the up-down form of it on the fabric without them, every
 * candidate on a link that is there, and Duato's condition met; every
 * refusal with its reason and nothing left to free; a config's check
 * refusing what the computation would; the links that are down read
 * from a fabric.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation_plan.h"
#include "route/relation_rdt.h"
#include "route/relation_updown.h"
#include "topo/topo_fail.h"
#include "topo/topo_gen.h"
#include "tap.h"

static int same(const struct rcf_relation *a, const struct rcf_relation *b)
{
	return a->n == b->n && a->vcs == b->vcs &&
	       !memcmp(a->ent, b->ent, a->n * sizeof(*a->ent));
}

static int empty(const struct rcf_relation_plan *p)
{
	return !p->r.ent && !p->r.n && !p->nsw && !p->down;
}

/* the builders' relation for spec, intact or without the n links of ids */
static int direct(const char *spec, int kind, const uint32_t *ids, size_t n,
		  struct rcf_relation *r)
{
	struct rcf_relation_grid g;
	struct rcf_topo t;
	struct rcf_rdt d;
	char err[1024];
	int rdt = kind != RCF_RELATION_DOR && kind != RCF_RELATION_DUATO, rc;

	if (rcf_topo_generate(spec, &t, err, sizeof(err)))
		return -1;
	rcf_topo_remove_links(&t, ids, n);
	if (rdt)
		rc = rcf_rdt_parse(spec, RCF_MAX_NODES, &d, err, sizeof(err)) ||
		     rcf_relation_rdt(&d, kind, r, err, sizeof(err));
	else
		rc = rcf_relation_grid_of(&t, &g, err, sizeof(err)) ||
		     rcf_relation_grid(&g, kind, r, err, sizeof(err));
	if (!rc && n)
		rc = rcf_relation_updown_topo(&t, r, err, sizeof(err));
	rcf_topo_free(&t);
	return rc ? -1 : 0;
}

static void check_intact(void)
{
	struct rcf_relation_plan p;
	struct rcf_relation r = {0};
	char err[1024];
	int ok;

	ok = !rcf_relation_plan_make("db", "prdt:4:2:1", NULL, 0, &p, err,
				     sizeof(err)) &&
	     p.nsw == 16 && p.nnodes == 16 && p.down == 0 && p.r.n == 256 &&
	     !direct("prdt:4:2:1", RCF_RELATION_DB, NULL, 0, &r) &&
	     same(&p.r, &r);
	tap_ok(ok, "db on prdt:4:2:1, intact: the builder's 256 entries");
	rcf_relation_plan_free(&p);
	rcf_relation_free(&r);
	tap_ok(empty(&p), "freed: nothing left");

	ok = !rcf_relation_plan_make("duato", "prdt:4:2:1", NULL, 0, &p, err,
				     sizeof(err)) &&
	     p.nsw == 16 && p.down == 0 &&
	     !direct("prdt:4:2:1", RCF_RELATION_DUATO, NULL, 0, &r) &&
	     same(&p.r, &r);
	tap_ok(ok, "duato on prdt:4:2:1's base torus, intact: the builder's");
	rcf_relation_plan_free(&p);
	rcf_relation_free(&r);
}

/*
 * Every candidate off the destination's own switch on a port that leads
 * to a switch of the fabric without the failed links.
 */
static int avoids(const char *spec, const uint32_t *ids, size_t n,
		  const struct rcf_relation *r)
{
	struct rcf_relnet net = {0};
	struct rcf_topo t;
	char err[1024];
	int ok;

	ok = !rcf_topo_generate(spec, &t, err, sizeof(err)) &&
	     rcf_topo_remove_links(&t, ids, n) == n &&
	     !rcf_relnet_topo(&t, r->vcs, &net, err, sizeof(err)) &&
	     !rcf_relation_check(&net, r, err, sizeof(err));
	for (size_t i = 0; ok && i < r->n; i++) {
		const struct rcf_relation_ent *e = &r->ent[i];

		for (int k = 0; e->sw != e->dst && k < e->n; k++)
			ok &= rcf_relnet_peer(&net, e->sw,
					      RCF_HOP_PORT(e->hop[k])) >= 0;
	}
	rcf_relnet_free(&net);
	rcf_topo_free(&t);
	return ok;
}

/* the six links rcfsim --fail 100 --fail-seed 2 takes out of prdt:4:2:1 */
static void check_round(void)
{
	static const char *const names[] = {"db", "duato", "rdt-vector"};
	static const int kinds[] = {RCF_RELATION_DB, RCF_RELATION_DUATO,
				    RCF_RELATION_RDT_VECTOR};
	struct rcf_relation_plan p;
	struct rcf_relation r = {0};
	struct rcf_topo t;
	uint32_t *ids = NULL;
	size_t n = 0;
	char err[1024], name[160];
	int ok;

	ok = !rcf_topo_generate("prdt:4:2:1", &t, err, sizeof(err)) &&
	     !rcf_topo_fail_choose(&t, 100, 2, &ids, &n, err, sizeof(err)) &&
	     n == 6;
	rcf_topo_free(&t);
	tap_ok(ok, "prdt:4:2:1, 100 per mille, seed 2: six links");
	for (int i = 0; i < 3; i++) {
		ok = !rcf_relation_plan_make(names[i], "prdt:4:2:1", ids, n, &p,
					     err, sizeof(err)) &&
		     p.down == 6 && p.nsw == 16 && p.nnodes == 16 &&
		     (kinds[i] != RCF_RELATION_DB ||
		      (p.r.n == 256 && p.r.vcs == 3 && ids[0] == 34 &&
		       ids[5] == 56)) &&
		     !direct("prdt:4:2:1", kinds[i], ids, n, &r) &&
		     same(&p.r, &r) && avoids("prdt:4:2:1", ids, n, &p.r);
		snprintf(name, sizeof(name),
			 "%s round six links down: its up-down form, no "
			 "candidate on them, Duato's condition holds",
			 names[i]);
		if (!tap_ok(ok, name))
			printf("# %s\n", err);
		rcf_relation_plan_free(&p);
		rcf_relation_free(&r);
	}
	free(ids);
}

/* make refuses with want, leaving nothing; check says the same */
static void refused(const char *rel, const char *gen, const uint32_t *ids,
		    size_t n, const char *want, int check_too)
{
	struct rcf_relation_plan p;
	char err[1024] = "", err2[1024] = "", name[200];
	int ok;

	ok = rcf_relation_plan_make(rel, gen, ids, n, &p, err, sizeof(err)) ==
		     -1 &&
	     strstr(err, want) && empty(&p);
	if (check_too)
		ok = ok &&
		     rcf_relation_plan_check(rel, gen, err2, sizeof(err2)) ==
			     -1 &&
		     !strcmp(err, err2);
	snprintf(name, sizeof(name), "%s on %s%s: refused, \"%.60s\"", rel, gen,
		 n ? " with links down" : "", want);
	if (!tap_ok(ok, name))
		printf("# got \"%s\" / \"%s\"\n", err, err2);
}

static void check_refusals(void)
{
	char err[1024];
	/* prdt:4:2:1 has 80 links: ids 0 .. 79 */
	static const uint32_t no_link[] = {4000};
	uint32_t all_of_0[16];
	struct rcf_topo t;
	size_t n = 0;

	refused("west-first", "prdt:4:2:1", NULL, 0,
		"relation: 'west-first' is not dor, duato, rdt-vector, da, "
		"db, north-last or north-last-wrap",
		1);
	refused("db", "torus:4x4", NULL, 0,
		"relation db needs a prdt:S:n:R fabric", 1);
	refused("north-last", "rdt:16:2:2:1", NULL, 0,
		"relation north-last needs a prdt:S:n:R fabric", 1);
	refused("duato", "torus:4x4", NULL, 0,
		"relations need a torus of switches", 1);
	refused("duato", "prdt:3", NULL, 0, "prdt", 1);
	refused("db", "prdt:4:2:1", no_link, 1,
		"relation: a link that is down is not one of prdt:4:2:1's "
		"links between switches",
		0);
	/* every link of switch 0 down: it is cut off */
	if (!rcf_topo_generate("prdt:4:2:1", &t, err, sizeof(err))) {
		for (size_t i = 0; i < t.v[RCF_K_LINK].n && n < 16; i++) {
			const struct rcf_obj *o = &t.v[RCF_K_LINK].o[i];

			if (o->end[0].kind == RCF_ELEM_SWITCH &&
			    o->end[1].kind == RCF_ELEM_SWITCH &&
			    (o->end[0].id == 0 || o->end[1].id == 0))
				all_of_0[n++] = (uint32_t)o->v[RCF_A_LINK_ID];
		}
		rcf_topo_free(&t);
	}
	tap_ok(n == 8, "switch 0 of prdt:4:2:1 has eight links to switches");
	refused("db", "prdt:4:2:1", all_of_0, n, "", 0);
	tap_ok(!rcf_relation_plan_check("db", "prdt:4:2:1", err, sizeof(err)) &&
		       !rcf_relation_plan_check("duato", "rdt:16:2:2:1", err,
						sizeof(err)),
	       "check: db on prdt:4:2:1, duato on rdt:16:2:2:1 pass");
}

/*
 * D-B on an RDT with m < R: its up-down form intact and round 5 % of
 * the links between switches down, each checked (relation_rdt_mr.h)
 */
static void check_rdt_mr(void)
{
	struct rcf_relation_plan p, q;
	uint32_t *ids = NULL;
	struct rcf_topo t;
	char err[1024] = "";
	size_t n = 0;
	int ok;

	ok = !rcf_relation_plan_check("db", "rdt:16:2:2:1", err, sizeof(err)) &&
	     !rcf_relation_plan_make("db", "rdt:16:2:2:1", NULL, 0, &p, err,
				     sizeof(err));
	ok = ok && !strcmp(p.shape, "RDT") && p.r.vcs == 3 && !p.down &&
	     p.r.n == 256 * 256 && p.nsw == 256;
	if (ok)
		rcf_relation_plan_free(&p);
	ok = ok && !rcf_topo_generate("rdt:16:2:2:1", &t, err, sizeof(err));
	if (ok) {
		ok = !rcf_topo_fail_choose(&t, 50, 1, &ids, &n, err,
					   sizeof(err)) &&
		     n > 0 &&
		     !rcf_relation_plan_make("db", "rdt:16:2:2:1", ids, n, &q,
					     err, sizeof(err)) &&
		     q.down == n && q.r.vcs == 3;
		if (ok)
			rcf_relation_plan_free(&q);
		free(ids);
		rcf_topo_free(&t);
	}
	if (!ok)
		printf("# %s\n", err);
	tap_ok(ok, "db on rdt:16:2:2:1: up-down form intact and round 5 % "
		   "down, checked");
}

static void check_downs(void)
{
	struct rcf_topo t;
	uint32_t *ids = NULL, want[2];
	size_t n = 9, sw = 0, node = 0;
	char err[200];
	int ok;

	ok = !rcf_topo_generate("prdt:4:2:1", &t, err, sizeof(err)) &&
	     !rcf_relation_downs(&t, &ids, &n) && !ids && n == 0;
	tap_ok(ok, "downs of a fabric with every link up: none");
	for (size_t i = 0; ok && i < t.v[RCF_K_LINK].n; i++) {
		struct rcf_obj *o = &t.v[RCF_K_LINK].o[i];
		int is_sw = o->end[0].kind == RCF_ELEM_SWITCH &&
			    o->end[1].kind == RCF_ELEM_SWITCH;

		/* two switch links and a node link down, one set up */
		if (is_sw && sw < 3) {
			rcf_set(o, RCF_A_LINK_STATE,
				sw < 2 ? RCF_LINK_DOWN : RCF_LINK_UP);
			if (sw < 2)
				want[sw] = (uint32_t)o->v[RCF_A_LINK_ID];
			sw++;
		} else if (!is_sw && !node) {
			rcf_set(o, RCF_A_LINK_STATE, RCF_LINK_DOWN);
			node++;
		}
	}
	ok = ok && sw == 3 && node == 1 && !rcf_relation_downs(&t, &ids, &n) &&
	     n == 2 && ids && ids[0] == want[0] && ids[1] == want[1];
	tap_ok(ok, "downs: the two switch links down, not the node link");
	free(ids);
	rcf_topo_free(&t);
}

int main(void)
{
	tap_plan(19);
	check_intact();
	check_round();
	check_refusals();
	check_downs();
	check_rdt_mr();
	return tap_done();
}
