// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl path: circuit-switched paths with mastership (Wijnen §II A,
 * Documentation/paths.rst).  Besides the object commands: a path added
 * without hops gets them from the path finder on the fabric as the kernel
 * holds it now, and a held path is deleted the only way the kernel allows,
 * by recalling its mastership, waiting until it has come back and then
 * deleting it.
 */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "out/fmt.h"
#include "out/json.h"
#include "util/mono.h"
#include "util/grow.h"
#include "path/path_cmd.h"
#include "path/path_find.h"
#include "rcfctl.h"

/* how often path del asks the kernel when no event has told it */
#define POLL_MS 250
/* after this long path del says what it waits for */
#define PROGRESS_MS 1000

static int path_error(struct ctl *c, const char *what, uint32_t master,
		      uint32_t dst)
{
	char why[512];

	rcf_nl_error_str(&c->nl.e, why, sizeof(why));
	fprintf(stderr,
		"rcfctl: path %s master %" PRIu32 " dst %" PRIu32 ": %s\n",
		what, master, dst, why);
	return RCFCTL_ERR;
}

static int path_key_error(struct ctl *c, uint32_t id)
{
	struct rcf_obj o;

	rcf_obj_init(&o, RCF_K_PATH);
	rcf_set(&o, RCF_A_PATH_ID, id);
	return kernel_error(c, NULL, &o);
}

/* show */

struct list {
	const struct rcf_obj *filter;
	struct rcf_obj *v;
	size_t n, cap;
};

static int keep(const struct rcf_obj *o, const struct rcf_obj *f)
{
	static const int attrs[] = {RCF_A_PATH_MASTER, RCF_A_PATH_DST,
				    RCF_A_PATH_STATE};

	for (size_t i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++)
		if (rcf_has(f, attrs[i]) &&
		    (!rcf_has(o, attrs[i]) || o->v[attrs[i]] != f->v[attrs[i]]))
			return 0;
	return 1;
}

static int add_one(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	struct list *l = arg;
	struct rcf_obj *p;

	(void)cmd;
	if (o->kind != RCF_K_PATH || !keep(o, l->filter))
		return 0;
	p = rcf_grow(l->v, l->n, &l->cap, sizeof(*p), 16);
	if (!p)
		return -ENOMEM;
	l->v = p;
	l->v[l->n++] = *o;
	return 0;
}

static int cmp_id(const void *a, const void *b)
{
	return rcf_obj_cmp_key(a, b);
}

static int show(struct ctl *c, const struct rcf_op *op)
{
	struct list l = {.filter = &op->o};
	int rc;

	if (rcf_has(&op->o, RCF_A_PATH_ID))
		rc = rcf_nl_do(&c->nl, op, add_one, &l);
	else
		rc = rcf_nl_dump(&c->nl, RCF_K_PATH, NULL, add_one, &l);
	if (rc) {
		free(l.v);
		return kernel_error(c, NULL, &op->o);
	}
	if (l.n)
		qsort(l.v, l.n, sizeof(*l.v), cmp_id);
	if (c->json) {
		struct rcf_json j;

		rcf_json_init(&j, stdout, c->pretty);
		rcf_json_arr_open(&j, NULL);
		for (size_t i = 0; i < l.n; i++)
			rcf_print_json(&j, NULL, NULL, &l.v[i]);
		rcf_json_arr_close(&j);
		rcf_json_end(&j);
	} else {
		rcf_path_table(stdout, l.v, l.n);
	}
	free(l.v);
	return RCFCTL_OK;
}

/* add */

struct marking {
	struct rcf_path_marks *m;
	const struct rcf_graph *g;
};

/* routes are marked as they come: a big fabric's are never all held */
static int mark(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	struct marking *mk = arg;

	(void)cmd;
	if (o->kind == RCF_K_ROUTE)
		rcf_path_mark_route(mk->m, mk->g,
				    (uint32_t)o->v[RCF_A_ROUTE_SRC], o->hops,
				    o->nhops);
	return 0;
}

