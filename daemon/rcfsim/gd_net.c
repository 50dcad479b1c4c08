// SPDX-License-Identifier: GPL-2.0
/*
 * rcfsim gd's engine half.  Every message goes through the kernel's
 * adapter and engine on routes the model accepted; every change is a
 * transaction on the model, which checks each op as rcf.ko would, and a
 * fresh engine built from the result (the kernel's epoch does the same
 * after its drain).
 */
#include <stdlib.h>
#include <string.h>

#include "adapter/adapter.h"
#include "util/errf.h"
#include "gd_net.h"
#include "topo/topo_model.h"

struct sim_gd_net {
	struct rcf_fabric *m;
	struct rcf_adapter *a;
	uint32_t msg_bytes;
	int exact;
	u8 *buf;
	/* what the last delivery was */
	u32 got_src, got_dst, got_len;
	u64 got;
	struct sim_gd_net_stats st;
};

static void on_deliver(void *priv, u32 dst, u32 src, const u8 *msg, u32 len,
		       u64 cookie, u64 latency)
{
	struct sim_gd_net *n = priv;

	(void)msg;
	(void)cookie;
	(void)latency;
	n->got_src = src;
	n->got_dst = dst;
	n->got_len = len;
	n->got++;
}

static const struct rcf_adapter_ops gd_ops = {.deliver = on_deliver};

/* counters of the engine about to be replaced */
static void fold(struct sim_gd_net *n)
{
	struct rcf_engine_stats es;

	if (!n->a)
		return;
	rcf_engine_stats(rcf_adapter_engine(n->a), &es);
	n->st.cycles += es.now;
	n->st.byte_hops += es.byte_hops;
	n->st.dropped += es.dropped_pkts;
}

static int rebuild(struct sim_gd_net *n)
{
	fold(n);
	rcf_adapter_free(n->a);
	n->a = rcf_adapter_new(n->m, RCF_RPOL_ROUND_ROBIN, &gd_ops, n);
	if (!n->a)
		return -1;
	/* a new engine is quiet: only memory can be missing */
	if (rcf_engine_set_exact(rcf_adapter_engine(n->a), n->exact))
		return -1;
	return 0;
}

static int add_all(struct rcf_fabric *m, const struct sim_fabric *f, char *err,
		   size_t errlen)
{
	static const char what[] = "the model refused the supernode";

	return rcf_topo_model_topo(m, &f->t, RCF_TOPO_MODEL_CIRCUITS, what, err,
				   errlen) ||
	       rcf_topo_model_routes(m, &f->s, what, err, errlen);
}

struct sim_gd_net *sim_gd_net_new(const struct sim_fabric *f,
				  uint32_t msg_bytes, int exact, char *err,
				  size_t errlen)
{
	struct sim_gd_net *n = calloc(1, sizeof(*n));
	struct rcf_err e = {0};

	if (!n || !(n->buf = calloc(msg_bytes + 1, 1)) ||
	    !(n->m = rcf_fabric_new(NULL, NULL))) {
		rcf_errf(err, errlen, "out of memory");
		sim_gd_net_free(n);
		return NULL;
	}
	n->msg_bytes = msg_bytes;
	n->exact = exact;
	rcf_txn_begin(n->m);
	if (add_all(n->m, f, err, errlen)) {
		rcf_txn_abort(n->m);
		sim_gd_net_free(n);
		return NULL;
	}
	if (rcf_txn_commit(n->m, &e)) {
		if (n->m->in_txn)
			rcf_txn_abort(n->m);
		rcf_errf(err, errlen, "the model refused the supernode: %s",
			 e.msg ? e.msg : "out of memory");
		sim_gd_net_free(n);
		return NULL;
	}
	if (rebuild(n)) {
		rcf_errf(err, errlen, "out of memory for the engine");
		sim_gd_net_free(n);
		return NULL;
	}
	return n;
}

void sim_gd_net_free(struct sim_gd_net *n)
{
	if (!n)
		return;
	rcf_adapter_free(n->a);
	if (n->m)
		rcf_fabric_free(n->m);
	free(n->buf);
	free(n);
}

/* runs the engine until nothing is in flight; 0, or -1 on deadlock */
static int drain(struct sim_gd_net *n)
{
	struct rcf_engine *e = rcf_adapter_engine(n->a);

	while (rcf_engine_busy(e)) {
		long long rc = rcf_engine_run(e, 100000);

		if (rc < 0)
			return -1;
	}
	return 0;
}

int sim_gd_net_send(struct sim_gd_net *n, uint32_t src, uint32_t dst)
{
	u64 before = n->got;

	if (rcf_adapter_send(n->a, src, dst, n->buf, n->msg_bytes, 0))
		return -1;
	if (drain(n) || n->got != before + 1 || n->got_src != src ||
	    n->got_dst != dst || n->got_len != n->msg_bytes)
		return -1;
	n->st.delivered++;
	return 0;
}

static int apply_op(struct rcf_fabric *m, const struct sim_gd_op *o,
		    struct rcf_err *e)
{
	struct rcf_circuit c = {.sw = o->a, .in_port = o->b, .out_port = o->c};
	struct rcf_route r = {
		.src = o->a, .dst = o->b, .index = o->c, .nhops = o->nhops};

	memcpy(r.hops, o->hops, o->nhops);
	switch (o->cmd) {
	case RCF_CMD_CIRCUIT_NEW:
		return rcf_circuit_add(m, &c, e);
	case RCF_CMD_CIRCUIT_DEL:
		return rcf_circuit_del(m, o->a, o->b, e);
	case RCF_CMD_CIRCUIT_SET:
		return rcf_circuit_set(m, &c, e);
	case RCF_CMD_ROUTE_NEW:
		return rcf_route_add(m, &r, o->c, e);
	case RCF_CMD_ROUTE_DEL:
		return rcf_route_del(m, o->a, o->b, o->c, e);
	case RCF_CMD_ROUTE_SET:
		return rcf_route_set(m, &r, e);
	}
	e->msg = "op the supernode never makes";
	return -EINVAL;
}

int sim_gd_net_apply(struct sim_gd_net *n, const struct sim_gd_op *ops,
		     size_t nops, char *err, size_t errlen)
{
	struct rcf_err e = {0};
	size_t i;

	/* §2.2 step 2: stop, even the messages in intermediate nodes */
	if (drain(n))
		return rcf_errf(err, errlen, "the fabric did not drain");
	rcf_txn_begin(n->m);
	for (i = 0; i < nops; i++)
		if (apply_op(n->m, &ops[i], &e))
			break;
	if (i < nops) {
		rcf_txn_abort(n->m);
		return rcf_errf(err, errlen,
				"epoch op %zu (cmd %u) refused: %s", i,
				ops[i].cmd, e.msg ? e.msg : "?");
	}
	if (rcf_txn_commit(n->m, &e))
		return rcf_errf(err, errlen, "epoch refused at commit: %s",
				e.msg ? e.msg : "?");
	n->st.epochs++;
	n->st.ops += nops;
	/* §2.2 steps 4-5: the new configuration, then traffic resumes */
	if (rebuild(n))
		return rcf_errf(err, errlen, "out of memory for the engine");
	return 0;
}

void sim_gd_net_stats(const struct sim_gd_net *n, struct sim_gd_net_stats *s)
{
	struct rcf_engine_stats es;

	*s = n->st;
	rcf_engine_stats(rcf_adapter_engine(n->a), &es);
	s->cycles += es.now;
	s->byte_hops += es.byte_hops;
	s->dropped += es.dropped_pkts;
}
