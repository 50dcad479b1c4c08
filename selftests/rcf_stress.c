// SPDX-License-Identifier: GPL-2.0
/*
 * Concurrency stress for rcf: threads and processes change, dump and
 * delete one fabric at once, listen to its events, and make and destroy
 * network namespaces with fabrics in them, for a bounded time.
 *
 * Every request may only fail in the ways concurrency explains (an object
 * another thread created or removed first, one still in use, a fabric
 * deleted under it); every dump must stay in strictly rising key order
 * while objects come and go; afterwards, with everyone stopped, the
 * fabric must hold together (rcf_check_fabric()) and FABRIC_DEL must
 * leave nothing.
 *
 *   rcf_stress [--time SECS] [--churn N] [--unload]
 *
 * --unload is for rcf_stress_unload.sh, which removes the module while
 * this runs: the family going away then ends the workers quietly, and the
 * final checks are left out.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "rcf_nl.h"

static double run_secs = 30;
static int unload_mode;
static struct timespec t_start;
static atomic_int gone;		/* the family went away (--unload) */
static atomic_ulong unexpected; /* errors concurrency does not explain */
static atomic_ulong rollbacks;	/* drains past the epoch timeout */

static double elapsed(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t_start.tv_sec) +
	       (double)(t.tv_nsec - t_start.tv_nsec) / 1e9;
}

static int running(void)
{
	return !atomic_load(&gone) && elapsed() < run_secs;
}

struct worker {
	const char *name;
	void *(*fn)(void *);
	unsigned int seed;
	unsigned long ops, refused;
	pthread_t tid;
};

static uint32_t rnd(struct worker *w, uint32_t n)
{
	return (uint32_t)rand_r(&w->seed) % n;
}

/*
 * Record a result; allowed is a zero-terminated list of errnos the
 * situation explains.  Returns r.
 */
static int expect(struct worker *w, int r, const struct rcf_nl_err *e,
		  const char *what, const int *allowed)
{
	w->ops++;
	if (!r)
		return 0;
	w->refused++;
	/*
	 * While rmmod runs the family goes away (ENOENT), and a dump that
	 * starts as the module is going cannot take its reference
	 * (netlink's dump start answers EPROTONOSUPPORT).
	 */
	if (unload_mode && (r == -ENOENT || r == -EPROTONOSUPPORT))
		return r;
	/*
	 * A drain that outlasts the epoch timeout rolls back, as documented,
	 * and only that: another ETIMEDOUT is a failure.  Test 3 checks
	 * that what rolled back changed nothing.
	 */
	if (r == -ETIMEDOUT && e && strstr(e->msg, "did not drain")) {
		atomic_fetch_add(&rollbacks, 1);
		return r;
	}
	for (; *allowed; allowed++)
		if (-r == *allowed)
			return r;
	if (atomic_fetch_add(&unexpected, 1) < 20)
		printf("# %s: %s: %s '%s'\n", w->name, what, strerror(-r),
		       e ? e->msg : "");
	return r;
}

/*
 * Drains that outlast the epoch timeout (ETIMEDOUT, "did not drain") are
 * counted, not failed: with the senders' traffic in flight, a loaded
 * machine under TCG takes longer than the default 2 s
 * (Documentation/epoch.rst).
 */
static const int churn_ok[] = {EEXIST, ENOENT, EBUSY, 0};
static const int route_ok[] = {EEXIST, ENOENT, EBUSY, ENOSPC, 0};
static const int none_ok[] = {0};

static void put_end(struct rcf_msg *m, uint16_t type, int kind, uint32_t id,
		    uint32_t port)
{
	rcf_nest_start(m, type);
	rcf_put_u8(m, RCF_END_KIND, (uint8_t)kind);
	rcf_put_u32(m, RCF_END_ID, id);
	rcf_put_u32(m, RCF_END_PORT, port);
	rcf_nest_end(m);
}

