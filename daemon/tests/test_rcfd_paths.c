// SPDX-License-Identifier: GPL-2.0
/*
 * rcfd's switch controllers (rcfd/paths_*.c) against a fake kernel that
 * keeps path objects as rcf.ko does: a path is made with its circuits
 * checked against the fabric (the hops must lead from the master to the
 * destination, no switch input or output used twice), a recall comes
 * back as "mastership returned" a few ticks later, a path is deleted
 * only once its mastership is back or it broke, and a link going down
 * breaks the paths across it.  Scenarios: Wijnen's §II D example,
 * set-ups across an SP1 board, a line failing at every point of a
 * set-up, refusals by the kernel, fabrics the model cannot hold, growth
 * of the fabric, paths the controllers find and do not own, and the
 * [paths] config.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rcfd/rcfd.h"
#include "../rcfd/out.h"
#include "rcfd_conf_util.h"
#include "tap.h"
#include "topo/topo.h"
#include "topo/topo_gen.h"

#define FK_MAX 64

struct fpath {
	int used;
	uint32_t master, dst;
	uint8_t hops[RCF_ROUTE_MAX_HOPS];
	unsigned int nh;
	uint8_t state;
	int return_in; /* ticks until a recall comes back; 0: none */
	/* its circuits: switch, in, out */
	uint32_t csw[RCF_ROUTE_MAX_HOPS], cin[RCF_ROUTE_MAX_HOPS],
		cout[RCF_ROUTE_MAX_HOPS];
	uint32_t clink[RCF_ROUTE_MAX_HOPS];
	unsigned int nc, nlink;
};

static struct {
	const struct rcf_topo *t;
	struct fpath p[FK_MAX];
	char log[512][48];
	int nlog;
	int new_errno;	  /* PATH_NEW refuses with this, 0: accepts */
	int recall_errno; /* PATH_SET refuses with this */
	int return_after;
	uint64_t us;
	int bad_hops, conflicts, bad_dels, bad_recalls;
} fk;

static struct rcfd_phost host;

static void logf_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void logf_(const char *fmt, ...)
{
	va_list ap;

	if (fk.nlog == 512)
		return;
	va_start(ap, fmt);
	vsnprintf(fk.log[fk.nlog++], sizeof(fk.log[0]), fmt, ap);
	va_end(ap);
}

/* the link at element (kind, id) port, its far end in *far */
static const struct rcf_obj *link_at(uint8_t kind, uint32_t id, uint32_t port,
				     struct rcf_end *far)
{
	const struct rcf_objv *v = &fk.t->v[RCF_K_LINK];

	for (size_t i = 0; i < v->n; i++)
		for (int k = 0; k < 2; k++)
			if (v->o[i].end[k].kind == kind &&
			    v->o[i].end[k].id == id &&
			    v->o[i].end[k].port == port) {
				*far = v->o[i].end[!k];
				return &v->o[i];
			}
	return NULL;
}

static int link_down(uint32_t id)
{
	const struct rcf_objv *v = &fk.t->v[RCF_K_LINK];

	for (size_t i = 0; i < v->n; i++)
		if (v->o[i].v[RCF_A_LINK_ID] == id)
			return rcf_has(&v->o[i], RCF_A_LINK_STATE) &&
			       v->o[i].v[RCF_A_LINK_STATE] == RCF_LINK_DOWN;
	return 1;
}

/* follows the hops as the kernel would; 0 when they reach dst */
static int walk(struct fpath *p)
{
	struct rcf_end far;
	const struct rcf_obj *l;
	uint32_t sw;

	p->nc = p->nlink = 0;
	l = link_at(RCF_ELEM_NODE, p->master, RCF_HOP_PORT(p->hops[0]), &far);
	for (unsigned int k = 1;; k++) {
		if (!l || link_down((uint32_t)l->v[RCF_A_LINK_ID]))
			return -1;
		p->clink[p->nlink++] = (uint32_t)l->v[RCF_A_LINK_ID];
		if (far.kind == RCF_ELEM_NODE)
			return far.id == p->dst && k == p->nh ? 0 : -1;
		if (k == p->nh || RCF_HOP_VC(p->hops[k]))
			return -1;
		sw = far.id;
		p->csw[p->nc] = sw;
		p->cin[p->nc] = far.port;
		p->cout[p->nc++] = RCF_HOP_PORT(p->hops[k]);
		l = link_at(RCF_ELEM_SWITCH, sw, RCF_HOP_PORT(p->hops[k]),
			    &far);
	}
}

