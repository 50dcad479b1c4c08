// SPDX-License-Identifier: GPL-2.0
/*
 * Paths over netlink (Documentation/paths.rst): making, recalling and
 * deleting them, path requests raised and failed, and the request event.
 * Each call is one request; 0, or a negative errno with nl->e filled.
 */
#include <errno.h>
#include <string.h>

#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "nl/nl.h"

static int local_error(struct rcf_nl *nl, int err, const char *why)
{
	memset(&nl->e, 0, sizeof(nl->e));
	nl->e.err = err;
	snprintf(nl->e.msg, sizeof(nl->e.msg), "%s", why);
	return -err;
}

static uint32_t get_u32(const struct nlattr *nla)
{
	uint32_t v = 0;

	if (nla_len(nla) >= (int)sizeof(v))
		memcpy(&v, nla_data(nla), sizeof(v));
	return v;
}

int rcf_path_req_parse(struct nlattr *head, int len,
		       struct rcf_path_req_info *r)
{
	struct nlattr *tb[RCF_A_MAX + 1];

	memset(r, 0, sizeof(*r));
	if (nla_parse(tb, RCF_A_MAX, head, len, NULL) ||
	    !tb[RCF_A_PATH_MASTER] || !tb[RCF_A_PATH_DST])
		return -1;
	r->master = get_u32(tb[RCF_A_PATH_MASTER]);
	r->dst = get_u32(tb[RCF_A_PATH_DST]);
	if (tb[RCF_A_PATH_WAITING])
		r->waiting = get_u32(tb[RCF_A_PATH_WAITING]);
	if (tb[RCF_A_PATH_ERROR])
		r->error = get_u32(tb[RCF_A_PATH_ERROR]);
	return 0;
}

struct made {
	uint32_t id;
	int have;
	/* the fallback's search: the path just made */
	const struct rcf_obj *want;
};

/* the echo of our PATH_NEW: the path as the kernel made it */
static int on_echo(struct nl_msg *msg, void *arg)
{
	struct genlmsghdr *gh = nlmsg_data(nlmsg_hdr(msg));
	struct made *m = arg;
	struct rcf_obj o;

	if (gh->cmd == RCF_CMD_PATH_NEW &&
	    !rcf_nl_parse_obj(genlmsg_attrdata(gh, 0), genlmsg_attrlen(gh, 0),
			      RCF_K_PATH, &o) &&
	    rcf_has(&o, RCF_A_PATH_ID)) {
		m->id = (uint32_t)o.v[RCF_A_PATH_ID];
		m->have = 1;
	}
	return 0;
}

static int same_path(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	struct made *m = arg;
	const struct rcf_obj *w = m->want;

	(void)cmd;
	if (o->v[RCF_A_PATH_MASTER] == w->v[RCF_A_PATH_MASTER] &&
	    o->v[RCF_A_PATH_DST] == w->v[RCF_A_PATH_DST] &&
	    o->nhops == w->nhops && !memcmp(o->hops, w->hops, o->nhops)) {
		m->id = (uint32_t)o->v[RCF_A_PATH_ID];
		m->have = 1;
	}
	return 0;
}

struct nl_msg *rcf_nl_path_new_msg(const struct rcf_nl *nl,
				   const struct rcf_obj *o)
{
	/* the echo carries the id the kernel took */
	struct nl_msg *msg =
		rcf_nl_new_msg(nl->family, RCF_CMD_PATH_NEW, NLM_F_ECHO, 0);

	if (msg && (rcf_nl_put_obj(msg, o) ||
		    rcf_nl_put_epoch(nl, msg, RCF_CMD_PATH_NEW))) {
		nlmsg_free(msg);
		msg = NULL;
	}
	return msg;
}

