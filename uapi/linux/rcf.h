/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * rcf: reconfigurable multicomputer fabric, generic netlink ABI.
 *
 * This header is the whole contract between rcf.ko and userspace.
 * Documentation/netlink/specs/rcf.yaml describes the same family in the
 * kernel's genetlink spec format; a test fails when the two disagree.
 *
 * Object model (Documentation/rcf.rst has the long form):
 *
 *  - one fabric per network namespace, created by the first change made in
 *    that namespace and freed with it;
 *  - elements: nodes (processors, each with a netdev rcf<N>) and switches
 *    (crossbars).  Nodes and switches have separate id spaces; every
 *    element has numbered ports starting at 0;
 *  - links join (element, port) to (element, port), full duplex;
 *  - circuits wire an input port of a switch to one of its output ports;
 *    bytes pass through a circuit without a route byte being read;
 *  - routes: for each (source node, destination node) pair, up to
 *    RCF_ROUTES_PER_PAIR source routes, each a string of route bytes;
 *  - paths: circuit-switched data paths (Wijnen §II), a chain of circuits
 *    from a port of a master node to a destination node, whose messages
 *    carry no route bytes and which is broken only after the master has
 *    handed its mastership back (Documentation/paths.rst).
 *
 * Ids are chosen by the caller or, when the id attribute is left out of a
 * NEW request, the lowest free id is taken; the reply to a NEW request sent
 * with NLM_F_ECHO carries the object as created.
 *
 * Every change needs CAP_NET_ADMIN over the fabric's network namespace;
 * reads need nothing.  A refused request changes nothing and carries an
 * extended ack message; where one attribute is at fault it is named with
 * NLMSGERR_ATTR_OFFS.
 */
#ifndef _UAPI_LINUX_RCF_H
#define _UAPI_LINUX_RCF_H

#include <linux/types.h>

#define RCF_GENL_NAME		"rcf"
#define RCF_GENL_VERSION	1
#define RCF_MCGRP_EVENTS	"events"

/* Limits enforced by the kernel and by the attribute policies. */
#define RCF_MAX_NODES		4096	/* node ids are 0 .. RCF_MAX_NODES - 1 */
#define RCF_MAX_SWITCHES	4096	/* switch ids likewise */
#define RCF_MAX_LINKS		65536	/* link ids likewise */
#define RCF_NODE_MIN_PORTS	1
#define RCF_NODE_MAX_PORTS	32
#define RCF_NODE_DEF_PORTS	1	/* an SP1 adapter has one port */
#define RCF_SWITCH_MIN_PORTS	2
#define RCF_SWITCH_MAX_PORTS	32	/* the IMS C004 has 32 */
#define RCF_SWITCH_DEF_PORTS	8	/* the SP1 switch chip has 8 */
#define RCF_CQ_MIN_SIZE		64	/* central queue, bytes */
#define RCF_CQ_MAX_SIZE		(1 << 20)
#define RCF_CQ_DEF_SIZE		1024	/* the SP1 chip's 1 KiB */
#define RCF_LINK_MAX_VCS	4
#define RCF_LINK_DEF_VCS	1
#define RCF_LINK_DEF_BANDWIDTH	1	/* bytes per cycle, each direction */
#define RCF_LINK_MAX_BANDWIDTH	65536
#define RCF_LINK_DEF_LATENCY	1	/* cycles */
#define RCF_LINK_MAX_LATENCY	1000000
#define RCF_LINK_MIN_BUF	4	/* receive buffer per VC, bytes */
#define RCF_LINK_MAX_BUF	65536
#define RCF_LINK_DEF_BUF	64
#define RCF_ROUTES_PER_PAIR	4
#define RCF_ROUTE_MAX_HOPS	64	/* route bytes in one route */
#define RCF_BATCH_MAX_OPS	4096	/* operations in one RCF_CMD_BATCH */
#define RCF_NODE_MAX_ADDRS	8	/* addresses in RCF_A_NODE_ADDRS */
#define RCF_MAX_CLOCK_HZ	1000000000ULL	/* paced engine cycles/s */
#define RCF_MAX_PATHS		4096	/* path ids are 0 .. RCF_MAX_PATHS - 1 */
#define RCF_PATH_MAX_TIMEOUT_MS	600000	/* RCF_A_FABRIC_PATH_TIMEOUT_MS */

/*
 * Route byte layout.  Every element that forwards a packet by its route
 * (the source node, a relaying node, a switch without a circuit on the
 * input port) reads the first route byte and strips it:
 *
 *   bit 7     reserved, must be 0
 *   bits 6-5  virtual channel on the output link (0 .. vcs - 1)
 *   bits 4-0  output port (0 .. ports - 1)
 *
 * A packet that reaches a node with no route byte left is delivered there.
 * A switch input with a circuit forwards to the circuit's output port and
 * reads no byte.
 */
#define RCF_HOP_PORT_MASK	0x1f
#define RCF_HOP_VC_SHIFT	5
#define RCF_HOP_VC_MASK		0x60
#define RCF_HOP_RESERVED	0x80
#define RCF_HOP(port, vc)	((__u8)(((port) & RCF_HOP_PORT_MASK) | \
				 (((vc) << RCF_HOP_VC_SHIFT) & RCF_HOP_VC_MASK)))
#define RCF_HOP_PORT(b)		((b) & RCF_HOP_PORT_MASK)
#define RCF_HOP_VC(b)		(((b) & RCF_HOP_VC_MASK) >> RCF_HOP_VC_SHIFT)

/* Element kinds, in RCF_END_KIND. */
enum rcf_elem_kind {
	RCF_ELEM_NODE = 1,
	RCF_ELEM_SWITCH = 2,
};

/* Which of a pair's routes the source adapter gives each packet. */
enum rcf_route_policy {
	RCF_RPOL_ROUND_ROBIN = 0,	/* default: the pair's routes in turn */
	RCF_RPOL_LEAST_LOADED = 1,	/* route whose first channel holds least */
};

/*
 * Why a packet or message was dropped (RCF_STATS_DROPS).  Every drop
 * anywhere in the data path is counted under exactly one reason.
 */
enum rcf_drop_reason {
	RCF_DROP_UNSPEC,
	RCF_DROP_BAD_BYTE,	/* reserved bit of a route byte set */
	RCF_DROP_NO_PORT,	/* route byte names a port the element lacks */
	RCF_DROP_NO_LINK,	/* output port has no link */
	RCF_DROP_LINK_DOWN,	/* output link is down */
	RCF_DROP_BAD_VC,	/* VC beyond the output link's VCs */
	RCF_DROP_HOP_LIMIT,	/* too many hops, or circuits loop */
	RCF_DROP_ROUTE_END,	/* route bytes ran out at a switch */
	RCF_DROP_TOO_BIG,	/* packet over 255 bytes */
	RCF_DROP_NO_MEM,	/* no memory for a packet, or a stats entry */
	RCF_DROP_NO_DEST,	/* no node holds the destination address */
	RCF_DROP_NO_ROUTE,	/* the pair has no route */
	RCF_DROP_MSG_SIZE,	/* message over the adapter's 65535 bytes */
	RCF_DROP_REASSEMBLY,	/* partial message evicted at the destination */
	RCF_DROP_RECONFIG,	/* stuck in flight when the fabric changed */
	RCF_DROP_NOT_IP,	/* netdev given a frame that is not IPv4/IPv6 */
	RCF_DROP_DOWN,		/* the destination node's netdev is down */
	RCF_DROP_BAD_HEADER,	/* adapter header malformed or inconsistent */
	RCF_DROP_NO_PATH,	/* waited for a path that was refused or
				 * not set up within the path timeout
				 */
	__RCF_DROP_MAX,
	RCF_DROP_MAX = __RCF_DROP_MAX - 1
};

