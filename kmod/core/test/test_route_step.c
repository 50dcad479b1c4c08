// SPDX-License-Identifier: GPL-2.0
/*
 * The route step (model/route_step.h) from both of its walks: each route
 * below goes through the model's (rcf_route_add) and through the
 * routing graph's (rcf_graph_walk), over the same fabric, and both must
 * come to the same verdict, every verdict the step has among them; and
 * a relation candidate's byte, judged as a route's byte is.
 */
#include "util.h"
#include "model/route_step.h"
#include "graph_walk.h"

#define N	    RCF_ELEM_NODE
#define S	    RCF_ELEM_SWITCH
#define H(port, vc) RCF_HOP(port, vc)

/*
 * node0 -0- sw0 =1= sw1 -2- node1      link 1: 2 VCs
 *            |2      |3 \4
 *          node2    sw4  sw2 -5-> sw3   link 3 down; sw2 p1 -> sw3 p0,
 *                    |     <-6-         sw3 p1 -> sw2 p2
 *                  node3
 * circuits: sw4 0 -> 1 (on to node3), sw3 0 -> 1 and sw2 2 -> 1 (round
 * and round once a byte at sw2 sends a packet to sw3).
 */
static const struct gw_elem elems[] = {
	{N, 0, 1}, {N, 1, 1}, {N, 2, 1}, {N, 3, 1}, {S, 0, 4},
	{S, 1, 4}, {S, 2, 4}, {S, 3, 4}, {S, 4, 4},
};

static const struct gw_link links[] = {
	{{N, S}, {0, 0}, {0, 0}, 1, 0}, /* 0 */
	{{S, S}, {0, 1}, {1, 0}, 2, 0}, /* 1 */
	{{S, N}, {1, 1}, {1, 0}, 1, 0}, /* 2 */
	{{S, N}, {0, 2}, {2, 0}, 1, 1}, /* 3, down */
	{{S, S}, {1, 2}, {2, 0}, 1, 0}, /* 4 */
	{{S, S}, {2, 3}, {1, 0}, 1, 0}, /* 5 */
	{{S, S}, {3, 2}, {1, 2}, 1, 0}, /* 6 */
	{{S, S}, {1, 4}, {3, 0}, 1, 0}, /* 7 */
	{{S, N}, {4, 3}, {1, 0}, 1, 0}, /* 8 */
};

static const struct gw_circ circs[] = {{4, 0, 1}, {3, 0, 1}, {2, 2, 1}};

static const struct gw_fabric fab = {
	.elem = elems,
	.link = links,
	.circ = circs,
	.nelem = sizeof(elems) / sizeof(elems[0]),
	.nlink = sizeof(links) / sizeof(links[0]),
	.ncirc = sizeof(circs) / sizeof(circs[0]),
};

static int do_link_set(struct rcf_fabric *f, void *arg)
{
	return rcf_link_set(f, arg, &last_err);
}

static struct rcf_fabric *model(void)
{
	struct rcf_fabric *f = fab_new();
	struct rcf_link_cfg c;
	struct rcf_err e;
	size_t i;
	int err = 0;

	for (i = 0; i < fab.nelem; i++)
		err |= elems[i].kind == N
			       ? op_node(f, elems[i].id, elems[i].ports)
			       : op_switch(f, elems[i].id, elems[i].ports);
	for (i = 0; i < fab.nlink; i++) {
		const struct gw_link *l = &links[i];

		err |= op_link(f, i, l->kind[0], l->elem[0], l->port[0],
			       l->kind[1], l->elem[1], l->port[1]);
		c = (struct rcf_link_cfg){.id = i,
					  .vcs = l->vcs,
					  .state = l->down ? RCF_LINK_DOWN
							   : RCF_LINK_UP,
					  .set = RCF_LSET_VCS | RCF_LSET_STATE};
		err |= op_txn(f, do_link_set, &c, &e);
	}
	for (i = 0; i < fab.ncirc; i++)
		err |= op_circuit(f, circs[i].sw, circs[i].in, circs[i].out);
	CHECK_EQ(err, 0);
	return f;
}

/* the model's refusals, word for word, and the verdicts they stand for */
static const char *const model_msg[RCF_RSTEP_NR] = {
	[RCF_RSTEP_NO_BYTES] = "route must have 1 to 64 route bytes",
	[RCF_RSTEP_NOT_DST] =
		"route ends at a node that is not its destination",
	[RCF_RSTEP_ENDS_IN_SWITCH] = "route ends inside a switch",
	[RCF_RSTEP_RESERVED] = "route byte has its reserved bit set",
	[RCF_RSTEP_NO_PORT] =
		"route leaves through a port the element does not have",
	[RCF_RSTEP_NO_LINK] = "route leaves through a port with no link",
	[RCF_RSTEP_LINK_DOWN] = "route crosses a link that is down",
	[RCF_RSTEP_NO_VC] =
		"route uses a virtual channel the link does not have",
	[RCF_RSTEP_LOOP] = "route enters a loop of circuits",
};

