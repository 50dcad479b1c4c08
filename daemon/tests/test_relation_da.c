// SPDX-License-Identifier: GPL-2.0
/*
 * D-A on a PRDT (route/relation_rdt.c): Duato's condition holding on
 * the PRDTs where the paper's D-A, with vector routing's escape, fails
 * it; the relation D-A was before (every step that leaves the rest of
 * the vector, over D-B's escape) rebuilt here and refused with its
 * cycle; each half of the change (the narrower adaptive set, the
 * escape's VCs by the real place) shown needed by dropping it alone;
 * and where the real place is one value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation_rdt.h"
#include "tap.h"
#include "topo/rdt_place.h"

#define A RCF_RELATION_ADAPTIVE

struct net {
	struct rcf_rdt d;
	struct rcf_relation da, db;
	struct rcf_relnet net;
};

static int build(const char *spec, struct net *n)
{
	char err[200];

	memset(n, 0, sizeof(*n));
	return !rcf_rdt_parse(spec, RCF_MAX_NODES, &n->d, err, sizeof(err)) &&
	       !rcf_relation_rdt(&n->d, RCF_RELATION_DA, &n->da, err,
				 sizeof(err)) &&
	       !rcf_relation_rdt(&n->d, RCF_RELATION_DB, &n->db, err,
				 sizeof(err)) &&
	       !rcf_relnet_rdt(&n->d, n->da.vcs, &n->net, err, sizeof(err));
}

static void done(struct net *n)
{
	rcf_relation_free(&n->da);
	rcf_relation_free(&n->db);
	rcf_relnet_free(&n->net);
}

/*
 * Whether the step along axis b of rank q from sw leaves the rest of
 * v as the vector from where it leads: what D-A offered before.
 */
static int consistent(const struct net *n, uint32_t sw, uint32_t dst,
		      int32_t v[RCF_RDT_MAX_RANK + 1][2], uint32_t q, int b)
{
	int32_t w[RCF_RDT_MAX_RANK + 1][2];
	uint32_t port = 4 * q + 2 * (uint32_t)b + (v[q][b] < 0);
	int32_t t = n->net.peer[(size_t)sw * n->net.nports + port];

	rcf_rdt_vector(&n->d, (uint32_t)t, dst, w);
	w[q][b] += v[q][b] > 0 ? 1 : -1;
	return !memcmp(v, w, sizeof(w[0]) * (n->d.R + 1));
}

/*
 * Into out: the adaptive candidates of the paper's reading (wide) or
 * D-A's own, then the escape of esc (D-A's or D-B's list).  Wide lists
 * hold every consistent step, D-A's all in the same order, so D-A's
 * must be a subset of them; 0 when one is not.
 */
static int mix(const struct net *n, int wide, const struct rcf_relation *esc,
	       struct rcf_relation *out)
{
	int ok = 1;

	out->n = n->da.n;
	out->vcs = n->da.vcs;
	out->ent = calloc(out->n, sizeof(*out->ent));
	if (!out->ent)
		return 0;
	for (size_t i = 0; i < out->n; i++) {
		const struct rcf_relation_ent *a = &n->da.ent[i];
		const struct rcf_relation_ent *e = &esc->ent[i];
		struct rcf_relation_ent *o = &out->ent[i];
		int32_t v[RCF_RDT_MAX_RANK + 1][2];
		int k = 0;

		*o = *a;
		if (a->sw == a->dst)
			continue;
		o->n = 0;
		rcf_rdt_vector(&n->d, a->sw, a->dst, v);
		for (uint32_t q = n->d.R + 1; q-- > 0;)
			for (int b = 0; b < 2; b++) {
				uint8_t h = RCF_HOP(
					4 * q + 2 * (uint32_t)b + (v[q][b] < 0),
					RCF_RELATION_RDT_ADAPTIVE_VC);

				if (!v[q][b] ||
				    !consistent(n, a->sw, a->dst, v, q, b))
					continue;
				/* D-A's list: the same order, some left out */
				if (k < a->n - 1 && a->hop[k] == h)
					k++;
				if (wide || (k && a->hop[k - 1] == h)) {
					o->hop[o->n] = h;
					o->cls[o->n++] = A;
				}
			}
		ok &= k == a->n - 1 &&
		      RCF_HOP_PORT(a->hop[k]) == RCF_HOP_PORT(e->hop[e->n - 1]);
		o->hop[o->n] = e->hop[e->n - 1];
		o->cls[o->n++] = e->cls[e->n - 1];
	}
	return ok;
}

/* pairs of distinct switches, their adaptive candidates, pairs with 2+ */
static void count(const struct rcf_relation *r, size_t c[3])
{
	c[0] = c[1] = c[2] = 0;
	for (size_t i = 0; i < r->n; i++) {
		const struct rcf_relation_ent *e = &r->ent[i];
		size_t k = 0;

		if (e->sw == e->dst)
			continue;
		for (int j = 0; j < e->n; j++)
			k += e->cls[j] == A;
		c[0]++;
		c[1] += k;
		c[2] += k >= 2;
	}
}