/* What a STATS_GET dump asks for and each reply holds (RCF_A_STATS_KIND). */
enum rcf_stats_kind {
	RCF_STATS_KIND_FABRIC = 1,	/* one message: totals, drops, latency */
	RCF_STATS_KIND_CHANNEL = 2,	/* one per (link, direction, VC) */
	RCF_STATS_KIND_SWITCH = 3,	/* one per switch: central queue */
	RCF_STATS_KIND_NODE = 4,	/* one per node: adapter totals */
	RCF_STATS_KIND_PAIR = 5,	/* one per (src, dst) with traffic: C_ij */
};

/* How an epoch treats the bytes in flight, in RCF_A_EPOCH_MODE. */
enum rcf_epoch_mode {
	RCF_EPOCH_AUTO = 0,	/* default: freeze when provably safe, else drain */
	RCF_EPOCH_DRAIN = 1,	/* always drain first */
	RCF_EPOCH_FREEZE = 2,	/* never drain; refused (EBUSY) when the
				 * change could strand a packet in flight
				 */
};

#define RCF_EPOCH_TIMEOUT_MS	2000	/* default drain bound */
#define RCF_EPOCH_MAX_TIMEOUT_MS 60000

/*
 * Mastership of a path (Wijnen §II A), in RCF_A_PATH_STATE.  A path is
 * made HELD: its master's messages for the destination take it.  SET to
 * RECALL asks the mastership back: no new message starts on the path,
 * those started go on, and once the last of them has fully arrived the
 * state becomes RETURNED and RCF_CMD_PATH_RETURNED is multicast.  Only a
 * RETURNED or BROKEN path can be deleted, so a path is never cut under a
 * message.  A link under a path going down makes it BROKEN (announced as
 * a PATH_SET event): nothing more is sent on it.  SET accepts HELD (which
 * also cancels a recall or regrants a returned path) and RECALL.
 */
enum rcf_path_state {
	RCF_PATH_HELD = 1,
	RCF_PATH_RECALL = 2,
	RCF_PATH_RETURNED = 3,
	RCF_PATH_BROKEN = 4,
};

/* Link administrative state, in RCF_A_LINK_STATE. */
enum rcf_link_state {
	RCF_LINK_DOWN = 0,
	RCF_LINK_UP = 1,
};

/*
 * Capture directions, a bit mask in RCF_A_CAPTURE_DIRS; one of them in
 * RCF_A_CAPTURE_DIR of each RCF_CMD_CAPTURE_PKT.
 */
enum rcf_capture_dir {
	RCF_CAPTURE_TX = 1,	/* as the node's adapter sends it */
	RCF_CAPTURE_RX = 2,	/* as it arrives at the node */
};

enum rcf_cmd {
	RCF_CMD_UNSPEC,

	/*
	 * Fabric.  GET replies with the fabric's counts and settings (an
	 * empty fabric when none exists yet; GET creates nothing).  NEW
	 * creates it (EEXIST with NLM_F_EXCL when it exists).  SET changes
	 * its settings.  DEL removes every object and frees the fabric.
	 */
	RCF_CMD_FABRIC_GET,
	RCF_CMD_FABRIC_NEW,
	RCF_CMD_FABRIC_DEL,
	RCF_CMD_FABRIC_SET,

	/*
	 * Objects.  GET with the object's key replies with one object; GET
	 * with NLM_F_DUMP lists them all (routes may be filtered by
	 * RCF_A_ROUTE_SRC and RCF_A_ROUTE_DST).  DEL refuses with EBUSY an
	 * object that another still uses (a link or circuit under a route,
	 * an element with links or circuits); nothing is removed in cascade.
	 * An object added, changed or removed is announced on
	 * RCF_MCGRP_EVENTS with the matching notification (NODE_NEW_NTF ...
	 * below), never with the request's own command.
	 */
	RCF_CMD_NODE_GET,
	RCF_CMD_NODE_NEW,
	RCF_CMD_NODE_DEL,
	RCF_CMD_NODE_SET,

	RCF_CMD_SWITCH_GET,
	RCF_CMD_SWITCH_NEW,
	RCF_CMD_SWITCH_DEL,
	RCF_CMD_SWITCH_SET,

	RCF_CMD_LINK_GET,
	RCF_CMD_LINK_NEW,
	RCF_CMD_LINK_DEL,
	RCF_CMD_LINK_SET,

	RCF_CMD_CIRCUIT_GET,
	RCF_CMD_CIRCUIT_NEW,
	RCF_CMD_CIRCUIT_DEL,
	RCF_CMD_CIRCUIT_SET,

	RCF_CMD_ROUTE_GET,
	RCF_CMD_ROUTE_NEW,
	RCF_CMD_ROUTE_DEL,
	RCF_CMD_ROUTE_SET,

	/*
	 * Batch: up to RCF_BATCH_MAX_OPS RCF_A_BATCH_OP nests, each an
	 * RCF_A_OP_CMD (a NEW, DEL or SET command above) with that command's
	 * attributes, carried in RCF_A_BATCH.  A nest's 16-bit length caps
	 * RCF_A_BATCH at 64 KiB, less than a full batch needs, so
	 * RCF_A_BATCH may be repeated: the batch is the RCF_A_BATCH_OP
	 * nests of every RCF_A_BATCH, in message order, and the limit counts
	 * them all.  The operations apply in that order, each seeing the
	 * ones before it, and all of them or none take effect.  On refusal
	 * the extack cookie holds the failing operation's index (0-based,
	 * counted across all RCF_A_BATCH nests) as a __u32 in host order.
	 */
	RCF_CMD_BATCH,

	/*
	 * Data-path counters: STATS_GET is a dump filtered by
	 * RCF_A_STATS_KIND (default RCF_STATS_KIND_FABRIC); each reply
	 * carries RCF_A_STATS_KIND and an RCF_A_STATS nest.  STATS_RESET
	 * (CAP_NET_ADMIN) zeroes every counter but current occupancies.
	 * Counters survive engine rebuilds when the configuration changes.
	 */
	RCF_CMD_STATS_GET,
	RCF_CMD_STATS_RESET,

