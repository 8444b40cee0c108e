/* leak_check.c - the check at exit: mappings the program left on a device
 * (om_checks_report_leaks, checks.h). */
#include "check_report.h"
#include "checks.h"
#include "thread_id.h"

#include <sys/syscall.h>
#include <unistd.h>

/* Whether the mapping was made by another thread of the process that is
 * still running at exit: perhaps inside a `target data` region that it
 * would have left (the runtime's entry points do not tell a region from an
 * `enter data`), so not a leak that can be told. */
static bool made_by_running_thread(const om_mapping *mapping) {
  return mapping->creator != 0 && mapping->creator != om_thread_id() &&
         syscall(SYS_tgkill, (int)getpid(), mapping->creator, 0) == 0;
}

static void report_leak(int device, const om_mapping *mapping, void *context) {
  (void)context;
  /* Associated memory is the program's to manage; the counts of a kernel
   * another thread is still inside end with it. */
  uint32_t left = mapping->dynamic_count + mapping->hold_count - mapping->in_flight_count;
  if (mapping->infinite || left == 0)
    return;
  if (made_by_running_thread(mapping)) {
    char what[OM_DESCRIPTION_MAX];
    om_describe_mapping(mapping, what, sizeof what);
    om_message("%s is still mapped on device %d at exit by thread %d, which was still running "
               "(inside a target data region, or with an enter data it may yet end): not "
               "reported as a leak",
               what, device, mapping->creator);
    return;
  }
  if (!om_first_report(OM_CHECK_LEAK,
                    mapping->origin.map_name != NULL ? (const void *)mapping->origin.map_name
                                                     : mapping->origin.return_address,
                    mapping->origin.psource))
    return;
  char what[OM_DESCRIPTION_MAX];
  om_describe_mapping(mapping, what, sizeof what);
  om_finding_subject subject;
  om_mapping_subject(mapping, &subject);
  om_report_warning(OM_CHECK_LEAK, &subject,
                 "%s is still mapped on device %d at exit ([%p, +%zu bytes), reference count %u): "
             "its device memory leaks. Fix: end it with target exit data map(release: ...) "
             "(or map(from: ...) to get the data back) once it is no longer needed",
             what, device, (void *)mapping->begin, (size_t)(mapping->end - mapping->begin),
             left);
}

/* The runtime is gone by now (the program's offload code unregisters
 * before the plugin's exit handlers run), so what is left is not confirmed
 * with it: the shadow follows its rules instead. */
void om_checks_report_leaks(void) { om_shadow_for_each(&om_plugin_shadow, report_leak, NULL); }
