/* output.c - output files that are never lost, and the placeholders of
 * output paths (see output.h). */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <time.h>
#include <unistd.h>

/* ---- placeholders ---- */

/* Appends text to out[*used, size); false when it does not fit. */
static bool append(char *out, size_t size, size_t *used, const char *text, size_t len) {
  if (len >= size - *used)
    return false;
  memcpy(out + *used, text, len);
  *used += len;
  out[*used] = '\0';
  return true;
}

static bool all_digits(const char *text) {
  if (text == NULL || *text == '\0')
    return false;
  for (; *text != '\0'; text++)
    if (*text < '0' || *text > '9')
      return false;
  return true;
}

const char *om_output_launcher_rank(void) {
  static const char *const names[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK",
                                      "SLURM_PROCID"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    const char *rank = getenv(names[i]);
    if (all_digits(rank))
      return rank;
  }
  return NULL;
}

bool om_output_expand(const char *pattern, pid_t pid, char *out, size_t size) {
  char digits[24];
  size_t start = sizeof digits;
  for (unsigned long value = (unsigned long)pid; start == sizeof digits || value > 0;
       value /= 10)
    digits[--start] = (char)('0' + value % 10);
  size_t used = 0;
  if (size == 0)
    return false;
  out[0] = '\0';
  for (const char *at = pattern; *at != '\0'; at++) {
    bool fits;
    const char *rank;
    if (at[0] == '%' && at[1] == 'p')
      fits = append(out, size, &used, digits + start, sizeof digits - start);
    else if (at[0] == '%' && at[1] == 'r' && (rank = om_output_launcher_rank()) != NULL)
      fits = append(out, size, &used, rank, strlen(rank));
    else if (at[0] == '%' && at[1] == 'r')
      fits = append(out, size, &used, digits + start, sizeof digits - start);
    else if (at[0] == '%' && at[1] == '%')
      fits = append(out, size, &used, "%", 1);
    else {
      fits = append(out, size, &used, at, 1);
      continue;
    }
    if (!fits)
      return false;
    at++; /* the placeholder's letter */
  }
  return true;
}

const char *om_output_unknown_placeholder(const char *pattern) {
  for (const char *at = pattern; *at != '\0'; at++) {
    if (at[0] != '%')
      continue;
    if (at[1] != 'p' && at[1] != 'r' && at[1] != '%')
      return at;
    at++;
  }
  return NULL;
}

/* ---- writing ---- */

/* /dev/stdout, /dev/fd/N, /proc/PID/fd/N: links to an open file
 * descriptor's file, which only the kernel can follow. */
static bool names_a_descriptor(const char *path) {
  if (strncmp(path, "/dev/std", 8) == 0 || strncmp(path, "/dev/fd/", 8) == 0)
    return true;
  const char *fd = strncmp(path, "/proc/", 6) == 0 ? strchr(path + 6, '/') : NULL;
  return fd != NULL && strncmp(fd, "/fd/", 4) == 0;
}

/* Follows the symbolic links of path's last component into out, also to a
 * file that does not exist yet (a dangling link names the file to create):
 * the file to replace. *descriptor tells that a link leads to an open file
 * descriptor's file instead. False with errno set. */
static bool resolve(const char *path, char *out, size_t size, bool *descriptor) {
  if (strlen(path) >= size) {
    errno = ENAMETOOLONG;
    return false;
  }
  strcpy(out, path);
  for (int hops = 0; hops < 40; hops++) {
    struct stat status;
    *descriptor = names_a_descriptor(out);
    if (*descriptor || lstat(out, &status) != 0 || !S_ISLNK(status.st_mode))
      return true;
    char link[PATH_MAX];
    ssize_t len = readlink(out, link, sizeof link - 1);
    if (len < 0)
      return false;
    link[len] = '\0';
    char *slash = strrchr(out, '/');
    size_t keep = link[0] == '/' || slash == NULL ? 0 : (size_t)(slash - out) + 1;
    if (keep + (size_t)len >= size) {
      errno = ENAMETOOLONG;
      return false;
    }
    memcpy(out + keep, link, (size_t)len + 1);
  }
  errno = ELOOP;
  return false;
}

/* Files of these hold no data: the kernel answers writes to them itself,
 * and no file can be created next to them. */
static bool on_pseudo_filesystem(const char *path) {
  static const unsigned long types[] = {PROC_SUPER_MAGIC,   SYSFS_MAGIC,     CGROUP_SUPER_MAGIC,
                                        CGROUP2_SUPER_MAGIC, DEBUGFS_MAGIC,   TRACEFS_MAGIC,
                                        SECURITYFS_MAGIC,   BPF_FS_MAGIC,    EFIVARFS_MAGIC};
  struct statfs filesystem;
  if (statfs(path, &filesystem) != 0)
    return false;
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if ((unsigned long)filesystem.f_type == types[i])
      return true;
  return false;
}

/* Prints into fd, flushes and, for a regular file, fsyncs; closes fd. False
 * with errno set. */
