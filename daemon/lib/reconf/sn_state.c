// SPDX-License-Identifier: GPL-2.0
/*
 * The stored supernode mapping (sn_state.h says why it is stored) and
 * the one operation that changes it: a swap of two nodes as one epoch.
 * File format, one item a line: "spec hypercube:4", then "pos" and
 * pos[node] for every node in node order; "#" lines are comments.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reconf/sn_state.h"
#include "topo/topo.h"
#include "util/num.h"
#include "util/grow.h"

const char *rcf_sn_state_path(const char *path)
{
	const char *e = getenv(RCF_SN_STATE_ENV);

	if (path && *path)
		return path;
	return e && *e ? e : RCF_SN_STATE_DEF;
}

int rcf_sn_state_new(struct rcf_sn_state *s, const char *spec, char *err,
		     size_t errlen)
{
	memset(s, 0, sizeof(*s));
	if (strlen(spec) >= sizeof(s->spec)) {
		snprintf(err, errlen, "supernode spec too long");
		return -1;
	}
	if (sn_parse(spec, &s->t, err, errlen))
		return -1;
	snprintf(s->spec, sizeof(s->spec), "%s", spec);
	if (sn_map_init(&s->m, s->t.n)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

void rcf_sn_state_free(struct rcf_sn_state *s)
{
	if (s->m.pos)
		sn_map_free(&s->m);
	memset(s, 0, sizeof(*s));
}

int rcf_sn_state_parse(const char *text, struct rcf_sn_state *s, char *err,
		       size_t errlen)
{
	char spec[RCF_SN_SPEC_MAX] = "";
	const char *p = text, *pos = NULL;
	uint8_t *seen = NULL;
	uint32_t i;

	memset(s, 0, sizeof(*s));
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);

		if (len > 5 && !strncmp(p, "spec ", 5) &&
		    len - 5 < sizeof(spec)) {
			memcpy(spec, p + 5, len - 5);
			spec[len - 5] = '\0';
		} else if (len >= 3 && !strncmp(p, "pos", 3)) {
			pos = p + 3;
		}
		p += len + (e ? 1 : 0);
	}
	if (!*spec || !pos) {
		snprintf(err, errlen, "no \"spec\" or \"pos\" line");
		return -1;
	}
	if (rcf_sn_state_new(s, spec, err, errlen))
		return -1;
	seen = calloc(s->t.n, 1);
	if (!seen) {
		snprintf(err, errlen, "out of memory");
		goto bad;
	}
	/* the line's own numbers, blank-separated, strictly decimal */
	for (i = 0; i < s->t.n; i++) {
		char tok[16] = "";
		size_t len;
		uint32_t v;

		pos += strspn(pos, " \t");
		len = strcspn(pos, " \t\n");
		if (len < sizeof(tok))
			memcpy(tok, pos, len);
		if (!len || len >= sizeof(tok) ||
		    rcf_num_u32(tok, 0, s->t.n - 1, &v) || seen[v]) {
			snprintf(err, errlen,
				 "pos: node %u has no valid, unique position",
				 i);
			goto bad;
		}
		seen[v] = 1;
		s->m.pos[i] = v;
		s->m.at[v] = i;
		pos += len;
	}
	pos += strspn(pos, " \t");
	if (*pos && *pos != '\n') {
		snprintf(err, errlen, "pos: more than the %u nodes' positions",
			 s->t.n);
		goto bad;
	}
	free(seen);
	return 0;
bad:
	free(seen);
	rcf_sn_state_free(s);
	return -1;
}

