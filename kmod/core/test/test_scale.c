// SPDX-License-Identifier: GPL-2.0
/*
 * Scale smoke test at sp1:512 size: 512 nodes, 512 switches, a torus of
 * links and a route for every ordered pair (512 * 511).  It times
 * nothing; it shows the model's lookups keep such sizes practical and
 * prints the bytes the model holds.
 */
#include "util.h"

#define W  32
#define HT 16
#define NN (W * HT)

static struct rcf_fabric *f;

static int build(struct rcf_fabric *fab, void *arg)
{
	struct rcf_err *e = &last_err;
	int i, err = 0;
	u32 lid = 0;

	(void)arg;
	for (i = 0; i < NN && !err; i++) {
		struct rcf_node_cfg n = {.id = i, .has_id = true};
		struct rcf_switch_cfg s = {.id = i, .has_id = true};

		err = rcf_node_add(fab, &n, e) ?: rcf_switch_add(fab, &s, e);
	}
	for (i = 0; i < NN && !err; i++) {
		int x = i % W, y = i / W;
		struct rcf_link_cfg l[4] = {
			{.a = {RCF_ELEM_NODE, i, 0},
			 .b = {RCF_ELEM_SWITCH, i, 0}},
			{.a = {RCF_ELEM_SWITCH, i, 1},
			 .b = {RCF_ELEM_SWITCH, y * W + (x + 1) % W, 2}},
			{.a = {RCF_ELEM_SWITCH, i, 3},
			 .b = {RCF_ELEM_SWITCH, ((y + 1) % HT) * W + x, 4}},
			{.a = {RCF_ELEM_SWITCH, i, 5},
			 .b = {RCF_ELEM_SWITCH, i + NN / 2, 5}},
		};
		int k;

		for (k = 0; k < (i < NN / 2 ? 4 : 3) && !err; k++) {
			l[k].id = lid++;
			l[k].has_id = true;
			err = rcf_link_add(fab, &l[k], e);
		}
	}
	return err;
}

static int steps(int from, int to, int mod, u8 fwd, u8 back, u8 *h)
{
	int d = ((to - from) % mod + mod) % mod, n = 0;

	if (d <= mod / 2)
		while (d--)
			h[n++] = RCF_HOP(fwd, 0);
	else
		for (d = mod - d; d--;)
			h[n++] = RCF_HOP(back, 0);
	return n;
}

static int routes_from(struct rcf_fabric *fab, void *arg)
{
	int s = *(int *)arg, d, err = 0;

	for (d = 0; d < NN && !err; d++) {
		struct rcf_route r = {.src = s, .dst = d};
		int n = 0;

		if (d == s)
			continue;
		r.hops[n++] = RCF_HOP(0, 0);
		n += steps(s % W, d % W, W, 1, 2, r.hops + n);
		n += steps(s / W, d / W, HT, 3, 4, r.hops + n);
		r.hops[n++] = RCF_HOP(0, 0);
		r.nhops = n;
		err = rcf_route_add(fab, &r, -1, &last_err);
	}
	return err;
}

static void t_build(void)
{
	struct rcf_err e;

	f = fab_new();
	CHECK_EQ(op_txn(f, build, NULL, &e), 0);
	CHECK_EQ(f->n_nodes, NN);
	CHECK_EQ(f->n_switches, NN);
	CHECK_EQ(f->n_links, NN * 3 + NN / 2);
	CHECK_EQ(hook_attached, NN);
	printf("# elements and links: %llu model bytes\n",
	       (unsigned long long)f->mem);
}

static void t_routes(void)
{
	struct rcf_route *r;
	u32 src = 0, dst = 0, idx = 0, count = 0;
	struct rcf_err e;
	int s;

	for (s = 0; s < NN; s++) {
		int err = op_txn(f, routes_from, &s, &e);

		CHECK_EQ(err, 0);
		if (err) {
			printf("# source %d: %s\n", s, last_err.msg);
			break;
		}
	}
	CHECK_EQ(f->n_routes, NN * (NN - 1));
	while ((r = rcf_route_next(f, src, dst, idx))) {
		count++;
		src = r->src;
		dst = r->dst;
		idx = r->index + 1;
	}
	CHECK_EQ(count, NN * (NN - 1));
	/* every node link carries the 511 routes out and the 511 in */
	CHECK_EQ(rcf_link_get(f, 0)->users, 2 * (NN - 1));
	printf("# with %u routes: %llu model bytes\n", f->n_routes,
	       (unsigned long long)f->mem);
}

static int del_link0(struct rcf_fabric *fab, void *arg)
{
	(void)arg;
	return rcf_link_del(fab, 0, &last_err);
}

static int flush(struct rcf_fabric *fab, void *arg)
{
	(void)arg;
	return rcf_fabric_flush(fab, &last_err);
}

static void t_teardown(void)
{
	struct rcf_err e;

	REFUSED(f, op_txn(f, del_link0, NULL, &e), EBUSY);
	CHECK_EQ(op_txn(f, flush, NULL, &e), 0);
	CHECK_EQ(f->n_nodes + f->n_switches + f->n_links + f->n_routes, 0);
	CHECK_EQ(hook_detached, NN);
	rcf_fabric_free(f);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"scale: 512 nodes, 512 switches, 1792 links", t_build},
		{"scale: 512 * 511 routes installed and listed", t_routes},
		{"scale: refusal and flush at full size", t_teardown},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
