// SPDX-License-Identifier: GPL-2.0
/* The event log: records from the BPF ring buffer, as text and JSON. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "util/grow.h"

/* enum rcf_trace_path_ev (kmod/rcf_trace.h), as its tracepoint prints it */
static const char *const path_names[] = {
	"made",	   "recall", "held",	"returned",
	"deleted", "broken", "request", "request_failed",
};

static const char *path_name(uint32_t ev)
{
	return ev < sizeof(path_names) / sizeof(path_names[0]) ? path_names[ev]
							       : "unknown";
}

int ev_add(void *ctx, void *data, size_t size)
{
	struct ev_log *l = ctx;
	struct rcftop_event e = {0}, *f;

	memcpy(&e, data, size < sizeof(e) ? size : sizeof(e));
	l->recent[l->nrecent++ % EV_RECENT] = e;
	f = rcf_grow(l->fresh, l->nfresh, &l->cap, sizeof(*f), 64);
	if (!f) {
		l->nomem = 1;
		return 0;
	}
	l->fresh = f;
	l->fresh[l->nfresh++] = e;
	return 0;
}

void ev_taken(struct ev_log *l)
{
	l->nfresh = 0;
}

void ev_free(struct ev_log *l)
{
	free(l->fresh);
	memset(l, 0, sizeof(*l));
}

void ev_text(const struct rcftop_event *e, char *buf, size_t n)
{
	if (e->type == RCFTOP_EV_PATH)
		snprintf(buf, n,
			 "cycle %" PRIu64 "  path %s id %u master %u dst %u "
			 "waiting %u error %u",
			 (uint64_t)e->when, path_name(e->what), e->a[0],
			 e->a[1], e->a[2], e->a[3], e->a[4]);
	else if (e->type == RCFTOP_EV_EPOCH)
		snprintf(buf, n,
			 "epoch %" PRIu64 " %s mode %u  suspend %" PRIu64
			 " drain %" PRIu64 " apply %" PRIu64 " resume %" PRIu64
			 " us  in flight %" PRIu64 " B, drained in %" PRIu64
			 " cycles",
			 (uint64_t)e->when, e->a[0] ? "rolled back" : "applied",
			 e->what, (uint64_t)e->ns[0] / 1000,
			 (uint64_t)e->ns[1] / 1000, (uint64_t)e->ns[2] / 1000,
			 (uint64_t)e->ns[3] / 1000, (uint64_t)e->n[0],
			 (uint64_t)e->n[1]);
	else
		snprintf(buf, n, "event of unknown type %u", e->type);
}

void ev_json(struct rcf_json *j, const struct rcftop_event *e)
{
	rcf_json_obj_open(j, NULL);
	if (e->type == RCFTOP_EV_PATH) {
		rcf_json_str(j, "type", "path");
		rcf_json_str(j, "event", path_name(e->what));
		rcf_json_u64(j, "cycle", e->when);
		rcf_json_u64(j, "id", e->a[0]);
		rcf_json_u64(j, "master", e->a[1]);
		rcf_json_u64(j, "dst", e->a[2]);
		rcf_json_u64(j, "waiting", e->a[3]);
		rcf_json_u64(j, "error", e->a[4]);
	} else {
		rcf_json_str(j, "type", "epoch");
		rcf_json_u64(j, "number", e->when);
		rcf_json_u64(j, "mode", e->what);
		rcf_json_u64(j, "error", e->a[0]);
		rcf_json_u64(j, "suspend-ns", e->ns[0]);
		rcf_json_u64(j, "drain-ns", e->ns[1]);
		rcf_json_u64(j, "apply-ns", e->ns[2]);
		rcf_json_u64(j, "resume-ns", e->ns[3]);
		rcf_json_u64(j, "inflight", e->n[0]);
		rcf_json_u64(j, "drain-cycles", e->n[1]);
	}
	rcf_json_obj_close(j);
}