int rcf_sn_state_load(const char *path, struct rcf_sn_state *s, char *err,
		      size_t errlen)
{
	FILE *f = fopen(path, "r");
	char *buf;
	size_t n;
	int rc;

	if (!f && errno == ENOENT)
		return 1;
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	buf = calloc(1, 1 << 20);
	if (!buf) {
		fclose(f);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	n = fread(buf, 1, (1 << 20) - 1, f);
	buf[n] = '\0';
	fclose(f);
	rc = rcf_sn_state_parse(buf, s, err, errlen);
	free(buf);
	if (rc) {
		char why[256];

		snprintf(why, sizeof(why), "%s", err);
		snprintf(err, errlen, "%s: %s", path, why);
	}
	return rc;
}

/* written beside and renamed, so a reader never sees half a file */
int rcf_sn_state_save(const char *path, const struct rcf_sn_state *s, char *err,
		      size_t errlen)
{
	char tmp[4096];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s.tmp%d", path, (int)getpid());
	f = fopen(tmp, "w");
	if (!f) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		return -1;
	}
	fprintf(f, "# rcf supernode mapping: rcfctl topo apply/swap, rcfd\n");
	fprintf(f, "spec %s\npos", s->spec);
	for (uint32_t i = 0; i < s->m.n; i++)
		fprintf(f, " %u", s->m.pos[i]);
	fprintf(f, "\n");
	if (fclose(f) || rename(tmp, path)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

struct circ {
	uint32_t sw, in, out;
};

static int circ_cmp(const void *a, const void *b)
{
	const struct circ *x = a, *y = b;

	if (x->sw != y->sw)
		return x->sw < y->sw ? -1 : 1;
	if (x->in != y->in)
		return x->in < y->in ? -1 : 1;
	return x->out < y->out ? -1 : x->out > y->out;
}

struct circs {
	struct circ *c;
	size_t n, cap;
};

static int circ_add(struct circs *v, const struct rcf_obj *o)
{
	struct circ *c = rcf_grow(v->c, v->n, &v->cap, sizeof(*c), 256);

	if (!c)
		return -ENOMEM;
	v->c = c;
	v->c[v->n++] = (struct circ){
		(uint32_t)o->v[RCF_A_CIRCUIT_SWITCH],
		(uint32_t)o->v[RCF_A_CIRCUIT_IN_PORT],
		(uint32_t)o->v[RCF_A_CIRCUIT_OUT_PORT],
	};
	return 0;
}

static int circ_collect(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	(void)cmd;
	return circ_add(arg, o);
}

int rcf_sn_state_check(struct rcf_nl *nl, const struct rcf_sn_state *s,
		       char *err, size_t errlen)
{
	struct circs have = {0}, want = {0};
	struct rcf_topo t;
	int rc = -1;

	if (sn_build(&s->t, &s->m, &t, err, errlen))
		return -1;
	for (size_t i = 0; i < t.v[RCF_K_CIRCUIT].n; i++)
		if (circ_add(&want, &t.v[RCF_K_CIRCUIT].o[i]))
			goto nomem;
	rcf_topo_free(&t);
	if (rcf_nl_dump(nl, RCF_K_CIRCUIT, NULL, circ_collect, &have)) {
		char why[256];

		rcf_nl_error_str(&nl->e, why, sizeof(why));
		snprintf(err, errlen, "reading the circuits: %s", why);
		goto out;
	}
	qsort(have.c, have.n, sizeof(*have.c), circ_cmp);
	qsort(want.c, want.n, sizeof(*want.c), circ_cmp);
	if (have.n != want.n ||
	    (have.n && memcmp(have.c, want.c, have.n * sizeof(*have.c)))) {
		snprintf(err, errlen,
			 "the fabric's circuits are not those of "
			 "supernode:%s under the stored mapping (someone "
			 "changed the fabric): apply the topology again",
			 s->spec);
		goto out;
	}
	rc = 0;
	goto out;
nomem:
	rcf_topo_free(&t);
	snprintf(err, errlen, "out of memory");
out:
	free(have.c);
	free(want.c);
	return rc;
}

int rcf_sn_swap(struct rcf_nl *nl, struct rcf_sn_state *s, uint32_t a,
		uint32_t b, char *err, size_t errlen)
{
	struct rcf_op *ops = NULL;
	size_t n = 0;

	if (a >= s->t.n || b >= s->t.n) {
		snprintf(err, errlen,
			 "node %u does not exist: supernode:%s has nodes 0 "
			 "to %u",
			 a >= s->t.n ? a : b, s->spec, s->t.n - 1);
		return -1;
	}
	if (a == b) {
		snprintf(err, errlen, "a node cannot swap with itself");
		return -1;
	}
	if (sn_swap_ops(&s->t, &s->m, a, b, &ops, &n)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (rcf_nl_batch(nl, ops, n)) {
		char why[512];

		rcf_nl_error_str(&nl->e, why, sizeof(why));
		snprintf(err, errlen, "swapping %u and %u: %s", a, b, why);
		free(ops);
		return -1;
	}
	free(ops);
	sn_map_swap(&s->m, a, b);
	return 0;
}
