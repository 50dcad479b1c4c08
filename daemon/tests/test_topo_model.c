// SPDX-License-Identifier: GPL-2.0
/*
 * The one loader of a topology's lines into the core's model
 * (topo/topo_model.h): what it builds, the ids it gives back, the order
 * it adds the kinds in, and its refusals named by line and object.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "obj/batch.h"
#include "route/route.h"
#include "topo/topo_gen.h"
#include "topo/topo_model.h"

struct loaded {
	struct rcf_fabric *m;
	struct rcf_op *ops;
	size_t n;
	int rc;
	char err[256];
};

/* text's lines into a new model, committed when they load */
static void load(const char *text, unsigned int flags, struct loaded *d)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	struct rcf_err e = {0};

	memset(d, 0, sizeof(*d));
	d->m = rcf_fabric_new(NULL, NULL);
	if (!f || !d->m ||
	    rcf_batch_read(f, "t.rcf", &d->ops, &d->n, d->err,
			   sizeof(d->err))) {
		d->rc = -EIO;
		if (f)
			fclose(f);
		return;
	}
	fclose(f);
	rcf_txn_begin(d->m);
	d->rc = rcf_topo_model_ops(d->m, d->ops, d->n, flags, "t.rcf", d->err,
				   sizeof(d->err));
	if (d->rc)
		rcf_txn_abort(d->m);
	else
		rcf_txn_commit(d->m, &e);
}

static void unload(struct loaded *d)
{
	rcf_fabric_free(d->m);
	free(d->ops);
}

/* links, then the elements they join, circuits before the switch */
static const char out_of_order[] =
	"link add node 0 port 0 switch 2 port 1 vcs 2 latency 7\n"
	"circuit add switch 2 in 3 out 4\n"
	"fabric set cq-size 4096\n"
	"node add ports 2 addr 10.0.0.1\n"
	"switch add id 2\n"
	"link add id 1 node 0 port 1 switch 2 port 0 state down\n"
	"node add\n"
	"route add src 0 dst 1 hops 0\n";

static void test_builds(void)
{
	struct loaded d;
	struct rcf_link *l0, *l1;
	struct rcf_switch *s;
	struct rcf_circuit c;

	load(out_of_order, 0, &d);
	CHECK_EQ(d.rc, 0);
	if (d.rc) {
		printf("# %s\n", d.err);
		unload(&d);
		return;
	}
	CHECK_EQ(d.m->n_nodes, 2);
	CHECK_EQ(d.m->n_switches, 1);
	CHECK_EQ(d.m->n_links, 2);
	CHECK_EQ(d.m->n_circuits, 1);
	/* route lines are passed over without RCF_TOPO_MODEL_ROUTES */
	CHECK_EQ(d.m->n_routes, 0);
	CHECK(rcf_node_get(d.m, 0) && rcf_node_get(d.m, 0)->ports == 2 &&
	      rcf_node_get(d.m, 0)->naddr == 1);
	s = rcf_switch_get(d.m, 2);
	/* the fabric's central queue applies to switches added after it */
	CHECK(s && s->ports == RCF_SWITCH_DEF_PORTS && s->cq_size == 4096);
	CHECK(rcf_circuit_get(d.m, 2, 3, &c) && c.out_port == 4);
	/* in file order: the first link takes 0, the free id */
	l0 = rcf_link_get(d.m, 0);
	l1 = rcf_link_get(d.m, 1);
	CHECK(l0 && l0->vcs == 2 && l0->latency == 7 &&
	      l0->bandwidth == RCF_LINK_DEF_BANDWIDTH);
	CHECK(l1 && l1->state == RCF_LINK_DOWN && l1->a.port == 1);
	unload(&d);
}

