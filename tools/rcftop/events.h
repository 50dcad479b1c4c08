/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Path and epoch events from the ring buffer: the ones not yet printed
 * (for JSON lines) and the last few (for the screen).
 */
#ifndef RCFTOP_EVENTS_H
#define RCFTOP_EVENTS_H

#include <stddef.h>
#include <stdint.h>

#include "out/json.h"
#include "rcftop.h"

#define EV_RECENT 8

struct ev_log {
	struct rcftop_event *fresh; /* since ev_taken() */
	size_t nfresh, cap;
	struct rcftop_event recent[EV_RECENT];
	size_t nrecent; /* all ever seen; the last EV_RECENT are kept */
	int nomem;	/* events were lost here, out of memory */
};

/* ring_buffer__new()'s callback; ctx is a struct ev_log */
int ev_add(void *ctx, void *data, size_t size);
/* the fresh events were printed */
void ev_taken(struct ev_log *l);
void ev_free(struct ev_log *l);

/* one line of text, without a newline */
void ev_text(const struct rcftop_event *e, char *buf, size_t n);
void ev_json(struct rcf_json *j, const struct rcftop_event *e);

#endif
