// SPDX-License-Identifier: GPL-2.0
/*
 * rcfsim collective's engine half.  The machine's circuits are paths, so
 * that a step's change is what rcf.ko applies without a drain or a new
 * engine (Documentation/epoch.rst, "Paths: no drain"): a transaction
 * that touches paths only, prepared against the running adapter, found
 * safe (no packet at an input it rewires), committed and installed.  A
 * path leaves only once its mastership is back, as the kernel's path
 * delete demands: recalled in one epoch, deleted in the next.
 */
#include <stdlib.h>
#include <string.h>

#include "adapter/adapter.h"
#include "util/errf.h"
#include "util/grow.h"
#include "coll_net.h"
#include "topo/topo_model.h"

struct held {
	u32 id;
	int keep;
	struct sim_coll_path p;
};

struct sim_coll_net {
	struct rcf_fabric *m;
	struct rcf_adapter *a;
	sim_coll_rx rx;
	void *priv;
	struct held *held;
	size_t nheld, cap;
};

static void on_deliver(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		       u64 cookie, u64 latency)
{
	struct sim_coll_net *n = priv;

	(void)latency;
	n->rx(n->priv, dst, src, msg, len, cookie);
}

static const struct rcf_adapter_ops coll_ops = {.deliver = on_deliver};

static const char no_machine[] = "the model refused the machine";

/* the elements committed, then (routes) the routes in their own */
static int add_all(struct rcf_fabric *m, const struct sim_fabric *f, int routes,
		   char *err, size_t errlen)
{
	struct rcf_err e = {0};

	if (rcf_topo_model_topo(m, &f->t, 0, no_machine, err, errlen))
		return -1;
	if (rcf_txn_commit(m, &e))
		return rcf_errf(err, errlen, "%s: %s", no_machine, e.msg);
	if (!routes)
		return 0;
	rcf_txn_begin(m);
	if (rcf_topo_model_routes(m, &f->s, no_machine, err, errlen))
		return -1;
	if (rcf_txn_commit(m, &e))
		return rcf_errf(err, errlen, "%s: %s", no_machine, e.msg);
	return 0;
}

/*
 * Reassembly room for a message arriving at every node port at once: a
 * node's ports receive together, each from its own sender's send queue
 * (Documentation/engine.rst, "Nodes"), so the adapter's default of 16
 * MiB would evict partial messages on machines of a few hundred ports.
 * Twice a message a port also covers each partial's bitmap and header.
 */
static u64 reasm_bytes(const struct rcf_fabric *m)
{
	u64 ports = 0;

	for (u32 k = 0; k < m->nodes.cap; k++) {
		const struct rcf_node *x = rcf_vec_get(&m->nodes, k);

		if (x)
			ports += x->ports;
	}
	ports *= 2 * RCF_ADAPTER_MAX_MSG;
	return ports > RCF_ADAPTER_REASM_BYTES ? ports
					       : RCF_ADAPTER_REASM_BYTES;
}

struct sim_coll_net *sim_coll_net_new(const struct sim_fabric *f, int exact,
				      int routes, sim_coll_rx rx, void *priv,
				      char *err, size_t errlen)
{
	struct sim_coll_net *n = calloc(1, sizeof(*n));

	if (!n || !(n->m = rcf_fabric_new(NULL, NULL))) {
		rcf_errf(err, errlen, "out of memory");
		sim_coll_net_free(n);
		return NULL;
	}
	n->rx = rx;
	n->priv = priv;
	rcf_txn_begin(n->m);
	/*
	 * The machine's circuits are paths, so it has no routes: they would
	 * keep paths off the switch inputs.  A static network has routes
	 * only, added once its elements are committed, as rcfsim run does.
	 */
	if (add_all(n->m, f, routes, err, errlen)) {
		if (n->m->in_txn)
			rcf_txn_abort(n->m);
		sim_coll_net_free(n);
		return NULL;
	}
	n->a = rcf_adapter_new(n->m, RCF_RPOL_ROUND_ROBIN, &coll_ops, n);
	if (!n->a || rcf_engine_set_exact(rcf_adapter_engine(n->a), exact)) {
		rcf_errf(err, errlen, "out of memory for the engine");
		sim_coll_net_free(n);
		return NULL;
	}
	rcf_adapter_set_limits(n->a, RCF_ADAPTER_MAX_PARTIAL,
			       reasm_bytes(n->m));
	return n;
}