	/*
	 * Traffic generator (Documentation/datapath.rst): TRAFFIC_START
	 * takes an RCF_A_TRAFFIC nest with the spec (admin; EBUSY while a
	 * run is under way) and starts the run on a fresh engine built from
	 * the committed configuration, holding IP back until it is done;
	 * TRAFFIC_STOP (admin) ends generation, the run then drains;
	 * TRAFFIC_GET replies with the spec and results of the current or
	 * last run.  A run's end is announced on the events group as
	 * TRAFFIC_DONE_NTF, shaped as the TRAFFIC_GET reply with
	 * RCF_TRAFFIC_DONE set.  A run
	 * goes on across epochs (paused while one drains); one that takes
	 * away a node of the run, or replaces a deadlocked engine, ends it
	 * with RCF_TRAFFIC_ERROR ECANCELED.
	 */
	RCF_CMD_TRAFFIC_START,
	RCF_CMD_TRAFFIC_STOP,
	RCF_CMD_TRAFFIC_GET,

	/*
	 * Epochs (Documentation/epoch.rst).  Every commit that changes the
	 * model is one epoch: injection stops (node netdev queues and the
	 * traffic generator hold their messages), the bytes in flight drain
	 * (RCF_EPOCH_DRAIN) or stay where they are (RCF_EPOCH_FREEZE, only
	 * for changes that provably strand no packet), the change applies,
	 * the fabric epoch bumps and injection resumes.  A drain that does
	 * not finish within the timeout rolls the change back (ETIMEDOUT)
	 * and the fabric resumes unchanged.  Any change request (and
	 * BATCH) may carry RCF_A_EPOCH_MODE and RCF_A_EPOCH_TIMEOUT_MS.
	 * EPOCH_GET replies with an RCF_A_EPOCH nest for the last epoch
	 * tried; EPOCH_NTF, shaped alike, goes to the events group after
	 * every epoch, applied or rolled back.
	 */
	RCF_CMD_EPOCH_GET,

	/*
	 * Notification only: node RCF_A_NODE_ID has sent and received
	 * another RCF_A_FABRIC_MSG_THRESHOLD messages (the evaluation
	 * period, threshold_2, of García-Duato §3).  Carries RCF_A_NODE_ID,
	 * RCF_A_THRESH_SENT and RCF_A_THRESH_RECEIVED: the node's counts
	 * since the module loaded, across configurations and STATS_RESET.
	 * A node that passes several multiples between two looks of the
	 * data path (one run slice) gets one event.
	 */
	RCF_CMD_NODE_THRESHOLD,

	/*
	 * Paths (Documentation/paths.rst), keyed by RCF_A_PATH_ID.  NEW
	 * takes RCF_A_PATH_MASTER, RCF_A_PATH_DST and RCF_A_PATH_HOPS and
	 * makes one circuit at every switch the hops cross, all or none,
	 * granting the mastership to the master (state HELD).  A path needs
	 * every switch input and output it crosses free of circuits, no
	 * route reading a route byte at those inputs, and every link up.
	 * SET changes RCF_A_PATH_STATE (HELD or RECALL); DEL refuses with
	 * EBUSY a path whose mastership has not come back (HELD, RECALL)
	 * and removes the circuits of a RETURNED or BROKEN one.  Events as
	 * for the other objects; a path made, recalled or deleted is an
	 * epoch that never needs a drain when no packet stands at the
	 * switch inputs it changes.  A path that broke is announced as
	 * PATH_SET_NTF with state BROKEN.
	 */
	RCF_CMD_PATH_GET,
	RCF_CMD_PATH_NEW,
	RCF_CMD_PATH_DEL,
	RCF_CMD_PATH_SET,

	/*
	 * Path requests.  While RCF_A_FABRIC_PATH_TIMEOUT_MS is not 0, a
	 * node with a message for a destination it has neither a route nor
	 * a path to holds the message in its queue (bounded: a full queue
	 * stops the node's netdev queue) and the kernel multicasts one
	 * PATH_REQUEST_NTF with RCF_A_PATH_MASTER (the node), RCF_A_PATH_DST and
	 * RCF_A_PATH_WAITING.  A path made from the node to the destination
	 * answers it; the held messages then take the path in order.  A
	 * request that is not answered within the timeout fails.
	 *
	 * Sent by a user (admin), PATH_REQUEST with RCF_A_PATH_ERROR fails
	 * the outstanding request of (MASTER, DST) with that errno (ENOENT
	 * when there is none); without it, raises a request for the pair as
	 * if the node had a message waiting.  A failed request's messages are
	 * dropped (RCF_DROP_NO_PATH) and a PATH_REQUEST_NTF with
	 * RCF_A_PATH_ERROR reports it.
	 */
	RCF_CMD_PATH_REQUEST,

	/*
	 * Notification only: the mastership of path RCF_A_PATH_ID came back
	 * (state RETURNED), carrying the path's attributes.
	 */
	RCF_CMD_PATH_RETURNED,

	/*
	 * Notifications on RCF_MCGRP_EVENTS, each with a number of its own
	 * so that a listener tells an event from a reply by the command
	 * alone; a request with one of them is refused (EOPNOTSUPP).  The
	 * object ones follow a commit and carry the object as the matching
	 * GET replies with it (a DEL: as it was; FABRIC_*: nothing).
	 */
	RCF_CMD_FABRIC_NEW_NTF,
	RCF_CMD_FABRIC_DEL_NTF,
	RCF_CMD_FABRIC_SET_NTF,
	RCF_CMD_NODE_NEW_NTF,
	RCF_CMD_NODE_DEL_NTF,
	RCF_CMD_NODE_SET_NTF,
	RCF_CMD_SWITCH_NEW_NTF,
	RCF_CMD_SWITCH_DEL_NTF,
	RCF_CMD_SWITCH_SET_NTF,
	RCF_CMD_LINK_NEW_NTF,
	RCF_CMD_LINK_DEL_NTF,
	RCF_CMD_LINK_SET_NTF,
	RCF_CMD_CIRCUIT_NEW_NTF,
	RCF_CMD_CIRCUIT_DEL_NTF,
	RCF_CMD_CIRCUIT_SET_NTF,
	RCF_CMD_ROUTE_NEW_NTF,
	RCF_CMD_ROUTE_DEL_NTF,
	RCF_CMD_ROUTE_SET_NTF,
	RCF_CMD_PATH_NEW_NTF,
	RCF_CMD_PATH_DEL_NTF,
	RCF_CMD_PATH_SET_NTF,		/* also a path that broke */
	RCF_CMD_TRAFFIC_DONE_NTF,	/* a run ended: the TRAFFIC_GET reply */
	RCF_CMD_EPOCH_NTF,		/* an epoch ended: the EPOCH_GET reply */
	RCF_CMD_PATH_REQUEST_NTF,	/* raised or failed, see PATH_REQUEST */

