/* thread_id.c - the calling thread's kernel id (thread_id.h). */
#include "thread_id.h"

#include "hot_path.h"

#include <sys/syscall.h>
#include <unistd.h>

/* 0 until asked. Initial-exec: read on offload calls, never allocating. */
static _Thread_local int thread_id __attribute__((tls_model("initial-exec")));

OM_HOT int om_thread_id(void) {
  if (thread_id == 0)
    thread_id = (int)syscall(SYS_gettid);
  return thread_id;
}

void om_thread_id_fork_child(void) { thread_id = 0; }
