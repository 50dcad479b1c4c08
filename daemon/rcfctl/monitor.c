// SPDX-License-Identifier: GPL-2.0
/*
 * rcfctl monitor: one line (or JSON object) per fabric event: objects
 * added, changed or removed, epochs, node thresholds, generator runs,
 * path requests, paths whose mastership came back and switches' routing
 * relations set or removed.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "out/fmt.h"
#include "out/json.h"
#include "path/path_cmd.h"
#include "rcfctl.h"

static const char *const verbs[] = {
	[RCF_V_GET] = "get",
	[RCF_V_NEW] = "add",
	[RCF_V_DEL] = "del",
	[RCF_V_SET] = "set",
};

struct mon {
	struct ctl *c;
	int stop;
};

/* an object event, or a path returned: the path as it is now */
static void print_object(struct ctl *c, const struct rcf_nl_event *ev)
{
	const char *what = "returned";
	enum rcf_kind kind;
	enum rcf_verb verb;

	if (!rcf_cmd_split(ev->cmd, &kind, &verb))
		what = verbs[verb];
	if (c->json) {
		struct rcf_json j;

		rcf_json_init(&j, stdout, c->pretty);
		rcf_print_json(&j, NULL, what, &ev->o);
		rcf_json_end(&j);
	} else {
		rcf_print_show(stdout, what, &ev->o);
	}
}

/* one line: number, outcome, phases in microseconds, what was in flight */
static void print_epoch(const struct rcf_epoch_info *e)
{
	printf("epoch %" PRIu64 " %s %s suspend %" PRIu64 " drain %" PRIu64
	       " apply %" PRIu64 " resume %" PRIu64 " us inflight %" PRIu64
	       " bytes drain-cycles %" PRIu64 " held %" PRIu64 "\n",
	       e->number, rcf_epoch_mode_name(e->mode),
	       e->error ? "rolled-back" : "applied", e->suspend_ns / 1000,
	       e->drain_ns / 1000, e->apply_ns / 1000, e->resume_ns / 1000,
	       e->inflight, e->drain_cycles, e->held);
	if (e->error)
		printf("epoch %" PRIu64 " error %s\n", e->number,
		       strerror((int)e->error));
}

static void print_traffic(const struct rcf_traffic_res *r)
{
	const char *w = rcf_traffic_pattern_word(r->spec.pattern);

	printf("traffic %s: %s, %u nodes, %" PRIu64
	       " cycles, messages offered %" PRIu64 " delivered %" PRIu64
	       " corrupt %" PRIu64 "\n",
	       w ? w : "?", rcf_traffic_state(r), r->nodes, r->now,
	       r->msgs_offered, r->msgs_delivered, r->msgs_corrupt);
}

static void json_traffic(struct rcf_json *j, const struct rcf_traffic_res *r)
{
	const char *w = rcf_traffic_pattern_word(r->spec.pattern);

	rcf_json_str(j, "pattern", w ? w : "?");
	rcf_json_str(j, "state", rcf_traffic_state(r));
	rcf_json_bool(j, "done", r->done);
	rcf_json_bool(j, "complete", r->complete);
	rcf_json_u64(j, "error", r->error);
	rcf_json_u64(j, "nodes", r->nodes);
	rcf_json_u64(j, "cycles", r->now);
	rcf_json_u64(j, "msgs-offered", r->msgs_offered);
	rcf_json_u64(j, "msgs-delivered", r->msgs_delivered);
	rcf_json_u64(j, "msgs-corrupt", r->msgs_corrupt);
}

static const char *rel_verb(const struct rcf_nl_event *ev)
{
	return ev->cmd == RCF_CMD_REL_DEL ? "del" : "set";
}