static int clash(const struct fpath *a, const struct fpath *b)
{
	for (unsigned int i = 0; i < a->nc; i++)
		for (unsigned int j = 0; j < b->nc; j++)
			if (a->csw[i] == b->csw[j] &&
			    (a->cin[i] == b->cin[j] ||
			     a->cout[i] == b->cout[j]))
				return 1;
	return 0;
}

static int fk_new(void *arg, uint32_t master, uint32_t dst, const uint8_t *hops,
		  unsigned int nh, uint32_t *id)
{
	struct fpath np = {.used = 1, .master = master, .dst = dst, .nh = nh};
	uint32_t i;

	(void)arg;
	if (fk.new_errno)
		return -fk.new_errno;
	memcpy(np.hops, hops, nh);
	np.state = RCF_PATH_HELD;
	if (walk(&np)) {
		fk.bad_hops++;
		return -EINVAL;
	}
	for (i = 0; i < FK_MAX; i++)
		if (fk.p[i].used && clash(&fk.p[i], &np)) {
			fk.conflicts++;
			return -EBUSY;
		}
	for (i = 0; i < FK_MAX && fk.p[i].used; i++)
		;
	if (i == FK_MAX)
		return -ENOSPC;
	fk.p[i] = np;
	*id = i;
	logf_("new %u %u>%u", i, master, dst);
	return 0;
}

static int fk_recall(void *arg, uint32_t id)
{
	(void)arg;
	if (fk.recall_errno)
		return -fk.recall_errno;
	if (id >= FK_MAX || !fk.p[id].used)
		return -ENOENT;
	if (fk.p[id].state != RCF_PATH_HELD) {
		fk.bad_recalls++;
		return -EINVAL;
	}
	fk.p[id].state = RCF_PATH_RECALL;
	fk.p[id].return_in = fk.return_after;
	logf_("recall %u", id);
	return 0;
}

static int fk_del(void *arg, uint32_t id)
{
	(void)arg;
	if (id >= FK_MAX || !fk.p[id].used)
		return -ENOENT;
	if (fk.p[id].state != RCF_PATH_RETURNED &&
	    fk.p[id].state != RCF_PATH_BROKEN) {
		fk.bad_dels++;
		return -EBUSY;
	}
	fk.p[id].used = 0;
	logf_("del %u", id);
	return 0;
}

static int fk_fail(void *arg, uint32_t master, uint32_t dst, uint32_t err)
{
	(void)arg;
	logf_("fail %u>%u %u", master, dst, err);
	return 0;
}

static uint64_t fk_now(void *arg)
{
	(void)arg;
	return fk.us;
}

static const struct rcfd_pkernel fake = {
	.path_new = fk_new,
	.path_recall = fk_recall,
	.path_del = fk_del,
	.request_fail = fk_fail,
	.now_us = fk_now,
};

/* one tick of both: the controllers', then the kernel's returns */
static void tick(void)
{
	rcfd_phost_tick(&host);
	fk.us += 100;
	for (uint32_t i = 0; i < FK_MAX; i++)
		if (fk.p[i].used && fk.p[i].return_in && !--fk.p[i].return_in) {
			fk.p[i].state = RCF_PATH_RETURNED;
			logf_("returned %u", i);
			rcfd_phost_returned(&host, i);
		}
}

static int returns_pending(void)
{
	for (int i = 0; i < FK_MAX; i++)
		if (fk.p[i].used && fk.p[i].return_in)
			return 1;
	return 0;
}