/* One random change among nodes 0-7, switches 0-3 and links 0-31. */
static void churn_op(struct worker *w, struct rcf_msg *m, uint8_t *cmd)
{
	uint32_t k = rnd(w, 9);

	switch (k) {
	case 0:
		*cmd = RCF_CMD_NODE_NEW;
		rcf_put_u32(m, RCF_A_NODE_ID, rnd(w, 8));
		break;
	case 1:
		*cmd = RCF_CMD_NODE_DEL;
		rcf_put_u32(m, RCF_A_NODE_ID, rnd(w, 8));
		break;
	case 2:
		*cmd = RCF_CMD_SWITCH_NEW;
		rcf_put_u32(m, RCF_A_SWITCH_ID, rnd(w, 4));
		rcf_put_u32(m, RCF_A_SWITCH_PORTS, 8);
		break;
	case 3:
		*cmd = RCF_CMD_SWITCH_DEL;
		rcf_put_u32(m, RCF_A_SWITCH_ID, rnd(w, 4));
		break;
	case 4:
	case 5:
		*cmd = RCF_CMD_LINK_NEW;
		rcf_put_u32(m, RCF_A_LINK_ID, rnd(w, 32));
		if (rnd(w, 2))
			put_end(m, RCF_A_LINK_END_A, RCF_ELEM_NODE, rnd(w, 8),
				0);
		else
			put_end(m, RCF_A_LINK_END_A, RCF_ELEM_SWITCH, rnd(w, 4),
				4 + rnd(w, 4));
		put_end(m, RCF_A_LINK_END_B, RCF_ELEM_SWITCH, rnd(w, 4),
			rnd(w, 4));
		break;
	case 6:
		*cmd = RCF_CMD_LINK_DEL;
		rcf_put_u32(m, RCF_A_LINK_ID, rnd(w, 32));
		break;
	case 7:
		*cmd = RCF_CMD_CIRCUIT_NEW;
		rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, rnd(w, 4));
		rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, rnd(w, 4));
		rcf_put_u32(m, RCF_A_CIRCUIT_OUT_PORT, 4 + rnd(w, 4));
		break;
	default:
		*cmd = RCF_CMD_CIRCUIT_DEL;
		rcf_put_u32(m, RCF_A_CIRCUIT_SWITCH, rnd(w, 4));
		rcf_put_u32(m, RCF_A_CIRCUIT_IN_PORT, rnd(w, 4));
		break;
	}
}

/* Creates and deletes, alone and in batches of up to 16. */
static void *churn(void *arg)
{
	struct worker *w = arg;
	struct rcf_nl nl;
	struct rcf_nl_err e;

	if (rcf_nl_open(&nl, NULL, 0))
		return NULL;
	while (running()) {
		struct rcf_msg *m;
		uint8_t cmd;

		if (rnd(w, 4)) {
			m = rcf_msg_new(&nl, 0, 0);
			churn_op(w, m, &cmd);
			((uint8_t *)m->buf)[NLMSG_HDRLEN] = cmd;
			expect(w, rcf_xfer(&nl, m, NULL, &e), &e, "change",
			       churn_ok);
			continue;
		}
		m = rcf_msg_new(&nl, RCF_CMD_BATCH, 0);
		rcf_nest_start(m, RCF_A_BATCH);
		for (uint32_t i = 0, n = 1 + rnd(w, 16); i < n; i++) {
			rcf_nest_start(m, RCF_A_BATCH_OP);
			/* The command goes in first; its value after. */
			rcf_put_u8(m, RCF_A_OP_CMD, 0);
			churn_op(w, m, &cmd);
			((uint8_t *)m->buf)[m->nest[m->depth - 1] +
					    2 * NLA_HDRLEN] = cmd;
			rcf_nest_end(m);
		}
		rcf_nest_end(m);
		expect(w, rcf_xfer(&nl, m, NULL, &e), &e, "batch", churn_ok);
	}
	rcf_nl_close(&nl);
	return NULL;
}

/*
 * Routes over a region of its own (switches 10-13 in a chain over ports 7
 * and 6, nodes 20-27 on ports 0-1), rebuilt whenever FABRIC_DEL took it;
 * links under routes are deleted and must be refused.
 */
