// SPDX-License-Identifier: GPL-2.0
/*
 * Turn-model relations (route/relation_turn.c) and the check by input
 * (route/relation_check.c): north-last on a mesh worked by hand; on
 * PRDTs without their wrap links every candidate keeps to the turns,
 * every walk is as long as any other from the same source, and the
 * check holds; with the wrap links, or with one prohibition dropped, or
 * with a candidate masked away, the check refuses and names why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcf.h>

#include "route/relation_rdt.h"
#include "route/relation_turn.h"
#include "relation_util.h"
#include "tap.h"

#define H(p, vc) RCF_HOP(p, vc)

/*
 * 3x3 mesh, switch 4 (the centre) to node 0 (the corner below left):
 * south (port 3) from every input a packet can come in by; west (port 1)
 * from its node (port 4), going south (in by +Y, port 2) or going west
 * (in by +X, port 0), not going east (a reversal).  Going north (in by
 * -Y, port 3) a packet can only go on north: it never comes this way,
 * so port 3 is in no mask and south's mask is "every port".
 */
static void check_hand(void)
{
	struct rcf_relation_grid g = {3, 3, 0, 4};
	struct rcf_relnet net = {0};
	struct rcf_relation r;
	const struct rcf_relation_ent *e;
	char err[1024];
	int ok;

	ok = !rcf_relation_grid(&g, RCF_RELATION_NORTH_LAST, &r, err,
				sizeof(err));
	e = ent(&r, 9, 4, 0);
	ok = ok && r.vcs == 1 && e->n == 2 && e->hop[0] == H(3, 0) &&
	     e->hop[1] == H(1, 0) && e->in[0] == 0 &&
	     e->in[1] == (1u << 4 | 1u << 2 | 1u << 0) &&
	     e->cls[0] == RCF_RELATION_ADAPTIVE &&
	     e->cls[1] == RCF_RELATION_ADAPTIVE;
	/* switch 1 to node 7, straight north; node 7 by its own port */
	e = ent(&r, 9, 1, 7);
	ok = ok && e->n == 1 && e->hop[0] == H(2, 0) && e->in[0] == 0;
	e = ent(&r, 9, 7, 7);
	ok = ok && e->n == 1 && e->hop[0] == H(4, 0);
	ok = ok && !rcf_relnet_grid(&g, 1, &net, err, sizeof(err)) &&
	     !rcf_relation_check(&net, &r, err, sizeof(err));
	if (!ok)
		printf("# %s\n", err);
	rcf_relnet_free(&net);
	rcf_relation_free(&r);
	tap_ok(ok, "north-last on a 3x3 mesh: by hand, the check holds");
}

/* A torus's north-last leaves its wrap links out: the check holds. */
static void check_grids(void)
{
	struct rcf_relation_grid g[] = {
		{4, 4, 0, 4}, {4, 4, 1, 4}, {5, 3, 1, 6}};
	int ok = 1;

	for (size_t i = 0; i < sizeof(g) / sizeof(g[0]); i++) {
		struct rcf_relnet net = {0};
		struct rcf_relation r;
		char err[1024];

		if (rcf_relation_grid(&g[i], RCF_RELATION_NORTH_LAST, &r, err,
				      sizeof(err)) ||
		    rcf_relnet_grid(&g[i], r.vcs, &net, err, sizeof(err)) ||
		    rcf_relation_check(&net, &r, err, sizeof(err))) {
			printf("# grid %u: %s\n", (unsigned int)i, err);
			ok = 0;
		}
		for (size_t k = 0; ok && k < r.n; k++)
			for (int c = 0; c < r.ent[k].n; c++) {
				uint32_t x = r.ent[k].sw % g[i].x;
				uint32_t p = RCF_HOP_PORT(r.ent[k].hop[c]);

				/* no wrap link taken */
				ok &= !(g[i].wrap && p == 0 && x == g[i].x - 1);
			}
		rcf_relnet_free(&net);
		rcf_relation_free(&r);
	}
	tap_ok(ok, "north-last on a mesh and two tori: no wrap link, holds");
}

struct prdt {
	struct rcf_rdt d;
	struct rcf_relnet net;
	struct rcf_relation r;
	uint8_t *dir;
};

