/* unit-output-files-never-lost: om_output_write replaces a regular file
 * whole (keeping its mode, leaving no temporary file), follows symbolic
 * links (also dangling ones) and replaces what they point to, writes
 * straight into a FIFO, a character device (made here, as root; skipped
 * otherwise) and /dev/stdout without replacing them, and names a correct
 * reason for a directory and for /proc/version; om_output_expand's
 * placeholders %p, %r (launcher rank, else the pid) and %%. A new file
 * gets 0666 less the umask. */
#include "check.h"
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static void print_text(FILE *out, const void *text) { fputs(text, out); }

static bool write_text(const char *path, const char *text, char *why) {
  return om_output_write(path, print_text, text, why, OM_OUTPUT_WHY_MAX);
}

static const char *contents(const char *path) {
  static char text[4096];
  text[0] = '\0';
  FILE *in = fopen(path, "r");
  if (in != NULL) {
    text[fread(text, 1, sizeof text - 1, in)] = '\0';
    fclose(in);
  }
  return text;
}

static mode_t kind_of(const char *path) {
  struct stat status;
  return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0;
}

static char dir[] = "/tmp/ownmap-unit-output-XXXXXX";

static const char *in_dir(const char *name) {
  static char paths[8][512];
  static int next;
  char *path = paths[next++ % 8];
  snprintf(path, 512, "%s/%s", dir, name);
  return path;
}

static void test_expand(void) {
  char out[64];
  unsetenv("OMPI_COMM_WORLD_RANK");
  unsetenv("PMI_RANK");
  unsetenv("PMIX_RANK");
  unsetenv("SLURM_PROCID");
  CHECK(om_output_expand("run-%p.json", 42, out, sizeof out));
  CHECK_STR(out, "run-42.json");
  CHECK(om_output_expand("run-%r.json", 42, out, sizeof out));
  CHECK_STR(out, "run-42.json");
  setenv("OMPI_COMM_WORLD_RANK", "x1", 1); /* not a rank: the next one counts */
  setenv("PMI_RANK", "7", 1);
  CHECK(om_output_expand("r%r-p%p-100%%", 0, out, sizeof out));
  CHECK_STR(out, "r7-p0-100%");
  CHECK(om_output_expand("a%x%", 5, out, sizeof out));
  CHECK_STR(out, "a%x%");
  CHECK(!om_output_expand("%p%p%p", 1234567, out, 20));
  CHECK(om_output_expand("%p%p%p", 1234567, out, 22));
  CHECK(om_output_unknown_placeholder("a%p%r%%") == NULL);
  CHECK_STR(om_output_unknown_placeholder("a%p-%d"), "%d");
  unsetenv("OMPI_COMM_WORLD_RANK");
  unsetenv("PMI_RANK");
}

static void test_regular_file(void) {
  char why[OM_OUTPUT_WHY_MAX];
  const char *path = in_dir("out.json");
  FILE *old = fopen(path, "w");
  fputs("old", old);
  fclose(old);
  chmod(path, 0640);
  CHECK(write_text(path, "new", why));
  CHECK_STR(contents(path), "new");
  struct stat status;
  CHECK(stat(path, &status) == 0 && (status.st_mode & 07777) == 0640);
  mode_t mask = umask(027); /* a new file: 0666 less the umask */
  const char *fresh = in_dir("fresh.json");
  CHECK(write_text(fresh, "fresh", why));
  umask(mask);
  CHECK(stat(fresh, &status) == 0 && (status.st_mode & 07777) == 0640);
  CHECK(write_text(dir, "x", why) == false);
  char want[OM_OUTPUT_WHY_MAX];
  snprintf(want, sizeof want, "Is a directory; '%s' was not changed", dir);
  CHECK_STR(why, want);
}

static void test_links(void) {
  char why[OM_OUTPUT_WHY_MAX];
  const char *link = in_dir("link.json"), *target = in_dir("target.json");
  CHECK(symlink("target.json", link) == 0);
  CHECK(write_text(link, "through the link", why));
  CHECK(kind_of(link) == S_IFLNK);
  CHECK_STR(contents(target), "through the link");
  CHECK(write_text(link, "again", why));
  CHECK(kind_of(link) == S_IFLNK && kind_of(target) == S_IFREG);
  CHECK_STR(contents(target), "again");
  const char *dangling = in_dir("dangling.json"), *created = in_dir("created.json");
  CHECK(symlink(created, dangling) == 0);
  CHECK(write_text(dangling, "created", why));
  CHECK(kind_of(dangling) == S_IFLNK);
  CHECK_STR(contents(created), "created");
}

static void test_fifo(void) {
  char why[OM_OUTPUT_WHY_MAX];
  const char *fifo = in_dir("fifo");
  CHECK(mkfifo(fifo, 0600) == 0);
  int reader = open(fifo, O_RDONLY | O_NONBLOCK);
  CHECK(reader >= 0);
  CHECK(write_text(fifo, "into the fifo", why));
  char got[64] = "";
  ssize_t len = read(reader, got, sizeof got - 1);
  got[len > 0 ? len : 0] = '\0';
  CHECK_STR(got, "into the fifo");
  close(reader);
  CHECK(kind_of(fifo) == S_IFIFO);
}

static void test_devices(void) {
  char why[OM_OUTPUT_WHY_MAX];
  const char *null = in_dir("null"), *full = in_dir("full");
  if (mknod(null, S_IFCHR | 0666, makedev(1, 3)) != 0 ||
      mknod(full, S_IFCHR | 0666, makedev(1, 7)) != 0) {
    printf("character devices: skipped (mknod: %s)\n", strerror(errno));
    return;
  }
  CHECK(write_text(null, "gone", why));
  CHECK(kind_of(null) == S_IFCHR);
  CHECK(!write_text(full, "no room", why));
  CHECK_STR(why, "No space left on device");
  CHECK(kind_of(full) == S_IFCHR);
}

static void test_stdout(void) {
  char why[OM_OUTPUT_WHY_MAX];
  fflush(stdout);
  FILE *captured = tmpfile();
  int saved = dup(1);
  dup2(fileno(captured), 1);
  bool written = write_text("/dev/stdout", "on stdout", why);
  dup2(saved, 1);
  close(saved);
  CHECK(written);
  char got[64] = "";
  rewind(captured);
  got[fread(got, 1, sizeof got - 1, captured)] = '\0';
  fclose(captured);
  CHECK_STR(got, "on stdout");
  CHECK(kind_of("/dev/stdout") == S_IFLNK);
}

static void test_proc(void) {
  char why[OM_OUTPUT_WHY_MAX];
  CHECK(!write_text("/proc/version", "x", why));
  CHECK(strstr(why, "No such file") == NULL);
  printf("/proc/version: %s\n", why);
}

static void remove_all(void) {
  const char *names[] = {"out.json", "fresh.json", "link.json", "target.json", "dangling.json",
                         "created.json", "fifo", "null", "full"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    unlink(in_dir(names[i]));
  CHECK(rmdir(dir) == 0); /* nothing else, no temporary file, was left */
}

int main(void) {
  CHECK(mkdtemp(dir) != NULL);
  test_expand();
  test_regular_file();
  test_links();
  test_fifo();
  test_devices();
  test_stdout();
  test_proc();
  remove_all();
  return check_report("unit-output-files-never-lost");
}
