// SPDX-License-Identifier: GPL-2.0
/*
 * The switch controllers' host: rcf.ko is the processors' data side.
 * The kernel's path request becomes the processor's wish (swc_ext_want);
 * a mastership the processor takes at its poll becomes a kernel path
 * made HELD (PATH_NEW), a recall it hears becomes PATH_SET recall, the
 * kernel's "mastership returned" is what lets it pass the mastership
 * back, and the master switch breaking its part deletes the kernel path
 * (PATH_DEL), which the kernel allows only then (§II A rules 2 and 3).
 * A request the controllers give up on is failed in the kernel, whose
 * waiting messages are then dropped and counted.
 *
 * No netlink here: the kernel is a table of calls (struct rcfd_pkernel)
 * so that tests can run the same host against a fake one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "topo/topo.h"
#include "rcfd.h"
#include "util/grow.h"

/*
 * Ticks without progress after which a busy model is waiting for the
 * kernel (or deadlocked, §I B): a full polling round and a retry pause.
 */
#define STALL_TICKS (4 * SWC_NPORT)

static void orphan(struct rcfd_phost *h, uint32_t kid, uint8_t state);

static struct rcfd_kpath *kp_by_path(struct rcfd_phost *h, uint32_t path)
{
	for (size_t g = 0; g < SWC_MAX_SW * SWC_MAX_PROC; g++)
		if (h->kp[g].kid != RCFD_NO_ID && h->kp[g].path == path)
			return &h->kp[g];
	return NULL;
}

static struct rcfd_kpath *kp_by_kid(struct rcfd_phost *h, uint32_t kid)
{
	for (size_t g = 0; g < SWC_MAX_SW * SWC_MAX_PROC; g++)
		if (h->kp[g].kid == kid)
			return &h->kp[g];
	return NULL;
}

static int to_errno(struct rcfd_phost *h, int err)
{
	switch (err) {
	case SWC_E_NOROUTE:
		return EHOSTUNREACH;
	case SWC_E_LINE:
		return ENETDOWN;
	case SWC_E_BUSY:
		return EBUSY;
	case SWC_E_HOST:
		return h->last_new_err ? h->last_new_err : EIO;
	}
	return EIO;
}

static const char *swc_err_name(int err)
{
	static const char *const names[] = {
		[SWC_OK] = "ok",
		[SWC_E_NOROUTE] = "no route between the switches",
		[SWC_E_LINE] = "a line of the set-up failed",
		[SWC_E_BUSY] = "the controller has too many set-ups",
		[SWC_E_HOST] = "the kernel refused the path",
	};

	return err >= 0 && err <= SWC_E_HOST ? names[err] : "?";
}

static uint64_t hook_now(void *arg)
{
	struct rcfd_phost *h = arg;

	return h->k->now_us ? h->k->now_us(h->k->arg) : 0;
}

static int hook_grant(void *arg, uint32_t path, int master, int dst,
		      const struct swc_hop *hop, int nhop)
{
	struct rcfd_phost *h = arg;
	struct rcfd_kpath *kp = &h->kp[master];
	uint8_t hops[SWC_MAX_SW + 1];
	unsigned int nh = rcfd_pmap_hops(&h->map, hop, nhop, hops);
	uint32_t kid = RCFD_NO_ID;
	int rc;

	rc = h->k->path_new(h->k->arg, h->map.node[master], h->map.node[dst],
			    hops, nh, &kid);
	if (rc) {
		h->st.setup_errors++;
		h->last_new_err = -rc;
		rcfd_log(RCFD_WARN,
			 "paths: the kernel refused the path from node %u to "
			 "node %u over %d switches: %s",
			 h->map.node[master], h->map.node[dst], nhop,
			 strerror(-rc));
		return rc;
	}
	if (kp->kid != RCFD_NO_ID) /* cannot happen: hand it back */
		orphan(h, kp->kid, RCF_PATH_HELD);
	memset(kp, 0, sizeof(*kp));
	kp->kid = kid;
	kp->path = path;
	kp->dst = h->map.node[dst];
	h->st.setups++;
	if (rcfd_log_level() >= RCFD_DEBUG) {
		char sws[SWC_MAX_SW * 12] = "";
		size_t at = 0;

		for (int i = 0; i < nhop && at < sizeof(sws); i++)
			at += (size_t)snprintf(sws + at, sizeof(sws) - at,
					       "%s%u", i ? " " : "",
					       h->map.sw_id[hop[i].sw]);
		rcfd_log(RCFD_DEBUG,
			 "paths: set up path %u (controllers' %x) from node "
			 "%u to node %u across switch%s %s",
			 kid, path, h->map.node[master], kp->dst,
			 nhop > 1 ? "es" : "", sws);
	}
	return 0;
}