static int settle(int max)
{
	for (int i = 0; i < max; i++) {
		if (!rcfd_phost_busy(&host) && !returns_pending())
			return 1;
		tick();
	}
	return 0;
}

static int live_paths(void)
{
	int k = 0;

	for (int i = 0; i < FK_MAX; i++)
		k += fk.p[i].used;
	return k;
}

/* the kernel path from master to dst, or -1 */
static int kpath(uint32_t master, uint32_t dst)
{
	for (int i = 0; i < FK_MAX; i++)
		if (fk.p[i].used && fk.p[i].master == master &&
		    fk.p[i].dst == dst)
			return i;
	return -1;
}

/* index of the first log line starting with text, from 'from' on */
static int find_log(const char *text, int from)
{
	for (int i = from; i < fk.nlog; i++)
		if (!strncmp(fk.log[i], text, strlen(text)))
			return i;
	return -1;
}

static void fresh(const struct rcf_topo *t)
{
	char err[256];

	rcfd_phost_free(&host);
	memset(&fk, 0, sizeof(fk));
	fk.t = t;
	fk.return_after = 5;
	rcfd_phost_init(&host, &fake, 1, 7);
	if (rcfd_phost_mirror(&host, t, err, sizeof(err)))
		printf("# mirror: %s\n", err);
	settle(10000);
}

/* the kernel takes the link down: its paths break, then the events */
static void fail_link(struct rcf_topo *t, uint32_t link)
{
	for (size_t i = 0; i < t->v[RCF_K_LINK].n; i++)
		if (t->v[RCF_K_LINK].o[i].v[RCF_A_LINK_ID] == link)
			rcf_set(&t->v[RCF_K_LINK].o[i], RCF_A_LINK_STATE,
				RCF_LINK_DOWN);
	for (uint32_t i = 0; i < FK_MAX; i++) {
		struct fpath *p = &fk.p[i];

		for (unsigned int k = 0; p->used && k < p->nlink; k++)
			if (p->clink[k] == link &&
			    p->state != RCF_PATH_BROKEN) {
				p->state = RCF_PATH_BROKEN;
				p->return_in = 0;
				logf_("broken %u", i);
			}
	}
	rcfd_phost_link_state(&host, link, 0);
	for (int i = 0; i < fk.nlog; i++) {
		unsigned int id;

		if (sscanf(fk.log[i], "broken %u", &id) == 1)
			rcfd_phost_broken(&host, id);
	}
}

static void two_switches(struct rcf_topo *t)
{
	rcf_topo_init(t);
	rcf_topo_switch(t, 0, 8);
	rcf_topo_switch(t, 1, 8);
	for (uint32_t i = 0; i < 4; i++) {
		rcf_topo_node(t, i, 1);
		rcf_topo_link(t, RCF_ELEM_NODE, i, 0, RCF_ELEM_SWITCH, i / 2,
			      i % 2);
	}
	rcf_topo_link(t, RCF_ELEM_SWITCH, 0, 4, RCF_ELEM_SWITCH, 1, 5);
}

/*
 * §II D: S1 has P1, P2 (nodes 0, 1), S2 has P3, P4 (nodes 2, 3), one
 * line.  P1 holds a path to P3 when P4 asks for P2: the path is recalled,
 * comes back, is deleted, and only then is P4's made.
 */
