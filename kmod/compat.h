/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where the kernels rcf.ko is built for (Debian 12's 6.1 and 6.12) spell
 * the same thing differently.  Each helper keeps the older spelling below
 * the release that changed it, so the callers read one way on both.
 */
#ifndef _RCF_COMPAT_H
#define _RCF_COMPAT_H

#include <linux/fs.h>
#include <linux/netdevice.h>
#include <linux/version.h>
#include <net/genetlink.h>

/* the one place the release is compared (the Makefile's lint knows) */
#define RCF_SINCE(major, minor) \
	(KERNEL_VERSION((major), (minor), 0) <= LINUX_VERSION_CODE)

/* 6.2 gave dumps a struct genl_info, and the parsed attributes with it */
static inline struct nlattr **
rcf_dump_attrs(const struct genl_dumpit_info *info)
{
#if RCF_SINCE(6, 2)
	return info->info.attrs;
#else
	return info->attrs;
#endif
}

/* 6.12 turned the NETIF_F_LLTX feature into a device field */
static inline void rcf_netdev_set_lltx(struct net_device *dev)
{
#if RCF_SINCE(6, 12)
	dev->lltx = true;
#else
	dev->features |= NETIF_F_LLTX;
#endif
}

/*
 * 6.12 removed no_llseek: a file without an llseek method refuses to seek
 * (-ESPIPE) just as no_llseek made it.
 */
#if RCF_SINCE(6, 12)
#define RCF_NO_LLSEEK NULL
#else
#define RCF_NO_LLSEEK no_llseek
#endif

#endif /* _RCF_COMPAT_H */
