// SPDX-License-Identifier: GPL-2.0
/* Objects to netlink attributes, shared by replies, dumps and events. */
#include <linux/netdevice.h>

#include "rcf.h"

/* The engine's memory as the data path last recorded it (dp->pool). */
static int rcf_fill_pool(struct sk_buff *skb, const struct rcf_dp *dp)
{
	if (nla_put_u64_64bit(skb, RCF_A_FABRIC_ENGINE_MEM,
			      dp ? READ_ONCE(dp->pool.tables) : 0, RCF_A_PAD) ||
	    nla_put_u64_64bit(skb, RCF_A_FABRIC_POOL_MEM,
			      dp ? READ_ONCE(dp->pool.bytes) : 0, RCF_A_PAD) ||
	    nla_put_u64_64bit(skb, RCF_A_FABRIC_POOL_PEAK,
			      dp ? READ_ONCE(dp->pool.peak) : 0, RCF_A_PAD) ||
	    nla_put_u64_64bit(skb, RCF_A_FABRIC_POOL_BUDGET,
			      dp ? READ_ONCE(dp->pool.budget) : 0, RCF_A_PAD) ||
	    nla_put_u64_64bit(skb, RCF_A_FABRIC_POOL_REFUSED,
			      dp ? READ_ONCE(dp->pool.refused) : 0, RCF_A_PAD))
		return -EMSGSIZE;
	return 0;
}

/* The engine's model settings; a namespace without a fabric has zeros. */
static int rcf_fill_model(struct sk_buff *skb, struct rcf_dp *dp)
{
	struct rcf_dp_model m = {};

	if (dp)
		rcf_dp_model_get(&dp->model, &m);
	if (nla_put_u8(skb, RCF_A_FABRIC_CQ_OFF, m.cfg.cq_off) ||
	    nla_put_u8(skb, RCF_A_FABRIC_SELECT, m.cfg.select) ||
	    nla_put_u8(skb, RCF_A_FABRIC_ROUTING,
		       m.dest ? RCF_ROUTING_RELATION : RCF_ROUTING_SOURCE) ||
	    nla_put_u32(skb, RCF_A_FABRIC_ROUTE_DELAY, m.cfg.route_delay) ||
	    nla_put_u8(skb, RCF_A_FABRIC_ALLOC, m.cfg.alloc) ||
	    nla_put_u8(skb, RCF_A_FABRIC_RAW, m.raw))
		return -EMSGSIZE;
	return 0;
}

static u32 rcf_count_rels(struct rcf_fabric *f)
{
	struct rcf_switch *s;
	u32 id, n = 0;

	if (!f)
		return 0;
	for (id = 0; (s = rcf_switch_next(f, id)); id = s->id + 1)
		n += !!rcf_rel_get(f, s->id);
	return n;
}

int rcf_fill_fabric(struct sk_buff *skb, struct rcf_fabric *f)
{
	u32 cq = f ? f->cq_size : RCF_CQ_DEF_SIZE;
	struct rcf_dp *dp = f ? ((struct rcf_net *)f->priv)->dp : NULL;

	if (nla_put_u64_64bit(skb, RCF_A_FABRIC_CLOCK_HZ,
			      dp ? READ_ONCE(dp->clock_hz) : 0, RCF_A_PAD) ||
	    nla_put_u8(skb, RCF_A_FABRIC_ROUTE_POLICY,
		       dp ? READ_ONCE(dp->policy) : RCF_RPOL_ROUND_ROBIN) ||
	    nla_put_u8(skb, RCF_A_FABRIC_ENGINE_EXACT,
		       dp ? READ_ONCE(dp->exact) : rcf_dp_exact_default()))
		return -EMSGSIZE;
	if (rcf_fill_model(skb, dp) ||
	    nla_put_u32(skb, RCF_A_FABRIC_RELATIONS, rcf_count_rels(f)))
		return -EMSGSIZE;
	if (nla_put_u64_64bit(skb, RCF_A_FABRIC_EPOCH, f ? f->epoch : 0,
			      RCF_A_PAD) ||
	    nla_put_u32(skb, RCF_A_FABRIC_NODES, f ? f->n_nodes : 0) ||
	    nla_put_u32(skb, RCF_A_FABRIC_SWITCHES, f ? f->n_switches : 0) ||
	    nla_put_u32(skb, RCF_A_FABRIC_LINKS, f ? f->n_links : 0) ||
	    nla_put_u32(skb, RCF_A_FABRIC_CIRCUITS, f ? f->n_circuits : 0) ||
	    nla_put_u32(skb, RCF_A_FABRIC_ROUTES, f ? f->n_routes : 0) ||
	    nla_put_u64_64bit(skb, RCF_A_FABRIC_MEM, f ? f->mem : 0,
			      RCF_A_PAD) ||
	    nla_put_u64_64bit(skb, RCF_A_FABRIC_MEM_LIMIT,
			      f ? f->mem_limit : rcf_fabric_mem_default(),
			      RCF_A_PAD) ||
	    nla_put_u8(skb, RCF_A_FABRIC_MEM_LIMIT_OWN, f && f->mem_own) ||
	    nla_put_u32(skb, RCF_A_FABRIC_CQ_SIZE, cq) ||
	    nla_put_u32(skb, RCF_A_FABRIC_MSG_THRESHOLD,
			dp ? READ_ONCE(dp->msg_threshold) : 0) ||
	    nla_put_u32(skb, RCF_A_FABRIC_PATHS, f ? f->n_paths : 0) ||
	    nla_put_u32(skb, RCF_A_FABRIC_PATH_TIMEOUT_MS,
			dp ? READ_ONCE(dp->path_timeout_ms) : 0))
		return -EMSGSIZE;
	return rcf_fill_pool(skb, dp);
}