/* the path finder on the kernel's fabric; an exit status */
static int find_hops(struct ctl *c, struct rcf_obj *p)
{
	struct rcf_graph *g = malloc(sizeof(*g));
	struct rcf_path_marks m = {0};
	struct marking mk = {.m = &m};
	unsigned int nhops = 0;
	struct rcf_topo t;
	struct rcf_obj o;
	char err[512];
	int rc = RCFCTL_ERR, k;

	rcf_topo_init(&t);
	if (!g) {
		fprintf(stderr, "rcfctl: path add: out of memory\n");
		return RCFCTL_ERR;
	}
	/* the elements, links and circuits (paths' included) */
	for (k = RCF_K_NODE; k <= RCF_K_CIRCUIT; k++)
		if (rcf_nl_dump(&c->nl, k, NULL, rcf_topo_collect, &t))
			break;
	if (k <= RCF_K_CIRCUIT) {
		rcf_obj_init(&o, k);
		rc = kernel_error(c, "path add: reading the fabric", &o);
		goto out_topo;
	}
	if (rcf_graph_build(g, &t, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: path add: %s\n", err);
		goto out_topo;
	}
	if (rcf_path_marks_init(&m, g)) {
		fprintf(stderr, "rcfctl: path add: out of memory\n");
		goto out_graph;
	}
	mk.g = g;
	if (rcf_nl_dump(&c->nl, RCF_K_ROUTE, NULL, mark, &mk)) {
		rcf_obj_init(&o, RCF_K_ROUTE);
		rc = kernel_error(c, "path add: reading the fabric", &o);
	} else if (rcf_path_find(g, &m, (uint32_t)p->v[RCF_A_PATH_MASTER],
				 (uint32_t)p->v[RCF_A_PATH_DST], 0, p->hops,
				 &nhops, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: path add: %s\n", err);
	} else {
		p->nhops = (uint8_t)nhops;
		rcf_mark(p, RCF_A_PATH_HOPS);
		rc = RCFCTL_OK;
	}
	rcf_path_marks_free(&m);
out_graph:
	rcf_graph_free(g);
out_topo:
	free(g);
	rcf_topo_free(&t);
	return rc;
}

static int add(struct ctl *c, struct rcf_op *op)
{
	struct rcf_obj *p = &op->o;
	uint32_t id;
	int rc;

	if (!rcf_has(p, RCF_A_PATH_HOPS)) {
		rc = find_hops(c, p);
		if (rc)
			return rc;
	}
	if (rcf_nl_path_new(
		    &c->nl,
		    rcf_has(p, RCF_A_PATH_ID) ? (uint32_t)p->v[RCF_A_PATH_ID]
					      : RCF_PATH_ANY_ID,
		    (uint32_t)p->v[RCF_A_PATH_MASTER],
		    (uint32_t)p->v[RCF_A_PATH_DST], p->hops, p->nhops, &id))
		return kernel_error(c, NULL, p);
	rcf_set(p, RCF_A_PATH_ID, id);
	if (c->json) {
		struct rcf_json j;
		struct rcf_obj made;

		/* the kernel's view, state and counters too, when it gives it */
		if (!rcf_nl_path_get(&c->nl, id, &made))
			*p = made;
		rcf_json_init(&j, stdout, c->pretty);
		rcf_print_json(&j, NULL, NULL, p);
		rcf_json_end(&j);
	} else {
		printf("%" PRIu32 "\n", id);
	}
	return RCFCTL_OK;
}

/* del: recall, wait for the mastership, delete */

enum back { WAITING, BACK, GONE, REGRANTED };

struct watch {
	uint32_t id;
	enum back state;
};

static enum back state_of(const struct rcf_obj *o)
{
	switch (o->v[RCF_A_PATH_STATE]) {
	case RCF_PATH_RETURNED:
	case RCF_PATH_BROKEN:
		return BACK;
	case RCF_PATH_HELD:
		return REGRANTED;
	default:
		return WAITING;
	}
}

static void on_event(const struct rcf_nl_event *ev, void *arg)
{
	struct watch *w = arg;

	if ((ev->type != RCF_EV_OBJECT && ev->type != RCF_EV_PATH_RETURNED) ||
	    ev->o.kind != RCF_K_PATH || !rcf_has(&ev->o, RCF_A_PATH_ID) ||
	    ev->o.v[RCF_A_PATH_ID] != w->id)
		return;
	if (ev->type == RCF_EV_PATH_RETURNED)
		w->state = BACK;
	else if (ev->cmd == RCF_CMD_PATH_DEL)
		w->state = GONE;
	else if (rcf_has(&ev->o, RCF_A_PATH_STATE))
		w->state = state_of(&ev->o);
}

/*
 * Events tell at once; the kernel is asked every POLL_MS as well, which
 * also covers a return that happened before the events group was joined
 * and events lost to an overrun.  An exit status; *w says how it ended.
 */
static int wait_back(struct ctl *c, struct rcf_nl *ev, uint32_t ms,
		     struct watch *w)
{
	uint64_t start = rcf_mono_us() / 1000, told = 0;
	struct rcf_obj o;
	int rc, t;

	for (;;) {
		uint64_t gone;

		rc = rcf_nl_path_get(&c->nl, w->id, &o);
		if (rc == -ENOENT) {
			w->state = GONE;
			return RCFCTL_OK;
		}
		if (rc)
			return path_key_error(c, w->id);
		w->state = state_of(&o);
		if (w->state != WAITING)
			return RCFCTL_OK;
		gone = rcf_mono_us() / 1000 - start;
		if (gone >= ms) {
			fprintf(stderr,
				"rcfctl: path %" PRIu32
				": the mastership did not come back within "
				"%" PRIu32 " ms (%" PRIu64
				" messages in flight); the path is left in "
				"recall (path set %" PRIu32
				" state held regrants it, path del tries "
				"again)\n",
				w->id, ms, o.v[RCF_A_PATH_INFLIGHT], w->id);
			return RCFCTL_ERR;
		}
		if (gone >= PROGRESS_MS && gone - told >= PROGRESS_MS) {
			fprintf(stderr,
				"rcfctl: path %" PRIu32
				": waiting for the mastership, %" PRIu64
				" messages in flight, %" PRIu64 " ms\n",
				w->id, o.v[RCF_A_PATH_INFLIGHT], gone);
			told = gone;
		}
		t = ms - gone < POLL_MS ? (int)(ms - gone) : POLL_MS;
		if (ev->sk) {
			rc = rcf_nl_event_poll(ev, t, on_event, w);
			/* events are a shortcut; polling goes on without */
			if (rc < 0 && rc != -ENOBUFS)
				rcf_nl_close(ev);
			if (w->state == GONE)
				return RCFCTL_OK;
		} else {
			poll(NULL, 0, t);
		}
		/* an event may say back: the kernel confirms it above */
	}
}

static int del(struct ctl *c, const struct rcf_path_cmd *pc)
{
	uint32_t id = (uint32_t)pc->op.o.v[RCF_A_PATH_ID];
	struct watch w = {.id = id};
	struct rcf_nl ev = {0};
	struct rcf_obj o;
	char err[256];
	int rc;

	if (pc->no_wait)
		goto del;
	if (rcf_nl_path_get(&c->nl, id, &o))
		return path_key_error(c, id);
	if (state_of(&o) == BACK)
		goto del;
	/* join before the recall: a return right after it is not missed */
	if (rcf_nl_open(&ev, err, sizeof(err)) ||
	    rcf_nl_join_events(&ev, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: path del: no events (%s); polling\n",
			err);
		rcf_nl_close(&ev);
	}
	if (o.v[RCF_A_PATH_STATE] == RCF_PATH_HELD &&
	    rcf_nl_path_set_state(&c->nl, id, RCF_PATH_RECALL)) {
		rcf_nl_close(&ev);
		return path_key_error(c, id);
	}
	rc = wait_back(c, &ev, pc->wait_ms, &w);
	rcf_nl_close(&ev);
	if (rc)
		return rc;
	if (w.state == GONE) {
		fprintf(stderr,
			"rcfctl: path %" PRIu32
			": deleted by someone else while waiting\n",
			id);
		return RCFCTL_OK;
	}
	if (w.state == REGRANTED) {
		fprintf(stderr,
			"rcfctl: path %" PRIu32
			": its mastership was granted again while waiting; "
			"not deleted\n",
			id);
		return RCFCTL_ERR;
	}
del:
	if (rcf_nl_path_del(&c->nl, id))
		return path_key_error(c, id);
	return RCFCTL_OK;
}

int cmd_path(struct ctl *c, int argc, char **argv)
{
	struct rcf_path_cmd pc;
	char err[512];
	int rc = rcf_path_parse_args(argc, argv, &pc, err, sizeof(err));

	if (rc > 0) {
		help_path(stdout);
		return RCFCTL_OK;
	}
	if (rc < 0)
		return usage_error("%s; try rcfctl path help", err);
	if (ctl_connect(c))
		return RCFCTL_ERR;
	switch (pc.verb) {
	case RCF_PV_SHOW:
		return show(c, &pc.op);
	case RCF_PV_ADD:
		return add(c, &pc.op);
	case RCF_PV_SET:
	case RCF_PV_RECALL:
		if (rcf_nl_do(&c->nl, &pc.op, NULL, NULL))
			return kernel_error(c, NULL, &pc.op.o);
		return RCFCTL_OK;
	case RCF_PV_DEL:
		return del(c, &pc);
	case RCF_PV_REQUEST:
		if (rcf_nl_path_request(&c->nl, pc.master, pc.dst, 0))
			return path_error(c, "request", pc.master, pc.dst);
		return RCFCTL_OK;
	case RCF_PV_FAIL:
		if (rcf_nl_path_request(&c->nl, pc.master, pc.dst, pc.error))
			return path_error(c, "fail", pc.master, pc.dst);
		return RCFCTL_OK;
	default:
		help_path(stdout);
		return RCFCTL_OK;
	}
}