static void test_ids_back(void)
{
	struct loaded d;

	load(out_of_order, 0, &d);
	CHECK_EQ(d.rc, 0);
	/* ops in file order: the link without an id, the two nodes */
	CHECK_EQ(d.ops[0].o.v[RCF_A_LINK_ID], 0);
	CHECK(rcf_has(&d.ops[0].o, RCF_A_LINK_ID));
	CHECK_EQ(d.ops[3].o.v[RCF_A_NODE_ID], 0);
	CHECK_EQ(d.ops[6].o.v[RCF_A_NODE_ID], 1);
	CHECK(rcf_has(&d.ops[6].o, RCF_A_NODE_ID));
	unload(&d);
}

static void test_routes(void)
{
	struct loaded d;
	struct rcf_route *r;

	load("node add\nnode add\nlink add node 0 port 0 node 1 port 0\n"
	     "route add src 0 dst 1 hops 0\nroute add src 1 dst 0 index 2 "
	     "hops 0\n",
	     RCF_TOPO_MODEL_ROUTES, &d);
	CHECK_EQ(d.rc, 0);
	CHECK_EQ(d.m->n_routes, 2);
	r = rcf_route_get(d.m, 1, 0, 2);
	/* the model keeps a route's bytes only: read no further */
	CHECK(r && r->nhops == 1 && !memcmp(r->hops, "", 1));
	CHECK(rcf_route_get(d.m, 0, 1, 0));
	unload(&d);
}

/* text is refused with err exactly want, and the model left empty */
static void refused(const char *text, unsigned int flags, const char *want)
{
	struct loaded d;

	load(text, flags, &d);
	CHECK_EQ(d.rc, -1);
	if (strcmp(d.err, want)) {
		printf("# got  \"%s\"\n# want \"%s\"\n", d.err, want);
		tap_case_failed = 1;
	}
	/* aborted: nothing the lines before added is left */
	CHECK(d.m && !d.m->n_nodes && !d.m->n_switches && !d.m->n_links);
	unload(&d);
}

static void test_refusals(void)
{
	refused("node add id 4\nnode add id 4\n", 0,
		"t.rcf:2: node 4: node already exists (line 1)");
	refused("node add\nnode add\nswitch add\n"
		"link add id 0 node 0 port 0 switch 0 port 1\n"
		"link add node 1 port 0 switch 0 port 1\n",
		0,
		"t.rcf:5: link node 1 port 0 - switch 0 port 1: link endpoint "
		"port already carries a link (end B, switch 0 port 1: link 0, "
		"line 4)");
	refused("node add\nlink add node 0 port 0 node 2 port 0\n", 0,
		"t.rcf:2: link node 0 port 0 - node 2 port 0: link end names a "
		"node that does not exist "
		"(end B, node 2 port 0)");
	refused("node add addr 10.0.0.1\nnode add id 7 addr 10.0.0.1\n", 0,
		"t.rcf:2: node 7: an address already belongs to another node "
		"(10.0.0.1: node 0, line 1)");
	refused("switch add id 0\ncircuit add switch 0 in 2 out 3\n"
		"circuit add switch 0 in 4 out 3\n",
		0,
		"t.rcf:3: circuit switch 0 in 4: circuit output port is "
		"already used by another circuit (output 3)");
	/* the routes' rules are the model's too: a hop on no link */
	refused("node add\nnode add\nlink add node 0 port 0 node 1 port 0\n"
		"route add src 0 dst 1 hops 0\nroute add src 1 dst 0 hops 3\n",
		RCF_TOPO_MODEL_ROUTES,
		"t.rcf:5: route src 1 dst 0: route leaves through a port the "
		"element does not have");
}

/*
 * A refused line is left as it was read: the id the model would have
 * given an object it then refused for another reason is not its id.
 */