static int prdt_open(struct prdt *o, const char *spec, int wrap,
		     const struct rcf_turns *t, char *err, size_t errlen)
{
	memset(o, 0, sizeof(*o));
	if (rcf_rdt_parse(spec, RCF_MAX_NODES, &o->d, err, errlen) ||
	    rcf_relnet_rdt(&o->d, 1, &o->net, err, errlen) ||
	    rcf_relation_rdt_dirs(&o->d, wrap, &o->dir))
		return -1;
	return rcf_relation_turn(&o->net, o->dir, t, &o->r, err, errlen);
}

static void prdt_close(struct prdt *o)
{
	rcf_relation_free(&o->r);
	rcf_relnet_free(&o->net);
	free(o->dir);
}

/* The direction of the move a packet in by port ip of sw made. */
static uint32_t indir(const struct prdt *o, uint32_t sw, uint32_t ip)
{
	size_t at = (size_t)sw * o->net.nports + ip;
	int32_t u = o->net.peer[at], q = o->net.pport[at];

	if (u < 0 || q < 0)
		return RCF_TURN_NONE;
	return o->dir[(size_t)u * o->net.nports + (uint32_t)q];
}

/*
 * From every source to every destination, nwalk walks that take a
 * random allowed candidate at each switch: each hop a move t allows
 * after the last (and on a link the model uses) and, over the wrap
 * links (wrap[x]: port x of the net is one), the VC rule (VC 0 until
 * the wrap, VC 1 after it: the VC is the wraps taken; wrap NULL, no
 * wrap links, VC 0 throughout); each walk arrives, and in as many hops
 * as every other walk of the pair (each hop is one nearer).
 */
static int walks(const struct prdt *o, const uint8_t *wrap,
		 const struct rcf_turns *t, int nwalk, unsigned int seed,
		 double *mean)
{
	uint32_t n = o->net.nsw, np = o->net.nports;
	uint64_t sum = 0;

	for (uint32_t s = 0; s < n; s++)
		for (uint32_t d = 0; d < n; d++) {
			uint32_t len = 0;

			for (int w = 0; w < nwalk; w++) {
				uint32_t at = s, ip = np - 1, vc = 0, h = 0;

				while (at != d && h <= 2 * n) {
					const struct rcf_relation_ent *e =
						ent(&o->r, n, at, d);
					uint32_t ok[8], nok = 0, from, to, k,
							ov;
					size_t x;

					for (int c = 0; c < e->n; c++)
						if ((!e->in[c] ||
						     (e->in[c] >> ip & 1)) &&
						    (!e->vin[c] ||
						     (e->vin[c] >> vc & 1)))
							ok[nok++] = (uint32_t)c;
					if (!nok)
						return 0;
					seed = seed * 1103515245u + 12345u;
					k = ok[(seed >> 16) % nok];
					x = (size_t)at * np +
					    RCF_HOP_PORT(e->hop[k]);
					ov = e->keep[k] ? vc
							: RCF_HOP_VC(e->hop[k]);
					from = indir(o, at, ip);
					to = o->dir[x];
					if (to == RCF_TURN_NONE ||
					    (from < RCF_COMPASS &&
					     (t->ban[from] >> to & 1)) ||
					    ov != vc + (wrap ? wrap[x] : 0))
						return 0;
					vc = ov;
					at = (uint32_t)o->net.peer[x];
					ip = (uint32_t)o->net.pport[x];
					h++;
				}
				if (at != d || vc > 1 || (w && h != len))
					return 0;
				len = h;
			}
			sum += len;
		}
	*mean = (double)sum / ((double)n * (n - 1));
	return 1;
}

static void check_prdts(void)
{
	static const char *const spec[] = {"prdt:4:2:1", "prdt:8:2:1",
					   "prdt:9:3:1", "prdt:16:2:2"};
	struct rcf_turns t;

	rcf_turns_north_last(&t);
	for (size_t i = 0; i < sizeof(spec) / sizeof(spec[0]); i++) {
		struct prdt o;
		char err[2048] = "", what[120];
		double mean = 0;
		int ok = !prdt_open(&o, spec[i], 0, &t, err, sizeof(err)) &&
			 o.r.vcs == 1 &&
			 walks(&o, NULL, &t, 4, (unsigned int)i + 1, &mean) &&
			 !rcf_relation_check(&o.net, &o.r, err, sizeof(err));

		if (!ok)
			printf("# %s: %s\n", spec[i], err);
		/* rdt.rst quotes it beside the PRDT's own average distance */
		printf("# %s: north-last paths average %.3f router hops\n",
		       spec[i], mean);
		snprintf(what, sizeof(what),
			 "north-last on %s: keeps to the turns, walks "
			 "arrive, the check holds",
			 spec[i]);
		tap_ok(ok, what);
		prdt_close(&o);
	}
}

