/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The seam between the fabric model and its two homes: the same model
 * files build into rcf.ko and into native test programs, so everything
 * they need from the outside world is named here once.
 */
#ifndef _RCF_CORE_OS_H
#define _RCF_CORE_OS_H

#ifdef __KERNEL__

#include <linux/types.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/sort.h>

#define rcf_os_zalloc(n)	kvzalloc((n), GFP_KERNEL_ACCOUNT)
#define rcf_os_free(p)		kvfree(p)
#define rcf_os_strcpy(d, s, n)	strscpy((d), (s), (n))
#define rcf_os_sort(b, n, sz, cmp)	sort((b), (n), (sz), (cmp), NULL)

#include "trace_hooks.h"

/*
 * rcf_os_trace(hook, args...) fires tracepoint hook (trace_hooks.h) when
 * it is enabled; the arguments are not even evaluated otherwise.
 */
#define rcf_os_trace(hook, ...)					\
	do {							\
		if (rcf_trace_##hook##_on())			\
			rcf_trace_##hook(__VA_ARGS__);		\
	} while (0)

#else /* userspace */

#include <sys/cdefs.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <stdio.h>
#include <linux/types.h>

typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;

#define rcf_os_zalloc(n)	calloc(1, (n))
#define rcf_os_free(p)		free(p)
#define rcf_os_strcpy(d, s, n)	snprintf((d), (n), "%s", (s))
#define rcf_os_sort(b, n, sz, cmp)	qsort((b), (n), (sz), (cmp))
/* the kernel's compiler_attributes.h has it, the C library this one */
#define noinline		__attribute_noinline__

/* No tracepoints here: the hooks vanish and cost nothing. */
#define rcf_os_trace(hook, ...)	do { } while (0)

#endif /* __KERNEL__ */

#endif /* _RCF_CORE_OS_H */
