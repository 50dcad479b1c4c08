/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fabric object model: nodes, switches, links, circuits and routes of
 * one fabric, with every validation rule of uapi/linux/rcf.h and
 * all-or-nothing transactions.  The caller serialises all calls on one
 * fabric (the module holds the fabric mutex).
 */
#ifndef _RCF_CORE_MODEL_H
#define _RCF_CORE_MODEL_H

#include "os.h"
#include "values.h"
#include <linux/rcf.h>

#define RCF_NONE	0xffffffffu	/* no link on a port */
#define RCF_NO_CIRCUIT	0xff		/* no circuit on a switch input */

/*
 * A refusal: errno, a static message and the uapi attribute at fault
 * (0 when none), so the module can turn it into an extended ack.
 */
struct rcf_err {
	int err;
	const char *msg;
	u32 attr;
};

struct rcf_node {
	u32 id;
	u32 ports;
	u32 nlinks;
	u32 route_refs;	/* routes with this node as source or destination */
	u32 path_refs;	/* paths with this node as master or destination */
	u32 port_link[RCF_NODE_MAX_PORTS];
	char ifname[RCF_IFNAMSIZ];	/* empty: "rcf<id>" */
	u32 ifindex;
	void *dev;	/* owned by the attach/detach hooks */
	u32 naddr;
	struct rcf_addr addrs[RCF_NODE_MAX_ADDRS];
};

struct rcf_switch {
	u32 id;
	u32 ports;
	u32 cq_size;
	u32 nlinks;
	u32 ncircuits;
	u32 out_busy;	/* outputs taken by a circuit, one bit each */
	u32 port_link[RCF_SWITCH_MAX_PORTS];
	u32 circ_users[RCF_SWITCH_MAX_PORTS];
	/* routes that read a route byte at each input */
	u32 in_users[RCF_SWITCH_MAX_PORTS];
	/* the path whose circuit is on each input, + 1; 0: none */
	u32 circ_path[RCF_SWITCH_MAX_PORTS];
	u8 circ_out[RCF_SWITCH_MAX_PORTS];
};

struct rcf_link {
	u32 id;
	struct rcf_end a, b;
	u32 bandwidth;
	u32 latency;
	u32 vcs;
	u32 buf_size;
	u32 users;	/* route crossings */
	u32 paths;	/* paths crossing it */
	u8 state;
};

struct rcf_circuit {
	u32 sw;
	u32 in_port;
	u32 out_port;
	u32 users;
	u32 path;	/* owning path id + 1; 0: a plain circuit */
};

struct rcf_route {
	u32 src;
	u32 dst;
	u8 index;
	u8 nhops;
	u8 hops[RCF_ROUTE_MAX_HOPS];
};

/*
 * A circuit-switched data path (Wijnen §II): hops[0] is the master's
 * output port and the VC used on every link, then one output port per
 * switch crossed, where the path owns a circuit.  state is HELD, RECALL
 * or BROKEN; RETURNED is known to the data path only (it depends on the
 * master's messages still under way), so deleting takes its word.
 */
struct rcf_path {
	u32 id;
	u32 master;
	u32 dst;
	u32 ncircuits;
	u8 state;
	u8 nhops;
	u8 hops[RCF_ROUTE_MAX_HOPS];
};

/* A growable array of object pointers indexed by key. */
struct rcf_vec {
	void **v;
	u32 *jgen;	/* transaction that last journaled each key */
	u32 cap;
	u32 max;	/* keys are 0 .. max - 1 */
	u32 hint;	/* no free key below this one */
};

/*
 * The nodes' addresses by hash (addrs.c): each slot the node id times
 * RCF_NODE_MAX_ADDRS plus which of its addresses, or RCF_NONE.
 */
struct rcf_addr_index {
	u32 *slot;
	u32 cap;	/* a power of two, or 0 */
	u32 n;		/* slots in use */
	bool stale;	/* an abort changed the nodes: fill it again */
};