static void test_example(void)
{
	struct rcf_topo t;
	int a, b, i_rec, i_ret, i_del, i_new;
	const struct swc_proc *p4;

	two_switches(&t);
	fresh(&t);
	tap_ok(host.net->nsw == 2 && host.net->sw[0].nproc == 2 &&
		       host.net->nline == 1 && host.converged,
	       "IID: two controllers, two processors each, one line, trees "
	       "exchanged");
	rcfd_phost_request(&host, 0, 2);
	settle(1000);
	a = kpath(0, 2);
	tap_ok(a >= 0 && fk.p[a].nh == 3 && fk.p[a].hops[1] == 4 &&
		       fk.p[a].hops[2] == 0,
	       "IID: P1-P3 made: node 0's port, S1 port 4, S2 port 0");
	rcfd_phost_request(&host, 3, 1);
	settle(2000);
	b = kpath(3, 1);
	i_rec = find_log("recall", 0);
	i_ret = find_log("returned", 0);
	i_del = find_log("del", 0);
	i_new = find_log("new", i_del > 0 ? i_del : 0);
	for (int i = 0; i < fk.nlog; i++)
		printf("# kernel: %s\n", fk.log[i]);
	tap_ok(i_rec > 0 && i_ret > i_rec && i_del > i_ret && i_new > i_del &&
		       a >= 0 && b >= 0 && kpath(0, 2) < 0,
	       "IID: recall, return, delete, then P4-P2 is made");
	tap_ok(b >= 0 && fk.p[b].hops[1] == 5 && fk.p[b].hops[2] == 1,
	       "IID: P4-P2 goes S2 port 5, S1 port 1");
	p4 = &host.net->sw[1].proc[1];
	tap_ok(p4->grants == 1 && p4->wait_sum > 0 &&
		       p4->wait_us_sum == 100 * p4->wait_sum,
	       "IID: P4's wait counted in ticks and host microseconds");
	tap_ok(host.st.setups == 2 && host.st.breaks == 1 &&
		       host.st.recalls == 1 && host.st.returns == 1 &&
		       !fk.conflicts && !fk.bad_dels && !fk.bad_hops,
	       "IID: two set-ups, one break; the kernel saw nothing wrong");
	rcf_topo_free(&t);
}

/*
 * While the kernel takes its time to return a mastership the model has
 * nothing to do but wait: it says so (rcfd then ticks it slowly), and
 * the return ends the wait at once.
 */
static void test_stall(void)
{
	struct rcf_topo t;
	int a, was, now;

	two_switches(&t);
	fresh(&t);
	fk.return_after = 100000;
	rcfd_phost_request(&host, 0, 2);
	settle(1000);
	a = kpath(0, 2);
	rcfd_phost_request(&host, 3, 1);
	for (int i = 0; i < 1000; i++)
		tick();
	was = rcfd_phost_stalled(&host) && rcfd_phost_busy(&host) &&
	      host.st.stalls == 1;
	fk.p[a].return_in = 1;
	tick();
	now = rcfd_phost_stalled(&host);
	settle(1000);
	tap_ok(a >= 0 && was && !now && kpath(3, 1) >= 0,
	       "waiting for the kernel is a stall; the return ends it");
	rcf_topo_free(&t);
}

/* "rcfctl daemon paths" of the §II D run: JSON, then text */
static char *show(int text)
{
	static struct rcfd_paths p;
	struct rcfd_paths_conf c;
	struct out o = {0};
	char *buf = NULL;
	size_t len = 0;

	rcfd_paths_conf_defaults(&c);
	c.manage = 1;
	p.running = 1;
	p.host = host;
	o.f = open_memstream(&buf, &len);
	o.text = text;
	if (!text)
		rcf_json_init(&o.j, o.f, 0);
	rcfd_paths_show(&c, &p, &o);
	if (!text)
		rcf_json_end(&o.j);
	fclose(o.f);
	return buf;
}

static void test_show(void)
{
	char *j = show(0), *t = show(1);

	tap_ok(strstr(j, "\"setups\":2") && strstr(j, "\"breaks\":1") &&
		       strstr(j, "\"converged\":true") &&
		       strstr(j, "\"name\":\"P4\"") &&
		       strstr(j, "\"all\":{\"ticks_ppm\":"),
	       "status paths: JSON counts, waits, Jain's index");
	tap_ok(strstr(t, "  setups: 2\n") && strstr(t, "converged: yes") &&
		       strstr(t, "  P4:\n") && strstr(t, "ticks: 1.000"),
	       "status paths: text");
	free(j);
	free(t);
}