static int route_base(struct worker *w, struct rcf_nl *nl)
{
	struct rcf_nl_err e;
	int r = 0;

	for (uint32_t s = 10; s < 14 && running(); s++) {
		r = expect(w, req_switch_add(nl, (int)s, 8, &e), &e,
			   "base switch", route_ok);
		if (s > 10)
			r = expect(w,
				   req_link_add(nl, (int)(200 + s),
						RCF_ELEM_SWITCH, (int)s - 1, 7,
						RCF_ELEM_SWITCH, (int)s, 6, &e),
				   &e, "base link", route_ok);
	}
	for (uint32_t n = 20; n < 28 && running(); n++) {
		r = expect(w, req_node_add(nl, (int)n, 1, &e), &e, "base node",
			   route_ok);
		r = expect(w,
			   req_link_add(nl, (int)(300 + n), RCF_ELEM_NODE,
					(int)n, 0, RCF_ELEM_SWITCH,
					10 + (int)(n % 4), (int)(n - 20) / 4,
					&e),
			   &e, "base link", route_ok);
	}
	return r;
}

static void *routes(void *arg)
{
	struct worker *w = arg;
	struct rcf_nl nl;
	struct rcf_nl_err e;
	int rebuild = 1;

	if (rcf_nl_open(&nl, NULL, 0))
		return NULL;
	while (running()) {
		uint32_t a = 20 + rnd(w, 8), b = 20 + rnd(w, 8);
		int sa = (int)a % 4, sb = (int)b % 4, r;
		uint8_t h[8];
		size_t n = 0;

		if (rebuild)
			route_base(w, &nl);
		rebuild = 0;
		if (a == b)
			continue;
		h[n++] = RCF_HOP(0, 0);
		for (; sa < sb; sa++)
			h[n++] = RCF_HOP(7, 0);
		for (; sa > sb; sa--)
			h[n++] = RCF_HOP(6, 0);
		h[n++] = RCF_HOP((b - 20) / 4, 0);
		switch (rnd(w, 4)) {
		case 0:
		case 1:
			r = expect(w,
				   req_route_add(&nl, (int)a, (int)b, RCF_OMIT,
						 h, n, &e),
				   &e, "route add", route_ok);
			rebuild = r == -ENOENT;
			break;
		case 2:
			expect(w,
			       req_key_cmd(&nl, RCF_CMD_ROUTE_DEL,
					   RCF_A_ROUTE_SRC, a, RCF_A_ROUTE_DST,
					   b, 0, 0, NULL, &e),
			       &e, "route del", route_ok);
			break;
		default:
			/* A chain link: refused while a route crosses it. */
			r = expect(w,
				   req_key_cmd(&nl, RCF_CMD_LINK_DEL,
					       RCF_A_LINK_ID, 211 + rnd(w, 3),
					       0, 0, 0, 0, NULL, &e),
				   &e, "link del", route_ok);
			rebuild = !r;
			break;
		}
	}
	rcf_nl_close(&nl);
	return NULL;
}

/*
 * Traffic between the route region's nodes (10.77.0.N for node N) through
 * their netdevs, while routes, links and the fabric change under it.  A
 * netdev that went with its node refuses; the next round looks again.
 */
