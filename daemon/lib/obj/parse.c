// SPDX-License-Identifier: GPL-2.0
/*
 * Parser for "OBJECT COMMAND ARGS".  It checks syntax only (known
 * keywords, numbers that fit their attribute, required keys present); the
 * kernel's policies judge a single command's ranges, so that its refusal
 * names them.  Files are checked against the same ranges before anything
 * is sent (rcf_op_check_limits(), policy.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/errf.h"
#include "util/num.h"
#include "obj/parse.h"

/*
 * Decimal only, as the topology file format says: strtoull() would read a
 * leading 0 as octal ("010" is 8), skip blanks and wrap "-1" around.
 */
int rcf_parse_num(const char *s, uint64_t max, uint64_t *out)
{
	return rcf_num_u64(s, 0, max, out) ? -1 : 0;
}

/*
 * A word in double quotes keeps its blanks and '#'; \" and \\ inside
 * stand for " and \.  The word is unquoted in place; p is at the quote.
 */
static char *quoted_word(char *p)
{
	char *out = p;

	for (p++; *p && *p != '"'; p++) {
		if (*p == '\\' && (p[1] == '"' || p[1] == '\\'))
			p++;
		*out++ = *p;
	}
	if (!*p)
		return NULL;
	*out = '\0';
	return p + 1;
}

int rcf_split_words(char *line, char **words, int max)
{
	int n = 0;
	char *p = line;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		if (!*p || *p == '#')
			break;
		if (n == max)
			return -1;
		words[n++] = p;
		if (*p == '"') {
			p = quoted_word(p);
			if (!p)
				return -2;
			if (*p && *p != ' ' && *p != '\t' && *p != '\r' &&
			    *p != '\n')
				return -3;
			continue;
		}
		while (*p && *p != ' ' && *p != '\t' && *p != '\r' &&
		       *p != '\n')
			p++;
		if (*p)
			*p++ = '\0';
	}
	return n;
}

static const int key_attr[RCF_K_NR] = {
	[RCF_K_NODE] = RCF_A_NODE_ID,
	[RCF_K_SWITCH] = RCF_A_SWITCH_ID,
	[RCF_K_LINK] = RCF_A_LINK_ID,
	[RCF_K_PATH] = RCF_A_PATH_ID,
};

static int parse_end(struct rcf_obj *o, int argc, char **argv, int *i,
		     char *err, size_t errlen)
{
	uint8_t ek =
		!strcmp(argv[*i], "node") ? RCF_ELEM_NODE : RCF_ELEM_SWITCH;
	uint64_t id, port;
	int which;

	if (rcf_has(o, RCF_A_LINK_END_B))
		return rcf_errf(err, errlen,
				"a link has two ends; third \"%s\"", argv[*i]);
	which = rcf_has(o, RCF_A_LINK_END_A);
	if (*i + 1 >= argc || rcf_parse_num(argv[*i + 1], UINT32_MAX, &id))
		return rcf_errf(err, errlen, "\"%s\" needs an id", argv[*i]);
	if (*i + 3 >= argc || strcmp(argv[*i + 2], "port") ||
	    rcf_parse_num(argv[*i + 3], UINT32_MAX, &port))
		return rcf_errf(err, errlen, "%s %s needs \"port P\"", argv[*i],
				argv[*i + 1]);
	rcf_obj_set_end(o, which, ek, (uint32_t)id, (uint32_t)port);
	*i += 4;
	return 0;
}

static int parse_hops(struct rcf_obj *o, int attr, int argc, char **argv,
		      int *i, char *err, size_t errlen)
{
	for (; *i < argc; (*i)++) {
		if (o->nhops == RCF_ROUTE_MAX_HOPS)
			return rcf_errf(err, errlen, "more than %d hops",
					RCF_ROUTE_MAX_HOPS);
		if (rcf_hop_parse(argv[*i], &o->hops[o->nhops]))
			return rcf_errf(err, errlen,
					"bad hop \"%s\": want PORT or PORT.VC "
					"(port 0-31, vc 0-%d)",
					argv[*i], RCF_LINK_MAX_VCS - 1);
		o->nhops++;
	}
	if (!o->nhops)
		return rcf_errf(err, errlen, "\"hops\" needs at least one hop");
	rcf_mark(o, attr);
	return 0;
}