struct rcf_jent;
struct rcf_fabric;

/* Called at commit, in process context, for nodes added and removed. */
struct rcf_hooks {
	int (*attach)(struct rcf_fabric *f, struct rcf_node *n,
		      struct rcf_err *e);
	void (*detach)(struct rcf_fabric *f, struct rcf_node *n);
};

struct rcf_fabric {
	struct rcf_vec nodes;
	struct rcf_vec switches;
	struct rcf_vec links;
	struct rcf_vec rsrc;	/* per source: struct rcf_vec of routes */
	struct rcf_vec paths;
	struct rcf_vec rels;	/* per switch: struct rcf_rel, rel.c */
	struct rcf_addr_index addrs;
	u32 n_nodes, n_switches, n_links, n_circuits, n_routes, n_paths;
	u32 cq_size;
	u64 epoch;
	u64 mem;
	u64 mem_limit;	/* rcf_zalloc refuses past it; 0: no limit */
	bool mem_own;	/* mem_limit was set for this fabric, not defaulted */
	bool mem_hit;	/* it did: the caller's ENOMEM is the limit's */
	bool mem_hit_own;	/* the limit that refused was the fabric's own */
	const struct rcf_hooks *hooks;
	void *priv;

	bool in_txn;
	u8 txn_kinds;	/* RCF_TXN_* the open transaction's changes are */
	u32 gen;
	struct rcf_jent *jr;
	u32 jn, jcap;
};

/* Configuration passed to NEW and SET; has_* say what was given. */
struct rcf_node_cfg {
	u32 id;
	bool has_id;
	u32 ports;
	bool has_ports;
	char ifname[RCF_IFNAMSIZ];
	bool has_addrs;
	u32 naddr;
	struct rcf_addr addrs[RCF_NODE_MAX_ADDRS];
};

struct rcf_switch_cfg {
	u32 id;
	bool has_id;
	u32 ports;
	bool has_ports;
	u32 cq_size;
	bool has_cq_size;
};

enum {
	RCF_LSET_BANDWIDTH = 1 << 0,
	RCF_LSET_LATENCY = 1 << 1,
	RCF_LSET_VCS = 1 << 2,
	RCF_LSET_BUF = 1 << 3,
	RCF_LSET_STATE = 1 << 4,
};

struct rcf_link_cfg {
	u32 id;
	bool has_id;
	struct rcf_end a, b;
	u32 bandwidth, latency, vcs, buf_size;
	u8 state;
	u32 set;	/* RCF_LSET_* given */
};

struct rcf_fabric *rcf_fabric_new(const struct rcf_hooks *hooks, void *priv);
/* Detaches every node and frees everything; no transaction may be open. */
void rcf_fabric_free(struct rcf_fabric *f);
int rcf_fabric_set_cq(struct rcf_fabric *f, u32 cq, struct rcf_err *e);
/*
 * The fabric's memory limit inside the open transaction; own says it was
 * asked for rather than defaulted.  ERANGE when the model already holds
 * more.
 */
int rcf_fabric_set_mem_limit(struct rcf_fabric *f, u64 limit, bool own,
			     struct rcf_err *e);
/* Removes every object inside the open transaction. */
int rcf_fabric_flush(struct rcf_fabric *f, struct rcf_err *e);

void rcf_txn_begin(struct rcf_fabric *f);
int rcf_txn_commit(struct rcf_fabric *f, struct rcf_err *e);
void rcf_txn_abort(struct rcf_fabric *f);

/*
 * What a transaction's changes are to the data path, marked by each
 * operation as it changes the model: what the engine must do follows
 * from the kinds, not from comparing objects after the fact.  Settings
 * the engine never reads (the memory limit) have no kind.
 */
