/* SPDX-License-Identifier: GPL-2.0 */
/* A minimal streaming JSON writer: no allocation, no dependencies. */
#ifndef RCF_JSON_H
#define RCF_JSON_H

#include <stdint.h>
#include <stdio.h>

#define RCF_JSON_DEPTH 16

struct rcf_json {
	FILE *f;
	int pretty;
	int depth;
	int count[RCF_JSON_DEPTH]; /* members written at each level */
};

void rcf_json_init(struct rcf_json *j, FILE *f, int pretty);
/* key is NULL inside arrays and at the top level */
void rcf_json_obj_open(struct rcf_json *j, const char *key);
void rcf_json_obj_close(struct rcf_json *j);
void rcf_json_arr_open(struct rcf_json *j, const char *key);
void rcf_json_arr_close(struct rcf_json *j);
void rcf_json_str(struct rcf_json *j, const char *key, const char *val);
void rcf_json_u64(struct rcf_json *j, const char *key, uint64_t val);
/* a finite number with a fixed count of decimals */
void rcf_json_fixed(struct rcf_json *j, const char *key, double val,
		    int decimals);
void rcf_json_bool(struct rcf_json *j, const char *key, int val);
/* ends a top-level document with a newline */
void rcf_json_end(struct rcf_json *j);
void rcf_json_escape(FILE *f, const char *s);

#endif