/* processors and lines of an SP1 board; paths across three chips */
static void test_sp1(void)
{
	static const uint32_t pairs[][2] = {{0, 15}, {5, 9}, {12, 1}, {3, 2}};
	struct rcf_topo t;
	char err[256];
	int ok = 1, np = 0, nsw = 0, resolved = 1;

	if (rcf_topo_generate("sp1:16", &t, err, sizeof(err))) {
		tap_ok(0, err);
		return;
	}
	fresh(&t);
	for (int s = 0; s < host.net->nsw; s++)
		np += host.net->sw[s].nproc;
	for (int s = 0; s < host.net->nsw; s++)
		nsw += host.net->sw[s].nproc == 4;
	tap_ok(host.net->nsw == 8 && np == 16 && nsw == 4 &&
		       host.net->nline == 16 && host.converged,
	       "sp1:16: 8 controllers, 4 with 4 processors, 16 lines");
	for (size_t k = 0; k < sizeof(pairs) / sizeof(pairs[0]); k++) {
		int i;

		rcfd_phost_request(&host, pairs[k][0], pairs[k][1]);
		settle(3000);
		i = kpath(pairs[k][0], pairs[k][1]);
		/* other chips: first stage, second stage, first stage */
		ok &= i >= 0 &&
		      fk.p[i].nc ==
			      (pairs[k][0] / 4 == pairs[k][1] / 4 ? 1u : 3u);
	}
	tap_ok(ok && !fk.bad_hops && !fk.conflicts,
	       "sp1:16: one switch or three, hops lead to the destination");
	/* everyone at once: each node master of one, target of another */
	for (uint32_t n = 0; n < 16; n++)
		rcfd_phost_request(&host, n, (n + 5) % 16);
	ok = settle(200000);
	for (uint32_t n = 0; n < 16; n++) {
		char failed[32];
		int made = 0;

		/* every request was made or failed at some point */
		snprintf(failed, sizeof(failed), "fail %u>%u ", n,
			 (n + 5) % 16);
		for (int i = 0; i < fk.nlog; i++) {
			unsigned int id, m, d;

			if (sscanf(fk.log[i], "new %u %u>%u", &id, &m, &d) ==
				    3 &&
			    m == n && d == (n + 5) % 16)
				made = 1;
		}
		resolved &= made || find_log(failed, 0) >= 0;
	}
	printf("# sp1:16 permutation: %llu set-ups, %llu breaks, %llu "
	       "already broken, %llu ticks\n",
	       (unsigned long long)host.st.setups,
	       (unsigned long long)host.st.breaks,
	       (unsigned long long)host.net->already_broken,
	       (unsigned long long)host.net->now);
	tap_ok(ok && resolved && !fk.bad_hops && !fk.conflicts &&
		       !fk.bad_dels && !host.st.loop_violations,
	       "sp1:16: 16 crossing requests all answered, circuits never "
	       "shared, deleted only when back");
	tap_ok(host.st.breaks > 0 &&
		       (int)rcfd_phost_paths(&host) == live_paths(),
	       "sp1:16: paths broken through mastership; rcfd and the "
	       "kernel agree on what is held");
	rcf_topo_free(&t);
}

/* S1-S2-S3, node 0 on S1, node 1 on S3; a line fails at tick t */
static void chain(struct rcf_topo *t)
{
	rcf_topo_init(t);
	for (uint32_t s = 0; s < 3; s++)
		rcf_topo_switch(t, s, 8);
	rcf_topo_node(t, 0, 1);
	rcf_topo_node(t, 1, 1);
	rcf_topo_link(t, RCF_ELEM_NODE, 0, 0, RCF_ELEM_SWITCH, 0, 0);
	rcf_topo_link(t, RCF_ELEM_NODE, 1, 0, RCF_ELEM_SWITCH, 2, 0);
	rcf_topo_link(t, RCF_ELEM_SWITCH, 0, 4, RCF_ELEM_SWITCH, 1, 4);
	rcf_topo_link(t, RCF_ELEM_SWITCH, 1, 5, RCF_ELEM_SWITCH, 2, 4);
}

