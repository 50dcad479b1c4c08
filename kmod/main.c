// SPDX-License-Identifier: GPL-2.0
/* rcf.ko: an emulated reconfigurable multicomputer interconnect. */
#include <linux/module.h>

#include "rcf.h"

static int __init rcf_init(void)
{
	int err;

	rcf_genl_ops_init();
	err = rcf_policy_init();
	if (err)
		return err;
	rcf_debugfs_init();
	err = rcf_netns_init();
	if (err)
		goto out_debugfs;
	err = rcf_cap_init();
	if (err)
		goto out_netns;
	err = genl_register_family(&rcf_genl_family);
	if (err)
		goto out_cap;
	return 0;
out_cap:
	rcf_cap_exit();
out_netns:
	rcf_netns_exit();
out_debugfs:
	rcf_debugfs_exit();
	return err;
}

static void __exit rcf_exit(void)
{
	/* No request can reach a fabric once the family is gone. */
	genl_unregister_family(&rcf_genl_family);
	rcf_cap_exit();
	rcf_netns_exit();
	rcf_debugfs_exit();
}

module_init(rcf_init);
module_exit(rcf_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("rcf: reconfigurable multicomputer interconnect emulator");
MODULE_ALIAS_GENL_FAMILY(RCF_GENL_NAME);