static void hook_recall(void *arg, uint32_t path)
{
	struct rcfd_phost *h = arg;
	struct rcfd_kpath *kp = kp_by_path(h, path);
	int rc;

	if (!kp)
		return;
	h->st.recalls++;
	kp->recalled = 1;
	rc = h->k->path_recall(h->k->arg, kp->kid);
	if (!rc)
		return;
	/*
	 * Gone or broken in the kernel: nothing will come back, so the
	 * master switch breaks its part as for a failed line.
	 */
	h->st.recall_errors++;
	rcfd_log(RCFD_WARN, "paths: recalling path %u: %s", kp->kid,
		 strerror(-rc));
	kp->broken = 1;
	swc_ext_broken(h->net, path);
}

static void del_kernel(struct rcfd_phost *h, uint32_t kid, const char *why)
{
	int rc = h->k->path_del(h->k->arg, kid);

	if (!rc || rc == -ENOENT)
		return;
	h->st.del_errors++;
	rcfd_log(RCFD_ERR, "paths: deleting path %u (%s): %s", kid, why,
		 strerror(-rc));
	if (rc != -EBUSY || kid >= RCF_MAX_PATHS)
		return;
	/*
	 * Its mastership is not back after all: ask for it and delete the
	 * path when it comes, rather than leave its circuits behind.
	 */
	h->orphan[kid] = 1;
	if (h->k->path_recall(h->k->arg, kid) == -ENOENT)
		h->orphan[kid] = 0;
}

static void hook_teardown(void *arg, uint32_t path, int broken)
{
	struct rcfd_phost *h = arg;
	struct rcfd_kpath *kp = kp_by_path(h, path);

	if (!kp)
		return;
	if (broken)
		h->st.broken++;
	else
		h->st.breaks++;
	rcfd_log(RCFD_DEBUG, "paths: %s path %u from node %u to node %u",
		 broken ? "a line failed under" : "broke", kp->kid,
		 h->map.node[kp - h->kp], kp->dst);
	del_kernel(h, kp->kid, broken ? "broken" : "mastership back");
	kp->kid = RCFD_NO_ID;
}

static int hook_failed(void *arg, int master, int dst, int err)
{
	struct rcfd_phost *h = arg;
	int e = to_errno(h, err);
	int rc;

	/*
	 * A controller out of set-up slots, or no route or a line failing
	 * under the set-up while the sinktrees are still being exchanged,
	 * says nothing yet: ask again (the kernel's request timeout bounds
	 * it).  Once the sinktrees agree, no route or a failed line does.
	 */
	if (err == SWC_E_BUSY ||
	    ((err == SWC_E_NOROUTE || err == SWC_E_LINE) &&
	     (!h->converged || h->net->route_gen != h->checked_gen))) {
		h->st.retries++;
		return 1;
	}
	h->st.failures[err >= 0 && err <= SWC_E_HOST ? err : 0]++;
	rcfd_log(RCFD_INFO,
		 "paths: request of node %u for a path to node %u failed: "
		 "%s",
		 h->map.node[master], h->map.node[dst], swc_err_name(err));
	rc = h->k->request_fail(h->k->arg, h->map.node[master],
				h->map.node[dst], (uint32_t)e);
	if (rc && rc != -ENOENT)
		rcfd_log(RCFD_WARN,
			 "paths: failing the request of node %u for node %u: "
			 "%s",
			 h->map.node[master], h->map.node[dst], strerror(-rc));
	return 0;
}

