/* thread_id.h - the calling thread's kernel id (gettid), which names a
 * thread in findings and tells whether it is still running (tgkill). */
#ifndef OWNMAP_PLUGIN_THREAD_ID_H
#define OWNMAP_PLUGIN_THREAD_ID_H

/* Asked of the kernel once per thread. */
int om_thread_id(void);

/* In a forked child: its one thread is a new thread. */
void om_thread_id_fork_child(void);

#endif