enum rcf_txn_kind {
	RCF_TXN_ROUTES = 1 << 0,	/* route tables, and the counts routes hold */
	RCF_TXN_PATHS = 1 << 1,	/* paths, their circuits and counts */
	RCF_TXN_ADDRS = 1 << 2,	/* node addresses: a new address table */
	RCF_TXN_FABRIC = 1 << 3,	/* elements, links, parameters, circuits */
	RCF_TXN_RELS = 1 << 4,	/* routing relations: new relation tables */
};

/* The kinds of the open (or the last committed) transaction. */
u8 rcf_txn_kinds(const struct rcf_fabric *f);
/* The open transaction changes routes only (fabric.c explains). */
bool rcf_txn_routes_only(const struct rcf_fabric *f, u8 *srcs);
/* Marks srcs[id] for each source whose routes it changes (as above). */
void rcf_txn_route_srcs(const struct rcf_fabric *f, u8 *srcs);
/* It changes route tables, routing relations or both, nothing else. */
bool rcf_txn_tables_only(const struct rcf_fabric *f);
/* It changes paths, and the circuits they own, only. */
bool rcf_txn_paths_only(const struct rcf_fabric *f);

int rcf_node_add(struct rcf_fabric *f, struct rcf_node_cfg *c,
		 struct rcf_err *e);
int rcf_node_del(struct rcf_fabric *f, u32 id, struct rcf_err *e);
/* Replaces the addresses of node c->id when c->has_addrs. */
int rcf_node_set(struct rcf_fabric *f, const struct rcf_node_cfg *c,
		 struct rcf_err *e);
struct rcf_node *rcf_node_get(struct rcf_fabric *f, u32 id);
/* The node holding address a, or NULL. */
struct rcf_node *rcf_node_by_addr(struct rcf_fabric *f,
				  const struct rcf_addr *a);
struct rcf_node *rcf_node_next(struct rcf_fabric *f, u32 from);

int rcf_switch_add(struct rcf_fabric *f, struct rcf_switch_cfg *c,
		   struct rcf_err *e);
int rcf_switch_del(struct rcf_fabric *f, u32 id, struct rcf_err *e);
int rcf_switch_set(struct rcf_fabric *f, const struct rcf_switch_cfg *c,
		   struct rcf_err *e);
struct rcf_switch *rcf_switch_get(struct rcf_fabric *f, u32 id);
struct rcf_switch *rcf_switch_next(struct rcf_fabric *f, u32 from);

int rcf_link_add(struct rcf_fabric *f, struct rcf_link_cfg *c,
		 struct rcf_err *e);
int rcf_link_del(struct rcf_fabric *f, u32 id, struct rcf_err *e);
int rcf_link_set(struct rcf_fabric *f, const struct rcf_link_cfg *c,
		 struct rcf_err *e);
struct rcf_link *rcf_link_get(struct rcf_fabric *f, u32 id);
struct rcf_link *rcf_link_next(struct rcf_fabric *f, u32 from);

/*
 * Engine memory per event a link may have queued: the heap's entry (32
 * bytes) and the timing wheel's (16), each up to twice over as their
 * arrays double; neither shrinks, so an engine run in both modes may
 * hold both (engine_priv.h checks the sizes).
 */
#define RCF_LINK_EV_BYTES 96

/*
 * What a link's event queues may hold, counted in f->mem with the link:
 * per direction one data and one credit entry per VC and cycle of
 * latency, each for at least one byte of the VC's buffer
 * (Documentation/engine.rst, "Event queues").
 */
static inline u64 rcf_link_ev_bytes(const struct rcf_link *l)
{
	u64 per = l->latency < l->buf_size ? l->latency : l->buf_size;

	return 2 * 2 * (u64)l->vcs * per * RCF_LINK_EV_BYTES;
}

int rcf_circuit_add(struct rcf_fabric *f, const struct rcf_circuit *c,
		    struct rcf_err *e);
int rcf_circuit_del(struct rcf_fabric *f, u32 sw, u32 in_port,
		    struct rcf_err *e);
int rcf_circuit_set(struct rcf_fabric *f, const struct rcf_circuit *c,
		    struct rcf_err *e);