/* an empty model: no switch, no processor, no line */
static void model_reset(struct rcfd_phost *h)
{
	swc_init(h->net, h->erl, h->seed);
	h->net->host = &h->hooks;
	memset(&h->map, 0xff, sizeof(h->map));
}

int rcfd_phost_init(struct rcfd_phost *h, const struct rcfd_pkernel *k, int erl,
		    uint32_t seed)
{
	memset(h, 0, sizeof(*h));
	h->net = malloc(sizeof(*h->net));
	h->orphan = calloc(RCF_MAX_PATHS, 1);
	if (!h->net || !h->orphan) {
		rcfd_phost_free(h);
		return -1;
	}
	h->k = k;
	h->erl = erl;
	h->seed = seed;
	h->hooks = (struct swc_host){
		.arg = h,
		.now_us = hook_now,
		.grant = hook_grant,
		.recall = hook_recall,
		.teardown = hook_teardown,
		.failed = hook_failed,
	};
	for (size_t g = 0; g < SWC_MAX_SW * SWC_MAX_PROC; g++)
		h->kp[g].kid = RCFD_NO_ID;
	model_reset(h);
	return 0;
}

void rcfd_phost_free(struct rcfd_phost *h)
{
	free(h->net);
	free(h->orphan);
	h->net = NULL;
	h->orphan = NULL;
}

/* an orphan whose mastership is back, or that broke: nothing holds it */
static void orphan_del(struct rcfd_phost *h, uint32_t kid)
{
	h->orphan[kid] = 0;
	h->st.orphans_deleted++;
	del_kernel(h, kid, "not the controllers'");
}

/* whether kid was an orphan, now come back (returned or broken) and gone */
static int orphan_back(struct rcfd_phost *h, uint32_t kid)
{
	if (kid >= RCF_MAX_PATHS || !h->orphan[kid])
		return 0;
	orphan_del(h, kid);
	return 1;
}

/* the kernel path kid is no longer the model's: recall it, delete it */
static void orphan(struct rcfd_phost *h, uint32_t kid, uint8_t state)
{
	int rc;

	if (kid >= RCF_MAX_PATHS)
		return;
	h->st.orphans++;
	if (state == RCF_PATH_RETURNED || state == RCF_PATH_BROKEN) {
		orphan_del(h, kid);
		return;
	}
	h->orphan[kid] = 1;
	if (state != RCF_PATH_HELD)
		return;
	rc = h->k->path_recall(h->k->arg, kid);
	if (rc) {
		h->orphan[kid] = 0;
		if (rc != -ENOENT)
			rcfd_log(RCFD_WARN, "paths: recalling path %u: %s", kid,
				 strerror(-rc));
	}
}

void rcfd_phost_adopt(struct rcfd_phost *h, uint32_t kid, uint8_t state)
{
	if (kp_by_kid(h, kid) || kid >= RCF_MAX_PATHS)
		return;
	if (h->orphan[kid] &&
	    (state == RCF_PATH_HELD || state == RCF_PATH_RECALL))
		return; /* being handed back already */
	rcfd_log(RCFD_INFO,
		 "paths: path %u is not the controllers': recalling and "
		 "deleting it",
		 kid);
	orphan(h, kid, state);
}

static void want(struct rcfd_phost *h, uint32_t master, uint32_t dst)
{
	int g = rcfd_pmap_gid(h->net, &h->map, master);
	int d = rcfd_pmap_gid(h->net, &h->map, dst);
	int rc;

	if (g < 0 || d < 0 || g == d) {
		/* not a processor of the controllers: nobody can help */
		h->st.unknown++;
		rcfd_log(RCFD_INFO,
			 "paths: node %u asks for a path to node %u, which "
			 "the switch controllers cannot make: %s",
			 master, dst,
			 g < 0	 ? "the first is not one of their processors"
			 : d < 0 ? "the second is not one of their processors"
				 : "it is the same node");
		rc = h->k->request_fail(h->k->arg, master, dst, ENETUNREACH);
		if (rc && rc != -ENOENT)
			rcfd_log(RCFD_WARN, "paths: failing a request: %s",
				 strerror(-rc));
		return;
	}
	rc = swc_ext_want(h->net, g, d);
	if (rc == 1)
		h->st.duplicates++;
	if (rc < 0) {
		h->st.unknown++;
		rcfd_log(RCFD_WARN,
			 "paths: node %u has too many requests waiting",
			 master);
		h->k->request_fail(h->k->arg, master, dst, ENOBUFS);
	}
}