static int rcf_fill_addrs(struct sk_buff *skb, const struct rcf_node *n)
{
	struct nlattr *nest = nla_nest_start(skb, RCF_A_NODE_ADDRS);
	u32 i;

	if (!nest)
		return -EMSGSIZE;
	for (i = 0; i < n->naddr; i++) {
		const struct rcf_addr *a = &n->addrs[i];

		if (nla_put(skb, a->v6 ? RCF_ADDR_IN6 : RCF_ADDR_IN,
			    a->v6 ? 16 : 4, a->a)) {
			nla_nest_cancel(skb, nest);
			return -EMSGSIZE;
		}
	}
	nla_nest_end(skb, nest);
	return 0;
}

int rcf_fill_node(struct sk_buff *skb, const struct rcf_node *n)
{
	u32 ifindex = n->ifindex;
	char name[IFNAMSIZ];

	/* The device may have moved to another namespace since. */
	if (n->dev)
		ifindex = READ_ONCE(((struct net_device *)n->dev)->ifindex);
	if (n->dev)
		memcpy(name, ((struct net_device *)n->dev)->name, IFNAMSIZ);
	else if (n->ifname[0])
		strscpy(name, n->ifname, sizeof(name));
	else
		snprintf(name, sizeof(name), "rcf%u", n->id);
	name[IFNAMSIZ - 1] = 0;
	if (nla_put_u32(skb, RCF_A_NODE_ID, n->id) ||
	    nla_put_u32(skb, RCF_A_NODE_PORTS, n->ports) ||
	    nla_put_u32(skb, RCF_A_NODE_IFINDEX, ifindex) ||
	    nla_put_string(skb, RCF_A_NODE_IFNAME, name) ||
	    rcf_fill_addrs(skb, n))
		return -EMSGSIZE;
	return 0;
}

int rcf_fill_switch(struct sk_buff *skb, const struct rcf_switch *s)
{
	if (nla_put_u32(skb, RCF_A_SWITCH_ID, s->id) ||
	    nla_put_u32(skb, RCF_A_SWITCH_PORTS, s->ports) ||
	    nla_put_u32(skb, RCF_A_SWITCH_CQ_SIZE, s->cq_size))
		return -EMSGSIZE;
	return 0;
}