static void print_json(struct ctl *c, const struct rcf_nl_event *ev)
{
	struct rcf_json j;

	rcf_json_init(&j, stdout, c->pretty);
	rcf_json_obj_open(&j, NULL);
	switch (ev->type) {
	case RCF_EV_EPOCH:
		rcf_json_str(&j, "event", "epoch");
		rcf_epoch_json(&j, &ev->epoch);
		break;
	case RCF_EV_THRESH:
		rcf_json_str(&j, "event", "threshold");
		rcf_json_u64(&j, "node", ev->th.node);
		rcf_json_u64(&j, "sent", ev->th.sent);
		rcf_json_u64(&j, "received", ev->th.received);
		break;
	case RCF_EV_PATH_REQUEST:
		rcf_path_req_json(&j, ev->preq.master, ev->preq.dst,
				  ev->preq.waiting, ev->preq.error);
		break;
	case RCF_EV_RELATION:
		rcf_json_str(&j, "event", "relation");
		rcf_json_str(&j, "verb", rel_verb(ev));
		rcf_json_u64(&j, "switch", ev->rel_sw);
		break;
	default:
		rcf_json_str(&j, "event", "traffic");
		json_traffic(&j, &ev->traffic);
	}
	rcf_json_obj_close(&j);
	rcf_json_end(&j);
}

static void on_event(const struct rcf_nl_event *ev, void *arg)
{
	struct mon *m = arg;
	struct ctl *c = m->c;

	/* the rest of a burst read after stdout went away */
	if (m->stop)
		return;
	switch (ev->type) {
	case RCF_EV_OTHER:
		return;
	case RCF_EV_OBJECT:
	case RCF_EV_PATH_RETURNED:
		print_object(c, ev);
		break;
	case RCF_EV_PATH_REQUEST:
		if (c->json)
			print_json(c, ev);
		else
			rcf_path_req_print(stdout, ev->preq.master,
					   ev->preq.dst, ev->preq.waiting,
					   ev->preq.error);
		break;
	case RCF_EV_EPOCH:
		if (c->json)
			print_json(c, ev);
		else
			print_epoch(&ev->epoch);
		break;
	case RCF_EV_THRESH:
		if (c->json)
			print_json(c, ev);
		else
			printf("threshold node %u sent %" PRIu64
			       " received %" PRIu64 "\n",
			       ev->th.node, ev->th.sent, ev->th.received);
		break;
	case RCF_EV_TRAFFIC:
		if (c->json)
			print_json(c, ev);
		else
			print_traffic(&ev->traffic);
		break;
	case RCF_EV_RELATION:
		if (c->json)
			print_json(c, ev);
		else
			printf("relation %s switch %u\n", rel_verb(ev),
			       ev->rel_sw);
		break;
	}
	/* a reader on a pipe sees each event as it happens */
	if (fflush(stdout))
		m->stop = 1;
}

static int monitor(struct ctl *c, char *err, size_t errlen)
{
	struct mon m = {.c = c};
	int rc;

	if (rcf_nl_join_events(&c->nl, err, errlen))
		return -1;
	while (!m.stop) {
		rc = rcf_nl_event_poll(&c->nl, -1, on_event, &m);
		/* a burst larger than the buffer loses events; say so */
		if (rc == -ENOBUFS) {
			fprintf(stderr, "rcfctl: monitor: events lost (%s)\n",
				strerror(-rc));
			continue;
		}
		if (rc < 0 && !m.stop) {
			snprintf(err, errlen, "receive: %s", strerror(-rc));
			return -1;
		}
	}
	return 0;
}

int cmd_monitor(struct ctl *c, int argc, char **argv)
{
	char err[256];

	if (argc && !strncmp(argv[0], "help", strlen(argv[0]))) {
		help_monitor(stdout);
		return RCFCTL_OK;
	}
	if (argc)
		return usage_error("monitor takes no arguments; try rcfctl "
				   "monitor help");
	if (ctl_connect(c))
		return RCFCTL_ERR;
	if (monitor(c, err, sizeof(err))) {
		fprintf(stderr, "rcfctl: monitor: %s\n", err);
		return RCFCTL_ERR;
	}
	return RCFCTL_OK;
}