/* What the library builds for the kind is what is checked above. */
static void check_kind(void)
{
	struct rcf_relation r, s;
	struct rcf_turns t;
	struct prdt o;
	char err[1024];
	int ok;

	rcf_turns_north_last(&t);
	ok = !prdt_open(&o, "prdt:8:2:1", 0, &t, err, sizeof(err)) &&
	     !rcf_relation_rdt(&o.d, RCF_RELATION_NORTH_LAST, &r, err,
			       sizeof(err)) &&
	     r.n == o.r.n && r.vcs == 1 &&
	     !memcmp(r.ent, o.r.ent, r.n * sizeof(*r.ent));
	rcf_relation_free(&r);
	prdt_close(&o);
	/* the prohibited turns, by name */
	ok = ok && t.ban[RCF_N] == (uint8_t) ~(1u << RCF_N) &&
	     t.ban[RCF_NE] == (1u << RCF_E | 1u << RCF_SE | 1u << RCF_S |
			       1u << RCF_W | 1u << RCF_SW) &&
	     t.ban[RCF_E] == 1u << RCF_W && t.ban[RCF_S] == 1u << RCF_N &&
	     !strcmp(rcf_compass_name(RCF_NW), "NW");
	ok = ok && rcf_relation_grid(&(struct rcf_relation_grid){4, 4, 1, 4},
				     RCF_RELATION_RDT_VECTOR, &s, err,
				     sizeof(err)) == -1;
	tap_ok(ok, "north-last: the kind's relation, the turns by name");
}

/*
 * Refused, the reason named: the wrap links kept (a base ring's cycle,
 * which no turn breaks), one prohibition dropped (NE -> S: a cycle),
 * and a list whose only candidate is masked away from the node's port
 * (a dead end).
 */
static void check_refusals(void)
{
	struct rcf_turns t;
	struct prdt o;
	char err[4096];
	int ok;

	rcf_turns_north_last(&t);
	ok = !prdt_open(&o, "prdt:8:2:1", 1, &t, err, sizeof(err)) &&
	     rcf_relation_check(&o.net, &o.r, err, sizeof(err)) == -1 &&
	     strstr(err, "relation check: a cycle of 8 channels: switch 62 "
			 "port 1 vc 0 -> switch 61 port 1 vc 0");
	prdt_close(&o);
	tap_ok(ok, "north-last with the wrap links: a base ring's cycle");

	t.ban[RCF_NE] &= (uint8_t) ~(1u << RCF_S);
	ok = !prdt_open(&o, "prdt:8:2:1", 0, &t, err, sizeof(err)) &&
	     rcf_relation_check(&o.net, &o.r, err, sizeof(err)) == -1 &&
	     strstr(err, "relation check: a cycle of ");
	if (!ok)
		printf("# %s\n", err);
	prdt_close(&o);
	tap_ok(ok, "NE -> S allowed: refused, a cycle named");

	rcf_turns_north_last(&t);
	ok = !prdt_open(&o, "prdt:4:2:1", 0, &t, err, sizeof(err));
	if (ok) {
		struct rcf_relation_ent *e = &o.r.ent[1];

		e->n = 1;
		e->in[0] = 1u << 0;
		ok = rcf_relation_check(&o.net, &o.r, err, sizeof(err)) == -1 &&
		     strstr(err, "switch 0 destination 1: no candidate for a "
				 "packet in by port 8");
	}
	prdt_close(&o);
	tap_ok(ok, "a candidate masked away from the node: the dead end named");
}

/*
 * Each prohibition dropped in turn on prdt:8:2:1 (rdt.rst quotes the
 * printed list): a cycle exactly for a turn from a direction with a
 * north component to one without, reversals included.
 */