	/*
	 * Routing relations (Documentation/adaptive.rst), keyed by
	 * RCF_A_REL_SWITCH: what a switch does with a destination-routed
	 * packet.  SET replaces the switch's whole relation with its
	 * RCF_A_REL_ENTRY nests (one per destination node, in any order,
	 * each destination once); DEL removes it.  Relations are counted
	 * against the fabric's mem-limit and may be batched, so a whole
	 * fabric's relation goes in one epoch, all or none.  GET with
	 * RCF_A_REL_SWITCH replies with that switch's relation; a dump
	 * lists every switch's, a switch whose entries do not fit one
	 * message continuing in the next with its RCF_A_REL_SWITCH again.
	 * A change builds a new engine in an epoch.  Announced as
	 * REL_SET_NTF and REL_DEL_NTF carrying RCF_A_REL_SWITCH only.
	 */
	RCF_CMD_REL_GET,
	RCF_CMD_REL_SET,
	RCF_CMD_REL_DEL,
	RCF_CMD_REL_SET_NTF,
	RCF_CMD_REL_DEL_NTF,

	/*
	 * Packet capture (Documentation/observability.rst, "Capturing
	 * packets").  CAPTURE_START with RCF_A_CAPTURE_NODE and
	 * RCF_A_CAPTURE_DIRS (default both) sends the requesting socket one
	 * CAPTURE_PKT per fabric packet the node's adapter sends or
	 * receives, until CAPTURE_STOP, the socket's close or the fabric's
	 * delete.  One capture per fabric: a START from another socket
	 * while one runs is EBUSY; from the same socket it changes the node
	 * and directions.  Copies are sent without blocking the fabric: a
	 * copy the socket has no room for is dropped and counted
	 * (RCF_A_CAPTURE_DROPS).
	 */
	RCF_CMD_CAPTURE_START,
	RCF_CMD_CAPTURE_STOP,
	RCF_CMD_CAPTURE_PKT,

	__RCF_CMD_MAX,
	RCF_CMD_MAX = __RCF_CMD_MAX - 1
};

enum rcf_attr {
	RCF_A_UNSPEC,
	RCF_A_PAD,

	/* fabric */
	RCF_A_FABRIC_EPOCH,		/* u64, read-only: committed changes */
	RCF_A_FABRIC_NODES,		/* u32, read-only: count */
	RCF_A_FABRIC_SWITCHES,		/* u32, read-only */
	RCF_A_FABRIC_LINKS,		/* u32, read-only */
	RCF_A_FABRIC_CIRCUITS,		/* u32, read-only */
	RCF_A_FABRIC_ROUTES,		/* u32, read-only */
	RCF_A_FABRIC_MEM,		/* u64, read-only: bytes held by the model */
	RCF_A_FABRIC_CQ_SIZE,		/* u32: default central queue of new switches */

	/* node */
	RCF_A_NODE_ID,			/* u32, key */
	RCF_A_NODE_PORTS,		/* u32, set at creation only */
	RCF_A_NODE_IFINDEX,		/* u32, read-only: the node's netdev */
	RCF_A_NODE_IFNAME,		/* string, at creation; default "rcf<id>" */

	/* switch */
	RCF_A_SWITCH_ID,		/* u32, key */
	RCF_A_SWITCH_PORTS,		/* u32, set at creation only */
	RCF_A_SWITCH_CQ_SIZE,		/* u32: central queue, bytes */

	/* link */
	RCF_A_LINK_ID,			/* u32, key */
	RCF_A_LINK_END_A,		/* nest, enum rcf_end_attr; at creation only */
	RCF_A_LINK_END_B,		/* nest, enum rcf_end_attr; at creation only */
	RCF_A_LINK_BANDWIDTH,		/* u32: bytes per cycle, each direction */
	RCF_A_LINK_LATENCY,		/* u32: cycles */
	RCF_A_LINK_VCS,			/* u32: virtual channels, 1 .. 4 */
	RCF_A_LINK_BUF_SIZE,		/* u32: receive buffer per VC, bytes */
	RCF_A_LINK_STATE,		/* u8, enum rcf_link_state */
	RCF_A_LINK_USERS,		/* u32, read-only: routes crossing it */

	/* circuit, keyed by (switch, input port) */
	RCF_A_CIRCUIT_SWITCH,		/* u32, key */
	RCF_A_CIRCUIT_IN_PORT,		/* u32, key */
	RCF_A_CIRCUIT_OUT_PORT,		/* u32 */
	RCF_A_CIRCUIT_USERS,		/* u32, read-only: routes crossing it */

	/* route, keyed by (source, destination, index) */
	RCF_A_ROUTE_SRC,		/* u32, key: source node */
	RCF_A_ROUTE_DST,		/* u32, key: destination node */
	RCF_A_ROUTE_INDEX,		/* u8, key: 0 .. 3; DEL without it
					 * removes every route of the pair
					 */
	RCF_A_ROUTE_HOPS,		/* binary: route bytes, 1 .. 64 */

	/* batch */
	RCF_A_BATCH,			/* nest of RCF_A_BATCH_OP; may repeat */
	RCF_A_BATCH_OP,			/* nest: RCF_A_OP_CMD + command attributes */
	RCF_A_OP_CMD,			/* u8, enum rcf_cmd; only inside a batch op */

	/* fabric, data path */
	RCF_A_FABRIC_CLOCK_HZ,		/* u64: paced cycles per second,
					 * 0 (default) runs free
					 */
	RCF_A_FABRIC_ROUTE_POLICY,	/* u8, enum rcf_route_policy */

	/* node, data path */
	RCF_A_NODE_ADDRS,		/* nest, enum rcf_addr_attr; SET replaces the
					 * node's whole list, an empty nest
					 * clears it
					 */

	/* stats */
	RCF_A_STATS_KIND,		/* u8, enum rcf_stats_kind */
	RCF_A_STATS,			/* nest, enum rcf_stats_attr */

	/* traffic */
	RCF_A_TRAFFIC,			/* nest, enum rcf_traffic_attr */

	/* epoch: on any change request */
	RCF_A_EPOCH_MODE,		/* u8, enum rcf_epoch_mode */
	RCF_A_EPOCH_TIMEOUT_MS,		/* u32: drain bound, 1 .. 60000,
					 * default RCF_EPOCH_TIMEOUT_MS
					 */
	RCF_A_EPOCH,			/* nest, enum rcf_epoch_attr; read-only */

	/* fabric: García-Duato threshold_2 */
	RCF_A_FABRIC_MSG_THRESHOLD,	/* u32: messages sent + received by a
					 * node between two
					 * RCF_CMD_NODE_THRESHOLD events;
					 * 0 (default) sends none
					 */
	RCF_A_THRESH_SENT,		/* u64, read-only: node's messages sent */
	RCF_A_THRESH_RECEIVED,		/* u64, read-only: and received */

	/* path, keyed by id */
	RCF_A_PATH_ID,			/* u32, key; NEW without it takes the
					 * lowest free id
					 */
	RCF_A_PATH_MASTER,		/* u32: node that holds the mastership */
	RCF_A_PATH_DST,			/* u32: destination node */
	RCF_A_PATH_HOPS,		/* binary, 1 .. 64 route bytes, at
					 * creation only: the master's output
					 * port (and the VC the path uses on
					 * every link), then each switch's
					 * output port (VC bits 0)
					 */
	RCF_A_PATH_STATE,		/* u8, enum rcf_path_state */
	RCF_A_PATH_CIRCUITS,		/* u32, read-only: switches crossed */
	RCF_A_PATH_MSGS,		/* u64, read-only: messages sent on it */
	RCF_A_PATH_BYTES,		/* u64, read-only: their bytes */
	RCF_A_PATH_INFLIGHT,		/* u32, read-only: messages started on
					 * it that have not fully arrived
					 */
	RCF_A_PATH_WAIT_NS,		/* u64, read-only: how long the
					 * master's request waited for this
					 * path (0: it was not requested)
					 */
	RCF_A_PATH_WAITING,		/* u32, read-only: messages held for
					 * the request (PATH_REQUEST events)
					 */
	RCF_A_PATH_ERROR,		/* u32: positive errno of a failed
					 * request (PATH_REQUEST)
					 */

