// SPDX-License-Identifier: GPL-2.0
/*
 * Epochs: every commit that changes what the engine runs is one.
 * Injection stops (the kthread leaves skbs in the node netdev queues and
 * offers no generator messages, the engine keeps running), the fabric
 * drains or freezes, the change commits, the engine is swapped or given
 * new route or relation tables, injection resumes and an event reports
 * the phases.
 * The rules and their reasons: Documentation/datapath.rst,
 * "Configuration changes".
 */
#include <linux/slab.h>

#include "rcf.h"

static atomic64_t rcf_epochs_applied = ATOMIC64_INIT(0);
static atomic64_t rcf_epochs_rolled_back = ATOMIC64_INIT(0);

void rcf_dp_suspend(struct rcf_dp *dp)
{
	rcf_dp_lock(dp);
	dp->suspended = true;
	if (dp->ad)
		WRITE_ONCE(dp->ebusy,
			   rcf_engine_busy(rcf_adapter_engine(dp->ad)));
	mutex_unlock(&dp->lock);
}

void rcf_dp_resume(struct rcf_dp *dp)
{
	rcf_dp_lock(dp);
	dp->suspended = false;
	mutex_unlock(&dp->lock);
	wake_up(&dp->wq);
}

static bool rcf_dp_idle(struct rcf_dp *dp)
{
	return !READ_ONCE(dp->ebusy) || READ_ONCE(dp->stuck);
}

/*
 * Sleeps, holding neither dp->lock nor anything the kthread needs, while
 * the kthread runs the suspended engine to empty.
 */
int rcf_dp_wait_idle(struct rcf_dp *dp, u32 timeout_ms, u64 *cycles)
{
	struct rcf_engine *e;
	u64 c0, c1;
	int err = 0;

	rcf_dp_lock(dp);
	e = rcf_adapter_engine(dp->ad);
	c0 = rcf_engine_now(e);
	mutex_unlock(&dp->lock);
	wake_up(&dp->wq);
	if (!wait_event_timeout(dp->ewq, rcf_dp_idle(dp),
				msecs_to_jiffies(timeout_ms)))
		err = -ETIMEDOUT;
	rcf_dp_lock(dp);
	c1 = rcf_engine_now(e);
	if (dp->stuck && rcf_engine_busy(e))
		err = -EDEADLK;
	else if (!rcf_engine_busy(e))
		err = 0;
	mutex_unlock(&dp->lock);
	if (cycles)
		*cycles = c1 - c0;
	return err;
}

/* A pair's message counts when a route change leaves it without route. */
static void rcf_dp_pair_gone(void *priv, u32 src, u32 dst, u64 sent,
			     u64 received)
{
	struct rcf_dp *dp = priv;
	struct rcf_dp_pair *p;

	p = rcf_dp_slot(dp, &dp->pair, (unsigned long)src * RCF_MAX_NODES + dst,
			sizeof(*p));
	if (!p)
		return;
	p->msgs_sent += sent;
	p->msgs_received += received;
}

static u64 rcf_ns_since(ktime_t t)
{
	return ktime_to_ns(ktime_sub(ktime_get(), t));
}

/* What the epoch will put in place, made before anything stops. */
struct rcf_epoch_prep {
	struct rcf_reroute *rt;		/* a route table, */
	struct rcf_relswap *rs;		/* relations, either or both; or */
	struct rcf_adapter *ad;		/* a new engine */
	u64 tables;			/* the engine's tables after it */
};

static int rcf_epoch_prep_reroute(struct rcf_dp *dp, struct rcf_fabric *f,
				  struct rcf_epoch_prep *p)
{
	u8 *srcs = kzalloc(RCF_MAX_NODES, GFP_KERNEL_ACCOUNT);

	if (!srcs)
		return -ENOMEM;
	rcf_txn_route_srcs(f, srcs);
	p->rt = rcf_reroute_prepare(dp->ad, f, srcs);
	kfree(srcs);
	return p->rt ? 0 : -ENOMEM;
}

/*
 * The live engine's new tables: routes, relations or both, each made
 * only when the transaction changes it (engine_reroute.c,
 * engine_relswap.c).  The engine's structure is the fabric mutex's, so
 * they are made without dp->lock.
 */
static int rcf_epoch_prep_tables(struct rcf_dp *dp, struct rcf_fabric *f,
				 struct rcf_epoch_prep *p)
{
	struct rcf_engine *e = rcf_adapter_engine(dp->ad);
	u8 kinds = rcf_txn_kinds(f);