/* Fills *c; false when there is no such circuit. */
bool rcf_circuit_get(struct rcf_fabric *f, u32 sw, u32 in_port,
		     struct rcf_circuit *c);
/* First circuit with key (sw, in_port) or after it. */
bool rcf_circuit_next(struct rcf_fabric *f, u32 sw, u32 in_port,
		      struct rcf_circuit *c);

/* index < 0: the lowest free index is taken and stored in r->index. */
int rcf_route_add(struct rcf_fabric *f, struct rcf_route *r, int index,
		  struct rcf_err *e);
/* index < 0: every route of the pair. */
int rcf_route_del(struct rcf_fabric *f, u32 src, u32 dst, int index,
		  struct rcf_err *e);
int rcf_route_set(struct rcf_fabric *f, const struct rcf_route *r,
		  struct rcf_err *e);
struct rcf_route *rcf_route_get(struct rcf_fabric *f, u32 src, u32 dst,
				u32 index);
/* First route with key (src, dst, index) or after it. */
struct rcf_route *rcf_route_next(struct rcf_fabric *f, u32 src, u32 dst,
				 u32 index);

/*
 * Paths (path.c).  add takes the lowest free id when has_id is false and
 * stores it in p->id; the path starts HELD.  A master has one path to a
 * destination at most.  del refuses a path whose mastership has not come
 * back (HELD, RECALL) unless returned says the data path has it back; a
 * BROKEN path always goes.  set takes HELD or RECALL.  A link going down
 * breaks the paths crossing it (link.c).
 */
int rcf_path_add(struct rcf_fabric *f, struct rcf_path *p, bool has_id,
		 struct rcf_err *e);
int rcf_path_del(struct rcf_fabric *f, u32 id, bool returned,
		 struct rcf_err *e);
int rcf_path_set(struct rcf_fabric *f, u32 id, u8 state, struct rcf_err *e);
struct rcf_path *rcf_path_get(struct rcf_fabric *f, u32 id);
struct rcf_path *rcf_path_next(struct rcf_fabric *f, u32 from);
/* Marks BROKEN every path crossing link lid. */
int rcf_path_break_link(struct rcf_fabric *f, u32 lid, struct rcf_err *e);
/* Whether path p crosses link lid. */
bool rcf_path_crosses(struct rcf_fabric *f, const struct rcf_path *p, u32 lid);

/*
 * Routing relations (rel.c, Documentation/adaptive.rst): what a switch
 * does with a destination-routed packet.  For each destination node an
 * ordered list of candidate outputs, each a route byte (port, VC) and a
 * class: RCF_REL_ADAPTIVE candidates are taken when free, the
 * RCF_REL_ESCAPE one is waited for when none is.  set replaces the
 * switch's whole relation (n entries, one per destination, destinations
 * distinct); del removes it.  Entries are checked against the switch's
 * ports and links when set; the engine checks them again as it reads
 * them (a relation holds no count on its links).  A candidate's input
 * mask names the input ports (the node's included) a packet may take it
 * from, for turn models, which depend on the channel a packet came in
 * by; 0 means every port.  Its input VC mask names the VCs a packet may
 * have come in on to take it (0: every VC), and keep sends the packet
 * on the VC it came in on rather than the hop's (which is then 0): a VC
 * class that depends on the packet's history, as a dateline crossed
 * once does, which neither the destination nor the input port says.
 */
#define RCF_REL_MAX_CAND	RCF_REL_MAX_CANDS	/* the ABI's */
/*
 * A switch holds at most one list per destination, so as many distinct
 * lists as there are nodes; a list's start is a u16, which 8 candidates
 * for each of them must fit.
 */
#define RCF_REL_MAX_LISTS	RCF_MAX_NODES
/* up to this many lists a byte indexes them (0xff: none, in the engine) */
#define RCF_REL_NARROW_LISTS	255
#if RCF_REL_MAX_LISTS * RCF_REL_MAX_CAND > 0xffff
#error "a relation's candidates do not fit a u16 list start"
#endif