void sim_coll_net_free(struct sim_coll_net *n)
{
	if (!n)
		return;
	rcf_adapter_free(n->a);
	if (n->m)
		rcf_fabric_free(n->m);
	free(n->held);
	free(n);
}

/* the open transaction into the running adapter, as rcf_epoch_paths() */
static int apply(struct sim_coll_net *n, char *err, size_t errlen)
{
	struct rcf_path_update *u;
	struct rcf_err e = {0};

	if (!rcf_txn_paths_only(n->m)) {
		rcf_txn_abort(n->m);
		return rcf_errf(err, errlen, "the change is not paths only");
	}
	u = rcf_path_update_prepare(n->a, n->m);
	if (!u) {
		rcf_txn_abort(n->m);
		return rcf_errf(err, errlen, "out of memory");
	}
	if (!rcf_path_update_safe(n->a, u)) {
		rcf_path_update_free(u);
		rcf_txn_abort(n->m);
		return rcf_errf(err, errlen,
				"a packet stands at a switch input the "
				"change rewires");
	}
	if (rcf_txn_commit(n->m, &e)) {
		rcf_path_update_free(u);
		return rcf_errf(err, errlen, "commit refused: %s",
				e.msg ? e.msg : "out of memory");
	}
	rcf_path_update_install(n->a, u);
	return 0;
}

static int same(const struct sim_coll_path *a, const struct sim_coll_path *b)
{
	return a->master == b->master && a->dst == b->dst &&
	       a->nhops == b->nhops && !memcmp(a->hops, b->hops, a->nhops);
}

static int refused(struct sim_coll_net *n, const char *what,
		   const struct sim_coll_path *p, struct rcf_err *e, char *err,
		   size_t errlen)
{
	rcf_txn_abort(n->m);
	return rcf_errf(err, errlen, "path %u -> %u %s refused: %s", p->master,
			p->dst, what, e->msg ? e->msg : "out of memory");
}

static int recall(struct sim_coll_net *n, struct sim_coll_net_set *st,
		  char *err, size_t errlen)
{
	struct rcf_err e = {0};

	if (st->paths_gone == 0)
		return 0;
	rcf_txn_begin(n->m);
	for (size_t i = 0; i < n->nheld; i++)
		if (!n->held[i].keep &&
		    rcf_path_set(n->m, n->held[i].id, RCF_PATH_RECALL, &e))
			return refused(n, "recall", &n->held[i].p, &e, err,
				       errlen);
	st->epochs++;
	return apply(n, err, errlen);
}

static int held_push(struct sim_coll_net *n, u32 id,
		     const struct sim_coll_path *p)
{
	struct held *h = rcf_grow(n->held, n->nheld, &n->cap, sizeof(*h), 64);

	if (!h)
		return -1;
	n->held = h;
	n->held[n->nheld++] = (struct held){.id = id, .p = *p};
	return 0;
}