static int rcf_fill_end(struct sk_buff *skb, int type, const struct rcf_end *e)
{
	struct nlattr *nest = nla_nest_start(skb, type);

	if (!nest)
		return -EMSGSIZE;
	if (nla_put_u8(skb, RCF_END_KIND, e->kind) ||
	    nla_put_u32(skb, RCF_END_ID, e->id) ||
	    nla_put_u32(skb, RCF_END_PORT, e->port)) {
		nla_nest_cancel(skb, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(skb, nest);
	return 0;
}

int rcf_fill_link(struct sk_buff *skb, const struct rcf_link *l)
{
	if (nla_put_u32(skb, RCF_A_LINK_ID, l->id) ||
	    rcf_fill_end(skb, RCF_A_LINK_END_A, &l->a) ||
	    rcf_fill_end(skb, RCF_A_LINK_END_B, &l->b) ||
	    nla_put_u32(skb, RCF_A_LINK_BANDWIDTH, l->bandwidth) ||
	    nla_put_u32(skb, RCF_A_LINK_LATENCY, l->latency) ||
	    nla_put_u32(skb, RCF_A_LINK_VCS, l->vcs) ||
	    nla_put_u32(skb, RCF_A_LINK_BUF_SIZE, l->buf_size) ||
	    nla_put_u8(skb, RCF_A_LINK_STATE, l->state) ||
	    nla_put_u32(skb, RCF_A_LINK_USERS, l->users))
		return -EMSGSIZE;
	return 0;
}

int rcf_fill_circuit(struct sk_buff *skb, const struct rcf_circuit *c)
{
	if (nla_put_u32(skb, RCF_A_CIRCUIT_SWITCH, c->sw) ||
	    nla_put_u32(skb, RCF_A_CIRCUIT_IN_PORT, c->in_port) ||
	    nla_put_u32(skb, RCF_A_CIRCUIT_OUT_PORT, c->out_port) ||
	    nla_put_u32(skb, RCF_A_CIRCUIT_USERS, c->users) ||
	    (c->path && nla_put_u32(skb, RCF_A_CIRCUIT_PATH, c->path - 1)))
		return -EMSGSIZE;
	return 0;
}

int rcf_fill_route(struct sk_buff *skb, const struct rcf_route *r)
{
	if (nla_put_u32(skb, RCF_A_ROUTE_SRC, r->src) ||
	    nla_put_u32(skb, RCF_A_ROUTE_DST, r->dst) ||
	    nla_put_u8(skb, RCF_A_ROUTE_INDEX, r->index) ||
	    nla_put(skb, RCF_A_ROUTE_HOPS, r->nhops, r->hops))
		return -EMSGSIZE;
	return 0;
}

/*
 * A path as the model has it and, with pi, as the data path sees it: its
 * state then says RETURNED once the mastership is back, and the counts
 * come with it.  Events and echoes carry the model's part only.
 */
int rcf_fill_path(struct sk_buff *skb, const struct rcf_path *p,
		  const struct rcf_dp_path_info *pi)
{
	if (nla_put_u32(skb, RCF_A_PATH_ID, p->id) ||
	    nla_put_u32(skb, RCF_A_PATH_MASTER, p->master) ||
	    nla_put_u32(skb, RCF_A_PATH_DST, p->dst) ||
	    nla_put(skb, RCF_A_PATH_HOPS, p->nhops, p->hops) ||
	    nla_put_u8(skb, RCF_A_PATH_STATE, pi ? pi->ap.state : p->state) ||
	    nla_put_u32(skb, RCF_A_PATH_CIRCUITS, p->ncircuits))
		return -EMSGSIZE;
	if (!pi)
		return 0;
	if (nla_put_u64_64bit(skb, RCF_A_PATH_MSGS, pi->ap.msgs, RCF_A_PAD) ||
	    nla_put_u64_64bit(skb, RCF_A_PATH_BYTES, pi->ap.bytes,
			      RCF_A_PAD) ||
	    nla_put_u32(skb, RCF_A_PATH_INFLIGHT, pi->ap.inflight) ||
	    nla_put_u64_64bit(skb, RCF_A_PATH_WAIT_NS, pi->wait_ns, RCF_A_PAD))
		return -EMSGSIZE;
	return 0;
}

/* The attributes of an event or an echo, by the command it carries. */
int rcf_fill_event(struct sk_buff *skb, struct rcf_fabric *f,
		   const struct rcf_event *ev)
{
	switch (ev->cmd) {
	case RCF_CMD_FABRIC_NEW:
	case RCF_CMD_FABRIC_SET:
		return rcf_fill_fabric(skb, f);
	case RCF_CMD_FABRIC_DEL:
		return 0;
	case RCF_CMD_NODE_NEW:
	case RCF_CMD_NODE_SET: {
		struct rcf_node n = ev->u.node;
		struct rcf_node *live = f ? rcf_node_get(f, n.id) : NULL;

		/* The netdev is made at commit, after the event was queued. */
		if (live) {
			n.dev = live->dev;
			n.ifindex = live->ifindex;
		}
		return rcf_fill_node(skb, &n);
	}
	case RCF_CMD_NODE_DEL: {
		struct rcf_node n = ev->u.node;

		n.dev = NULL;
		return rcf_fill_node(skb, &n);
	}
	case RCF_CMD_SWITCH_NEW:
	case RCF_CMD_SWITCH_DEL:
	case RCF_CMD_SWITCH_SET:
		return rcf_fill_switch(skb, &ev->u.sw);
	case RCF_CMD_LINK_NEW:
	case RCF_CMD_LINK_DEL:
	case RCF_CMD_LINK_SET:
		return rcf_fill_link(skb, &ev->u.link);
	case RCF_CMD_CIRCUIT_NEW:
	case RCF_CMD_CIRCUIT_DEL:
	case RCF_CMD_CIRCUIT_SET:
		return rcf_fill_circuit(skb, &ev->u.circ);
	case RCF_CMD_ROUTE_DEL:
		if (ev->all_routes) {
			if (nla_put_u32(skb, RCF_A_ROUTE_SRC, ev->u.route.src) ||
			    nla_put_u32(skb, RCF_A_ROUTE_DST, ev->u.route.dst))
				return -EMSGSIZE;
			return 0;
		}
		return rcf_fill_route(skb, &ev->u.route);
	case RCF_CMD_ROUTE_NEW:
	case RCF_CMD_ROUTE_SET:
		return rcf_fill_route(skb, &ev->u.route);
	case RCF_CMD_PATH_NEW:
	case RCF_CMD_PATH_DEL:
	case RCF_CMD_PATH_SET:
		return rcf_fill_path(skb, &ev->u.path, NULL);
	case RCF_CMD_REL_SET:
	case RCF_CMD_REL_DEL:
		return nla_put_u32(skb, RCF_A_REL_SWITCH, ev->u.rel_sw);
	}
	return -EINVAL;
}

static int rcf_fill_rel_ent(struct sk_buff *skb, const struct rcf_rel *r,
			    u32 i)
{
	u32 k, l = rcf_rel_list(r, i);
	struct nlattr *ent, *cand;

	ent = nla_nest_start(skb, RCF_A_REL_ENTRY);
	if (!ent || nla_put_u32(skb, RCF_RENT_DST, r->dst[i]))
		return -EMSGSIZE;
	for (k = r->lstart[l]; k < r->lstart[l + 1]; k++) {
		u16 c = r->cand[k];
		u8 hop = RCF_REL_HOP(c);

		cand = nla_nest_start(skb, RCF_RENT_CAND);
		if (!cand ||
		    nla_put_u8(skb, RCF_RCAND_PORT, RCF_HOP_PORT(hop)) ||
		    nla_put_u8(skb, RCF_RCAND_VC, RCF_HOP_VC(hop)) ||
		    (RCF_REL_CLS(c) == RCF_REL_ESCAPE &&
		     nla_put_flag(skb, RCF_RCAND_ESCAPE)) ||
		    (r->in && r->in[k] &&
		     nla_put_u32(skb, RCF_RCAND_IN, r->in[k])) ||
		    (RCF_REL_VIN(c) &&
		     nla_put_u8(skb, RCF_RCAND_VIN, RCF_REL_VIN(c))) ||
		    (RCF_REL_KEEP(c) && nla_put_flag(skb, RCF_RCAND_KEEP)))
			return -EMSGSIZE;
		nla_nest_end(skb, cand);
	}
	nla_nest_end(skb, ent);
	return 0;
}

int rcf_fill_rel(struct sk_buff *skb, const struct rcf_rel *r, u32 *from)
{
	u32 i = *from;

	if (nla_put_u32(skb, RCF_A_REL_SWITCH, r->sw))
		return -EMSGSIZE;
	for (; i < r->ndst; i++) {
		void *mark = skb_tail_pointer(skb);

		if (rcf_fill_rel_ent(skb, r, i)) {
			nlmsg_trim(skb, mark);
			break;
		}
	}
	if (i == *from && i < r->ndst)
		return -EMSGSIZE;
	*from = i;
	return 0;
}