int rcf_nl_path_new(struct rcf_nl *nl, uint32_t id, uint32_t master,
		    uint32_t dst, const uint8_t *hops, unsigned int nhops,
		    uint32_t *id_out)
{
	struct made m = {0};
	struct nl_msg *msg;
	struct rcf_obj o;
	int rc;

	if (!nhops || nhops > RCF_ROUTE_MAX_HOPS)
		return local_error(nl, EINVAL, "a path has 1 to 64 hops");
	rcf_obj_init(&o, RCF_K_PATH);
	if (id != RCF_PATH_ANY_ID)
		rcf_set(&o, RCF_A_PATH_ID, id);
	rcf_set(&o, RCF_A_PATH_MASTER, master);
	rcf_set(&o, RCF_A_PATH_DST, dst);
	memcpy(o.hops, hops, nhops);
	o.nhops = (uint8_t)nhops;
	rcf_mark(&o, RCF_A_PATH_HOPS);
	msg = rcf_nl_path_new_msg(nl, &o);
	if (!msg)
		return local_error(nl, ENOMEM, "request does not fit");
	rc = rcf_nl_transact_raw(nl, msg, on_echo, &m);
	if (rc)
		return rc;
	if (!m.have && id != RCF_PATH_ANY_ID) {
		m.id = id;
		m.have = 1;
	}
	/*
	 * A kernel that does not echo: the path is the one from master
	 * with these hops, since no two paths share a switch input.
	 */
	if (!m.have) {
		m.want = &o;
		rc = rcf_nl_dump(nl, RCF_K_PATH, NULL, same_path, &m);
		if (rc)
			return rc;
	}
	if (!m.have)
		return local_error(nl, EPROTO,
				   "the path was made but not found again");
	if (id_out)
		*id_out = m.id;
	return 0;
}

static int do_path(struct rcf_nl *nl, enum rcf_verb verb,
		   const struct rcf_obj *o, rcf_nl_cb cb, void *arg)
{
	struct rcf_op op = {.cmd = rcf_cmd(RCF_K_PATH, verb), .o = *o};

	return rcf_nl_do(nl, &op, cb, arg);
}

int rcf_nl_path_set_state(struct rcf_nl *nl, uint32_t id, uint8_t state)
{
	struct rcf_obj o;

	rcf_obj_init(&o, RCF_K_PATH);
	rcf_set(&o, RCF_A_PATH_ID, id);
	rcf_set(&o, RCF_A_PATH_STATE, state);
	return do_path(nl, RCF_V_SET, &o, NULL, NULL);
}

int rcf_nl_path_del(struct rcf_nl *nl, uint32_t id)
{
	struct rcf_obj o;

	rcf_obj_init(&o, RCF_K_PATH);
	rcf_set(&o, RCF_A_PATH_ID, id);
	return do_path(nl, RCF_V_DEL, &o, NULL, NULL);
}

struct got {
	struct rcf_obj *o;
	int have;
};

static int take(uint8_t cmd, const struct rcf_obj *o, void *arg)
{
	struct got *g = arg;

	(void)cmd;
	if (o->kind != RCF_K_PATH)
		return 0;
	*g->o = *o;
	g->have = 1;
	return 0;
}

int rcf_nl_path_get(struct rcf_nl *nl, uint32_t id, struct rcf_obj *o)
{
	struct got g = {.o = o};
	struct rcf_obj key;
	int rc;

	rcf_obj_init(&key, RCF_K_PATH);
	rcf_set(&key, RCF_A_PATH_ID, id);
	rc = do_path(nl, RCF_V_GET, &key, take, &g);
	if (!rc && !g.have)
		return local_error(nl, EPROTO, "no path in the reply");
	return rc;
}

struct nl_msg *rcf_nl_path_request_msg(int family, uint32_t master,
				       uint32_t dst, uint32_t error)
{
	struct nl_msg *msg = rcf_nl_new_msg(family, RCF_CMD_PATH_REQUEST, 0, 0);

	if (msg && (nla_put_u32(msg, RCF_A_PATH_MASTER, master) ||
		    nla_put_u32(msg, RCF_A_PATH_DST, dst) ||
		    (error && nla_put_u32(msg, RCF_A_PATH_ERROR, error)))) {
		nlmsg_free(msg);
		msg = NULL;
	}
	return msg;
}

int rcf_nl_path_request(struct rcf_nl *nl, uint32_t master, uint32_t dst,
			uint32_t error)
{
	struct nl_msg *msg =
		rcf_nl_path_request_msg(nl->family, master, dst, error);

	if (!msg)
		return local_error(nl, ENOMEM, "request does not fit");
	/* not a change of the model: no epoch options */
	return rcf_nl_transact_raw(nl, msg, NULL, NULL);
}

int rcf_nl_path_timeout(struct rcf_nl *nl, uint32_t ms)
{
	struct rcf_op op = {.cmd = RCF_CMD_FABRIC_SET};

	rcf_obj_init(&op.o, RCF_K_FABRIC);
	rcf_set(&op.o, RCF_A_FABRIC_PATH_TIMEOUT_MS, ms);
	return rcf_nl_do(nl, &op, NULL, NULL);
}