/* as the model refuses a route for each verdict */
static const int model_errno[RCF_RSTEP_NR] = {
	[RCF_RSTEP_NO_BYTES] = EINVAL,
	[RCF_RSTEP_NOT_DST] = EINVAL,
	[RCF_RSTEP_ENDS_IN_SWITCH] = EINVAL,
	[RCF_RSTEP_RESERVED] = EINVAL,
	[RCF_RSTEP_NO_PORT] = ERANGE,
	[RCF_RSTEP_NO_LINK] = ENOENT,
	[RCF_RSTEP_LINK_DOWN] = ENETDOWN,
	[RCF_RSTEP_NO_VC] = ERANGE,
	[RCF_RSTEP_LOOP] = ELOOP,
};

/* the verdict the model's walk came to, refusing a route with want's errno */
static int model_verdict(struct rcf_fabric *f, u32 dst, const u8 *hops,
			 int nhops, int want)
{
	int v;

	if (want == RCF_RSTEP_ARRIVE)
		return op_route(f, 0, dst, -1, hops, nhops) ? -1 : want;
	/* and leaving the model as it was */
	REFUSED(f, op_route(f, 0, dst, -1, hops, nhops), model_errno[want]);
	for (v = 0; v < RCF_RSTEP_NR; v++)
		if (model_msg[v] && !strcmp(last_err.msg, model_msg[v]))
			return v;
	printf("# model: %s\n", last_err.msg);
	return -1;
}

/* the graph's reasons, by a part of their words */
static const char *const graph_msg[RCF_RSTEP_NR] = {
	[RCF_RSTEP_NO_BYTES] = "no route bytes",
	[RCF_RSTEP_ENDS_IN_SWITCH] = "route bytes end at switch",
	[RCF_RSTEP_RESERVED] = "reserved bit",
	[RCF_RSTEP_NO_PORT] = "has no port",
	[RCF_RSTEP_NO_LINK] = "has no up link",
	[RCF_RSTEP_NO_VC] = "VCs, route uses VC",
	[RCF_RSTEP_LOOP] = "route loops",
};

static int graph_verdict(u32 dst, const u8 *hops, int nhops, char *err,
			 size_t errlen)
{
	u32 at;
	int v;

	/* the graph's callers hold the node delivered at to the route's */
	if (gw_walk(&fab, 0, hops, nhops, &at, err, errlen) >= 0)
		return at == dst ? RCF_RSTEP_ARRIVE : RCF_RSTEP_NOT_DST;
	for (v = 0; v < RCF_RSTEP_NR; v++)
		if (graph_msg[v] && strstr(err, graph_msg[v]))
			return v;
	printf("# graph: %s\n", err);
	return -1;
}

struct step_case {
	const char *what;
	u32 dst;
	u8 hops[4];
	int nhops;
	int verdict;
	const char *graph_err; /* the graph's reason word for word, or NULL */
};

static const struct step_case step_cases[] = {
	{"bytes only",
	 1,
	 {H(0, 0), H(1, 0), H(1, 0)},
	 3,
	 RCF_RSTEP_ARRIVE,
	 NULL},
	{"VC 1 where there are 2",
	 1,
	 {H(0, 0), H(1, 1), H(1, 0)},
	 3,
	 RCF_RSTEP_ARRIVE,
	 NULL},
	{"on through a circuit",
	 3,
	 {H(0, 0), H(1, 0), H(3, 0)},
	 3,
	 RCF_RSTEP_ARRIVE,
	 NULL},
	{"no bytes", 1, {0}, 0, RCF_RSTEP_NO_BYTES, "no route bytes"},
	{"another node",
	 3,
	 {H(0, 0), H(1, 0), H(1, 0)},
	 3,
	 RCF_RSTEP_NOT_DST,
	 NULL},
	{"in a switch",
	 1,
	 {H(0, 0), H(1, 0)},
	 2,
	 RCF_RSTEP_ENDS_IN_SWITCH,
	 "route bytes end at switch 1"},
	{"reserved bit",
	 1,
	 {H(0, 0), 0x80 | 1, H(1, 0)},
	 3,
	 RCF_RSTEP_RESERVED,
	 "byte 1: reserved bit"},
	{"port 9 of 4",
	 1,
	 {H(0, 0), H(9, 0), H(1, 0)},
	 3,
	 RCF_RSTEP_NO_PORT,
	 "switch 0 has no port 9"},
	{"node port 1 of 1",
	 1,
	 {H(1, 0)},
	 1,
	 RCF_RSTEP_NO_PORT,
	 "node 0 has no port 1"},
	{"unlinked port",
	 1,
	 {H(0, 0), H(3, 0), H(1, 0)},
	 3,
	 RCF_RSTEP_NO_LINK,
	 "switch 0 port 3 has no up link"},
	{"down link",
	 2,
	 {H(0, 0), H(2, 0)},
	 2,
	 RCF_RSTEP_LINK_DOWN,
	 "switch 0 port 2 has no up link"},
	{"VC 2 of 2",
	 1,
	 {H(0, 0), H(1, 2), H(1, 0)},
	 3,
	 RCF_RSTEP_NO_VC,
	 "link 1 has 2 VCs, route uses VC 2"},
	{"circuits round and round",
	 1,
	 {H(0, 0), H(1, 0), H(2, 0), H(1, 0)},
	 4,
	 RCF_RSTEP_LOOP,
	 "route loops"},
};