enum {
	RCF_REL_ADAPTIVE = 0,
	RCF_REL_ESCAPE = 1,
};

struct rcf_rel_cand {
	u8 hop;		/* RCF_HOP(port, vc) */
	u8 cls;		/* RCF_REL_ADAPTIVE or RCF_REL_ESCAPE */
	u32 in;		/* input ports, bit p for port p; 0: every port */
	u8 vin;		/* input VCs, bit v for VC v; 0: every VC */
	u8 keep;	/* out on the input VC; hop's VC is 0 */
};

struct rcf_rel_ent {
	u32 dst;
	u8 n;
	struct rcf_rel_cand c[RCF_REL_MAX_CAND];
};

/*
 * Compact: destinations that share a candidate list share its storage,
 * so a switch of a grid holds a handful of lists and one byte per
 * destination; a switch with more than RCF_REL_NARROW_LISTS lists (a
 * turn model or D-A on a large PRDT) takes two bytes per destination
 * instead (wlist), so the grids' tables do not grow for it.  The arrays
 * follow the struct in its allocation; a relation is replaced whole,
 * never changed in place.
 */
struct rcf_rel {
	u32 sw;
	u32 ndst;	/* destinations, ascending in dst[] */
	u32 nlists;
	u32 ncand;
	u16 *dst;
	u8 *list;	/* per destination: its list; NULL when wlist */
	u16 *wlist;	/* the same, past RCF_REL_NARROW_LISTS lists */
	u16 *lstart;	/* list k: cand[lstart[k] .. lstart[k + 1]) */
	u16 *cand;	/* hop | class << 8 */
	u32 *in;	/* per candidate: input mask; NULL: none has one */
};

/*
 * A candidate in 16 bits: the hop, the class in bit 8, keep in bit 9
 * and the input VC mask in bits 12 to 15.
 */
#define RCF_REL_CAND(hop, cls, keep, vin) \
	((u16)((hop) | (cls) << 8 | (keep) << 9 | (vin) << 12))
#define RCF_REL_HOP(c)		((u8)(c))
#define RCF_REL_CLS(c)		((u8)((c) >> 8 & 1))
#define RCF_REL_KEEP(c)		((c) >> 9 & 1)
#define RCF_REL_VIN(c)		((u8)((c) >> 12))
/* Whether input VC mask m lets a packet in on VC v take its candidate. */
#define RCF_REL_VIN_OK(m, v)	(!(m) || ((m) >> (v) & 1))
/* Whether input mask m lets a packet in by port p take its candidate. */
#define RCF_REL_IN_OK(m, p)	(!(m) || ((m) >> (p) & 1))

/* The list of r's i-th destination, whichever width indexes it. */
static inline u32 rcf_rel_list(const struct rcf_rel *r, u32 i)
{
	return r->wlist ? r->wlist[i] : r->list[i];
}

int rcf_rel_set(struct rcf_fabric *f, u32 sw, const struct rcf_rel_ent *ents,
		u32 n, struct rcf_err *e);
int rcf_rel_del(struct rcf_fabric *f, u32 sw, struct rcf_err *e);
/*
 * What rcf_rel_set checks of one entry of switch sw, for a caller that
 * names the entry at fault (rcf.ko's extended ack).
 */
int rcf_rel_check_ent(struct rcf_fabric *f, u32 sw,
		      const struct rcf_rel_ent *ent, struct rcf_err *e);
const struct rcf_rel *rcf_rel_get(const struct rcf_fabric *f, u32 sw);
/* Bytes the relation takes in the model. */
size_t rcf_rel_bytes(const struct rcf_rel *r);

/* Internal to kmod/core. */
void *rcf_zalloc(struct rcf_fabric *f, size_t n);
void rcf_free(struct rcf_fabric *f, void *p);
void *rcf_dup(struct rcf_fabric *f, const void *p, size_t n);