static const char *value_words(int attr)
{
	switch (attr) {
	case RCF_A_LINK_STATE:
		return "up or down";
	case RCF_A_FABRIC_ROUTE_POLICY:
		return "rr or least-loaded";
	case RCF_A_FABRIC_ENGINE_EXACT:
		return "exact or fast";
	case RCF_A_FABRIC_CQ_OFF:
	case RCF_A_FABRIC_RAW:
		return "on or off";
	case RCF_A_FABRIC_ALLOC:
		return "oldest, rr or islip";
	case RCF_A_FABRIC_SELECT:
		return "first, least or random";
	case RCF_A_FABRIC_ROUTING:
		return "source or relation";
	case RCF_A_FABRIC_CLOCK_HZ:
		return "free or HZ (e.g. 40000000, 40MHz, 2.5GHz)";
	case RCF_A_PATH_STATE:
		return "held or recall";
	default:
		return "valid";
	}
}

/*
 * "addr A [addr B ...]" adds to the list, "addr none" alone sends an
 * empty list (clears it).  Bad or repeated addresses are refused here so
 * that nothing is sent.
 */
static int parse_addr(struct rcf_obj *o, const char *val, char *err,
		      size_t errlen)
{
	struct rcf_addr a;
	int rc;

	if (!strcmp(val, "none")) {
		if (rcf_has(o, RCF_A_NODE_ADDRS))
			return rcf_errf(err, errlen,
					"node: \"addr none\" goes alone");
		rcf_mark(o, RCF_A_NODE_ADDRS);
		o->naddrs = 0;
		return 0;
	}
	if (rcf_has(o, RCF_A_NODE_ADDRS) && !o->naddrs)
		return rcf_errf(err, errlen, "node: \"addr none\" goes alone");
	if (rcf_addr_parse(val, &a))
		return rcf_errf(
			err, errlen,
			"node: bad address \"%s\": want IPv4 (10.0.0.1) "
			"or IPv6 (fd00::1)",
			val);
	rc = rcf_obj_add_addr(o, &a);
	if (rc == -2)
		return rcf_errf(err, errlen, "node: address %s given twice",
				val);
	if (rc)
		return rcf_errf(err, errlen, "node: more than %d addresses",
				RCF_NODE_MAX_ADDRS);
	return 0;
}

static int parse_value(struct rcf_obj *o, int attr, const char *val, char *err,
		       size_t errlen)
{
	uint64_t v;
	char buf[32];

	if (rcf_value_name(attr, 0, buf, sizeof(buf))) {
		if (rcf_value_parse(attr, val, &v))
			return rcf_errf(err, errlen, "%s: \"%s\" is not %s",
					rcf_attrs[attr].name, val,
					value_words(attr));
		rcf_set(o, attr, v);
		return 0;
	}
	switch (rcf_attrs[attr].type) {
	case RCF_T_STR:
		if (rcf_obj_set_ifname(o, val))
			return rcf_errf(err, errlen,
					"name \"%s\" must be 1-%d characters",
					val, RCF_IFNAMSIZ - 1);
		return 0;
	case RCF_T_U8:
		if (rcf_parse_num(val, UINT8_MAX, &v))
			return rcf_errf(err, errlen, "%s: bad number \"%s\"",
					rcf_attrs[attr].name, val);
		break;
	case RCF_T_U64:
		if (rcf_parse_num(val, UINT64_MAX, &v))
			return rcf_errf(err, errlen, "%s: bad number \"%s\"",
					rcf_attrs[attr].name, val);
		break;
	default:
		if (rcf_parse_num(val, UINT32_MAX, &v))
			return rcf_errf(err, errlen, "%s: bad number \"%s\"",
					rcf_attrs[attr].name, val);
	}
	rcf_set(o, attr, v);
	return 0;
}

/*
 * A path is made held from master, dst and hops (rcfctl's path finder
 * supplies the hops when the command line leaves them out, batches need
 * them: see batch.c); afterwards only its state changes, to held or
 * recall (returned and broken are the kernel's to set).
 */