	/* fabric: path requests */
	RCF_A_FABRIC_PATHS,		/* u32, read-only: count */
	RCF_A_FABRIC_PATH_TIMEOUT_MS,	/* u32: 0 (default): a message with
					 * neither route nor path is dropped
					 * (RCF_DROP_NO_ROUTE); else requests
					 * are raised and wait this long, 1 ..
					 * RCF_PATH_MAX_TIMEOUT_MS
					 */
	RCF_A_CIRCUIT_PATH,		/* u32, read-only: the path a circuit
					 * belongs to (absent: none)
					 */

	/* fabric: what its model may hold */
	RCF_A_FABRIC_MEM_LIMIT,		/* u64: bytes, at most rcf.ko's
					 * fabric_mem_limit (its default) and
					 * not below RCF_A_FABRIC_MEM; 0 on a
					 * change takes the default again; 0
					 * read back: no limit
					 */

	/*
	 * fabric: the engine's memory (Documentation/datapath.rst, "The
	 * pool's budget"), as the data path last saw it
	 */
	RCF_A_FABRIC_ENGINE_MEM,	/* u64, read-only: bytes of the
					 * engine's tables
					 */
	RCF_A_FABRIC_POOL_MEM,		/* u64, read-only: bytes of its
					 * packet pool now
					 */
	RCF_A_FABRIC_POOL_PEAK,		/* u64, read-only: the pool's most
					 * bytes since the engine was built
					 */
	RCF_A_FABRIC_POOL_BUDGET,	/* u64, read-only: what mem-limit
					 * leaves the pool, bytes (0: none)
					 */
	RCF_A_FABRIC_POOL_REFUSED,	/* u64, read-only: sends the budget
					 * refused since the engine was built
					 */
	RCF_A_FABRIC_MEM_LIMIT_OWN,	/* u8, read-only: 1 when mem-limit
					 * was set for this fabric, 0 when it
					 * is rcf.ko's fabric_mem_limit
					 */

	/*
	 * fabric: how its engine runs (Documentation/engine.rst, "Reference
	 * and fast modes"); both modes give the same results
	 */
	RCF_A_FABRIC_ENGINE_EXACT,	/* u8: 1 the reference mode, 0 the
					 * fast one (default: rcf.ko's
					 * engine_exact); a change builds a
					 * new engine in an epoch
					 */

	/*
	 * fabric: the engine's model settings (Documentation/engine.rst,
	 * "Model settings"), to hold its figures against other simulators'
	 * as rcfsim does; 0 (the default) is the SP1 switch and adapter.
	 * A change builds a new engine in an epoch.
	 */
	RCF_A_FABRIC_CQ_OFF,		/* u8: 1 no central queue in any
					 * switch: a blocked packet holds its
					 * input
					 */
	RCF_A_FABRIC_ROUTE_DELAY,	/* u32: cycles a switch takes to
					 * route a header, 0 ..
					 * RCF_MAX_ROUTE_DELAY
					 */
	RCF_A_FABRIC_ALLOC,		/* u8, enum rcf_alloc_kind: how a freed
					 * switch output picks its next packet
					 */
	RCF_A_FABRIC_RAW,		/* u8: 1 each message one packet with
					 * no adapter header (larger ones are
					 * dropped, paths are not used)
					 */

	/* routing relations (Documentation/adaptive.rst) */
	RCF_A_REL_SWITCH,		/* u32, key: the switch */
	RCF_A_REL_ENTRY,		/* nest, enum rcf_rel_ent_attr; repeated,
					 * one per destination
					 */
	RCF_A_FABRIC_SELECT,		/* u8, enum rcf_select_kind: how a
					 * switch picks among free adaptive
					 * candidates; a change builds a new
					 * engine in an epoch
					 */
	RCF_A_FABRIC_ROUTING,		/* u8, enum rcf_routing_kind: what
					 * the adapters put on packets; a
					 * change builds a new engine
					 */
	RCF_A_FABRIC_RELATIONS,		/* u32, read-only: switches with a
					 * relation
					 */

	/* capture (RCF_CMD_CAPTURE_*) */
	RCF_A_CAPTURE_NODE,		/* u32: the node captured at */
	RCF_A_CAPTURE_DIRS,		/* u8: RCF_CAPTURE_TX, RCF_CAPTURE_RX
					 * or both, or'ed (the default)
					 */
	RCF_A_CAPTURE_DIR,		/* u8, enum rcf_capture_dir,
					 * read-only: this copy's
					 */
	RCF_A_CAPTURE_PEER,		/* u32, read-only: destination (tx)
					 * or source (rx) node
					 */
	RCF_A_CAPTURE_ROUTE_LEN,	/* u8, read-only: route bytes in the
					 * packet (0 on rx: read on the way)
					 */
	RCF_A_CAPTURE_HDR_LEN,		/* u8, read-only: adapter header
					 * bytes after them (0 in raw mode)
					 */
	RCF_A_CAPTURE_CYCLE,		/* u64, read-only: engine clock */
	RCF_A_CAPTURE_TIME_NS,		/* u64, read-only: CLOCK_REALTIME */
	RCF_A_CAPTURE_PACKET,		/* binary, read-only: [length][route
					 * bytes][adapter header][data]
					 */
	RCF_A_CAPTURE_DROPS,		/* u64, read-only: copies dropped so
					 * far in this capture
					 */

	__RCF_A_MAX,
	RCF_A_MAX = __RCF_A_MAX - 1
};

/* RCF_A_FABRIC_ROUTE_DELAY's bound, cycles */
#define RCF_MAX_ROUTE_DELAY	1000

/* How a freed switch output chooses among the packets waiting for it. */
enum rcf_alloc_kind {
	RCF_ALLOC_OLDEST,		/* the oldest request (the default) */
	RCF_ALLOC_RR,			/* round robin over the inputs */
	RCF_ALLOC_ISLIP,		/* iSLIP: a match per cycle */
};

/* How a switch picks among free adaptive candidates, RCF_A_FABRIC_SELECT */
enum rcf_select_kind {
	RCF_SEL_FIRST,			/* the first in the list (default) */
	RCF_SEL_LEAST,			/* the one with most credit */
	RCF_SEL_RANDOM,			/* uniform, from the engine's fixed
					 * seed
					 */
};