static void test_fail_mid_setup(void)
{
	int mid = 0, after = 0, left = 0, kernel_left = 0, answered = 1;
	struct rcf_topo t;

	for (uint32_t link = 2; link <= 3; link++) {
		for (int at = 0; at < 60; at++) {
			int made;

			chain(&t);
			fresh(&t);
			rcfd_phost_request(&host, 0, 1);
			for (int i = 0; i < at; i++)
				tick();
			made = kpath(0, 1) >= 0;
			mid += !made;
			after += made;
			fail_link(&t, link);
			settle(5000);
			left += swc_leftovers(host.net);
			kernel_left += live_paths();
			/* S3 is cut off: the request fails or its path broke */
			answered &= made ? host.st.broken == 1
					 : find_log("fail 0>1", 0) >= 0;
			rcf_topo_free(&t);
		}
	}
	printf("# line failure: %d points mid set-up, %d after it\n", mid,
	       after);
	tap_ok(mid > 10 && after > 10 && answered,
	       "line failure mid set-up: the request fails; after it: the "
	       "path breaks");
	tap_ok(!left && !kernel_left,
	       "line failure: nothing left in the model, no kernel path");
}

static void test_kernel_refuses(void)
{
	struct rcf_topo t;
	char want[32];

	chain(&t);
	fresh(&t);
	fk.new_errno = EBUSY;
	rcfd_phost_request(&host, 0, 1);
	settle(3000);
	snprintf(want, sizeof(want), "fail 0>1 %d", EBUSY);
	tap_ok(find_log(want, 0) >= 0 && !live_paths() &&
		       !swc_leftovers(host.net) && host.st.setup_errors == 1 &&
		       host.st.failures[SWC_E_HOST] == 1,
	       "kernel refuses the path: request failed with its errno, "
	       "set-up undone on every switch");
	fk.new_errno = 0;
	rcfd_phost_request(&host, 0, 1);
	settle(3000);
	tap_ok(kpath(0, 1) >= 0, "the next request is made");
	/* a recall the kernel cannot do: the path is given up as broken */
	fk.recall_errno = ENOENT;
	fk.p[kpath(0, 1)].state = RCF_PATH_BROKEN; /* as the kernel has it */
	rcfd_phost_request(&host, 1, 0);
	settle(3000);
	tap_ok(host.st.recall_errors == 1 && kpath(0, 1) < 0 &&
		       kpath(1, 0) >= 0 && !fk.bad_dels,
	       "a recall refused: the master switch breaks its part, the "
	       "kernel path goes, the new one is made");
	fk.recall_errno = 0;
	/* not processors: failed at once */
	rcfd_phost_request(&host, 0, 7);
	snprintf(want, sizeof(want), "fail 0>7 %d", ENETUNREACH);
	tap_ok(find_log(want, 0) >= 0 && host.st.unknown == 1,
	       "a request for a node the controllers do not have fails at "
	       "once");
	rcf_topo_free(&t);
}

static void refuse_mirror(struct rcf_topo *t, const char *want,
			  const char *name)
{
	char err[256] = "";
	int rc;

	rcfd_phost_free(&host);
	memset(&fk, 0, sizeof(fk));
	fk.t = t;
	rcfd_phost_init(&host, &fake, 1, 7);
	rc = rcfd_phost_mirror(&host, t, err, sizeof(err));
	if (!tap_ok(rc == -1 && strstr(err, want) && !host.net->nsw, name))
		printf("# got \"%s\"\n", err);
}