	if ((kinds & RCF_TXN_ROUTES) && rcf_epoch_prep_reroute(dp, f, p))
		return -ENOMEM;
	if (kinds & RCF_TXN_RELS) {
		p->rs = rcf_relswap_prepare(e, f);
		if (!p->rs)
			return -ENOMEM;
	}
	/* the kthread grows the running engine's event queues */
	rcf_dp_lock(dp);
	p->tables = p->rt ? rcf_reroute_table_bytes(e, p->rt) :
			    rcf_engine_table_bytes(e);
	if (p->rs)
		p->tables = rcf_relswap_table_bytes(e, p->rs, p->tables);
	mutex_unlock(&dp->lock);
	return 0;
}

static int rcf_epoch_prepare(struct rcf_req *req, struct rcf_epoch_prep *p,
			     bool swap)
{
	struct rcf_dp *dp = req->rn->dp;
	u8 pol = req->set_policy ? req->policy : dp->policy;
	bool exact = req->set_engine ? req->engine_exact : dp->exact;
	const struct rcf_dp_model *m = req->set_model ? &req->model : &dp->model;

	if (swap)
		return rcf_epoch_prep_tables(dp, req->fab, p);
	p->ad = rcf_dp_adapter_new(dp, req->fab, pol, exact, m, &p->tables);
	return p->ad ? 0 : -ENOMEM;
}

static void rcf_epoch_prep_free(struct rcf_epoch_prep *p)
{
	rcf_reroute_free(p->rt);
	rcf_relswap_free(p->rs);
	if (p->ad)
		rcf_adapter_free(p->ad);
	p->rt = NULL;
	p->rs = NULL;
	p->ad = NULL;
}

/*
 * The new engine replaces the old one (dp->lock held).  Its clock goes
 * on from the old one's, so cycle counts and paced time run on; what
 * the old one still holds (only when it was deadlocked) is lost.
 */
static void rcf_epoch_swap(struct rcf_dp *dp, struct rcf_fabric *f,
			   struct rcf_adapter *ad)
{
	struct rcf_engine *old = rcf_adapter_engine(dp->ad);
	u64 now = rcf_engine_now(old), lost = rcf_engine_busy(old);

	dp->tot.drops[RCF_DROP_RECONFIG] += lost;
	/*
	 * Messages waiting for paths and their requests move on; those of
	 * nodes gone are dropped at the old adapter, before its totals.
	 */
	rcf_adapter_carry(ad, dp->ad);
	rcf_dp_tot_add(dp, f);
	/* tot_add counted the old clock, which the new engine continues */
	dp->tot.cycles -= now;
	rcf_engine_set_now(rcf_adapter_engine(ad), now);
	rcf_dp_traffic_rebind(dp, f, ad, lost);
	rcf_adapter_free(dp->ad);
	dp->ad = ad;
	rcf_dp_cap_apply(dp);
	rcf_dp_path_nodes_gone(dp, f);
	dp->tot.gen++;
	WRITE_ONCE(dp->stuck, false);
	dp->pace_t0 = ktime_get();
	dp->pace_c0 = now;
}

/*
 * A transaction that changes paths only goes into the running engine
 * without a drain (Documentation/paths.rst, "Epochs"): the inputs whose
 * circuits it adds or removes carry no route and only the path's own
 * messages, so once no packet stands at them, rewiring them strands
 * nothing and the traffic elsewhere flows on.  Whether one stands there
 * is known only with the engine held, so the commit happens in the same
 * locked section; a paths-only transaction attaches no netdev, which is
 * what would otherwise take dp->lock inside the commit.
 *
 * Returns -EAGAIN, changing nothing, when a packet stands there (a
 * straggler of a route a freeze deleted, say) or the engine is
 * deadlocked: auto mode then drains and builds a new engine like any
 * other epoch.  Freeze mode is refused then (EBUSY), as for any change
 * that needs a drain.  On any other error the transaction is aborted.
 */