/* What the adapters put on packets, in RCF_A_FABRIC_ROUTING. */
enum rcf_routing_kind {
	RCF_ROUTING_SOURCE,		/* the pair's source route (default) */
	RCF_ROUTING_RELATION,		/* a destination header on every
					 * packet, routed by the relations; no
					 * pair needs a route, paths are not
					 * used
					 */
};

#define RCF_REL_MAX_CANDS	8	/* RCF_RENT_CAND in one entry */

/* Inside RCF_A_REL_ENTRY: one destination's candidates, in order. */
enum rcf_rel_ent_attr {
	RCF_RENT_UNSPEC,
	RCF_RENT_DST,			/* u32: destination node, required */
	RCF_RENT_CAND,			/* nest, enum rcf_rel_cand_attr;
					 * repeated, 1 .. RCF_REL_MAX_CANDS
					 */

	__RCF_RENT_MAX,
	RCF_RENT_MAX = __RCF_RENT_MAX - 1
};

/* Inside RCF_RENT_CAND: one candidate output of the switch. */
enum rcf_rel_cand_attr {
	RCF_RCAND_UNSPEC,
	RCF_RCAND_PORT,			/* u8: output port, required; it has
					 * a link
					 */
	RCF_RCAND_VC,			/* u8: VC on that link (default 0),
					 * below the link's vcs
					 */
	RCF_RCAND_ESCAPE,		/* flag: an escape candidate, waited
					 * for when no adaptive one is free
					 */
	RCF_RCAND_IN,			/* u32: input ports it may be taken
					 * from, bit p for port p (the
					 * node's included), none beyond the
					 * switch's; absent: every port
					 */
	RCF_RCAND_VIN,			/* u8: input VCs it may be taken by,
					 * bit v for a packet in on VC v,
					 * 1 .. 15; absent: every VC
					 */
	RCF_RCAND_KEEP,			/* flag: out on the VC the packet
					 * came in on; vc must be 0
					 */

	__RCF_RCAND_MAX,
	RCF_RCAND_MAX = __RCF_RCAND_MAX - 1
};

/* Inside RCF_A_LINK_END_A / RCF_A_LINK_END_B. */
enum rcf_end_attr {
	RCF_END_UNSPEC,
	RCF_END_KIND,			/* u8, enum rcf_elem_kind */
	RCF_END_ID,			/* u32: node or switch id */
	RCF_END_PORT,			/* u32: port on that element */

	__RCF_END_MAX,
	RCF_END_MAX = __RCF_END_MAX - 1
};

/*
 * Inside RCF_A_NODE_ADDRS: the IPv4 and IPv6 addresses (network byte
 * order) at which the node receives IP traffic from the fabric; each
 * attribute holds one address and may repeat, RCF_NODE_MAX_ADDRS in all,
 * and an address belongs to at most one node of the fabric.
 */
enum rcf_addr_attr {
	RCF_ADDR_UNSPEC,
	RCF_ADDR_IN,			/* binary, 4 bytes */
	RCF_ADDR_IN6,			/* binary, 16 bytes */

	__RCF_ADDR_MAX,
	RCF_ADDR_MAX = __RCF_ADDR_MAX - 1
};

/*
 * Inside RCF_A_STATS.  Which attributes a message holds depends on its
 * RCF_A_STATS_KIND; counters are u64 unless noted, times are in cycles.
 */
enum rcf_stats_attr {
	RCF_STATS_UNSPEC,
	RCF_STATS_PAD,

	/* keys */
	RCF_STATS_LINK,			/* u32: link id (CHANNEL) */
	RCF_STATS_DIR,			/* u8: 0 end a to b, 1 b to a (CHANNEL) */
	RCF_STATS_VC,			/* u8 (CHANNEL) */
	RCF_STATS_SWITCH,		/* u32: switch id (SWITCH) */
	RCF_STATS_NODE,			/* u32: node id (NODE) */
	RCF_STATS_SRC,			/* u32: source node id (PAIR) */
	RCF_STATS_DST,			/* u32: destination node id (PAIR) */

	/* FABRIC */
	RCF_STATS_CYCLE,		/* u64: engine cycles run since load */
	RCF_STATS_ENGINE_GEN,		/* u64: engines built (configurations) */
	RCF_STATS_PKTS_SENT,		/* u64: packets accepted for injection */
	RCF_STATS_PKTS_DELIVERED,	/* u64 */
	RCF_STATS_PKTS_DROPPED,		/* u64 */
	RCF_STATS_BYTES_INJECTED,	/* u64: bytes put on first links */
	RCF_STATS_BYTES_DELIVERED,	/* u64: taken in by destinations */
	RCF_STATS_BYTES_DROPPED,	/* u64 */
	RCF_STATS_BYTES_INFLIGHT,	/* u64, now: wires, buffers, queues */
	RCF_STATS_BYTE_HOPS,		/* u64: bytes sent on any channel */
	RCF_STATS_DROPS,		/* nest, enum rcf_stats_drop_attr;
					 * repeated, one per drop reason seen
					 */
	RCF_STATS_LAT_HIST,		/* nest, enum rcf_stats_lat_attr;
					 * repeated, one per latency bucket
					 * not empty
					 */
	RCF_STATS_LAT_SUM,		/* u64: packet latency sum, min, max */
	RCF_STATS_LAT_MIN,		/* u64 */
	RCF_STATS_LAT_MAX,		/* u64 */

	/*
	 * NODE and FABRIC: adapter messages and their bytes.  PAIR: the
	 * C_ij matrix as packets (PKTS_SENT, PKTS_DELIVERED) and their
	 * payload bytes (TX_BYTES, RX_BYTES), adapter headers included,
	 * and as messages: MSGS_SENT from src to dst, MSGS_RECEIVED by dst
	 * from src (node i's C_ij of García-Duato §3.2 is the MSGS_SENT of
	 * (i, j) plus the MSGS_RECEIVED of (j, i)).
	 */
	RCF_STATS_MSGS_SENT,		/* u64 */
	RCF_STATS_MSGS_RECEIVED,	/* u64 */
	RCF_STATS_TX_BYTES,		/* u64: message bytes given to adapter */
	RCF_STATS_RX_BYTES,		/* u64: message bytes delivered */
	RCF_STATS_BACKLOG,		/* u64, now: bytes queued at node (NODE) */

	/* CHANNEL */
	RCF_STATS_BYTES,		/* u64: bytes sent on the channel */
	RCF_STATS_PACKETS,		/* u64: packet heads sent on it */
	RCF_STATS_BLOCKED,		/* u64: cycles with a byte, no credit */
	RCF_STATS_CREDIT,		/* u32, now: sender's credit in bytes */
	RCF_STATS_OCCUPANCY,		/* u32, now: receive buffer bytes */

	/* SWITCH */
	RCF_STATS_CQ_SIZE,		/* u32: central queue capacity, bytes */
	RCF_STATS_CQ_CUR,		/* u32, now: bytes held (whole chunks) */
	RCF_STATS_CQ_PEAK,		/* u32: highest since reset */

	/* NODE: path requests */
	RCF_STATS_PATH_WAITING,		/* u64, now: messages held waiting for
					 * a path
					 */
	RCF_STATS_PATH_REQUESTS,	/* u64: path requests raised */