static bool print_into(int fd, bool regular, om_output_print print, const void *context) {
  FILE *out = fdopen(fd, "w");
  if (out == NULL) {
    int saved = errno;
    close(fd);
    errno = saved;
    return false;
  }
  errno = 0;
  print(out, context);
  bool written = fflush(out) == 0 && !ferror(out) && (!regular || fsync(fd) == 0);
  int saved = errno ? errno : EIO;
  bool closed = fclose(out) == 0;
  if (written && !closed)
    return false;
  errno = saved;
  return written;
}

static void say(char *why, size_t size, int error, const char *path, const char *outcome) {
  if (outcome == NULL)
    snprintf(why, size, "%s", strerror(error));
  else
    snprintf(why, size, "%s; '%s' was not %s", strerror(error), path, outcome);
}

/* FIFOs, devices, pseudo files: written straight into, never replaced. */
static bool write_straight(const char *target, bool truncate, om_output_print print,
                           const void *context, char *why, size_t size) {
  /* /dev/stdout and the like: what the program wrote there, still in its
   * stdio buffers at exit, comes first. */
  fflush(NULL);
  /* Appending: /dev/stdout redirected to a file goes on after what the
   * program wrote there (a new open would start at offset 0). */
  int fd = open(target, O_WRONLY | O_CLOEXEC | (truncate ? O_TRUNC : O_APPEND));
  if (fd < 0 || !print_into(fd, false, print, context)) {
    say(why, size, errno, target, NULL);
    return false;
  }
  return true;
}

/* Why no temporary file could be made next to target (error): its
 * directory is missing, or does not take new files. */
static void say_no_temporary(char *why, size_t size, int error, const char *target,
                             const char *path, const char *outcome) {
  char directory[PATH_MAX];
  snprintf(directory, sizeof directory, "%s", target);
  char *slash = strrchr(directory, '/');
  if (slash == NULL)
    strcpy(directory, ".");
  else
    slash[slash == directory] = '\0'; /* "/name" lives in "/" */
  struct stat status;
  if (stat(directory, &status) != 0)
    snprintf(why, size, "'%s': %s; '%s' was not %s", directory, strerror(errno), path, outcome);
  else
    snprintf(why, size, "cannot create a file in '%s': %s; '%s' was not %s", directory,
             strerror(error), path, outcome);
}

/* Creates target.tmp.XXXXXX for writing, a name no other file has, with
 * the mode of a new file (0666 less the umask, which the kernel applies:
 * reading the umask would set it, racing with the program's threads). The
 * name goes to temporary[0, size); -1 with errno set when it cannot. */
static int create_temporary(const char *target, char *temporary, size_t size) {
  static atomic_uint made;
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  unsigned salt = (unsigned)getpid() * 2654435761u ^ (unsigned)now.tv_nsec;
  for (int attempt = 0; attempt < 100; attempt++) {
    unsigned name = (salt + atomic_fetch_add(&made, 1) * 2654435761u) & 0xffffff;
    if (snprintf(temporary, size, "%s.tmp.%06x", target, name) >= (int)size) {
      errno = ENAMETOOLONG;
      return -1;
    }
    int fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST)
      return fd;
  }
  return -1; /* EEXIST */
}

bool om_output_write(const char *path, om_output_print print, const void *context, char *why,
                     size_t size) {
  char target[PATH_MAX], temporary[PATH_MAX + 16];
  struct stat old;
  bool existed = stat(path, &old) == 0;
  const char *outcome = existed ? "changed" : "created";
  if (!existed && errno != ENOENT) {
    say(why, size, errno, path, outcome);
    return false;
  }
  if (existed && S_ISDIR(old.st_mode)) {
    say(why, size, EISDIR, path, outcome);
    return false;
  }
  /* Opened by its own name: the kernel follows the links. */
  if (existed && !S_ISREG(old.st_mode))
    return write_straight(path, false, print, context, why, size);
  bool descriptor;
  if (!resolve(path, target, sizeof target, &descriptor)) {
    say(why, size, errno, path, outcome);
    return false;
  }
  if (descriptor)
    return write_straight(path, false, print, context, why, size);
  int fd = create_temporary(target, temporary, sizeof temporary);
  if (fd < 0) {
    int error = errno;
    if (existed && on_pseudo_filesystem(target))
      return write_straight(target, true, print, context, why, size);
    say_no_temporary(why, size, error, target, path, outcome);
    return false;
  }
  /* The old file's owner where allowed, and its mode. */
  if (existed && (old.st_uid != geteuid() || old.st_gid != getegid()))
    (void)!fchown(fd, old.st_uid, old.st_gid);
  bool ready = !existed || fchmod(fd, old.st_mode & 07777) == 0;
  if (!ready) {
    int saved = errno;
    close(fd);
    errno = saved;
  }
  if (!ready || !print_into(fd, true, print, context) || rename(temporary, target) != 0) {
    int error = errno;
    unlink(temporary);
    say(why, size, error, path, outcome);
    return false;
  }
  return true;
}