static void test_cannot_hold(void)
{
	struct rcf_topo t;
	char err[256];

	rcf_topo_generate("sp1:64", &t, err, sizeof(err));
	refuse_mirror(&t, "48 switches", "sp1:64 has too many switches");
	rcf_topo_free(&t);
	rcf_topo_init(&t);
	rcf_topo_switch(&t, 0, 32);
	for (uint32_t i = 0; i < 9; i++) {
		rcf_topo_node(&t, i, 1);
		rcf_topo_link(&t, RCF_ELEM_NODE, i, 0, RCF_ELEM_SWITCH, 0, i);
	}
	refuse_mirror(&t, "more than 8 nodes", "9 nodes on one switch");
	rcf_topo_free(&t);
	chain(&t);
	rcf_topo_node(&t, 5, 2);
	rcf_topo_link(&t, RCF_ELEM_NODE, 5, 1, RCF_ELEM_SWITCH, 1, 0);
	refuse_mirror(&t, "node 5 has no data link",
		      "a node whose port 0 is not on a switch");
	rcfd_phost_request(&host, 0, 1);
	tap_ok(find_log("fail 0>1", 0) >= 0,
	       "with no model every request fails");
	rcf_topo_free(&t);
	rcf_topo_generate("sp1:32", &t, err, sizeof(err));
	fresh(&t);
	tap_ok(host.net->nsw == 16 && host.net->nline == 48 && host.converged,
	       "sp1:32 fits: 16 controllers, 48 lines");
	rcf_topo_free(&t);
}

/* §II C growth: a switch and its lines added, a processor on it */
static void test_growth(void)
{
	struct rcf_topo t;
	struct rcf_obj *o;
	char err[256];
	int rc = 0;

	chain(&t);
	fresh(&t);
	o = rcf_topo_switch(&t, 7, 8);
	rc |= rcfd_phost_grow(&host, o, err, sizeof(err));
	o = rcf_topo_link(&t, RCF_ELEM_SWITCH, 7, 0, RCF_ELEM_SWITCH, 0, 6);
	rc |= rcfd_phost_grow(&host, o, err, sizeof(err));
	o = rcf_topo_link(&t, RCF_ELEM_SWITCH, 7, 1, RCF_ELEM_SWITCH, 2, 6);
	rc |= rcfd_phost_grow(&host, o, err, sizeof(err));
	rcf_topo_node(&t, 9, 1);
	o = rcf_topo_link(&t, RCF_ELEM_NODE, 9, 0, RCF_ELEM_SWITCH, 7, 3);
	rc |= rcfd_phost_grow(&host, o, err, sizeof(err));
	settle(5000);
	tap_ok(!rc && host.net->nsw == 4 && host.net->nline == 4 &&
		       host.converged && !host.st.loop_violations,
	       "growth: a switch with two lines joins, trees converge, no "
	       "loop");
	rcfd_phost_request(&host, 9, 1);
	settle(3000);
	tap_ok(kpath(9, 1) >= 0 && !fk.bad_hops,
	       "growth: the new switch's processor gets a path");
	/* the old way S1-S2 fails: S1 reaches S3 over the new switch */
	fail_link(&t, 2);
	settle(5000);
	rcfd_phost_request(&host, 0, 1);
	settle(5000);
	tap_ok(kpath(0, 1) >= 0 && fk.p[kpath(0, 1)].csw[1] == 7 &&
		       host.converged,
	       "growth: after a failure the new switch carries the path");
	rcf_topo_free(&t);
}

/* paths the controllers did not make are handed back and deleted */
static void test_orphans(void)
{
	struct rcf_topo t;
	uint32_t id;
	char err[256];
	const uint8_t hops[] = {0, 4, 5, 0};

	chain(&t);
	fresh(&t);
	fk_new(NULL, 0, 1, hops, 4, &id);
	rcfd_phost_adopt(&host, id, RCF_PATH_HELD);
	tap_ok(find_log("recall", 0) >= 0 && live_paths() == 1,
	       "a held path found in the kernel is recalled");
	settle(100);
	tap_ok(!live_paths(), "and deleted once its mastership is back");
	fk_new(NULL, 0, 1, hops, 4, &id);
	fk.p[id].state = RCF_PATH_BROKEN;
	rcfd_phost_adopt(&host, id, RCF_PATH_BROKEN);
	tap_ok(!live_paths(), "a broken one is deleted at once");
	/* a remirror hands the model's own paths back, keeps the wishes */
	rcfd_phost_request(&host, 0, 1);
	settle(3000);
	fk.return_after = 50;
	rcfd_phost_request(&host, 1, 0);
	tick();
	rcfd_phost_mirror(&host, &t, err, sizeof(err));
	settle(5000);
	tap_ok(kpath(1, 0) >= 0 && kpath(0, 1) < 0 && !fk.bad_dels &&
		       host.st.orphans_deleted == 3,
	       "remirror: the old path handed back, the waiting request "
	       "carried over");
	rcf_topo_free(&t);
}