	/* FABRIC: destination-routed heads a relation sent on, by class */
	RCF_STATS_REL_ADAPTIVE,		/* u64: on an adaptive candidate */
	RCF_STATS_REL_ESCAPE,		/* u64: on an escape candidate */

	/* FABRIC, alloc islip: grants the switches' outputs made, accepted */
	RCF_STATS_ISLIP_GRANTS,		/* u64 */
	RCF_STATS_ISLIP_ACCEPTS,	/* u64 */

	__RCF_STATS_MAX,
	RCF_STATS_MAX = __RCF_STATS_MAX - 1
};

/* One RCF_STATS_DROPS: the drops counted under one reason. */
enum rcf_stats_drop_attr {
	RCF_SDROP_UNSPEC,
	RCF_SDROP_PAD,
	RCF_SDROP_REASON,		/* u32, enum rcf_drop_reason */
	RCF_SDROP_COUNT,		/* u64 */

	__RCF_SDROP_MAX,
	RCF_SDROP_MAX = __RCF_SDROP_MAX - 1
};

/* One RCF_STATS_LAT_HIST: a bucket of the packet latency histogram. */
enum rcf_stats_lat_attr {
	RCF_SLAT_UNSPEC,
	RCF_SLAT_PAD,
	RCF_SLAT_BUCKET,		/* u32: k, latencies in [2^k, 2^(k+1))
					 * cycles
					 */
	RCF_SLAT_COUNT,			/* u64: packets */

	__RCF_SLAT_MAX,
	RCF_SLAT_MAX = __RCF_SLAT_MAX - 1
};

/* Traffic patterns, in RCF_TRAFFIC_PATTERN; nodes are numbered 0 .. n - 1
 * in the order of their ids.
 */
enum rcf_traffic_pattern_kind {
	RCF_TRAFFIC_UNIFORM,		/* any other node, uniformly */
	RCF_TRAFFIC_DOLOOP,		/* j -> (i + j) mod n */
	RCF_TRAFFIC_EXOR,		/* j -> i xor j; n a power of two */
	RCF_TRAFFIC_NCUBE,		/* j -> j xor 2^i; n a power of two */
	RCF_TRAFFIC_BITREV,		/* j -> j's log2(n) bits reversed */
	RCF_TRAFFIC_TRANSPOSE,		/* (r, c) -> (c, r), n a square */
	RCF_TRAFFIC_HOTSPOT,		/* a share to one node, rest uniform */
	RCF_TRAFFIC_NIG,		/* j -> k with weight w_jk / sum_k w_jk,
					 * RCF_TRAFFIC_ARCS
					 */
	RCF_TRAFFIC_TRACE,		/* RCF_TRAFFIC_MSGS at their cycles */
};

#define RCF_TRAFFIC_MAX_RATE	1000000	/* bytes per 1000 cycles per node */
#define RCF_TRAFFIC_MAX_SIZE	65535	/* bytes in one message */
/* as many as fit one attribute's 64 KiB: 28 bytes an arc, 40 a message */
#define RCF_TRAFFIC_MAX_ARCS	2048	/* entries of RCF_TRAFFIC_ARCS */
#define RCF_TRAFFIC_MAX_MSGS	1536	/* entries of RCF_TRAFFIC_MSGS */
#define RCF_TRAFFIC_MAX_SIZES	64	/* entries of RCF_TRAFFIC_SIZES */
#define RCF_TRAFFIC_MAX_WEIGHT	0xffffff	/* of an arc */
#define RCF_TRAFFIC_MAX_SWEIGHT	0xffff	/* of a message size */
/* RCF_TRAFFIC_BACKLOG: bytes a source may hold unsent; there is always one */
#define RCF_TRAFFIC_BACKLOG_DEFAULT	65536
#define RCF_TRAFFIC_BACKLOG_MAX		16777216
/* What a run that leaves an attribute out gets (rcfctl and rcfsim alike) */
#define RCF_TRAFFIC_RATE_DEFAULT	100	/* RCF_TRAFFIC_RATE */
#define RCF_TRAFFIC_SIZE_DEFAULT	64	/* RCF_TRAFFIC_SIZE_MIN */
#define RCF_TRAFFIC_CYCLES_DEFAULT	10000	/* without MESSAGES, not a trace */
#define RCF_TRAFFIC_HOT_PERMILLE_DEFAULT 200	/* RCF_TRAFFIC_HOT_PERMILLE */
#define RCF_TRAFFIC_SEED_DEFAULT	1	/* RCF_TRAFFIC_SEED */

/* How a node's messages are spaced in time (RCF_TRAFFIC_ARRIVAL). */
enum rcf_traffic_arrival_kind {
	RCF_TRAFFIC_BERNOULLI,		/* a coin each cycle (the default) */
	RCF_TRAFFIC_PERIODIC,		/* evenly, a random phase per node */
};

/* One entry of RCF_TRAFFIC_ARCS: node ids, all three required. */
enum rcf_traffic_arc_attr {
	RCF_TRAFFIC_ARC_UNSPEC,
	RCF_TRAFFIC_ARC_SRC,		/* u32: node id */
	RCF_TRAFFIC_ARC_DST,		/* u32: node id, not SRC */
	RCF_TRAFFIC_ARC_WEIGHT,		/* u32: 1 .. RCF_TRAFFIC_MAX_WEIGHT */

	__RCF_TRAFFIC_ARC_MAX,
	RCF_TRAFFIC_ARC_MAX = __RCF_TRAFFIC_ARC_MAX - 1
};

/* One entry of RCF_TRAFFIC_MSGS: all four required. */
enum rcf_traffic_msg_attr {
	RCF_TRAFFIC_MSG_UNSPEC,
	RCF_TRAFFIC_MSG_PAD,
	RCF_TRAFFIC_MSG_CYCLE,		/* u64: generator cycle, not below the
					 * entry before
					 */
	RCF_TRAFFIC_MSG_SRC,		/* u32: node id */
	RCF_TRAFFIC_MSG_DST,		/* u32: node id, not SRC */
	RCF_TRAFFIC_MSG_BYTES,		/* u32: 1 .. RCF_TRAFFIC_MAX_SIZE */

	__RCF_TRAFFIC_MSG_MAX,
	RCF_TRAFFIC_MSG_MAX = __RCF_TRAFFIC_MSG_MAX - 1
};

/* One entry of RCF_TRAFFIC_SIZES: both required. */
enum rcf_traffic_size_attr {
	RCF_TRAFFIC_SZ_UNSPEC,
	RCF_TRAFFIC_SZ_BYTES,		/* u32: 1 .. RCF_TRAFFIC_MAX_SIZE */
	RCF_TRAFFIC_SZ_WEIGHT,		/* u32: 1 .. RCF_TRAFFIC_MAX_SWEIGHT */

	__RCF_TRAFFIC_SZ_MAX,
	RCF_TRAFFIC_SZ_MAX = __RCF_TRAFFIC_SZ_MAX - 1
};

