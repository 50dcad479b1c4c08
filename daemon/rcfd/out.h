/* SPDX-License-Identifier: GPL-2.0 */
/* rcfd's replies on the control socket: JSON, or "key: value" text. */
#ifndef RCFD_OUT_H
#define RCFD_OUT_H

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "out/json.h"

/*
 * Status is written once and rendered either as JSON or as indented
 * "key: value" lines for people.
 */
struct out {
	FILE *f;
	int text;
	int depth;
	struct rcf_json j;
};

static inline void o_open(struct out *o, const char *key)
{
	if (!o->text) {
		rcf_json_obj_open(&o->j, key);
		return;
	}
	if (key)
		fprintf(o->f, "%*s%s:\n", 2 * o->depth, "", key);
	if (key)
		o->depth++;
}

static inline void o_close(struct out *o)
{
	if (!o->text)
		rcf_json_obj_close(&o->j);
	else if (o->depth)
		o->depth--;
}

static inline void o_u64(struct out *o, const char *key, uint64_t v)
{
	if (!o->text)
		rcf_json_u64(&o->j, key, v);
	else
		fprintf(o->f, "%*s%s: %llu\n", 2 * o->depth, "", key,
			(unsigned long long)v);
}

static inline void o_str(struct out *o, const char *key, const char *v)
{
	if (!o->text)
		rcf_json_str(&o->j, key, v);
	else
		fprintf(o->f, "%*s%s: %s\n", 2 * o->depth, "", key, v);
}

static inline void o_bool(struct out *o, const char *key, int v)
{
	if (!o->text)
		rcf_json_bool(&o->j, key, v);
	else
		fprintf(o->f, "%*s%s: %s\n", 2 * o->depth, "", key,
			v ? "yes" : "no");
}

/* a fraction such as Jain's index: 0.990 as text, 990000 "_ppm" in JSON */
static inline void o_frac(struct out *o, const char *key, double v)
{
	char k[64];

	if (o->text) {
		fprintf(o->f, "%*s%s: %.3f\n", 2 * o->depth, "", key, v);
		return;
	}
	snprintf(k, sizeof(k), "%s_ppm", key);
	rcf_json_u64(&o->j, k, (uint64_t)(v * 1e6 + 0.5));
}

/*
 * A policy's "last" object, opened with what every policy's run says
 * first: when, what asked for it, how it ended and how long it took.
 */
static inline void o_last_open(struct out *o, time_t at, const char *trigger,
			       const char *result, const char *error,
			       unsigned int ms)
{
	o_open(o, "last");
	o_u64(o, "at", (uint64_t)at);
	o_str(o, "trigger", trigger);
	o_str(o, "result", result);
	if (error[0])
		o_str(o, "error", error);
	o_u64(o, "ms", ms);
}

#endif