static void *traffic(void *arg)
{
	static const int send_ok[] = {ENXIO,   ENODEV, ENETDOWN,
				      ENOBUFS, EAGAIN, 0};
	struct worker *w = arg;
	int fd, ifx[8] = {0};
	unsigned long sends = 0;
	struct rcf_nl nl;
	struct rcf_nl_err e;

	if (rcf_nl_open(&nl, NULL, 0))
		return NULL;
	fd = rcf_packet_socket();
	if (fd < 0) {
		expect(w, fd, NULL, "packet socket", none_ok);
		rcf_nl_close(&nl);
		return NULL;
	}
	while (running()) {
		uint32_t a = rnd(w, 8), b = rnd(w, 8);
		int r;

		/* Look again now and then, and whenever a node is missing. */
		if (!ifx[a] || ++sends % 256 == 0) {
			for (uint32_t n = 0; n < 8; n++) {
				r = req_node_ifindex(&nl, 20 + n);
				ifx[n] = r > 0 ? r : 0;
				if (r > 0)
					expect(w,
					       req_node_set_addr4(
						       &nl, 20 + n,
						       0x0a4d0000 + 20 + n, &e),
					       &e, "node addrs", route_ok);
			}
		}
		if (!ifx[a]) {
			usleep(20000);
			continue;
		}
		r = rcf_send_udp4(fd, ifx[a], 0x0a4d0000 + 20 + a,
				  0x0a4d0000 + 20 + b, rnd(w, 1400));
		if (expect(w, r, NULL, "send", send_ok))
			ifx[a] = 0;
	}
	close(fd);
	rcf_nl_close(&nl);
	return NULL;
}

/* Keys rise strictly within each dump, whatever changes between skbs. */
static void *dumper(void *arg)
{
	static const uint8_t kinds[] = {RCF_CMD_NODE_GET, RCF_CMD_SWITCH_GET,
					RCF_CMD_LINK_GET, RCF_CMD_CIRCUIT_GET,
					RCF_CMD_ROUTE_GET};
	struct worker *w = arg;
	struct rcf_nl nl;

	if (rcf_nl_open(&nl, NULL, 0))
		return NULL;
	while (running()) {
		struct rcf_reply rep = {0};
		struct rcf_nl_err e;
		uint8_t cmd = kinds[rnd(w, sizeof(kinds))];
		uint64_t prev = 0;
		int r;

		r = rcf_xfer(&nl, rcf_msg_new(&nl, RCF_CMD_FABRIC_GET, 0), &rep,
			     &e);
		rcf_reply_free(&rep);
		if (unload_mode && r == -ENOENT) {
			atomic_store(&gone, 1);
			break;
		}
		expect(w, r, &e, "fabric get", none_ok);
		r = expect(w, req_dump(&nl, cmd, &rep, &e), &e, "dump",
			   none_ok);
		for (size_t i = 0; !r && i < rep.n; i++) {
			const struct rcf_answer *o = &rep.v[i];
			uint64_t key;

			switch (cmd) {
			case RCF_CMD_NODE_GET:
				key = rcf_u32(o, RCF_A_NODE_ID);
				break;
			case RCF_CMD_SWITCH_GET:
				key = rcf_u32(o, RCF_A_SWITCH_ID);
				break;
			case RCF_CMD_LINK_GET:
				key = rcf_u32(o, RCF_A_LINK_ID);
				break;
			case RCF_CMD_CIRCUIT_GET:
				key = (uint64_t)rcf_u32(o, RCF_A_CIRCUIT_SWITCH)
					      << 32 |
				      rcf_u32(o, RCF_A_CIRCUIT_IN_PORT);
				break;
			default:
				key = (uint64_t)rcf_u32(o, RCF_A_ROUTE_SRC)
					      << 40 |
				      (uint64_t)rcf_u32(o, RCF_A_ROUTE_DST)
					      << 8 |
				      rcf_u8(o, RCF_A_ROUTE_INDEX);
			}
			if (key >= 0xffffffffULL &&
			    cmd != RCF_CMD_CIRCUIT_GET &&
			    cmd != RCF_CMD_ROUTE_GET) {
				atomic_fetch_add(&unexpected, 1);
				printf("# dump %u: entry without its key\n",
				       cmd);
			}
			if (i && key <= prev) {
				atomic_fetch_add(&unexpected, 1);
				printf("# dump %u: key %#llx after %#llx\n",
				       cmd, (unsigned long long)key,
				       (unsigned long long)prev);
			}
			prev = key;
		}
		rcf_reply_free(&rep);
	}
	rcf_nl_close(&nl);
	return NULL;
}

