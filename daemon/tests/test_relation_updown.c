// SPDX-License-Identifier: GPL-2.0
/*
 * Failed links (topo/topo_fail.c) and routing over what survives them
 * (route/relation_updown.c): the choice seeded and connected; the
 * up-down form of vector routing, D-A and D-B passing Duato's condition
 * (route/relation_check.c) on many seeded failure sets, every adaptive
 * candidate on a surviving link and a step up-down allows; the intact
 * relation and a relation with a cycle put into its escape refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation_rdt.h"
#include "route/relation_updown.h"
#include "topo/topo_fail.h"
#include "topo/topo_gen.h"
#include "relation_util.h"
#include "tap.h"

static size_t switch_links(const struct rcf_topo *t)
{
	size_t n = 0;

	for (size_t i = 0; i < t->v[RCF_K_LINK].n; i++)
		n += t->v[RCF_K_LINK].o[i].end[0].kind == RCF_ELEM_SWITCH &&
		     t->v[RCF_K_LINK].o[i].end[1].kind == RCF_ELEM_SWITCH;
	return n;
}

/* every switch reaches every other over net's switch links */
static int connected(const struct rcf_relnet *net)
{
	uint32_t *q = malloc(net->nsw * sizeof(*q)), head = 0, tail = 0;
	uint8_t *seen = calloc(net->nsw, 1);

	q[tail++] = 0;
	seen[0] = 1;
	while (head < tail) {
		uint32_t s = q[head++];

		for (uint32_t p = 0; p < net->nports; p++) {
			int32_t t = net->peer[(size_t)s * net->nports + p];

			if (t >= 0 && !seen[t]) {
				seen[t] = 1;
				q[tail++] = (uint32_t)t;
			}
		}
	}
	free(q);
	free(seen);
	return tail == net->nsw;
}

/* the same seed takes the same links; the switches stay one piece */
static void check_choice(void)
{
	struct rcf_topo a, b, c;
	struct rcf_relnet net;
	char err[200];
	size_t na, nb, nc, all;
	int ok;

	ok = !rcf_topo_generate("prdt:16:2:2", &a, err, sizeof(err)) &&
	     !rcf_topo_generate("prdt:16:2:2", &b, err, sizeof(err)) &&
	     !rcf_topo_generate("prdt:16:2:2", &c, err, sizeof(err));
	all = switch_links(&a);
	ok = ok && all == 1536 &&
	     !rcf_topo_fail_links(&a, 50, 7, &na, err, sizeof(err)) &&
	     !rcf_topo_fail_links(&b, 50, 7, &nb, err, sizeof(err)) &&
	     !rcf_topo_fail_links(&c, 50, 8, &nc, err, sizeof(err)) &&
	     na == 77 && nb == 77 && nc == 77 && switch_links(&a) == all - 77 &&
	     rcf_topo_equal(&a, &b) && !rcf_topo_equal(&a, &c) &&
	     !rcf_relnet_topo(&a, 1, &net, err, sizeof(err)) && connected(&net);
	rcf_relnet_free(&net);
	tap_ok(ok, "fail 5% of prdt:16:2:2: 77 links, seeded, connected");

	/*
	 * the choice without the removal names the same links, and taking
	 * them out gives the same fabric (how rcf.ko's are set down alike)
	 */
	{
		uint32_t *ids = NULL;
		size_t n = 0;

		rcf_topo_free(&b);
		ok = !rcf_topo_generate("prdt:16:2:2", &b, err, sizeof(err)) &&
		     !rcf_topo_fail_choose(&b, 50, 7, &ids, &n, err,
					   sizeof(err)) &&
		     n == 77 && switch_links(&b) == all &&
		     rcf_topo_remove_links(&b, ids, n) == 77 &&
		     rcf_topo_equal(&a, &b) &&
		     rcf_topo_remove_links(&b, ids, n) == 0;
		free(ids);
		tap_ok(ok, "the links chosen, then taken out: the same 77");
	}

	/* not every link can fail: a connected fabric keeps a tree */
	rcf_topo_free(&b);
	ok = !rcf_topo_generate("prdt:4:2:1", &b, err, sizeof(err)) &&
	     rcf_topo_fail_links(&b, 1001, 1, &nb, err, sizeof(err)) == -1 &&
	     strstr(err, "over 1000") &&
	     rcf_topo_fail_links(&b, 1000, 1, &nb, err, sizeof(err)) == -1 &&
	     strstr(err, "without splitting") && switch_links(&b) == 64 &&
	     !rcf_topo_fail_links(&b, 0, 1, &nb, err, sizeof(err)) && nb == 0 &&
	     switch_links(&b) == 64;
	tap_ok(ok, "more than can fail, or over 1000 per mille: refused, "
		   "nothing changed");
	rcf_topo_free(&a);
	rcf_topo_free(&b);
	rcf_topo_free(&c);
}