static void check_each_turn(void)
{
	struct rcf_turns all;
	int ok = 1;

	rcf_turns_north_last(&all);
	for (unsigned int from = 0; from < RCF_COMPASS; from++)
		for (unsigned int to = 0; to < RCF_COMPASS; to++) {
			struct rcf_turns t = all;
			struct prdt o;
			char err[4096];
			int north = from >= RCF_NE && from <= RCF_NW;
			int held, want;

			if (!(all.ban[from] >> to & 1))
				continue;
			t.ban[from] &= (uint8_t) ~(1u << to);
			held = !prdt_open(&o, "prdt:8:2:1", 0, &t, err,
					  sizeof(err)) &&
			       !rcf_relation_check(&o.net, &o.r, err,
						   sizeof(err));
			want = !(north && !(to >= RCF_NE && to <= RCF_NW));
			printf("# %s -> %s allowed: %.40s\n",
			       rcf_compass_name(from), rcf_compass_name(to),
			       held ? "holds"
				    : err + sizeof("relation check:"));
			ok &= held == want &&
			      (held || strstr(err, "a cycle of"));
			prdt_close(&o);
		}
	tap_ok(ok, "each prohibition dropped: a cycle iff north to not north");
}

static void check_wrap(void)
{
	static const char *const spec[] = {"prdt:4:2:1",  "prdt:8:2:1",
					   "prdt:9:3:1",  "prdt:16:2:1",
					   "prdt:16:2:2", "prdt:32:2:1"};
	struct rcf_turns t;

	rcf_turns_north_last(&t);
	for (size_t i = 0; i < sizeof(spec) / sizeof(spec[0]); i++) {
		struct prdt o;
		uint8_t *wrap = NULL;
		char err[2048] = "", what[120];
		double mean = 0;
		int ok;

		memset(&o, 0, sizeof(o));
		ok = !rcf_rdt_parse(spec[i], RCF_MAX_NODES, &o.d, err,
				    sizeof(err)) &&
		     !rcf_relation_rdt(&o.d, RCF_RELATION_NORTH_LAST_WRAP, &o.r,
				       err, sizeof(err)) &&
		     o.r.vcs == 2 &&
		     !rcf_relnet_rdt(&o.d, o.r.vcs, &o.net, err, sizeof(err)) &&
		     !rcf_relation_rdt_moves(&o.d, &o.dir, &wrap) &&
		     walks(&o, wrap, &t, o.d.side < 32 ? 4 : 1,
			   (unsigned int)i + 7, &mean) &&
		     !rcf_relation_check(&o.net, &o.r, err, sizeof(err));
		if (!ok)
			printf("# %s: %s\n", spec[i], err);
		/* rdt.rst quotes it beside north-last's and the PRDT's */
		printf("# %s: north-last-wrap paths average %.3f router hops\n",
		       spec[i], mean);
		snprintf(what, sizeof(what),
			 "north-last-wrap on %s: turns and VC rule kept, "
			 "walks arrive, the check holds",
			 spec[i]);
		tap_ok(ok, what);
		free(wrap);
		prdt_close(&o);
	}
}

/*
 * The dateline without the VC rule: every candidate that kept the input
 * VC sends on VC 0 instead, so a packet that wrapped is back on VC 0 and
 * may wrap again; the check names a ring's cycle through a wrap link.
 */
static void check_wrap_broken(void)
{
	struct rcf_rdt d;
	struct rcf_relnet net = {0};
	struct rcf_relation r = {0};
	char err[4096] = "";
	int ok, kept = 0;

	ok = !rcf_rdt_parse("prdt:8:2:1", RCF_MAX_NODES, &d, err,
			    sizeof(err)) &&
	     !rcf_relation_rdt(&d, RCF_RELATION_NORTH_LAST_WRAP, &r, err,
			       sizeof(err)) &&
	     !rcf_relnet_rdt(&d, r.vcs, &net, err, sizeof(err));
	for (size_t i = 0; ok && i < r.n; i++)
		for (int k = 0; k < r.ent[i].n; k++) {
			kept += r.ent[i].keep[k];
			r.ent[i].keep[k] = 0;
		}
	ok = ok && kept > 0 &&
	     rcf_relation_check(&net, &r, err, sizeof(err)) == -1 &&
	     strstr(err, "relation check: a cycle of ") && strstr(err, "vc 1");
	if (!ok)
		printf("# %s\n", err);
	rcf_relnet_free(&net);
	rcf_relation_free(&r);
	tap_ok(ok, "north-last-wrap without keep: refused, a cycle over a "
		   "wrap named");
}

int main(void)
{
	tap_plan(18);
	check_hand();
	check_grids();
	check_prdts();
	check_kind();
	check_refusals();
	check_each_turn();
	check_wrap();
	check_wrap_broken();
	return tap_done();
}