/* FABRIC_DEL now and then, under everyone's feet. */
static void *deleter(void *arg)
{
	struct worker *w = arg;
	static const int ok[] = {ENOENT, 0};
	struct rcf_nl nl;

	if (rcf_nl_open(&nl, NULL, 0))
		return NULL;
	while (running()) {
		usleep(500000 + rnd(w, 1000000));
		if (!running())
			break;
		expect(w,
		       rcf_xfer(&nl, rcf_msg_new(&nl, RCF_CMD_FABRIC_DEL, 0),
				NULL, NULL),
		       NULL, "fabric del", ok);
	}
	rcf_nl_close(&nl);
	return NULL;
}

/* An events listener; overruns (ENOBUFS) are the socket's, not rcf's. */
static void *listener(void *arg)
{
	struct worker *w = arg;
	struct rcf_nl nl;

	if (rcf_nl_open(&nl, NULL, 0) || rcf_nl_join_events(&nl, NULL, 0))
		return NULL;
	while (running()) {
		struct pollfd p = {.fd = rcf_nl_fd(&nl), .events = POLLIN};
		char buf[16384];
		ssize_t n;

		if (poll(&p, 1, 200) <= 0)
			continue;
		n = recv(rcf_nl_fd(&nl), buf, sizeof(buf), MSG_DONTWAIT);
		if (n > 0)
			w->ops++;
		else if (n < 0 && errno != ENOBUFS && errno != EAGAIN)
			expect(w, -errno, NULL, "events", none_ok);
	}
	rcf_nl_close(&nl);
	return NULL;
}

/*
 * Processes that each make a network namespace, fill its fabric and exit,
 * so that namespaces die with fabrics in them while the rest goes on.
 */
static int netns_rounds(void)
{
	int rounds = 0, bad = 0;

	while (running()) {
		int status = 0;
		pid_t pid = fork();

		if (pid == 0) {
			struct rcf_nl nl;
			int r;

			if (unshare(CLONE_NEWNET))
				_exit(3);
			r = rcf_nl_open(&nl, NULL, 0);
			if (unload_mode && r == -ENOENT)
				_exit(4); /* the family is gone */
			if (!r)
				r = req_populate(&nl, 3 + rounds % 6);
			if (!r) {
				char *s = rcf_snapshot(&nl);

				r = s ? 0 : -EIO;
				free(s);
			}
			/*
			 * The family may go while a round runs, failing it
			 * with whatever the request was at: that round is
			 * explained only if the family is gone now.
			 */
			if (r && unload_mode) {
				struct rcf_nl again;

				if (rcf_nl_open(&again, NULL, 0) == -ENOENT)
					_exit(4);
				rcf_nl_close(&again);
			}
			/* Exit with the fabric still there. */
			_exit(r && !(unload_mode && r == -ENOENT) ? 1 : 0);
		}
		if (pid < 0 || waitpid(pid, &status, 0) != pid)
			status = -1;
		if (status != -1 && WIFEXITED(status) &&
		    WEXITSTATUS(status) == 4)
			break;
		if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status)) {
			if (bad++ < 5)
				printf("# netns round %d: status %#x\n", rounds,
				       status);
		}
		rounds++;
	}
	printf("# %d namespaces made and destroyed with fabrics\n", rounds);
	return bad;
}