/*
 * Every adaptive candidate on a link that survived, on VC 1 or 2, none
 * twice (a second copy would be drawn twice as often by random
 * selection); the escape last on VC 0.
 */
static int well_formed(const struct rcf_relnet *net,
		       const struct rcf_relation *r)
{
	for (size_t i = 0; i < r->n; i++) {
		const struct rcf_relation_ent *e = &r->ent[i];

		if (e->sw == e->dst)
			continue;
		if (!e->n || e->cls[e->n - 1] != RCF_RELATION_ESCAPE ||
		    RCF_HOP_VC(e->hop[e->n - 1]) != 0)
			return 0;
		for (int k = 0; k < e->n; k++) {
			uint8_t h = e->hop[k];

			if (net->peer[(size_t)e->sw * net->nports +
				      RCF_HOP_PORT(h)] < 0 ||
			    (k < e->n - 1 &&
			     (e->cls[k] != RCF_RELATION_ADAPTIVE ||
			      !RCF_HOP_VC(h))))
				return 0;
			for (int j = 0; j < k; j++)
				if (e->hop[j] == h) {
					printf("# switch %u for %u: port %u "
					       "VC %u twice\n",
					       e->sw, e->dst, RCF_HOP_PORT(h),
					       RCF_HOP_VC(h));
					return 0;
				}
		}
	}
	return 1;
}

/* spec's relation kind over permille failed with seed: checks pass */
static int passes(const char *spec, int kind, uint32_t permille, uint64_t seed,
		  size_t *adaptive)
{
	struct rcf_relation base, r = {0};
	struct rcf_relnet net = {0};
	struct rcf_topo t;
	struct rcf_rdt d;
	char err[1024];
	size_t failed;
	int ok;

	ok = !rcf_rdt_parse(spec, RCF_MAX_NODES, &d, err, sizeof(err)) &&
	     !rcf_topo_generate(spec, &t, err, sizeof(err)) &&
	     !rcf_topo_fail_links(&t, permille, seed, &failed, err,
				  sizeof(err)) &&
	     !rcf_relation_rdt(&d, kind, &base, err, sizeof(err)) &&
	     !rcf_relnet_topo(&t, 3, &net, err, sizeof(err)) &&
	     !rcf_relation_updown(&net, &base, &r, err, sizeof(err)) &&
	     r.vcs == 3 && well_formed(&net, &r) &&
	     !rcf_relation_check(&net, &r, err, sizeof(err));
	if (!ok)
		printf("# %s kind %d %u per mille seed %llu: %s\n", spec, kind,
		       permille, (unsigned long long)seed, err);
	for (size_t i = 0; ok && adaptive && i < r.n; i++)
		*adaptive += r.ent[i].n - 1;
	rcf_relation_free(&base);
	rcf_relation_free(&r);
	rcf_relnet_free(&net);
	rcf_topo_free(&t);
	return ok;
}

