/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rcfctl path: the command line's grammar (path_args.c) and the printing
 * of paths and path requests (path_fmt.c), apart from netlink so that
 * both are tested natively.  Documentation/paths.rst, rcfctl(8) PATHS.
 */
#ifndef RCF_PATH_CMD_H
#define RCF_PATH_CMD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "out/json.h"
#include "obj/rcf_obj.h"

enum rcf_path_verb {
	RCF_PV_SHOW,
	RCF_PV_ADD,
	RCF_PV_SET,
	RCF_PV_RECALL,
	RCF_PV_DEL,
	RCF_PV_REQUEST,
	RCF_PV_FAIL,
	RCF_PV_HELP,
};

/* how long path del waits for the mastership by default */
#define RCF_PATH_WAIT_DEF_MS 10000

/* what path fail sends when no error is named */
#define RCF_PATH_FAIL_DEF_ERRNO EHOSTUNREACH

struct rcf_path_cmd {
	enum rcf_path_verb verb;
	/*
	 * show: the id and filters; add: the path (hops may be missing:
	 * rcfctl finds them); set and recall: a PATH_SET; del: the id.
	 */
	struct rcf_op op;
	uint32_t master, dst; /* request, fail */
	uint32_t error;	      /* fail: positive errno */
	int no_wait;	      /* del: delete at once, no recall */
	uint32_t wait_ms;     /* del: the bound on the wait */
};

/*
 * Parses the words after "path": argv[0] is the command (show when there
 * is none).  0, 1 for help (asked for at any level: "path del --help"),
 * or -1 with the reason in err.
 */
int rcf_path_parse_args(int argc, char **argv, struct rcf_path_cmd *c,
			char *err, size_t errlen);

/* "EHOSTUNREACH" or a number 1..4095 into *e; 0 or -1 */
int rcf_errno_parse(const char *word, uint32_t *e);
/* the symbolic name of e ("ETIMEDOUT"), or NULL when not in the table */
const char *rcf_errno_name(uint32_t e);

/*
 * path show's table: id master dst state hops circuits msgs inflight
 * wait, one row per path in the order given, columns aligned.  hops are
 * written PORT[.VC] joined by commas; wait is the time the master's
 * request waited for the path ("-" when it was not requested).
 */
void rcf_path_table(FILE *f, const struct rcf_obj *paths, size_t n);
/* the wait-ns of a path as show writes it: "-", "850ns", "1.250ms" ... */
void rcf_path_wait_str(uint64_t ns, char *buf, size_t len);

/*
 * Path requests, as rcfctl monitor prints them: "path request master M
 * dst D waiting W" and, failed, "path failed master M dst D waiting W
 * error NAME (reason)"; JSON members event ("path-request" or
 * "path-failed"), master, dst, waiting, and for a failure error and
 * error-name.
 */
void rcf_path_req_print(FILE *f, uint32_t master, uint32_t dst,
			uint32_t waiting, uint32_t error);
void rcf_path_req_json(struct rcf_json *j, uint32_t master, uint32_t dst,
		       uint32_t waiting, uint32_t error);

#endif