/*
 * The kernel fails requests by its timeout: one still waiting is dropped,
 * one whose set-up runs finishes (a path nobody waits for does no harm)
 * and is not failed a second time.
 */
static void test_timeouts(void)
{
	struct rcf_topo t;

	two_switches(&t);
	fresh(&t);
	rcfd_phost_request(&host, 0, 2);
	rcfd_phost_request(&host, 0, 3);
	tick();
	tick();
	rcfd_phost_request_failed(&host, 0, 3);
	rcfd_phost_request_failed(&host, 0, 2);
	settle(3000);
	tap_ok(kpath(0, 2) >= 0 && kpath(0, 3) < 0 && find_log("fail", 0) < 0 &&
		       host.st.kernel_failed == 2 && !rcfd_phost_busy(&host),
	       "requests failed by the kernel: the waiting one dropped, the "
	       "running one finished, neither failed twice");
	rcf_topo_free(&t);
}

/* a user recalls a managed path by hand: it is passed back, deleted */
static void test_user_recall(void)
{
	struct rcf_topo t;
	int i;

	chain(&t);
	fresh(&t);
	rcfd_phost_request(&host, 0, 1);
	settle(3000);
	i = kpath(0, 1);
	fk_recall(NULL, (uint32_t)i);
	settle(3000);
	tap_ok(i >= 0 && kpath(0, 1) < 0 && !fk.bad_dels &&
		       host.st.breaks == 1 && !rcfd_phost_busy(&host),
	       "a path recalled by hand is passed back and deleted");
	rcf_topo_free(&t);
}

static void test_config(void)
{
	struct rcfd_config c;
	char err[512];

	tap_ok(!parse("", &c, err) && !c.paths.manage &&
		       c.paths.timeout_ms == 5000 && c.paths.erl &&
		       !c.paths.tick_us,
	       "[paths] defaults: off, 5000 ms, external request link, "
	       "back to back");
	tap_ok(!parse("[paths]\nmanage = yes\ntimeout_ms = 250\nerl = no\n"
		      "tick_us = 20000\n",
		      &c, err) &&
		       c.paths.manage && c.paths.timeout_ms == 250 &&
		       !c.paths.erl && c.paths.tick_us == 20000,
	       "[paths] every key");
	refuse("[routing]\nmanage = yes\nalgorithm = sp1\n[paths]\n"
	       "manage = yes\n",
	       "t.conf: paths.manage = yes needs routing.manage = no");
	refuse("[paths]\ntimeout_ms = 0\n",
	       "t.conf:2: paths.timeout_ms \"0\": want 1 to 600000");
	refuse("[paths]\ntick_us = 20000000\n", "t.conf:2: paths.tick_us");
	refuse("[paths]\nerl = maybe\n",
	       "t.conf:2: paths.erl \"maybe\": want yes or no");
	refuse("[paths]\nerl = no\nerl = yes\n",
	       "t.conf:3: paths.erl given twice");
	refuse("[paths]\nspeed = 3\n", "t.conf:2: unknown key \"paths.speed\"");
}

int main(void)
{
	printf("TAP version 13\n");
	rcfd_log_set_level(RCFD_WARN); /* the refusals below log at warn */
	test_example();
	test_show();
	test_stall();
	test_sp1();
	test_fail_mid_setup();
	test_kernel_refuses();
	test_cannot_hold();
	test_growth();
	test_orphans();
	test_user_recall();
	test_timeouts();
	test_config();
	rcfd_phost_free(&host);
	printf("1..%d\n", tap_n);
	return tap_done();
}