void rcfd_phost_request(struct rcfd_phost *h, uint32_t master, uint32_t dst)
{
	h->st.requests++;
	want(h, master, dst);
}

/* the wishes of the old model, by node, to carry into the new one */
struct wish {
	uint32_t master, dst;
};

static size_t old_wishes(struct rcfd_phost *h, struct wish **out)
{
	struct swc_net *n = h->net;
	size_t k = 0, cap = 0;
	struct wish *w = NULL;

	for (int s = 0; s < n->nsw; s++)
		for (int i = 0; i < n->sw[s].nproc; i++) {
			struct swc_proc *p = &n->sw[s].proc[i];

			for (int q = 0; q < p->qlen; q++) {
				const struct swc_pmsg *m = swc_pq(p, q);
				struct wish *nw;

				if (m->cancelled)
					continue; /* failed in the kernel */
				nw = rcf_grow(w, k, &cap, sizeof(*w), 64);
				if (!nw)
					goto out;
				w = nw;
				w[k++] = (struct wish){h->map.node[p->gid],
						       h->map.node[m->dst]};
			}
		}
out:
	*out = w;
	return k;
}

int rcfd_phost_mirror(struct rcfd_phost *h, const struct rcf_topo *t, char *err,
		      size_t errlen)
{
	struct wish *w;
	size_t nw = old_wishes(h, &w);
	int rc;

	for (size_t g = 0; g < SWC_MAX_SW * SWC_MAX_PROC; g++) {
		struct rcfd_kpath *kp = &h->kp[g];

		if (kp->kid == RCFD_NO_ID)
			continue;
		orphan(h, kp->kid,
		       kp->broken     ? RCF_PATH_BROKEN
		       : kp->returned ? RCF_PATH_RETURNED
		       : kp->recalled ? RCF_PATH_RECALL
				      : RCF_PATH_HELD);
		kp->kid = RCFD_NO_ID;
	}
	h->st.remirrors++;
	model_reset(h);
	rc = rcfd_pmap_build(h->net, &h->map, t, err, errlen);
	if (rc)
		model_reset(h);
	h->checked_gen = 0;
	h->changed_at = h->net->now;
	h->converged = 0;
	h->stalled_since = 0;
	for (size_t i = 0; i < nw; i++)
		want(h, w[i].master, w[i].dst);
	free(w);
	return rc;
}

void rcfd_phost_forget(struct rcfd_phost *h)
{
	for (size_t g = 0; g < SWC_MAX_SW * SWC_MAX_PROC; g++)
		h->kp[g].kid = RCFD_NO_ID;
	memset(h->orphan, 0, RCF_MAX_PATHS);
}

void rcfd_phost_request_failed(struct rcfd_phost *h, uint32_t master,
			       uint32_t dst)
{
	int g = rcfd_pmap_gid(h->net, &h->map, master);
	int d = rcfd_pmap_gid(h->net, &h->map, dst);

	/* timed out, or failed by hand: no use making the path now */
	if (g >= 0 && d >= 0 && !swc_ext_unwant(h->net, g, d))
		h->st.kernel_failed++;
}

void rcfd_phost_returned(struct rcfd_phost *h, uint32_t kid)
{
	struct rcfd_kpath *kp = kp_by_kid(h, kid);

	if (orphan_back(h, kid))
		return;
	if (!kp)
		return;
	h->st.returns++;
	kp->returned = 1;
	swc_ext_returned(h->net, kp->path);
}

void rcfd_phost_broken(struct rcfd_phost *h, uint32_t kid)
{
	struct rcfd_kpath *kp = kp_by_kid(h, kid);

	if (orphan_back(h, kid))
		return;
	if (!kp)
		return;
	kp->broken = 1;
	/* the master switch breaks its part; parts beyond stay unused */
	swc_ext_broken(h->net, kp->path);
}

