// SPDX-License-Identifier: GPL-2.0
/*
 * Routing relations with more distinct lists than a byte indexes: a
 * switch past RCF_REL_NARROW_LISTS lists takes two bytes a destination,
 * in the model and in the engine, and routes as a narrow one does
 * (Documentation/adaptive.rst, *Memory*).
 */
#include "util.h"
#include "engine/engine.h"

#define N	    RCF_ELEM_NODE
#define S	    RCF_ELEM_SWITCH
#define H(port, vc) RCF_HOP(port, vc)
#define A	    RCF_REL_ADAPTIVE
#define E	    RCF_REL_ESCAPE

#define LEAVES 17
#define PER    16	      /* nodes a leaf */
#define NODES  (LEAVES * PER) /* 272, more lists than a byte holds */

/*
 * A root switch 0 whose port p leads to leaf switch p + 1 over a link of
 * 4 VCs (links 0-16); leaf l's port 0 goes up, its ports 1-16 to nodes
 * (l - 1) * 16 .. l * 16 - 1 (link 17 + node id, one VC).
 */
static struct rcf_fabric *tree(void)
{
	struct rcf_fabric *f = fab_new();
	int i;

	for (i = 0; i < NODES; i++)
		op_node(f, i, 1);
	for (i = 0; i <= LEAVES; i++)
		op_switch(f, i, LEAVES);
	for (i = 0; i < LEAVES; i++) {
		op_link(f, i, S, 0, i, S, i + 1, 0);
		link_params(f, i, 1, 1, 16);
		link_vcs(f, i, 4);
	}
	for (i = 0; i < NODES; i++) {
		op_link(f, LEAVES + i, N, i, 0, S, i / PER + 1, i % PER + 1);
		link_params(f, LEAVES + i, 1, 1, 16);
	}
	return f;
}

/*
 * The root's list for destination d: its leaf's port, adaptive on one VC
 * and escape on another, the pair of VCs the node's place on its leaf;
 * so every destination has a list of its own.  masked: the adaptive
 * candidate names every input port, which changes no choice but makes
 * the relation keep input masks.
 */
static void root_ent(struct rcf_rel_ent *x, u32 d, bool masked)
{
	u32 p = d / PER, q = d % PER;

	memset(x, 0, sizeof(*x));
	x->dst = d;
	x->n = 2;
	x->c[0].hop = H(p, q % 4);
	x->c[0].cls = A;
	x->c[0].in = masked ? (1u << LEAVES) - 1 : 0;
	x->c[1].hop = H(p, q / 4);
	x->c[1].cls = E;
}

/* The root's relation over destinations 0 .. n - 1; leaves route down. */
static int tree_rel(struct rcf_fabric *f, u32 n, bool masked)
{
	static struct rcf_rel_ent ents[NODES];
	u32 d, l;
	int rc;

	for (d = 0; d < n; d++)
		root_ent(&ents[d], d, masked);
	rc = op_rel(f, 0, ents, n);
	for (l = 1; l <= LEAVES && !rc; l++) {
		for (d = 0; d < NODES; d++) {
			memset(&ents[d], 0, sizeof(ents[d]));
			ents[d].dst = d;
			ents[d].n = 1;
			ents[d].c[0].cls = E;
			ents[d].c[0].hop =
				d / PER + 1 == l ? H(d % PER + 1, 0) : H(0, 0);
		}
		rc = op_rel(f, l, ents, NODES);
	}
	return rc;
}

/* Every destination's candidates read back as set, by either width. */
static void read_back(const struct rcf_rel *r, u32 n, bool masked)
{
	struct rcf_rel_ent x;
	u32 d, l, bad = 0;

	for (d = 0; d < n; d++) {
		root_ent(&x, d, masked);
		l = rcf_rel_list(r, d);
		if (r->dst[d] != d || l >= r->nlists ||
		    r->lstart[l + 1] - r->lstart[l] != 2 ||
		    r->cand[r->lstart[l]] !=
			    RCF_REL_CAND(x.c[0].hop, A, 0, 0) ||
		    r->cand[r->lstart[l] + 1] !=
			    RCF_REL_CAND(x.c[1].hop, E, 0, 0) ||
		    (masked && r->in[r->lstart[l]] != x.c[0].in) ||
		    (!masked && r->in))
			bad++;
	}
	CHECK_EQ(bad, 0);
}

