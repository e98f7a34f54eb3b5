/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Linux file calls for the Swift core; see pdft_system.h. */
#define _GNU_SOURCE
#include "pdft_system.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <unistd.h>

int pdft_open_unnamed(const char *folder, mode_t mode) {
#ifdef O_TMPFILE
  return open(folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
#else
  (void)folder;
  (void)mode;
  errno = EOPNOTSUPP;
  return -1;
#endif
}

int pdft_link_unnamed(int fd, const char *path) {
  char name[64];
  snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
  return linkat(AT_FDCWD, name, AT_FDCWD, path, AT_SYMLINK_FOLLOW);
}

int pdft_clone(int dst, int src) {
#ifdef FICLONE
  return ioctl(dst, FICLONE, src);
#else
  (void)dst;
  (void)src;
  errno = EOPNOTSUPP;
  return -1;
#endif
}

long pdft_copy_range(int src, int dst, size_t length) {
  loff_t in = 0;
  size_t done = 0;
  while (done < length) {
    ssize_t copied = copy_file_range(src, &in, dst, NULL, length - done, 0);
    if (copied < 0) {
      if (errno == EINTR) continue;
      return done > 0 ? (long)done : -1;
    }
    if (copied == 0) break;
    done += (size_t)copied;
  }
  return (long)done;
}

int pdft_try_lock(int fd) { return flock(fd, LOCK_EX | LOCK_NB); }

static _Thread_local const void *progress_owner;

const void *pdft_progress_owner(void) { return progress_owner; }

void pdft_set_progress_owner(const void *owner) { progress_owner = owner; }

/* LeakSanitizer's interface, present only in processes that run it. */
void __lsan_disable(void) __attribute__((weak));
void __lsan_enable(void) __attribute__((weak));

void pdft_leak_accounting(int pause) {
  if (pause) {
    if (__lsan_disable) __lsan_disable();
  } else if (__lsan_enable) {
    __lsan_enable();
  }
}
