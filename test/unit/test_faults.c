/* The plugin's SIGSEGV handler (plugin/faults.c): a fault that an owner
 * claims is retried; one that nobody claims because the page was made
 * accessible meanwhile (another thread released it) is retried too, and
 * leaves the handler installed; a fault nobody owns reaches the program's
 * own handler. */
#include "check.h"
#include "faults.h"

#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

static uintptr_t page, released, claimed;
static int released_asked, claimed_asked;

/* Page `released` is unprotected by "another thread" right before the
 * handler asks: not claimed. Page `claimed` is the owner's. */
static bool owner(uintptr_t address) {
  if (address - released < page) {
    released_asked++;
    mprotect((void *)released, page, PROT_READ | PROT_WRITE);
    return false;
  }
  if (address - claimed < page) {
    claimed_asked++;
    mprotect((void *)claimed, page, PROT_READ | PROT_WRITE);
    return true;
  }
  return false;
}

static sigjmp_buf escape;
static volatile int program_handler_calls;

static void program_handler(int signal, siginfo_t *info, void *context) {
  (void)signal, (void)info, (void)context;
  program_handler_calls++;
  siglongjmp(escape, 1);
}

int main(void) {
  page = (uintptr_t)sysconf(_SC_PAGESIZE);
  char *memory = mmap(NULL, 3 * page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  released = (uintptr_t)memory, claimed = released + page;
  om_faults_install(owner);

  *(volatile char *)released = 1;
  CHECK(released_asked == 1);
  CHECK(*(volatile char *)released == 1);

  /* The handler is still installed: a claimed fault is served. */
  *(volatile char *)claimed = 2;
  CHECK(claimed_asked == 1);
  CHECK(*(volatile char *)claimed == 2);

  /* Nobody owns the third page: the program's handler runs. */
  struct sigaction action = {.sa_sigaction = program_handler, .sa_flags = SA_SIGINFO};
  sigemptyset(&action.sa_mask);
  CHECK(om_faults_take_sigaction(&action, NULL));
  if (sigsetjmp(escape, 1) == 0)
    *(volatile char *)(claimed + page) = 3;
  CHECK(program_handler_calls == 1);
  return check_report("unit-faults-retry-released");
}