static int check_path(const struct rcf_obj *o, enum rcf_verb verb, char *err,
		      size_t errlen)
{
	uint64_t st = o->v[RCF_A_PATH_STATE];

	switch (verb) {
	case RCF_V_NEW:
		if (!rcf_has(o, RCF_A_PATH_MASTER) ||
		    !rcf_has(o, RCF_A_PATH_DST))
			return rcf_errf(err, errlen,
					"path add needs \"master N dst N\"");
		if (rcf_has(o, RCF_A_PATH_STATE))
			return rcf_errf(err, errlen,
					"path add: a path is made held; "
					"\"state\" is for path set");
		return 0;
	case RCF_V_DEL:
	case RCF_V_SET:
		if (!rcf_has(o, RCF_A_PATH_ID))
			return rcf_errf(err, errlen, "path %s needs an id",
					verb == RCF_V_DEL ? "del" : "set");
		if (verb == RCF_V_DEL)
			return 0;
		if (rcf_has(o, RCF_A_PATH_MASTER) ||
		    rcf_has(o, RCF_A_PATH_DST) || rcf_has(o, RCF_A_PATH_HOPS))
			return rcf_errf(err, errlen,
					"path set changes only the state; "
					"master, dst and hops are fixed");
		if (!rcf_has(o, RCF_A_PATH_STATE))
			return rcf_errf(err, errlen,
					"path set needs \"state held|recall\"");
		if (st != RCF_PATH_HELD && st != RCF_PATH_RECALL)
			return rcf_errf(
				err, errlen,
				"path set: state is held or recall; the "
				"kernel makes a path returned or broken");
		return 0;
	default:
		return 0;
	}
}

/* desc "TEXT" or guid 0xHEX (a topology file's names, never sent) */
static int parse_label(struct rcf_obj *o, int argc, char **argv, int *i,
		       char *err, size_t errlen)
{
	const char *k = rcf_kind_names[o->kind], *w = argv[*i];
	int desc = w[0] == 'd';

	if (*i + 1 >= argc)
		return rcf_errf(err, errlen, "%s: \"%s\" needs a value", k, w);
	if (desc ? o->desc[0] != '\0' : o->guid != 0)
		return rcf_errf(err, errlen, "%s: \"%s\" given twice", k, w);
	if (desc && rcf_obj_set_desc(o, argv[*i + 1]))
		return rcf_errf(err, errlen,
				"%s: desc must be 1-%d characters, no "
				"control characters",
				k, RCF_DESC_MAX);
	if (!desc && (strncmp(argv[*i + 1], "0x", 2) ||
		      rcf_num_u64x(argv[*i + 1], 1, UINT64_MAX, &o->guid)))
		return rcf_errf(err, errlen,
				"%s: guid \"%s\" is not 0x and 1-16 hex "
				"digits, not 0",
				k, argv[*i + 1]);
	*i += 2;
	return 0;
}

static int check_required(const struct rcf_op *op, enum rcf_verb verb,
			  char *err, size_t errlen)
{
	const struct rcf_obj *o = &op->o;
	const char *k = rcf_kind_names[o->kind];

	switch (o->kind) {
	case RCF_K_NODE:
	case RCF_K_SWITCH:
	case RCF_K_LINK:
		if ((verb == RCF_V_DEL || verb == RCF_V_SET) &&
		    !rcf_has(o, key_attr[o->kind]))
			return rcf_errf(err, errlen, "%s %s needs an id", k,
					verb == RCF_V_DEL ? "del" : "set");
		if (o->kind == RCF_K_LINK && verb == RCF_V_NEW &&
		    !rcf_has(o, RCF_A_LINK_END_B))
			return rcf_errf(err, errlen,
					"link add needs two ends: "
					"node|switch ID port P, twice");
		break;
	case RCF_K_CIRCUIT:
		if (verb != RCF_V_GET && (!rcf_has(o, RCF_A_CIRCUIT_SWITCH) ||
					  !rcf_has(o, RCF_A_CIRCUIT_IN_PORT)))
			return rcf_errf(err, errlen,
					"circuit needs \"switch S in I\"");
		if ((verb == RCF_V_NEW || verb == RCF_V_SET) &&
		    !rcf_has(o, RCF_A_CIRCUIT_OUT_PORT))
			return rcf_errf(err, errlen, "circuit needs \"out O\"");
		break;
	case RCF_K_ROUTE:
		if (verb != RCF_V_GET && (!rcf_has(o, RCF_A_ROUTE_SRC) ||
					  !rcf_has(o, RCF_A_ROUTE_DST)))
			return rcf_errf(err, errlen,
					"route needs \"src S dst D\"");
		if ((verb == RCF_V_NEW || verb == RCF_V_SET) &&
		    !rcf_has(o, RCF_A_ROUTE_HOPS))
			return rcf_errf(err, errlen,
					"route needs \"hops H...\"");
		if (verb == RCF_V_SET && !rcf_has(o, RCF_A_ROUTE_INDEX))
			return rcf_errf(err, errlen,
					"route set needs \"index I\"");
		break;
	case RCF_K_PATH:
		if (check_path(o, verb, err, errlen))
			return -1;
		break;
	default:
		break;
	}
	if (verb == RCF_V_SET) {
		const int *a;

		for (a = rcf_kind_attrs[o->kind]; *a; a++) {
			if (rcf_has(o, *a) && *a != key_attr[o->kind] &&
			    *a != RCF_A_CIRCUIT_SWITCH &&
			    *a != RCF_A_CIRCUIT_IN_PORT &&
			    *a != RCF_A_ROUTE_SRC && *a != RCF_A_ROUTE_DST &&
			    *a != RCF_A_ROUTE_INDEX)
				break;
		}
		if (!*a)
			return rcf_errf(err, errlen, "%s set: nothing to set",
					k);
	}
	return 0;
}