/*
 * What the narrower set costs, printed for rdt.rst: adaptive candidates
 * a pair, and pairs with two or more, the paper's D-A against D-A's.
 */
static int cost(const struct net *n, const char *spec)
{
	struct rcf_relation wide = {0};
	size_t b[3], a[3];
	int ok = mix(n, 1, &n->db, &wide);

	count(&wide, b);
	count(&n->da, a);
	printf("# %s: %zu pairs; adaptive candidates a pair %.3f -> %.3f; "
	       "pairs with two or more %zu -> %zu\n",
	       spec, a[0], (double)b[1] / (double)b[0],
	       (double)a[1] / (double)a[0], b[2], a[2]);
	rcf_relation_free(&wide);
	return ok && a[0] == b[0] && a[1] < b[1];
}

static void check_holds(void)
{
	static const char *const specs[] = {
		"prdt:4:2:1",  "prdt:9:3:1",  "prdt:8:2:1",  "prdt:16:2:1",
		"prdt:16:2:2", "prdt:32:2:1", "prdt:32:2:3",
	};

	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		char err[2048] = "", name[80];
		struct net n;
		int ok = build(specs[i], &n) &&
			 !rcf_relation_check(&n.net, &n.da, err, sizeof(err)) &&
			 cost(&n, specs[i]);

		if (!ok)
			printf("# %s\n", err);
		done(&n);
		snprintf(name, sizeof(name),
			 "da on %s: Duato's condition holds, fewer candidates",
			 specs[i]);
		tap_ok(ok, name);
	}
}

/* rc of the check on n's mix of wide and esc; the reason in err */
static int mixed(const struct net *n, int wide, const struct rcf_relation *esc,
		 char *err, size_t errlen)
{
	struct rcf_relation r = {0};
	int rc = mix(n, wide, esc, &r)
			 ? rcf_relation_check(&n->net, &r, err, errlen)
			 : -2;

	rcf_relation_free(&r);
	return rc;
}

static void check_halves(void)
{
	char err[2048] = "";
	struct net n;
	int ok = build("prdt:8:2:1", &n);

	/*
	 * -y_1 from (5, 7) to (7, 5), then +y_0 twice (each half a hop back
	 * along the y_1 ring), lands on (7, 7), whose escape is -y_1 again:
	 * two base steps east a round, four rounds the base's X ring
	 */
	tap_ok(ok && mixed(&n, 1, &n.db, err, sizeof(err)) == -1 &&
		       strstr(err, "a cycle of 4 channels: switch 61 port 7 "
				   "vc 0 -> switch 63 port 7 vc 0 -> switch "
				   "57 port 7 vc 0 -> switch 59 port 7 vc 0 "
				   "-> switch 61 port 7 vc 0"),
	       "the paper's D-A (before) on prdt:8:2:1: refused, the cycle "
	       "named");
	ok = ok && !mixed(&n, 0, &n.da, err, sizeof(err));
	tap_ok(ok, "da rebuilt from its subset of those steps: the same");
	tap_ok(mixed(&n, 1, &n.da, err, sizeof(err)) == -1 &&
		       strstr(err, "a cycle of"),
	       "da's escape under every consistent step: refused");
	done(&n);
	ok = build("prdt:16:2:1", &n);
	err[0] = 0;
	tap_ok(ok && mixed(&n, 0, &n.db, err, sizeof(err)) == -1 &&
		       strstr(err, "a cycle of"),
	       "da's steps over D-B's escape VCs on prdt:16:2:1: refused");
	printf("# %s\n", err);
	done(&n);
}

/*
 * The real place is one value a router (rdt_place.h) on every rank of
 * the n = 2 PRDTs, the base's periods whole rounds; not on n = 3's
 * upper ranks ((9, 0) = 1.5 (X_1 - Y_1) on prdt:9:3:1).
 */
static int place_ok(const char *spec)
{
	struct rcf_rdt_rings o = {0};
	struct rcf_rdt_place pl;
	struct rcf_rdt d;
	char err[200];
	int ok = -1;

	if (!rcf_rdt_parse(spec, 1u << 16, &d, err, sizeof(err)) &&
	    !rcf_rdt_rings(&d, &o)) {
		rcf_rdt_place_init(&pl, &d, &o);
		ok = 1;
		for (uint32_t r = 0; r <= d.R; r++)
			ok &= pl.ok[r][0] && pl.ok[r][1];
	}
	rcf_rdt_rings_free(&o);
	return ok;
}

static void check_place(void)
{
	tap_ok(place_ok("prdt:4:2:1") == 1 && place_ok("prdt:8:2:1") == 1 &&
		       place_ok("prdt:16:2:2") == 1 &&
		       place_ok("prdt:32:2:3") == 1 &&
		       place_ok("prdt:64:2:3") == 1 &&
		       place_ok("prdt:128:2:4") == 1 &&
		       place_ok("prdt:256:2:5") == 1 &&
		       place_ok("prdt:9:3:1") == 0 &&
		       place_ok("prdt:27:3:2") == 0,
	       "the real place: one value on n = 2 PRDTs, not on n = 3");
}

int main(void)
{
	tap_plan(12);
	check_place();
	check_holds();
	check_halves();
	return tap_done();
}
