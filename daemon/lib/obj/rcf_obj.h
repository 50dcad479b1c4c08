/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One in-memory shape for every rcf object, whether it came from the
 * command line, a batch file, a generator or a kernel reply.  Keeping the
 * attributes indexed by their netlink type lets the parser, the printers
 * and the netlink code share one table instead of one switch per object.
 */
#ifndef RCF_OBJ_H
#define RCF_OBJ_H

#include <stddef.h>
#include <stdint.h>
#include <linux/rcf.h>

/* struct rcf_end, struct rcf_addr and RCF_IFNAMSIZ: the model's own */
#include "model/values.h"

enum rcf_kind {
	RCF_K_FABRIC,
	RCF_K_NODE,
	RCF_K_SWITCH,
	RCF_K_LINK,
	RCF_K_CIRCUIT,
	RCF_K_ROUTE,
	RCF_K_PATH,
	RCF_K_NR
};

/*
 * Order matches enum rcf_cmd: each kind's four commands are GET, NEW, DEL
 * and SET in a row (rcf_cmd() and rcf_cmd_split() map them).
 */
enum rcf_verb { RCF_V_GET, RCF_V_NEW, RCF_V_DEL, RCF_V_SET };

enum rcf_atype {
	RCF_T_NONE,
	RCF_T_U8,
	RCF_T_U32,
	RCF_T_U64,
	RCF_T_STR,
	RCF_T_HOPS,
	RCF_T_END,
	RCF_T_ADDRS /* RCF_A_NODE_ADDRS: o->addrs */
};

/* bytes of an InfiniBand NodeDescription */
#define RCF_DESC_MAX 64

/* every attribute, 1 .. RCF_A_MAX, has a bit in struct rcf_obj's has */
#define RCF_HAS_WORDS 2
_Static_assert(__RCF_A_MAX <= 64 * RCF_HAS_WORDS,
	       "rcf_obj.has holds 128 attributes");

struct rcf_obj {
	enum rcf_kind kind;
	/* bit n set: attribute n present; through rcf_has() and rcf_set() */
	uint64_t has[RCF_HAS_WORDS];
	uint64_t v[__RCF_A_MAX];
	char ifname[RCF_IFNAMSIZ];
	struct rcf_end end[2];
	uint8_t nhops;
	uint8_t hops[RCF_ROUTE_MAX_HOPS];
	/* RCF_A_NODE_ADDRS present with naddrs == 0: clear the list */
	uint8_t naddrs;
	struct rcf_addr addrs[RCF_NODE_MAX_ADDRS];
	/*
	 * A node's or switch's name and GUID from a topology file (an
	 * InfiniBand NodeDescription and NodeGUID); the kernel does not
	 * store them.  Empty and 0: none.
	 */
	char desc[RCF_DESC_MAX + 1];
	uint64_t guid;
};

struct rcf_op {
	uint8_t cmd;
	struct rcf_obj o;
	int line; /* source line in a batch file, 0 otherwise */
};

struct rcf_attr_desc {
	const char *name; /* keyword on the command line and JSON key */
	enum rcf_atype type;
	int ro; /* read-only: reported, never sent */
};

extern const struct rcf_attr_desc rcf_attrs[__RCF_A_MAX];
extern const char *const rcf_kind_names[RCF_K_NR];
/* attributes of each kind, in printing order, ended by 0 */
extern const int *const rcf_kind_attrs[RCF_K_NR];

static inline int rcf_has(const struct rcf_obj *o, int attr)
{
	return !!(o->has[attr / 64] & (1ULL << (attr % 64)));
}

/* Marks attr present without a value (strings, hops, ends, addresses). */
static inline void rcf_mark(struct rcf_obj *o, int attr)
{
	o->has[attr / 64] |= 1ULL << (attr % 64);
}

static inline void rcf_set(struct rcf_obj *o, int attr, uint64_t val)
{
	rcf_mark(o, attr);
	o->v[attr] = val;
}

static inline void rcf_unset(struct rcf_obj *o, int attr)
{
	o->has[attr / 64] &= ~(1ULL << (attr % 64));
}

/* Whether any attribute is present. */
static inline int rcf_has_any(const struct rcf_obj *o)
{
	for (int w = 0; w < RCF_HAS_WORDS; w++)
		if (o->has[w])
			return 1;
	return 0;
}

void rcf_obj_init(struct rcf_obj *o, enum rcf_kind kind);
void rcf_obj_set_end(struct rcf_obj *o, int which, uint8_t kind, uint32_t id,
		     uint32_t port);
int rcf_obj_set_ifname(struct rcf_obj *o, const char *name);
/*
 * A description a topology file can hold: 1 to RCF_DESC_MAX bytes, no
 * control characters (UTF-8 allowed).  1 or 0.
 */
int rcf_desc_ok(const char *desc);
/* sets desc if rcf_desc_ok(); 0 or -1 */
int rcf_obj_set_desc(struct rcf_obj *o, const char *desc);
int rcf_obj_equal(const struct rcf_obj *a, const struct rcf_obj *b);
int rcf_obj_cmp_key(const struct rcf_obj *a, const struct rcf_obj *b);

uint8_t rcf_cmd(enum rcf_kind kind, enum rcf_verb verb);
int rcf_cmd_split(uint8_t cmd, enum rcf_kind *kind, enum rcf_verb *verb);
int rcf_kind_lookup(const char *word, enum rcf_kind *kind);
int rcf_verb_lookup(const char *word, enum rcf_verb *verb, int *help);
int rcf_attr_lookup(enum rcf_kind kind, const char *word);
const char *rcf_attr_name(int attr);

/* "<kind> <key>" for messages, e.g. "link 3" or "route src 0 dst 1" */
void rcf_obj_key(const struct rcf_obj *o, char *buf, size_t len);

/* "PORT" or "PORT.VC"; returns 0 or -1 */
int rcf_hop_parse(const char *s, uint8_t *hop);
void rcf_hop_format(uint8_t hop, char *buf, size_t len);

/* An IPv4 or IPv6 address in the usual notation; 0 or -1. */
int rcf_addr_parse(const char *s, struct rcf_addr *a);
/* buf needs RCF_ADDR_STRLEN bytes */
#define RCF_ADDR_STRLEN 46
void rcf_addr_format(const struct rcf_addr *a, char *buf, size_t len);
/* Appends a to o's address list; -1 when full, -2 when already there. */
int rcf_obj_add_addr(struct rcf_obj *o, const struct rcf_addr *a);
int rcf_obj_has_addr(const struct rcf_obj *o, const struct rcf_addr *a);

/*
 * Attributes whose values have names (link state, fabric clock, route
 * policy, path state): the word for v, and the value for a word (0 or -1).  Other
 * attributes: NULL / -1.  The clock is written in Hz, with a kHz/MHz/GHz
 * suffix when that is exact ("40MHz"), and "free" for 0.
 */
const char *rcf_value_name(int attr, uint64_t v, char *buf, size_t len);
int rcf_value_parse(int attr, const char *word, uint64_t *v);

#endif