static int rcf_epoch_paths(struct rcf_req *req, struct rcf_epoch_rec *rec,
			   ktime_t t0)
{
	struct rcf_fabric *f = req->fab;
	struct rcf_dp *dp = req->rn->dp;
	struct rcf_path_update *u;
	u64 prep_ns, busy, tables;
	ktime_t t1;
	bool safe;
	int err;

	u = rcf_path_update_prepare(dp->ad, f);
	if (!u) {
		NL_SET_ERR_MSG(req->extack,
			       "no memory for the new configuration");
		rcf_txn_abort(f);
		return -ENOMEM;
	}
	prep_ns = rcf_ns_since(t0);
	/*
	 * The engine's tables stay as they are, but the model grew by the
	 * paths; were the limit full, the pool's budget would admit nothing.
	 */
	tables = READ_ONCE(dp->pool.tables);
	if (f->mem_limit && f->mem + tables >= f->mem_limit) {
		NL_SET_ERR_MSG(req->extack,
			       "the paths of this change do not fit in the fabric's mem-limit beside the engine's tables");
		rcf_path_update_free(u);
		rcf_txn_abort(f);
		return -ENOSPC;
	}
	t1 = ktime_get();
	rcf_dp_lock(dp);
	rec->suspend_ns = rcf_ns_since(t1);
	safe = !dp->stuck && rcf_path_update_safe(dp->ad, u);
	if (!safe) {
		mutex_unlock(&dp->lock);
		rcf_path_update_free(u);
		if (req->epoch_mode != RCF_EPOCH_FREEZE)
			return -EAGAIN;
		NL_SET_ERR_MSG(req->extack,
			       "a freeze would strand packets in flight: this change needs a drain");
		rcf_txn_abort(f);
		return -EBUSY;
	}
	busy = rcf_engine_busy(rcf_adapter_engine(dp->ad));
	if (busy) {
		rcf_engine_stats(rcf_adapter_engine(dp->ad), &dp->es);
		rec->inflight = dp->es.inflight;
	}
	rec->held = dp->pending;
	t1 = ktime_get();
	err = rcf_txn_commit(f, &req->err);
	if (err) {
		mutex_unlock(&dp->lock);
		rcf_path_update_free(u);
		rcf_req_error(req);
		return err;
	}
	rcf_dp_path_sync(dp, f);
	rcf_path_update_install(dp->ad, u);
	rcf_dp_set_budget(dp, f, tables);
	dp->ad_epoch = f->epoch;
	mutex_unlock(&dp->lock);
	/*
	 * The change is in place.  What the poke below sets going is the
	 * engine's work, not the change's: the woken kthread can take this
	 * CPU for milliseconds (a recall's hand-back runs then), and that
	 * time is no part of applying the paths.
	 */
	rec->apply_ns = prep_ns + rcf_ns_since(t1);
	/*
	 * The install sent waiting messages into the engine, which the
	 * kthread, idle, would not look at; and a path made may release
	 * messages that stalled their node.
	 */
	rcf_dp_poke(dp);
	rcf_dp_unstall(dp);
	rcf_fabric_committed(req, true);
	return 0;
}

/* One epoch's state, carried from step to step of rcf_epoch_commit. */
struct rcf_epoch_run {
	struct rcf_epoch_rec rec;
	struct rcf_epoch_prep prep;
	bool swap, stuck;	/* swap: new tables in the live engine */
	u64 busy;
	u64 dest_out;		/* packets that read relations on the way */
};

/*
 * The engine's tables are fabric memory the model does not count: an
 * epoch whose tables would not fit beside the model in mem-limit is
 * refused, so the pool's budget (rcf_dp_set_budget) never starts out at
 * nothing.  The model's figure still holds what the transaction
 * replaces, as it did when the model admitted the change.
 */
static int rcf_epoch_fits(struct rcf_req *req, u64 tables)
{
	const struct rcf_fabric *f = req->fab;

	if (!f->mem_limit || f->mem + tables < f->mem_limit)
		return 0;
	NL_SET_ERR_MSG(req->extack,
		       "the engine's tables for this change do not fit in the fabric's mem-limit");
	return -ENOSPC;
}

/* Stops the kthread's slices and looks at what the engine holds. */
static void rcf_epoch_suspend(struct rcf_dp *dp, struct rcf_epoch_run *run)
{
	ktime_t t1 = ktime_get();

	rcf_dp_lock(dp);
	dp->suspended = true;
	run->busy = rcf_engine_busy(rcf_adapter_engine(dp->ad));
	run->dest_out = rcf_engine_dest_out(rcf_adapter_engine(dp->ad));
	WRITE_ONCE(dp->ebusy, run->busy);
	run->stuck = dp->stuck && run->busy;
	run->rec.held = dp->pending;
	if (run->busy) {
		rcf_engine_stats(rcf_adapter_engine(dp->ad), &dp->es);
		run->rec.inflight = dp->es.inflight;
	}
	mutex_unlock(&dp->lock);
	run->rec.suspend_ns = rcf_ns_since(t1);
}