enum rcf_jkind {
	RCF_J_NODE,
	RCF_J_SWITCH,
	RCF_J_LINK,
	RCF_J_ROUTE,	/* vec is the source's route table */
	RCF_J_RTAB,	/* a source's route table was created */
	RCF_J_GROW,	/* vec grew from old_cap */
	RCF_J_CQ,	/* fabric default central queue was old_cap */
	RCF_J_PATH,
	RCF_J_MEM,	/* memory limit was old_limit, own old_cap */
	RCF_J_REL,	/* a switch's routing relation */
	RCF_J_ADDRS,	/* the address index's table was old, of old_cap */
};

/* The operation under way changes the model in the way kind says. */
static inline void rcf_txn_mark(struct rcf_fabric *f, enum rcf_txn_kind kind)
{
	f->txn_kinds |= kind;
}

int rcf_vec_reserve(struct rcf_fabric *f, struct rcf_vec *vec, u32 key);
/* Live object for in-place change, its original saved; NULL on ENOMEM. */
void *rcf_touch(struct rcf_fabric *f, enum rcf_jkind kind,
		struct rcf_vec *vec, u32 key, size_t size);
int rcf_put(struct rcf_fabric *f, enum rcf_jkind kind, struct rcf_vec *vec,
	    u32 key, void *obj);
int rcf_remove(struct rcf_fabric *f, enum rcf_jkind kind,
	       struct rcf_vec *vec, u32 key);
void *rcf_vec_get(const struct rcf_vec *vec, u32 key);
/* Journals a table the open transaction replaced (kind RCF_J_ADDRS). */
int rcf_journal_table(struct rcf_fabric *f, enum rcf_jkind kind, void *old,
		      u32 old_cap);
/*
 * The address index (addrs.c): room for more addresses before a change
 * that cannot fail half way; a node's addresses in and out; the table
 * abort puts back.
 */
int rcf_addrs_reserve(struct rcf_fabric *f, u32 more);
void rcf_addrs_add(struct rcf_fabric *f, const struct rcf_node *n);
void rcf_addrs_del(struct rcf_fabric *f, const struct rcf_node *n);
void rcf_addrs_abort(struct rcf_fabric *f, void *old, u32 old_cap);

static inline bool rcf_addr_eq(const struct rcf_addr *x,
			       const struct rcf_addr *y)
{
	return x->v6 == y->v6 && !memcmp(x->a, y->a, x->v6 ? 16 : 4);
}

/* Lowest free key, for NEW requests that leave the id out. */
int rcf_vec_free_key(struct rcf_vec *vec, u32 *key);
/* A source's route table, made on demand when create is set. */
struct rcf_vec *rcf_rtab(struct rcf_fabric *f, u32 src, bool create);
u32 rcf_end_link(struct rcf_fabric *f, const struct rcf_end *end);
/* at, one end of link lid, becomes its other end. */
void rcf_link_cross(struct rcf_fabric *f, u32 lid, struct rcf_end *at);
/*
 * One more (delta 1) or one fewer (-1) route or path (path set) counted
 * on link lid, or at its end nodes a and b; routes and paths hold what
 * they cross with these counts (route.c, path.c).
 */
int rcf_link_count(struct rcf_fabric *f, u32 lid, bool path, int delta,
		   struct rcf_err *e);
int rcf_node_refs(struct rcf_fabric *f, u32 a, u32 b, bool path, int delta,
		  struct rcf_err *e);

static inline int rcf_fail(struct rcf_err *e, int err, const char *msg,
			   u32 attr)
{
	if (e) {
		e->err = err;
		e->msg = msg;
		e->attr = attr;
	}
	return -err;
}

static inline int rcf_nomem(struct rcf_err *e)
{
	return rcf_fail(e, ENOMEM, "out of memory", 0);
}

#endif /* _RCF_CORE_MODEL_H */
