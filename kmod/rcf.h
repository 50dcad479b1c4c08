/* SPDX-License-Identifier: GPL-2.0 */
/* Shared declarations of rcf.ko's kernel side (the model is in core/). */
#ifndef _RCF_KMOD_H
#define _RCF_KMOD_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <net/genetlink.h>
#include <net/net_namespace.h>

#include "core/model/model.h"
#include "dp.h"

/*
 * Per network namespace state.  Lock order: rtnl_lock, then lock.  The
 * fabric exists from the first change until FABRIC_DEL or netns exit.
 */
struct rcf_net {
	struct mutex lock;	/* guards fab and everything in it */
	struct rcf_fabric *fab;
	struct rcf_dp *dp;	/* the fabric's data path, with fab */
	struct net *net;
	bool owner_counted;	/* fab counts against its owner (owner.c) */
	/*
	 * Dump consistency (cb->seq): changes whenever the fabric is
	 * created, deleted or commits a new epoch; never 0.
	 */
	u32 gen;
	u64 gen_epoch;		/* fab's epoch when gen last moved */
};

/* An event queued during a transaction, sent after it commits. */
struct rcf_event {
	struct list_head list;
	u8 cmd;
	union {
		struct rcf_node node;
		struct rcf_switch sw;
		struct rcf_link link;
		struct rcf_circuit circ;
		struct rcf_route route;
		struct rcf_path path;
		u32 rel_sw;	/* REL_SET, REL_DEL: the switch */
	} u;
	bool all_routes;	/* ROUTE_DEL of a whole pair */
};

/* One request being applied: its net, fabric, events and error. */
struct rcf_req {
	struct rcf_net *rn;
	struct rcf_fabric *fab;
	struct list_head events;
	struct rcf_err err;
	struct nlattr **tb;	/* attributes of the current operation */
	const struct nlattr *nest;	/* the batch op nest, NULL at top */
	/* the top-level attributes as sent, for repeated ones (REL_SET) */
	const struct nlattr *head;
	int headlen;
	struct netlink_ext_ack *extack;
	/* the last object made by NEW, for NLM_F_ECHO */
	struct rcf_event echo;
	/* data-path settings of FABRIC_NEW/SET, applied at commit */
	bool set_clock, set_policy, set_thresh, set_path_timeout, set_engine;
	u64 clock_hz;
	u8 policy;
	bool engine_exact;
	/* the fabric's model settings as the request leaves them */
	bool set_model;
	struct rcf_dp_model model;
	u32 msg_threshold;
	u32 path_timeout_ms;
	/* a path was made, deleted, recalled, regranted or broken */
	bool paths_changed;
	/* the epoch: mode and drain bound asked for, whether one ran */
	u8 epoch_mode;
	u32 epoch_timeout_ms;
	bool epoch_ran;
};

extern struct genl_family rcf_genl_family;

/* netns.c */
int rcf_netns_init(void);
void rcf_netns_exit(void);
struct rcf_net *rcf_net(struct net *net);
struct rcf_fabric *rcf_fabric_create(struct rcf_net *rn,
				     struct netlink_ext_ack *extack, int *err);
int rcf_owner_get(struct rcf_net *rn, struct netlink_ext_ack *extack);
void rcf_owner_put(struct rcf_net *rn);
void rcf_fabric_destroy(struct rcf_net *rn);
void rcf_dump_seq(struct rcf_net *rn, struct netlink_callback *cb);
/* rcf.ko fabric_mem_limit: a fabric's default and largest limit, 0: none */
u64 rcf_fabric_mem_default(void);
/* After a commit: data-path settings and, if reroute is false, carrier. */
void rcf_fabric_committed(struct rcf_req *req, bool reroute);

/* dp_epoch.c: commits the open transaction as one epoch */
int rcf_epoch_commit(struct rcf_req *req);
void rcf_epoch_totals(u64 *applied, u64 *rolled_back);