static void t_model(void)
{
	static struct rcf_rel_ent ents[NODES];
	struct rcf_fabric *f = tree();
	const struct rcf_rel *r;
	int m;

	for (m = 0; m < 2; m++) {
		/* 255 lists: a byte each */
		CHECK_EQ(tree_rel(f, 255, m), 0);
		r = rcf_rel_get(f, 0);
		CHECK(r && r->nlists == 255 && r->list && !r->wlist);
		if (r) {
			read_back(r, 255, m);
			CHECK_EQ(rcf_rel_bytes(r), sizeof(*r) + 255 * 3 +
							   256 * 2 + 510 * 2 +
							   (m ? 510 * 4 : 0));
		}
		/* one more: two bytes each */
		CHECK_EQ(tree_rel(f, 256, m), 0);
		r = rcf_rel_get(f, 0);
		CHECK(r && r->nlists == 256 && !r->list && r->wlist);
		if (r) {
			read_back(r, 256, m);
			CHECK_EQ(rcf_rel_bytes(r), sizeof(*r) + 256 * 4 +
							   257 * 2 + 512 * 2 +
							   (m ? 512 * 4 : 0));
		}
		CHECK_EQ(tree_rel(f, NODES, m), 0);
		r = rcf_rel_get(f, 0);
		CHECK(r && r->nlists == NODES && r->wlist);
		if (r)
			read_back(r, NODES, m);
		/* a leaf keeps its byte: 17 lists */
		r = rcf_rel_get(f, 1);
		CHECK(r && r->nlists == LEAVES && r->list && !r->wlist);
	}
	/* bad input among many lists: refused, the old relation kept */
	for (m = 0; m < NODES; m++)
		root_ent(&ents[m], m, false);
	ents[29].dst = 28;
	REFUSED(f, op_rel(f, 0, ents, NODES), EINVAL);
	ents[29].dst = 29;
	ents[270].c[1].hop = H(LEAVES, 0);
	REFUSED(f, op_rel(f, 0, ents, NODES), ERANGE);
	rcf_fabric_free(f);
}

struct walk {
	struct rcf_engine *e;
	u32 got[NODES], wrong;
	u64 at[NODES];
};

static void walk_deliver(void *priv, u32 dst, u32 src, const u8 *payload,
			 u32 len, u64 cookie, u64 latency)
{
	struct walk *w = priv;

	(void)src;
	(void)payload;
	(void)len;
	(void)latency;
	if (cookie >= NODES || dst != cookie) {
		w->wrong++;
		return;
	}
	w->got[cookie]++;
	w->at[cookie] = rcf_engine_now(w->e);
}

static const struct rcf_engine_ops walk_ops = {.deliver = walk_deliver};

/* Node 0 sends a packet to every other node; w records the arrivals. */
static void walk(struct rcf_fabric *f, bool exact, struct walk *w)
{
	static const u8 payload[40];
	u8 r[RCF_DEST_ROUTE_LEN];
	u64 adaptive, escape;
	u32 d, missing = 0;

	memset(w, 0, sizeof(*w));
	w->e = rcf_engine_build(f, &walk_ops, w);
	CHECK(w->e != NULL);
	if (!w->e)
		return;
	CHECK_EQ(rcf_engine_set_exact(w->e, exact), 0);
	for (d = 1; d < NODES; d++) {
		CHECK_EQ(rcf_engine_dest_route(w->e, 0, d, r), 0);
		CHECK_EQ(rcf_engine_send(w->e, 0, r, sizeof(r), payload,
					 sizeof(payload), d),
			 0);
	}
	CHECK(run_checked_by(w->e, 1000000, 64) >= 0);
	for (d = 1; d < NODES; d++)
		missing += w->got[d] != 1;
	CHECK_EQ(missing, 0);
	CHECK_EQ(w->wrong, 0);
	/* the root saw every packet for another leaf, and chose for each */
	CHECK_EQ(rcf_engine_rel_stats(w->e, 0, &adaptive, &escape), 0);
	CHECK_EQ(adaptive + escape, NODES - PER);
	CHECK(adaptive > 0);
	rcf_engine_free(w->e);
}

/* The engine walks a wide relation, the same in both modes. */
static void t_route(void)
{
	static struct walk x, y;
	struct rcf_fabric *f = tree();
	u32 d, differ;
	int m;

	for (m = 0; m < 2; m++) {
		CHECK_EQ(tree_rel(f, NODES, m), 0);
		walk(f, true, &x);
		walk(f, false, &y);
		differ = 0;
		for (d = 1; d < NODES; d++)
			differ += x.at[d] != y.at[d];
		CHECK_EQ(differ, 0);
	}
	rcf_fabric_free(f);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"rel_wide_model", t_model},
		{"rel_wide_route", t_route},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