int rcfd_phost_link_state(struct rcfd_phost *h, uint32_t link, int up)
{
	int l = rcfd_pmap_line(h->net, &h->map, link);

	if (l < 0)
		return 0;
	h->changed_at = h->net->now;
	if (up)
		swc_line_up(h->net, l);
	else
		swc_fail_line(h->net, l);
	return 1;
}

int rcfd_phost_busy(const struct rcfd_phost *h)
{
	/* a routing table changed and has not been checked yet */
	return swc_busy(h->net) || h->net->route_gen != h->checked_gen;
}

int rcfd_phost_stalled(const struct rcfd_phost *h)
{
	/* an event that moves things (a return, a request) ends it at once */
	return swc_busy(h->net) &&
	       h->net->now - h->net->progress_at > STALL_TICKS;
}

void rcfd_phost_tick(struct rcfd_phost *h)
{
	struct swc_net *n = h->net;
	int was = h->converged;

	swc_step(n);
	if (n->route_gen != h->checked_gen) {
		/* a set-up's way can change only when a table or line does */
		h->checked_gen = n->route_gen;
		h->st.loop_checks++;
		if (!swc_tree_loop_free(n)) {
			h->st.loop_violations++;
			rcfd_log(RCFD_ERR,
				 "paths: a set-up could loop at tick %llu",
				 (unsigned long long)n->now);
		}
		h->converged = swc_tree_converged(n);
		if (h->converged && !was)
			h->converge_ticks = n->now - h->changed_at;
	}
	if (!rcfd_phost_stalled(h)) {
		h->stalled_since = 0;
	} else if (!h->stalled_since) {
		h->stalled_since = n->now;
		h->st.stalls++;
	}
}

int rcfd_phost_grow(struct rcfd_phost *h, const struct rcf_obj *o, char *err,
		    size_t errlen)
{
	int rc;

	if (o->kind == RCF_K_SWITCH && rcf_has(o, RCF_A_SWITCH_ID))
		rc = rcfd_pmap_add_switch(h->net, &h->map,
					  (uint32_t)o->v[RCF_A_SWITCH_ID], err,
					  errlen);
	else if (o->kind == RCF_K_LINK && rcf_has(o, RCF_A_LINK_ID))
		rc = rcfd_pmap_add_link(h->net, &h->map, o, err, errlen);
	else
		return 1;
	if (rc)
		return rc;
	h->changed_at = h->net->now;
	h->converged = 0;
	if (o->kind == RCF_K_LINK && rcf_has(o, RCF_A_LINK_STATE) &&
	    o->v[RCF_A_LINK_STATE] == RCF_LINK_DOWN)
		rcfd_phost_link_state(h, (uint32_t)o->v[RCF_A_LINK_ID], 0);
	return 0;
}

int rcfd_phost_mirrors(const struct rcfd_phost *h, const struct rcf_obj *o)
{
	const struct swc_net *n = h->net;
	uint32_t link;

	switch (o->kind) {
	case RCF_K_SWITCH:
		return rcf_has(o, RCF_A_SWITCH_ID) &&
		       rcfd_pmap_sw(n, &h->map,
				    (uint32_t)o->v[RCF_A_SWITCH_ID]) >= 0;
	case RCF_K_NODE:
		return rcf_has(o, RCF_A_NODE_ID) &&
		       rcfd_pmap_gid(n, &h->map,
				     (uint32_t)o->v[RCF_A_NODE_ID]) >= 0;
	case RCF_K_LINK:
		if (!rcf_has(o, RCF_A_LINK_ID))
			return 0;
		link = (uint32_t)o->v[RCF_A_LINK_ID];
		if (rcfd_pmap_line(n, &h->map, link) >= 0)
			return 1;
		for (int s = 0; s < n->nsw; s++)
			for (int i = 0; i < n->sw[s].nproc; i++)
				if (h->map.plink[swc_gid(s, i)] == link)
					return 1;
		return 0;
	default:
		return 0;
	}
}

unsigned int rcfd_phost_paths(const struct rcfd_phost *h)
{
	unsigned int k = 0;

	for (size_t g = 0; g < SWC_MAX_SW * SWC_MAX_PROC; g++)
		k += h->kp[g].kid != RCFD_NO_ID;
	return k;
}