/*
 * Freeze or drain.  A packet carries its route, and only a route table
 * is read at send, so a new table may go in under packets in flight.
 * Relations are read at every switch a destination-routed head reaches,
 * so new ones may go in while no such packet is out of its node
 * (engine_relswap.c says why).  Anything else waits until they are
 * delivered.  A deadlock, found before or while draining, only a new
 * engine ends.
 */
static int rcf_epoch_settle(struct rcf_req *req, struct rcf_epoch_run *run)
{
	bool safe = !run->busy ||
		    (run->swap && !run->stuck &&
		     (!run->prep.rs || !run->dest_out));
	struct rcf_dp *dp = req->rn->dp;
	u8 mode = req->epoch_mode;
	ktime_t t1;
	int err;

	if (mode == RCF_EPOCH_AUTO)
		mode = safe ? RCF_EPOCH_FREEZE : RCF_EPOCH_DRAIN;
	run->rec.mode = mode;
	if (mode == RCF_EPOCH_FREEZE && !safe) {
		NL_SET_ERR_MSG(req->extack,
			       "a freeze would strand packets in flight: this change needs a drain");
		return -EBUSY;
	}
	if (mode == RCF_EPOCH_DRAIN && run->busy && !run->stuck) {
		t1 = ktime_get();
		err = rcf_dp_wait_idle(dp, req->epoch_timeout_ms,
				       &run->rec.drain_cycles);
		run->rec.drain_ns = rcf_ns_since(t1);
		if (err == -ETIMEDOUT) {
			NL_SET_ERR_MSG(req->extack,
				       "the fabric did not drain within the epoch timeout; nothing changed");
			return err;
		}
		run->stuck = err == -EDEADLK;
	}
	if (!run->stuck || !run->swap)
		return 0;
	rcf_epoch_prep_free(&run->prep);
	err = rcf_epoch_prepare(req, &run->prep, false);
	if (err) {
		NL_SET_ERR_MSG(req->extack,
			       "no memory for the new configuration");
		return err;
	}
	return rcf_epoch_fits(req, run->prep.tables);
}

/*
 * Commits the transaction and puts the prepared tables or engine in
 * place.  The commit attaches node netdevs, so it runs without dp->lock,
 * but for new relations: the suspended engine runs on and may start a
 * destination-routed packet queued at its node after the freeze was
 * decided, so whether none is out is asked again where the swap happens,
 * and the commit (of routes and relations, which attach no netdev) goes
 * in the same locked section.  -EAGAIN, nothing committed, when one is
 * out; on any other error the commit has undone the transaction.
 */
static int rcf_epoch_apply(struct rcf_req *req, struct rcf_epoch_run *run)
{
	struct rcf_fabric *f = req->fab;
	struct rcf_dp *dp = req->rn->dp;
	bool rels = run->prep.rs && !run->prep.ad;
	ktime_t t1 = ktime_get();
	int err;

	if (rels) {
		rcf_dp_lock(dp);
		if (rcf_engine_dest_out(rcf_adapter_engine(dp->ad))) {
			mutex_unlock(&dp->lock);
			return -EAGAIN;
		}
	}
	err = rcf_txn_commit(f, &req->err);
	if (err) {
		if (rels)
			mutex_unlock(&dp->lock);
		rcf_req_error(req);
		rcf_epoch_prep_free(&run->prep);
		return err;
	}
	if (!rels)
		rcf_dp_lock(dp);
	if (req->paths_changed)
		rcf_dp_path_sync(dp, f);
	if (!run->prep.ad) {
		if (run->prep.rt)
			rcf_reroute_install(dp->ad, run->prep.rt,
					    rcf_dp_pair_gone, dp);
		if (run->prep.rs)
			rcf_relswap_install(rcf_adapter_engine(dp->ad),
					    run->prep.rs);
		run->prep.rt = NULL;
		run->prep.rs = NULL;
	} else {
		rcf_epoch_swap(dp, f, run->prep.ad);
		run->prep.ad = NULL;
	}
	rcf_dp_set_budget(dp, f, run->prep.tables);
	dp->ad_epoch = f->epoch;
	mutex_unlock(&dp->lock);
	if (!run->swap && rcf_dp_atab_build(dp, f))
		pr_warn("rcf: no memory for the address table; keeping the old one\n");
	rcf_fabric_committed(req, run->swap);
	run->rec.apply_ns += rcf_ns_since(t1);
	return 0;
}

