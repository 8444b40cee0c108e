/* unit-plugin-passthrough: libownmap-plugin.so preloaded over a fake
 * libomptarget. Checks that calls are forwarded with their arguments
 * unchanged, KernelArgs of an unknown version pass through uncounted with
 * one warning, a runtime calling its own entry points is counted once
 * (re-entry guard), a missing real entry point aborts loudly, and
 * OWNMAP_SELF_TIME counts the observed calls and the runtime's
 * malloc-family calls during them.
 *
 * The test re-executes itself with the plugin preloaded and reads the
 * summary it leaves in OWNMAP_LOG. */
#include "check.h"
#include "fake_omptarget.h"
#include "offload_abi.h"

#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static om_ident location = {0, 0, 0, 0, ";fake.c;main;30;1;;"};

static void child_calls(void) {
  /* KernelArgs version 2: forwarded untouched, twice, warned about once. */
  om_kernel_args old_args = {.version = 2};
  for (int i = 0; i < 2; i++) {
    int result = __tgt_target_kernel(&location, 1, 8, 64, (void *)child_calls, &old_args);
    CHECK(result == 7);
    CHECK_STR(fake_last_call.what, "kernel");
    CHECK(fake_last_call.loc == &location && fake_last_call.kernel_args == &old_args);
    CHECK(fake_last_call.device_id == 1 && fake_last_call.num_teams == 8 &&
          fake_last_call.thread_limit == 64 && fake_last_call.host_ptr == (void *)child_calls);
  }

  /* A nowait begin that the runtime implements with its own plain begin:
   * one copy, not two. Then the end brings it back. */
  static double buf[8];
  void *begins[] = {buf};
  int64_t sizes[] = {sizeof buf};
  int64_t types[] = {OM_MAP_TO | OM_MAP_FROM};
  void *names[] = {";buf[0:8];fake.c;10;3;;"};
  __tgt_target_data_begin_nowait_mapper(&location, -1, 1, begins, begins, sizes, types, names,
                                        NULL, 0, NULL, 0, NULL);
  CHECK_STR(fake_last_call.what, "begin");
  CHECK(fake_last_call.begins == begins && fake_last_call.device_id == -1);
  __tgt_target_data_end_mapper(&location, -1, 1, begins, begins, sizes, types, names, NULL);
  CHECK_STR(fake_last_call.what, "end");

  /* A version 3 kernel: its to/from entry is not present, so both copies. */
  static float k[4];
  void *kernel_begins[] = {k};
  int64_t kernel_sizes[] = {sizeof k};
  void *kernel_names[] = {";k[0:4];fake.c;20;3;;"};
  om_kernel_args args = {.version = 3, .num_args = 1, .arg_base_ptrs = kernel_begins,
                         .arg_ptrs = kernel_begins, .arg_sizes = kernel_sizes,
                         .arg_types = types, .arg_names = kernel_names};
  CHECK(__tgt_target_kernel(&location, 0, 1, 1, (void *)child_calls, &args) == 7);
  CHECK(fake_last_call.kernel_args == &args);
}

typedef void (*update_nowait_fn)(om_ident *, int64_t, int32_t, void **, void **, int64_t *,
                                 int64_t *, void **, void **, int32_t, void *, int32_t, void *);

/* The fake runtime has no update_nowait: the plugin's must abort. */
static void child_missing(void) {
  update_nowait_fn update =
      (update_nowait_fn)dlsym(RTLD_DEFAULT, "__tgt_target_data_update_nowait_mapper");
  if (update == NULL)
    _exit(10); /* the plugin is not loaded: not the failure under test */
  update(&location, -1, 0, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, 0, NULL);
  _exit(11); /* must not get here */
}

/* Runs this program again in `mode` with the plugin preloaded; returns its
 * wait status and leaves its log in log_text. */
static int run_child(const char *self, const char *mode, char *log_text, size_t log_size) {
  char log_path[] = "/tmp/ownmap-unit-passthrough-XXXXXX";
  int fd = mkstemp(log_path);
  pid_t pid = fork();
  if (pid == 0) {
    setenv("LD_PRELOAD", getenv("OWNMAP_PLUGIN"), 1);
    setenv("OWNMAP_LOG", log_path, 1);
    setenv("OWNMAP_SUMMARY", "1", 1);
    execl(self, self, mode, (char *)NULL);
    _exit(12);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  ssize_t len = read(fd, log_text, log_size - 1);
  log_text[len > 0 ? len : 0] = '\0';
  close(fd);
  unlink(log_path);
  return status;
}

static int count_of(const char *text, const char *needle) {
  int count = 0;
  for (const char *p = strstr(text, needle); p != NULL; p = strstr(p + 1, needle))
    count++;
  return count;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "calls") == 0) {
    child_calls();
    return check_failures == 0 ? 0 : 1;
  }
  if (argc == 2 && strcmp(argv[1], "missing") == 0)
    child_missing();
  if (getenv("OWNMAP_PLUGIN") == NULL) {
    fprintf(stderr, "set OWNMAP_PLUGIN to the libownmap-plugin.so to test\n");
    return 2;
  }

  static char log_text[1 << 14];
  int status = run_child(argv[0], "calls", log_text, sizeof log_text);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  CHECK_EQ_U64(count_of(log_text, "ownmap: warning: __tgt_target_kernel called with "
                                  "KernelArgs version 2 (expected 3); passing kernels "
                                  "through uncounted\n"),
               1);
  CHECK(strstr(log_text, "ownmap: buf[0:8]  fake.c:10              64         1"
                         "              64         1\n") != NULL);
  CHECK(strstr(log_text, "ownmap: k[0:4]    fake.c:20              16         1"
                         "              16         1\n") != NULL);
  CHECK(strstr(log_text, "ownmap: total                            80         2"
                         "              80         2\n") != NULL);

  /* Three calls observed (nowait begin, end, version 3 kernel); the
   * kernel's four heap calls are the runtime's. */
  setenv("OWNMAP_SELF_TIME", "1", 1);
  status = run_child(argv[0], "calls", log_text, sizeof log_text);
  unsetenv("OWNMAP_SELF_TIME");
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  CHECK(strstr(log_text, "ownmap: self-time: 3 offload calls; plugin code per call ") != NULL);
  CHECK(strstr(log_text, " + malloc-family wrappers ") != NULL);
  CHECK(strstr(log_text, " (1.3 calls at ") != NULL);

  status = run_child(argv[0], "missing", log_text, sizeof log_text);
  CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
  /* It says where it looked: after the plugin, and for a loaded
   * libomptarget (the fake one has another name). */
  CHECK(strstr(log_text, "ownmap: error: cannot find the real "
                         "__tgt_target_data_update_nowait_mapper: it is not after the plugin "
                         "in the global scope (dlsym RTLD_NEXT), and no libomptarget.so* is "
                         "loaded") != NULL);
  if (check_failures)
    fprintf(stderr, "log of the last child:\n%s", log_text);
  return check_report("unit-plugin-passthrough");
}
