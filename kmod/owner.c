// SPDX-License-Identifier: GPL-2.0
/*
 * Fabrics per user.  Anyone who may create a user and a network namespace
 * owns a fabric there, and every fabric holds memory and runs a kthread:
 * without a count a user could make as many as namespaces allow.  A
 * fabric is counted against the owner of its namespace's user namespace
 * (the global uid that created it; nested namespaces keep their
 * creator's), and refused past max_user_fabrics.  The initial
 * namespace's fabric is the administrator's and is not counted.
 */
#include <linux/cred.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/user_namespace.h>

#include "rcf.h"

static unsigned int max_user_fabrics = 16;
module_param(max_user_fabrics, uint, 0644);
MODULE_PARM_DESC(max_user_fabrics,
		 "fabrics one user may own outside the initial user namespace (default 16)");

struct rcf_owner {
	struct list_head list;
	kuid_t uid;
	unsigned int fabrics;
};

static LIST_HEAD(rcf_owners);
static DEFINE_MUTEX(rcf_owners_lock);

static struct rcf_owner *rcf_owner_find(kuid_t uid)
{
	struct rcf_owner *o;

	list_for_each_entry(o, &rcf_owners, list)
		if (uid_eq(o->uid, uid))
			return o;
	return NULL;
}

/* Counts the fabric about to be created in @rn, or says why it may not be. */
int rcf_owner_get(struct rcf_net *rn, struct netlink_ext_ack *extack)
{
	struct user_namespace *ns = rn->net->user_ns;
	unsigned int max = READ_ONCE(max_user_fabrics);
	struct rcf_owner *o;
	int err = 0;

	if (ns == &init_user_ns)
		return 0;
	mutex_lock(&rcf_owners_lock);
	o = rcf_owner_find(ns->owner);
	if (o && o->fabrics >= max) {
		NL_SET_ERR_MSG(extack,
			       "this user owns as many fabrics as rcf.ko's max_user_fabrics allows");
		err = -EUSERS;
		goto out;
	}
	if (!o) {
		if (!max) {
			NL_SET_ERR_MSG(extack,
				       "fabrics outside the initial user namespace are off (rcf.ko max_user_fabrics=0)");
			err = -EUSERS;
			goto out;
		}
		o = kzalloc(sizeof(*o), GFP_KERNEL_ACCOUNT);
		if (!o) {
			err = -ENOMEM;
			goto out;
		}
		o->uid = ns->owner;
		list_add(&o->list, &rcf_owners);
	}
	o->fabrics++;
	rn->owner_counted = true;
out:
	mutex_unlock(&rcf_owners_lock);
	return err;
}

void rcf_owner_put(struct rcf_net *rn)
{
	struct rcf_owner *o;

	if (!rn->owner_counted)
		return;
	rn->owner_counted = false;
	mutex_lock(&rcf_owners_lock);
	o = rcf_owner_find(rn->net->user_ns->owner);
	if (!WARN_ON_ONCE(!o || !o->fabrics) && !--o->fabrics) {
		list_del(&o->list);
		kfree(o);
	}
	mutex_unlock(&rcf_owners_lock);
}