static void rcf_epoch_resume(struct rcf_dp *dp, struct rcf_epoch_rec *rec)
{
	ktime_t t1 = ktime_get();

	rcf_dp_lock(dp);
	dp->suspended = false;
	rec->held = max_t(u64, rec->held, dp->pending);
	mutex_unlock(&dp->lock);
	/*
	 * A new adapter sent the waiting messages it took over into its
	 * engine, and may have made room for stalled nodes.
	 */
	rcf_dp_poke(dp);
	rcf_dp_unstall(dp);
	rec->resume_ns = rcf_ns_since(t1);
}

static void rcf_epoch_record(struct rcf_dp *dp, struct rcf_epoch_rec *rec,
			     const struct rcf_fabric *f, int err)
{
	rec->number = f->epoch;
	rec->error = -err;
	if (err)
		atomic64_inc(&rcf_epochs_rolled_back);
	else
		atomic64_inc(&rcf_epochs_applied);
	trace_rcf_epoch(rec->number, rec->mode, rec->error, rec->suspend_ns,
			rec->drain_ns, rec->apply_ns, rec->resume_ns,
			rec->inflight, rec->drain_cycles);
	dp->last_ep = *rec;
}

/*
 * Commits req's open transaction as one epoch; the transaction is
 * aborted on any error.  Fabric mutex and rtnl held.  A new route policy,
 * engine mode or model setting takes a new engine: rcf_engine_set_exact() needs a
 * quiet engine, which a loaded fabric's seldom is, and an epoch gives
 * the change one defined point, drained or frozen as any other.
 */
int rcf_epoch_commit(struct rcf_req *req)
{
	struct rcf_fabric *f = req->fab;
	struct rcf_dp *dp = req->rn->dp;
	bool neweng = (req->set_policy && req->policy != dp->policy) ||
		      (req->set_engine && req->engine_exact != dp->exact) ||
		      (req->set_model &&
		       !rcf_dp_model_equal(&req->model, &dp->model));
	struct rcf_epoch_run run = {};
	ktime_t t0;
	int err;

	if (!f->jn && !neweng) {
		/* nothing the engine sees changes: no epoch */
		err = rcf_txn_commit(f, &req->err);
		if (err)
			rcf_req_error(req);
		else
			rcf_fabric_committed(req, true);
		return err;
	}
	req->epoch_ran = true;
	t0 = ktime_get();
	run.swap = !neweng && dp->ad_epoch == f->epoch &&
		   rcf_txn_tables_only(f);
	if (!run.swap && !neweng && dp->ad_epoch == f->epoch &&
	    req->epoch_mode != RCF_EPOCH_DRAIN && rcf_txn_paths_only(f)) {
		run.rec.mode = RCF_EPOCH_FREEZE;
		err = rcf_epoch_paths(req, &run.rec, t0);
		if (err != -EAGAIN)
			goto record;
		/* auto: a packet stands where the circuits change */
		run.rec = (struct rcf_epoch_rec){};
		t0 = ktime_get();
	}
	err = rcf_epoch_prepare(req, &run.prep, run.swap);
	if (err) {
		NL_SET_ERR_MSG(req->extack,
			       "no memory for the new configuration");
		goto abort;
	}
	err = rcf_epoch_fits(req, run.prep.tables);
	if (err)
		goto abort;
	run.rec.apply_ns = rcf_ns_since(t0);
	rcf_epoch_suspend(dp, &run);
	err = rcf_epoch_settle(req, &run);
	if (err)
		goto abort;
	err = rcf_epoch_apply(req, &run);
	if (err == -EAGAIN) {
		/* not a freeze after all: drain, or refuse one asked for */
		run.busy = run.dest_out = 1;
		err = rcf_epoch_settle(req, &run);
		if (err)
			goto abort;
		err = rcf_epoch_apply(req, &run);
	}
	if (err == -EAGAIN)
		goto abort;
	goto resume;

abort:
	rcf_epoch_prep_free(&run.prep);
	rcf_txn_abort(f);
resume:
	rcf_epoch_resume(dp, &run.rec);
record:
	rcf_epoch_record(dp, &run.rec, f, err);
	return err;
}

/* Epochs applied and rolled back since the module loaded, all fabrics. */
void rcf_epoch_totals(u64 *applied, u64 *rolled_back)
{
	*applied = atomic64_read(&rcf_epochs_applied);
	*rolled_back = atomic64_read(&rcf_epochs_rolled_back);
}