int rcf_parse_op(int argc, char **argv, int allow_get, struct rcf_op *op,
		 char *err, size_t errlen)
{
	enum rcf_kind kind;
	enum rcf_verb verb;
	int help, i = 2;
	struct rcf_obj *o = &op->o;

	memset(op, 0, sizeof(*op));
	if (argc < 1 || rcf_kind_lookup(argv[0], &kind))
		return rcf_errf(err, errlen, "unknown object \"%s\"",
				argc ? argv[0] : "");
	rcf_obj_init(o, kind);
	/* as with ip(8), an object alone means show */
	if (argc < 2 && allow_get) {
		op->cmd = rcf_cmd(kind, RCF_V_GET);
		return 0;
	}
	if (argc < 2)
		return rcf_errf(err, errlen, "%s: missing command",
				rcf_kind_names[kind]);
	if (rcf_verb_lookup(argv[1], &verb, &help))
		return rcf_errf(err, errlen, "%s: unknown command \"%s\"",
				rcf_kind_names[kind], argv[1]);
	if (help)
		return 1;
	if (verb == RCF_V_GET && !allow_get)
		return rcf_errf(err, errlen,
				"%s %s: only add, del and set here",
				rcf_kind_names[kind], argv[1]);
	op->cmd = rcf_cmd(kind, verb);

	while (i < argc) {
		const char *w = argv[i];
		int attr;

		if (kind == RCF_K_LINK && verb == RCF_V_NEW &&
		    (!strcmp(w, "node") || !strcmp(w, "switch"))) {
			if (parse_end(o, argc, argv, &i, err, errlen))
				return -1;
			continue;
		}
		if (key_attr[kind] && i == 2 && w[0] >= '0' && w[0] <= '9') {
			if (parse_value(o, key_attr[kind], w, err, errlen))
				return -1;
			i++;
			continue;
		}
		/* files only: the command line sends all it takes */
		if (!allow_get && verb == RCF_V_NEW &&
		    (kind == RCF_K_NODE || kind == RCF_K_SWITCH) &&
		    (!strcmp(w, "desc") || !strcmp(w, "guid"))) {
			if (parse_label(o, argc, argv, &i, err, errlen))
				return -1;
			continue;
		}
		attr = rcf_attr_lookup(kind, w);
		if (attr < 0 || rcf_attrs[attr].ro)
			return rcf_errf(err, errlen,
					"%s: unknown keyword \"%s\"",
					rcf_kind_names[kind], w);
		if (rcf_has(o, attr) && attr != RCF_A_NODE_ADDRS)
			return rcf_errf(err, errlen, "%s: \"%s\" given twice",
					rcf_kind_names[kind], w);
		i++;
		if (rcf_attrs[attr].type == RCF_T_HOPS) {
			if (parse_hops(o, attr, argc, argv, &i, err, errlen))
				return -1;
			continue;
		}
		if (i >= argc)
			return rcf_errf(err, errlen, "%s: \"%s\" needs a value",
					rcf_kind_names[kind], w);
		if (attr == RCF_A_NODE_ADDRS
			    ? parse_addr(o, argv[i], err, errlen)
			    : parse_value(o, attr, argv[i], err, errlen))
			return -1;
		i++;
	}
	if (kind == RCF_K_FABRIC && verb == RCF_V_GET && rcf_has_any(o))
		return rcf_errf(err, errlen, "fabric show takes no arguments");
	return check_required(op, verb, err, errlen);
}
