// SPDX-License-Identifier: GPL-2.0
/*
 * Becoming a daemon: the privilege check, the pidfile lock that keeps a
 * second rcfd out, and the double fork.  The parent waits on a pipe until
 * the daemon is serving, so "rcfd && rcfctl daemon ping" never races and
 * a start that fails after the fork still fails the command.
 */
#define _GNU_SOURCE /* accept4, pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rcfd.h"

int rcfd_check_privilege(char *err, size_t errlen)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3];

	memset(d, 0, sizeof(d));
	if (syscall(SYS_capget, &h, d)) {
		snprintf(err, errlen, "cannot read my capabilities: %s",
			 strerror(errno));
		return -1;
	}
	if (!(d[CAP_NET_ADMIN / 32].effective & (1u << (CAP_NET_ADMIN % 32)))) {
		snprintf(err, errlen,
			 "rcfd needs CAP_NET_ADMIN to change the "
			 "fabric (uid %u lacks it): run it as root",
			 getuid());
		return -1;
	}
	return 0;
}

int rcfd_pidfile_lock(const char *path, char *err, size_t errlen)
{
	char buf[32] = "";
	ssize_t n;
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);

	if (fd < 0) {
		snprintf(err, errlen, "pidfile %s: %s", path, strerror(errno));
		return -1;
	}
	if (!flock(fd, LOCK_EX | LOCK_NB))
		return fd;
	if (errno != EWOULDBLOCK) {
		snprintf(err, errlen, "pidfile %s: lock: %s", path,
			 strerror(errno));
	} else {
		n = pread(fd, buf, sizeof(buf) - 1, 0);
		buf[n > 0 ? n : 0] = '\0';
		buf[strcspn(buf, "\n")] = '\0';
		snprintf(err, errlen,
			 "another rcfd (pid %s) is running: it "
			 "holds the lock on %s",
			 *buf ? buf : "unknown", path);
	}
	close(fd);
	return -1;
}

int rcfd_pidfile_write(int fd)
{
	char buf[32];
	int n = snprintf(buf, sizeof(buf), "%d\n", (int)getpid());

	if (ftruncate(fd, 0) || pwrite(fd, buf, (size_t)n, 0) != n)
		return -1;
	return 0;
}

static void null_stdio(int keep_stderr)
{
	int fd = open("/dev/null", O_RDWR);

	if (fd < 0)
		return;
	dup2(fd, 0);
	dup2(fd, 1);
	if (!keep_stderr)
		dup2(fd, 2);
	if (fd > 2)
		close(fd);
}

int rcfd_detach(int keep_stderr, int *notify)
{
	int p[2], status = 1;
	char c;
	pid_t pid;

	if (pipe2(p, O_CLOEXEC))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid > 0) {
		/* the first parent: exit as the daemon says it started */
		close(p[1]);
		waitpid(pid, NULL, 0);
		if (read(p[0], &c, 1) == 1)
			status = (unsigned char)c;
		_exit(status);
	}
	close(p[0]);
	if (setsid() < 0)
		_exit(1);
	pid = fork();
	if (pid < 0)
		_exit(1);
	if (pid > 0)
		_exit(0); /* the session leader goes: no controlling tty ever */
	if (chdir("/"))
		_exit(1);
	umask(022);
	null_stdio(keep_stderr);
	*notify = p[1];
	return 0;
}

void rcfd_detach_done(int notify, int status)
{
	char c = (char)status;

	if (notify < 0)
		return;
	if (write(notify, &c, 1) != 1)
		rcfd_log(RCFD_WARN, "cannot tell the starting process: %s",
			 strerror(errno));
	close(notify);
}
