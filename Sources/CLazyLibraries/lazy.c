/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Opening a library loaded when first needed (see lazy.h). */
#include "lazy.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

int pdft_lazy_open(const char *soname, const char *const names[], void *slots[], int count, char *failure,
                   size_t size) {
  void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *reason = dlerror();
    snprintf(failure, size, "%s", reason ? reason : soname);
    memset(slots, 0, (size_t)count * sizeof slots[0]);
    return 0;
  }
  for (int i = 0; i < count; i++) {
    slots[i] = dlsym(handle, names[i]);
    if (!slots[i]) {
      /* The library stays loaded: unloading one that may have registered types is not safe. */
      snprintf(failure, size, "%s has no %s", soname, names[i]);
      memset(slots, 0, (size_t)count * sizeof slots[0]);
      return 0;
    }
  }
  return 1;
}