/*
 * Inside RCF_A_TRAFFIC.  Spec attributes go to TRAFFIC_START and come
 * back in TRAFFIC_GET; results are read-only.  Times are in cycles,
 * throughput in milli-bytes per cycle and node.
 */
enum rcf_traffic_attr {
	RCF_TRAFFIC_UNSPEC,
	RCF_TRAFFIC_PAD,

	/* spec */
	RCF_TRAFFIC_PATTERN,		/* u8, enum rcf_traffic_pattern_kind */
	RCF_TRAFFIC_PARAM,		/* u32: step i of a permutation */
	RCF_TRAFFIC_SEED,		/* u64 */
	RCF_TRAFFIC_RATE,		/* u32: bytes per 1000 cycles per node,
					 * 1 .. RCF_TRAFFIC_MAX_RATE
					 */
	RCF_TRAFFIC_SIZE_MIN,		/* u32: message bytes, uniform in */
	RCF_TRAFFIC_SIZE_MAX,		/* u32: [min, max]; max >= min */
	RCF_TRAFFIC_CYCLES,		/* u64: generate for this many cycles */
	RCF_TRAFFIC_MESSAGES,		/* u64: or this many messages in all */
	RCF_TRAFFIC_HOT_NODE,		/* u32: HOTSPOT's node id */
	RCF_TRAFFIC_HOT_PERMILLE,	/* u32: its share, 0 .. 1000 */

	/* results */
	RCF_TRAFFIC_RUNNING,		/* flag: under way */
	RCF_TRAFFIC_DONE,		/* flag: over, nothing in flight */
	RCF_TRAFFIC_COMPLETE,		/* flag: done, every message arrived */
	RCF_TRAFFIC_ERROR,		/* u32: positive errno that ended it:
					 * EDEADLK, ECANCELED (reconfigured)
					 */
	RCF_TRAFFIC_NODES,		/* u32: nodes taking part */
	RCF_TRAFFIC_NOW,		/* u64: generator cycles so far */
	RCF_TRAFFIC_WINDOW,		/* u64: measured cycles */
	RCF_TRAFFIC_MSGS_OFFERED,	/* u64 */
	RCF_TRAFFIC_MSGS_SENT,		/* u64: taken by the adapter */
	RCF_TRAFFIC_MSGS_REFUSED,	/* u64: no route, too big */
	RCF_TRAFFIC_MSGS_DELIVERED,	/* u64 */
	RCF_TRAFFIC_MSGS_CORRUPT,	/* u64: payload not what was sent */
	RCF_TRAFFIC_BYTES_OFFERED,	/* u64 */
	RCF_TRAFFIC_BYTES_DELIVERED,	/* u64 */
	RCF_TRAFFIC_OFFERED_MILLI,	/* u64: offered throughput */
	RCF_TRAFFIC_ACCEPTED_MILLI,	/* u64: accepted throughput */
	RCF_TRAFFIC_LAT_COUNT,		/* u64: messages measured */
	RCF_TRAFFIC_LAT_AVG,		/* u64: message latency */
	RCF_TRAFFIC_LAT_MIN,		/* u64 */
	RCF_TRAFFIC_LAT_P50,		/* u64 */
	RCF_TRAFFIC_LAT_P99,		/* u64 */
	RCF_TRAFFIC_LAT_MAX,		/* u64 */

	/* spec: replay, size distribution, arrivals, warm-up */
	RCF_TRAFFIC_ARCS,		/* nest, indexed array of nests, enum
					 * rcf_traffic_arc_attr: the weighted
					 * node interaction graph of
					 * RCF_TRAFFIC_NIG, at most
					 * RCF_TRAFFIC_MAX_ARCS, one per (src,
					 * dst); not in TRAFFIC_GET
					 */
	RCF_TRAFFIC_MSGS,		/* nest, indexed array of nests, enum
					 * rcf_traffic_msg_attr: the trace of
					 * RCF_TRAFFIC_TRACE in cycle order, at
					 * most RCF_TRAFFIC_MAX_MSGS; not in
					 * TRAFFIC_GET
					 */
	RCF_TRAFFIC_SIZES,		/* nest, indexed array of nests, enum
					 * rcf_traffic_size_attr: message sizes
					 * by weight, at most
					 * RCF_TRAFFIC_MAX_SIZES; in place of
					 * SIZE_MIN/MAX
					 */
	RCF_TRAFFIC_ARRIVAL,		/* u8, enum rcf_traffic_arrival_kind */
	RCF_TRAFFIC_WARMUP,		/* u64: cycles not measured, from 0 */
	RCF_TRAFFIC_ENTRIES,		/* u32, read-only: arcs or trace
					 * messages in the spec
					 */
	RCF_TRAFFIC_BACKLOG,		/* u32: a source skips its message
					 * while it holds this many bytes not
					 * yet on its first link; 1 ..
					 * RCF_TRAFFIC_BACKLOG_MAX, default
					 * RCF_TRAFFIC_BACKLOG_DEFAULT
					 */
	RCF_TRAFFIC_MSGS_SKIPPED,	/* u64: not sent, backlog at the bound */
	RCF_TRAFFIC_SELF,		/* u8: 1 a node of UNIFORM traffic may
					 * pick itself (1 in n), as simulators
					 * that draw among all nodes; such a
					 * message has no route and is counted
					 * in MSGS_REFUSED.  UNIFORM only.
					 */

	__RCF_TRAFFIC_MAX,
	RCF_TRAFFIC_MAX = __RCF_TRAFFIC_MAX - 1
};

/*
 * Inside RCF_A_EPOCH: one epoch, applied or rolled back.  Phase times
 * are wall-clock nanoseconds measured in the kernel.
 */
enum rcf_epoch_attr {
	RCF_EPOCH_UNSPEC,
	RCF_EPOCH_PAD,
	RCF_EPOCH_NUMBER,		/* u64: fabric epoch after it */
	RCF_EPOCH_MODE,			/* u8, enum rcf_epoch_mode: the mode
					 * used, DRAIN or FREEZE
					 */
	RCF_EPOCH_ERROR,		/* u32: positive errno that rolled it
					 * back (ETIMEDOUT, ENOMEM ...); 0 when
					 * applied
					 */
	RCF_EPOCH_SUSPEND_NS,		/* u64: stopping injection */
	RCF_EPOCH_DRAIN_NS,		/* u64: waiting for the fabric to empty */
	RCF_EPOCH_APPLY_NS,		/* u64: commit and new engine */
	RCF_EPOCH_RESUME_NS,		/* u64: restarting injection */
	RCF_EPOCH_INFLIGHT,		/* u64: bytes in flight at suspension */
	RCF_EPOCH_DRAIN_CYCLES,		/* u64: engine cycles run to drain */
	RCF_EPOCH_HELD,			/* u64: messages held in node queues
					 * during the epoch
					 */
	RCF_EPOCH_APPLIED,		/* u64: epochs applied since load */
	RCF_EPOCH_ROLLED_BACK,		/* u64: epochs rolled back since load */

	__RCF_EPOCH_MAX,
	RCF_EPOCH_MAX = __RCF_EPOCH_MAX - 1
};

#endif /* _UAPI_LINUX_RCF_H */