static void test_refused_keeps_no_id(void)
{
	struct rcf_fabric *m = rcf_fabric_new(NULL, NULL);
	struct rcf_obj sw = {.kind = RCF_K_SWITCH};
	struct rcf_err e = {0};
	struct loaded d;

	load("node add addr 10.0.0.1\nnode add addr 10.0.0.1\n", 0, &d);
	CHECK_EQ(d.rc, -1);
	CHECK(d.n == 2 && !rcf_has(&d.ops[1].o, RCF_A_NODE_ID));
	unload(&d);
	load("node add\nlink add node 0 port 0 node 2 port 0\n", 0, &d);
	CHECK_EQ(d.rc, -1);
	CHECK(d.n == 2 && !rcf_has(&d.ops[1].o, RCF_A_LINK_ID));
	unload(&d);
	/* a reader refuses one port; the loader's other callers may not */
	CHECK(m);
	if (!m)
		return;
	rcf_set(&sw, RCF_A_SWITCH_PORTS, 1);
	rcf_txn_begin(m);
	CHECK_EQ(rcf_topo_model_add(m, RCF_CMD_SWITCH_NEW, &sw, &e), -ERANGE);
	CHECK(!rcf_has(&sw, RCF_A_SWITCH_ID));
	rcf_txn_abort(m);
	rcf_fabric_free(m);
	refused("node add addr 10.0.0.1\nnode add addr 10.0.0.1\n", 0,
		"t.rcf:2: node: an address already belongs to another node "
		"(10.0.0.1: node 0, line 1)");
}

/* a generator's fabric and a route set, as rcfsim holds them */
static void test_topo_and_routes(void)
{
	struct rcf_fabric *m = rcf_fabric_new(NULL, NULL);
	struct rcf_err e = {0};
	struct rcf_routes s;
	struct rcf_topo t;
	char err[256] = "";
	static const uint8_t hops[] = {0, 1};

	rcf_routes_init(&s);
	CHECK(m && !rcf_topo_generate("sp1:16", &t, err, sizeof(err)));
	if (!m || tap_case_failed)
		return;
	rcf_set(&t.fabric, RCF_A_FABRIC_CQ_SIZE, 512);
	/* node 0 leaves by its only port, into its board's switch */
	CHECK(!rcf_routes_push(&s, 0, 1, 0, hops, 2));
	rcf_txn_begin(m);
	CHECK_EQ(rcf_topo_model_topo(m, &t, RCF_TOPO_MODEL_FABRIC, "sp1", err,
				     sizeof(err)),
		 0);
	CHECK_EQ(m->n_nodes, t.v[RCF_K_NODE].n);
	CHECK_EQ(m->n_switches, t.v[RCF_K_SWITCH].n);
	CHECK_EQ(m->n_links, t.v[RCF_K_LINK].n);
	CHECK(m->cq_size == 512 && rcf_switch_get(m, 0)->cq_size == 512);
	CHECK_EQ(rcf_topo_model_routes(m, &s, "sp1", err, sizeof(err)), 0);
	CHECK_EQ(m->n_routes, 1);
	/* the same pair and index again: the model's refusal, named */
	CHECK(!rcf_routes_push(&s, 0, 1, 0, hops, 2));
	CHECK_EQ(rcf_topo_model_routes(m, &s, "sp1", err, sizeof(err)), -1);
	if (strncmp(err, "sp1: route src 0 dst 1 index 0: ", 32)) {
		printf("# got \"%s\"\n", err);
		tap_case_failed = 1;
	}
	rcf_txn_commit(m, &e);
	rcf_fabric_free(m);
	rcf_routes_free(&s);
	rcf_topo_free(&t);
}

int main(void)
{
	static const struct tap_case cases[] = {
		{"every kind built, in dependency order, defaults the model's",
		 test_builds},
		{"ids the model gives are written back in file order",
		 test_ids_back},
		{"routes with RCF_TOPO_MODEL_ROUTES", test_routes},
		{"refusals: the model's reason, line, object and detail",
		 test_refusals},
		{"a refused object is given no id", test_refused_keeps_no_id},
		{"a struct rcf_topo and a route set, refusals named",
		 test_topo_and_routes},
	};

	return tap_run(cases, sizeof(cases) / sizeof(cases[0]));
}