static void check_duato(void)
{
	static const int kinds[] = {RCF_RELATION_RDT_VECTOR, RCF_RELATION_DB,
				    RCF_RELATION_DA};
	static const uint32_t pm[] = {0, 10, 50, 150};
	size_t adaptive = 0;
	int ok = 1;

	for (int k = 0; k < 3; k++)
		for (int f = 0; f < 4; f++)
			for (uint64_t seed = 1; seed <= 4; seed++)
				ok &= passes("prdt:8:2:1", kinds[k], pm[f],
					     seed, &adaptive);
	tap_ok(ok && adaptive > 0,
	       "prdt:8:2:1, 3 relations x 0/1/5/15 % failed x 4 seeds: "
	       "Duato's condition holds");
	ok = 1;
	for (int k = 0; k < 3; k++)
		ok &= passes("prdt:16:2:2", kinds[k], 20, 3, NULL) &&
		      passes("prdt:9:3:1", kinds[k], 50, 5, NULL);
	tap_ok(ok, "prdt:16:2:2 and prdt:9:3:1 with failures: holds");
}

/*
 * Refused: the intact relation on the failed wiring (its candidates
 * lead into failed links), and an escape turned back on itself.
 */
static void check_refused(void)
{
	struct rcf_relation base, r = {0};
	struct rcf_relnet net = {0};
	struct rcf_topo t;
	struct rcf_rdt d;
	char err[1024] = "";
	int ok, cyc = 0;

	ok = !rcf_rdt_parse("prdt:8:2:1", RCF_MAX_NODES, &d, err,
			    sizeof(err)) &&
	     !rcf_topo_generate("prdt:8:2:1", &t, err, sizeof(err)) &&
	     !rcf_topo_fail_links(&t, 50, 1, NULL, err, sizeof(err)) &&
	     !rcf_relation_rdt(&d, RCF_RELATION_DB, &base, err, sizeof(err)) &&
	     !rcf_relnet_topo(&t, 3, &net, err, sizeof(err)) &&
	     rcf_relation_check(&net, &base, err, sizeof(err)) == -1 &&
	     strstr(err, "leads nowhere");
	printf("# %s\n", err);
	tap_ok(ok, "the intact D-B on a failed prdt:8:2:1: refused");

	/*
	 * The escape of switch s for d sent back to where it came from:
	 * the next switch's escape for d leads to s, so s and that switch
	 * bounce packets for d between them, and neither reaches d.
	 */
	ok = ok && !rcf_relation_updown(&net, &base, &r, err, sizeof(err));
	for (uint32_t s = 0; ok && !cyc && s < 64; s++)
		for (uint32_t dst = 0; !cyc && dst < 64; dst++) {
			struct rcf_relation_ent *e =
				(struct rcf_relation_ent *)ent(&r, 64, s, dst);
			uint8_t h = e->hop[e->n - 1];
			int32_t t2 = net.peer[s * net.nports + RCF_HOP_PORT(h)];
			struct rcf_relation_ent *f;

			if (t2 < 0 || (uint32_t)t2 == dst)
				continue;
			f = (struct rcf_relation_ent *)ent(&r, 64, (uint32_t)t2,
							   dst);
			for (uint32_t p = 0; p < net.nports; p++)
				if (net.peer[(uint32_t)t2 * net.nports + p] ==
				    (int32_t)s) {
					f->hop[f->n - 1] = RCF_HOP(p, 0);
					cyc = 1;
					break;
				}
		}
	ok = ok && cyc &&
	     rcf_relation_check(&net, &r, err, sizeof(err)) == -1 &&
	     (strstr(err, "does not reach") || strstr(err, "cycle"));
	printf("# %s\n", err);
	tap_ok(ok, "an escape turned back: refused");
	rcf_relation_free(&base);
	rcf_relation_free(&r);
	rcf_relnet_free(&net);
	rcf_topo_free(&t);
}

int main(void)
{
	tap_plan(7);
	check_choice();
	check_duato();
	check_refused();
	return tap_done();
}