/* genl_epoch.c: the epoch's event and EPOCH_GET */
void rcf_epoch_notify(struct rcf_req *req);
int rcf_epoch_get_doit(struct sk_buff *skb, struct genl_info *info);

/* netdev.c */
extern const struct rcf_hooks rcf_netdev_hooks;
bool rcf_is_node_dev(const struct net_device *dev);

/* genl_policy.c */
const struct nla_policy *rcf_cmd_policy(u8 cmd);
const struct nla_policy *rcf_batch_policy(u8 cmd);
int rcf_policy_init(void);
void rcf_genl_ops_init(void);

/* genl_fill.c */
int rcf_fill_event(struct sk_buff *skb, struct rcf_fabric *f,
		   const struct rcf_event *ev);
int rcf_fill_fabric(struct sk_buff *skb, struct rcf_fabric *f);
int rcf_fill_node(struct sk_buff *skb, const struct rcf_node *n);
int rcf_fill_switch(struct sk_buff *skb, const struct rcf_switch *s);
int rcf_fill_link(struct sk_buff *skb, const struct rcf_link *l);
int rcf_fill_circuit(struct sk_buff *skb, const struct rcf_circuit *c);
int rcf_fill_route(struct sk_buff *skb, const struct rcf_route *r);
/*
 * A switch's relation from entry *from on, as many entries as fit;
 * *from becomes the first left out (r->ndst: all in).  -EMSGSIZE when
 * none fits.
 */
int rcf_fill_rel(struct sk_buff *skb, const struct rcf_rel *r, u32 *from);
struct rcf_dp_path_info;
int rcf_fill_path(struct sk_buff *skb, const struct rcf_path *p,
		  const struct rcf_dp_path_info *pi);

/* genl_apply.c */
int rcf_apply(struct rcf_req *req, u8 cmd);
void rcf_req_error(struct rcf_req *req);

/* genl_dump.c */
int rcf_doit_get(struct sk_buff *skb, struct genl_info *info);
int rcf_dumpit(struct sk_buff *skb, struct netlink_callback *cb);

/* genl_path.c */
int rcf_path_request_doit(struct sk_buff *skb, struct genl_info *info);

/* genl_cap.c: RCF_CMD_CAPTURE_START, _STOP */
int rcf_capture_start_doit(struct sk_buff *skb, struct genl_info *info);
int rcf_capture_stop_doit(struct sk_buff *skb, struct genl_info *info);
/*
 * One packet's copy to portid, allocated on memcg's account without
 * sleeping: 0, -ENOMEM, -EMSGSIZE or genlmsg_unicast()'s error
 * (-ECONNREFUSED: the reader is gone).
 */
struct mem_cgroup;
int rcf_cap_send(struct net *net, u32 portid, struct mem_cgroup *memcg,
		 const struct rcf_adapter_cap *c, u64 drops);

/* dp_cap.c: the socket-close notifier */
int rcf_cap_init(void);
void rcf_cap_exit(void);

/* genl_stats.c */
int rcf_stats_dumpit(struct sk_buff *skb, struct netlink_callback *cb);
int rcf_stats_reset_doit(struct sk_buff *skb, struct genl_info *info);

/* notify.c: a transaction's events, queued until it commits */
void rcf_events_send(struct rcf_req *req);
void rcf_events_free(struct rcf_req *req);
int rcf_event_add(struct rcf_req *req, u8 cmd, const void *obj, size_t len);

/* genl_ntf.c: notifications built and sent to the events group */
u8 rcf_ntf_cmd(u8 cmd);
void rcf_ntf_send(struct net *net, struct sk_buff *skb);
void rcf_event_send(struct net *net, struct rcf_fabric *f,
		    const struct rcf_event *ev);
void rcf_path_ev_send(struct net *net, const struct rcf_path_ev *ev);
void rcf_thresh_ev_send(struct net *net, const struct rcf_thresh_ev *ev);
struct sk_buff *rcf_traffic_done_msg(struct rcf_dp_traffic *tr);

#endif /* _RCF_KMOD_H */
