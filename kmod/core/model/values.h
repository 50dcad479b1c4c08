/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The model's plain values that its clients name too: a link's end and a
 * node's address, as the model stores them and as the tools hold them
 * between a file, a request and a reply.  One definition, so that one
 * program can see the model and the tools' objects at once (rcfsim).
 */
#ifndef _RCF_CORE_MODEL_VALUES_H
#define _RCF_CORE_MODEL_VALUES_H

#include "os.h"

#define RCF_IFNAMSIZ	16

/* One end of a link: an element (enum rcf_elem_kind, id) and its port. */
struct rcf_end {
	u8 kind;
	u32 id;
	u32 port;
};

/* An IP address at which a node receives from the fabric. */
struct rcf_addr {
	u8 v6;		/* 0: IPv4 in a[0..3], 1: IPv6 */
	u8 a[16];	/* network byte order */
};

#endif /* _RCF_CORE_MODEL_VALUES_H */