static void t_same_verdicts(void)
{
	struct rcf_fabric *f = model();
	unsigned int seen = 0;
	size_t i;

	for (i = 0; i < sizeof(step_cases) / sizeof(step_cases[0]); i++) {
		const struct step_case *c = &step_cases[i];
		int want = c->verdict, m, g;
		char err[128] = "";

		m = model_verdict(f, c->dst, c->hops, c->nhops, want);
		g = graph_verdict(c->dst, c->hops, c->nhops, err, sizeof(err));
		if (m != want ||
		    g != (want == RCF_RSTEP_LINK_DOWN ? RCF_RSTEP_NO_LINK
						      : want))
			printf("# %s: model %d, graph %d, want %d\n", c->what,
			       m, g, want);
		CHECK_EQ(m, want);
		/* the graph holds up links only: a down one is no link */
		CHECK_EQ(g, want == RCF_RSTEP_LINK_DOWN ? RCF_RSTEP_NO_LINK
							: want);
		if (c->graph_err && strcmp(err, c->graph_err))
			printf("# %s: the graph says \"%s\"\n", c->what, err);
		CHECK(!c->graph_err || !strcmp(err, c->graph_err));
		seen |= 1u << want;
	}
	/* every verdict but CROSS, which a walk only passes through */
	CHECK_EQ(seen, ((1u << RCF_RSTEP_NR) - 1) & ~(1u << RCF_RSTEP_CROSS));
	rcf_fabric_free(f);
}

static int rel_del_fn(struct rcf_fabric *f, void *arg)
{
	(void)arg;
	return rcf_rel_del(f, 0, &last_err);
}

static int rel_fn(struct rcf_fabric *f, void *arg)
{
	return rcf_rel_set(f, 0, arg, 1, &last_err);
}

/*
 * A relation candidate's byte at sw0 against a route's at sw0 (routes
 * from node 0, whose first byte enters sw0), every byte sw0 could read:
 * refused alike, with the errno the route's walk gives.  A relation may
 * name a down link, so its byte is held to a route's on the fabric with
 * link 3 up, and the relation put on the fabric with it down.
 */
static void t_rel_byte(void)
{
	struct rcf_link_cfg up = {
		.id = 3, .state = RCF_LINK_UP, .set = RCF_LSET_STATE};
	struct rcf_fabric *f = model(), *u = model();
	unsigned int seen = 0, b;
	struct rcf_err e;

	CHECK_EQ(op_txn(u, do_link_set, &up, &e), 0);
	for (b = 0; b < 256; b++) {
		struct rcf_rel_ent ent = {
			.dst = 1,
			.n = 1,
			.c = {{.hop = (u8)b, .cls = RCF_REL_ADAPTIVE}}};
		const u8 hops[] = {H(0, 0), (u8)b};
		int v, r, rel, want;
		char why[128] = "";

		r = op_route(u, 0, 1, -1, hops, 2);
		for (v = 0; r && v < RCF_RSTEP_NR; v++)
			if (model_msg[v] && !strcmp(last_err.msg, model_msg[v]))
				break;
		if (r)
			snprintf(why, sizeof(why), "%s", last_err.msg);
		/* past sw0's byte, whatever the walk met after it */
		if (!r || (v != RCF_RSTEP_RESERVED && v != RCF_RSTEP_NO_PORT &&
			   v != RCF_RSTEP_NO_LINK && v != RCF_RSTEP_NO_VC))
			v = RCF_RSTEP_CROSS;
		want = v == RCF_RSTEP_CROSS ? 0 : -model_errno[v];
		rel = op_txn(f, rel_fn, &ent, &e);
		if (rel != want)
			printf("# byte 0x%02x: route %d (%s), relation %d\n", b,
			       r, why, rel);
		CHECK_EQ(rel, want);
		seen |= 1u << v;
		if (!rel)
			CHECK_EQ(op_txn(f, rel_del_fn, NULL, &e), 0);
	}
	/* sw0's port 3 has no link, link 1 has 2 VCs, the rest 1 */
	CHECK_EQ(seen, 1u << RCF_RSTEP_CROSS | 1u << RCF_RSTEP_RESERVED |
			       1u << RCF_RSTEP_NO_PORT |
			       1u << RCF_RSTEP_NO_LINK | 1u << RCF_RSTEP_NO_VC);
	rcf_fabric_free(f);
	rcf_fabric_free(u);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"route step: the model and the graph agree on every verdict",
		 t_same_verdicts},
		{"route step: a relation candidate's byte is a route's",
		 t_rel_byte},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