static int run_workers(const char *who, int nchurn, int extras)
{
	struct worker w[16];
	int n = 0;

	for (int i = 0; i < nchurn && n < 12; i++)
		w[n++] = (struct worker){.name = "churn", .fn = churn};
	if (extras) {
		w[n++] = (struct worker){.name = "routes", .fn = routes};
		w[n++] = (struct worker){.name = "traffic", .fn = traffic};
		w[n++] = (struct worker){.name = "dump", .fn = dumper};
		w[n++] = (struct worker){.name = "dump", .fn = dumper};
		w[n++] = (struct worker){.name = "events", .fn = listener};
		w[n++] = (struct worker){.name = "fabric-del", .fn = deleter};
	} else {
		/* Someone must notice the family going. */
		w[n++] = (struct worker){.name = "dump", .fn = dumper};
	}
	for (int i = 0; i < n; i++) {
		w[i].seed = (unsigned int)(getpid() * 131 + i);
		if (pthread_create(&w[i].tid, NULL, w[i].fn, &w[i])) {
			perror("pthread_create");
			exit(1);
		}
	}
	for (int i = 0; i < n; i++) {
		pthread_join(w[i].tid, NULL);
		printf("# %s %s: %lu requests, %lu refused\n", who, w[i].name,
		       w[i].ops, w[i].refused);
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{"time", required_argument, NULL, 't'},
		{"churn", required_argument, NULL, 'c'},
		{"unload", no_argument, NULL, 'u'},
		{0},
	};
	int nchurn = 2, c, status, bad_ns, bad_child = 0, tests = 4;
	char why[512];
	struct rcf_nl nl;
	pid_t child;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			run_secs = atof(optarg);
			break;
		case 'c':
			nchurn = atoi(optarg);
			break;
		case 'u':
			unload_mode = 1;
			break;
		default:
			fprintf(stderr, "usage: rcf_stress [--time SECS] "
					"[--churn N] [--unload]\n");
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n1..%d\n", unload_mode ? 2 : tests);
	if (rcf_nl_open(&nl, NULL, 0)) {
		printf("not ok 1 rcf family # is rcf.ko loaded?\n");
		return 1;
	}
	if (!unload_mode)
		req_fabric_del(&nl);
	clock_gettime(CLOCK_MONOTONIC, &t_start);

	/* A second process churning the same fabric. */
	fflush(stdout);
	child = fork();
	if (child == 0) {
		run_workers("process 2", 1, 0);
		_exit(atomic_load(&unexpected) ? 1 : 0);
	}
	/* A third making and destroying namespaces. */
	{
		pid_t ns = fork();

		if (ns == 0)
			_exit(netns_rounds() ? 1 : 0);
		run_workers("process 1", nchurn, 1);
		bad_ns = waitpid(ns, &status, 0) != ns || !WIFEXITED(status) ||
			 WEXITSTATUS(status);
	}
	if (child < 0 || waitpid(child, &status, 0) != child ||
	    !WIFEXITED(status) || WEXITSTATUS(status))
		bad_child = 1;
	if (atomic_load(&rollbacks))
		printf("# %lu changes rolled back: their drains outlasted the "
		       "epoch timeout\n",
		       (unsigned long)atomic_load(&rollbacks));
	printf("%s 1 concurrent requests failed only as concurrency explains\n",
	       atomic_load(&unexpected) || bad_child ? "not ok" : "ok");
	printf("%s 2 namespaces with fabrics came and went\n",
	       bad_ns ? "not ok" : "ok");
	if (unload_mode) {
		rcf_nl_close(&nl);
		return atomic_load(&unexpected) || bad_child || bad_ns;
	}
	{
		int bad = rcf_check_fabric(&nl, why, sizeof(why));
		struct rcf_reply rep = {0};
		int r;

		printf("%s 3 fabric consistent afterwards%s%s\n",
		       bad ? "not ok" : "ok", bad ? " # " : "", bad ? why : "");
		req_fabric_del(&nl);
		r = rcf_xfer(&nl, rcf_msg_new(&nl, RCF_CMD_FABRIC_GET, 0), &rep,
			     NULL);
		tests = r || rep.n != 1 ||
			rcf_u32(&rep.v[0], RCF_A_FABRIC_NODES) ||
			rcf_u32(&rep.v[0], RCF_A_FABRIC_LINKS) ||
			rcf_u32(&rep.v[0], RCF_A_FABRIC_ROUTES);
		printf("%s 4 FABRIC_DEL leaves an empty fabric\n",
		       tests ? "not ok" : "ok");
		rcf_reply_free(&rep);
		rcf_nl_close(&nl);
		return atomic_load(&unexpected) || bad_child || bad_ns || bad ||
		       tests;
	}
}