int sim_coll_net_set(struct sim_coll_net *n, const struct sim_coll_path *want,
		     size_t nwant, struct sim_coll_net_set *st, char *err,
		     size_t errlen)
{
	char *have = calloc(nwant + 1, 1);
	struct rcf_err e = {0};
	size_t kept = 0;
	int rc = -1;

	memset(st, 0, sizeof(*st));
	if (!have)
		return rcf_errf(err, errlen, "out of memory");
	for (size_t i = 0; i < n->nheld; i++) {
		n->held[i].keep = 0;
		for (size_t j = 0; j < nwant && !n->held[i].keep; j++)
			if (!have[j] && same(&n->held[i].p, &want[j]))
				n->held[i].keep = have[j] = 1;
		st->paths_kept += n->held[i].keep;
	}
	st->paths_gone = n->nheld - st->paths_kept;
	st->paths_added = nwant - st->paths_kept;
	if (recall(n, st, err, errlen))
		goto out;
	if (!st->paths_gone && !st->paths_added) {
		rc = 0;
		goto out;
	}
	rcf_txn_begin(n->m);
	for (size_t i = 0; i < n->nheld; i++) {
		struct rcf_adapter_path ap;

		if (n->held[i].keep)
			continue;
		/* the data path's word on the mastership, as rcf.ko asks */
		if (rcf_adapter_path_get(n->a, n->held[i].id, &ap) ||
		    rcf_path_del(n->m, n->held[i].id,
				 ap.state == RCF_PATH_RETURNED, &e)) {
			refused(n, "delete", &n->held[i].p, &e, err, errlen);
			goto out;
		}
	}
	for (size_t i = 0; i < n->nheld; i++)
		if (n->held[i].keep)
			n->held[kept++] = n->held[i];
	n->nheld = kept;
	for (size_t j = 0; j < nwant; j++) {
		struct rcf_path p = {.master = want[j].master,
				     .dst = want[j].dst,
				     .nhops = want[j].nhops};

		if (have[j])
			continue;
		memcpy(p.hops, want[j].hops, p.nhops);
		if (rcf_path_add(n->m, &p, false, &e)) {
			refused(n, "add", &want[j], &e, err, errlen);
			goto out;
		}
		if (held_push(n, p.id, &want[j])) {
			rcf_txn_abort(n->m);
			rcf_errf(err, errlen, "out of memory");
			goto out;
		}
	}
	st->epochs++;
	rc = apply(n, err, errlen);
out:
	free(have);
	return rc;
}

int sim_coll_net_send(struct sim_coll_net *n, uint32_t src, uint32_t dst,
		      const uint8_t *msg, uint32_t len, uint64_t cookie,
		      char *err, size_t errlen)
{
	int rc = rcf_adapter_send(n->a, src, dst, msg, len, cookie);

	if (rc)
		return rcf_errf(err, errlen,
				"node %u could not send %u bytes to %u: %s",
				src, len, dst, strerror(-rc));
	return 0;
}

int64_t sim_coll_net_run(struct sim_coll_net *n, char *err, size_t errlen)
{
	struct rcf_engine *e = rcf_adapter_engine(n->a);
	u64 t0 = rcf_engine_now(e);

	for (;;) {
		long long rc = rcf_engine_run(e, 1u << 20);

		if (rc == -EDEADLK)
			return rcf_errf(err, errlen, "deadlock at cycle %llu",
					(unsigned long long)rcf_engine_now(e));
		if (rc < 0)
			return rcf_errf(err, errlen, "engine: %s",
					strerror((int)-rc));
		if (!rcf_engine_quiet(e))
			continue;
		/* the next message of a path whose last one just arrived */
		rcf_adapter_kick(n->a);
		if (!rcf_engine_quiet(e))
			continue;
		if (rcf_adapter_waiting(n->a, ~0u))
			return rcf_errf(err, errlen,
					"%llu messages wait for a path "
					"the step does not have",
					(unsigned long long)rcf_adapter_waiting(
						n->a, ~0u));
		return (int64_t)(rcf_engine_now(e) - t0);
	}
}

uint64_t sim_coll_net_now(const struct sim_coll_net *n)
{
	return rcf_engine_now(rcf_adapter_engine(n->a));
}

uint64_t sim_coll_net_drops(const struct sim_coll_net *n)
{
	struct rcf_adapter_stats as;
	struct rcf_engine_stats es;
	uint64_t d = 0;

	rcf_adapter_stats(n->a, &as);
	rcf_engine_stats(rcf_adapter_engine(n->a), &es);
	for (int k = 0; k < RCF_ADROP_NR; k++)
		d += as.drops[k];
	return d + es.dropped_pkts;
}
