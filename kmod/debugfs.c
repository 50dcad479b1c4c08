// SPDX-License-Identifier: GPL-2.0
/*
 * Fault injection for tests (Documentation/datapath.rst, "Fault
 * injection"): /sys/kernel/debug/rcf/<netns inode>/inject takes
 * "SRC HEXROUTE [LEN]" and sends one raw packet with exactly those route
 * bytes and LEN zero payload bytes from node SRC through the engine.  The
 * model refuses routes with reserved bits or too many hops, so this is
 * the only way to make the engine meet them and count their drops.
 * fail_hops takes "N [AFTER]": the next engine the data path builds (an
 * epoch's, a traffic run's) gives AFTER worm pieces (default 0), then
 * has N requests fail as an allocation would, so a test reaches the
 * out-of-memory handling at a point it chose, in the middle of a busy
 * run too, without exhausting the machine.  Not the running engine: a
 * traffic run starts on a fresh one, and a count set on an engine about
 * to be replaced would be lost.
 */
#include <linux/debugfs.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "compat.h"
#include "rcf.h"

/* Marks injected packets in traces. */
#define RCF_INJECT_COOKIE	0xfa17fa17fa17fa17ULL
/* A route byte per two hex digits; the engine refuses what it must. */
#define RCF_INJECT_MAX		(RCF_ENGINE_MAX_PKT - 1)

static struct dentry *rcf_dbg_root;

static int rcf_inject_parse(char *s, u32 *src, u8 *route, u32 *nroute,
			    u32 *len)
{
	char *tok[3] = {}, *hex;
	int n = 0, err;

	while (n < 3 && (tok[n] = strsep(&s, " \t\n"))) {
		if (*tok[n])
			n++;
	}
	while (s && (hex = strsep(&s, " \t\n"))) {
		if (*hex)
			return -EINVAL;	/* more than three fields */
	}
	if (n < 2)
		return -EINVAL;
	err = kstrtou32(tok[0], 0, src);
	if (err)
		return err;
	hex = tok[1];
	if (!*hex || strlen(hex) % 2 || strlen(hex) / 2 > RCF_INJECT_MAX)
		return -EINVAL;
	*nroute = strlen(hex) / 2;
	if (hex2bin(route, hex, *nroute))
		return -EINVAL;
	*len = 0;
	if (n == 3) {
		err = kstrtou32(tok[2], 0, len);
		if (err)
			return err;
		if (*len > RCF_INJECT_MAX)
			return -EINVAL;
	}
	return 0;
}

static ssize_t rcf_inject_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	static const u8 zeros[RCF_INJECT_MAX];
	struct rcf_dp *dp = file->private_data;
	u8 route[RCF_INJECT_MAX];
	u32 src, nroute, len;
	char *buf;
	int err;

	/* the line on the heap: with the route, the frame passed 1 KiB */
	if (count >= 2 * RCF_INJECT_MAX + 32)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	err = rcf_inject_parse(buf, &src, route, &nroute, &len);
	kfree(buf);
	if (err)
		return err;
	rcf_dp_lock(dp);
	if (dp->ad)
		/* Too long or too big is a counted drop, -EMSGSIZE here. */
		err = rcf_engine_send(rcf_adapter_engine(dp->ad), src, route,
				      nroute, zeros, len, RCF_INJECT_COOKIE);
	else
		err = -ENODEV;
	mutex_unlock(&dp->lock);
	/* The kthread sleeps while no skb is queued: make it run. */
	rcf_dp_poke(dp);
	return err ? err : count;
}

static const struct file_operations rcf_inject_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = rcf_inject_write,
	.llseek = RCF_NO_LLSEEK,
};

static ssize_t rcf_fail_hops_write(struct file *file,
				   const char __user *ubuf, size_t count,
				   loff_t *ppos)
{
	struct rcf_dp *dp = file->private_data;
	u32 n, after = 0;
	char buf[32], extra;
	int got;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	got = sscanf(buf, "%u %u %c", &n, &after, &extra);
	if (got < 1 || got > 2)
		return -EINVAL;
	atomic64_set(&dp->fail_next, (u64)after << 32 | n);
	return count;
}

static const struct file_operations rcf_fail_hops_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = rcf_fail_hops_write,
	.llseek = RCF_NO_LLSEEK,
};

void rcf_debugfs_add(struct rcf_dp *dp)
{
	char name[16];

	if (IS_ERR_OR_NULL(rcf_dbg_root))
		return;
	snprintf(name, sizeof(name), "%u", dp->rn->net->ns.inum);
	dp->dbg = debugfs_create_dir(name, rcf_dbg_root);
	debugfs_create_file("inject", 0200, dp->dbg, dp, &rcf_inject_fops);
	debugfs_create_file("fail_hops", 0200, dp->dbg, dp,
			    &rcf_fail_hops_fops);
}

/* Waits for writers in progress, so dp may be freed afterwards. */
void rcf_debugfs_del(struct rcf_dp *dp)
{
	debugfs_remove(dp->dbg);
	dp->dbg = NULL;
}

void rcf_debugfs_init(void)
{
	rcf_dbg_root = debugfs_create_dir("rcf", NULL);
}

void rcf_debugfs_exit(void)
{
	debugfs_remove(rcf_dbg_root);
	rcf_dbg_root = NULL;
}
