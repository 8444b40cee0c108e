//===- OutputFile.cpp - write output files so that none is ever lost -----===//
#include "OutputFile.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Errc.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include <cerrno>
#include <climits>
#include <cstdio>
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>
#include <vector>

using namespace llvm;

namespace ownmap {
namespace {

std::error_code lastError() { return std::error_code(errno, std::generic_category()); }

/// What a failure left of Path: the old file, or no new one.
std::string left(StringRef Path, bool Existed) {
  return ("; " + Path + (Existed ? " was not changed" : " was not created")).str();
}

Error cannotWrite(StringRef Path, const Twine &Why) {
  std::string Name = Path == "-" ? "standard output" : Path.str();
  return createStringError(inconvertibleErrorCode(),
                           "cannot write " + Name + ": " + Why);
}

/// /dev/stdout, /dev/fd/N, /proc/PID/fd/N: links to an open file
/// descriptor's file, which only the kernel can follow.
bool namesADescriptor(StringRef Path) {
  if (Path.starts_with("/dev/std") || Path.starts_with("/dev/fd/"))
    return true;
  if (!Path.consume_front("/proc/"))
    return false;
  return Path.drop_until([](char C) { return C == '/'; }).starts_with("/fd/");
}

/// Follows the symbolic links of Path's last component, also to a file that
/// does not exist yet (a dangling link names the file to create): the file
/// to replace. Descriptor tells that a link leads to an open file
/// descriptor's file instead.
ErrorOr<std::string> resolveLinks(StringRef Path, bool &Descriptor) {
  std::string Target = Path.str();
  for (int Hops = 0; Hops < 40; ++Hops) {
    struct stat Status;
    Descriptor = namesADescriptor(Target);
    if (Descriptor || ::lstat(Target.c_str(), &Status) != 0 ||
        !S_ISLNK(Status.st_mode))
      return Target;
    char Link[PATH_MAX];
    ssize_t Len = ::readlink(Target.c_str(), Link, sizeof(Link) - 1);
    if (Len < 0)
      return lastError();
    StringRef Text(Link, Len);
    if (sys::path::is_absolute(Text)) {
      Target = Text.str();
      continue;
    }
    SmallString<256> Next(sys::path::parent_path(Target));
    sys::path::append(Next, Text);
    Target = std::string(Next);
  }
  return std::make_error_code(std::errc::too_many_symbolic_link_levels);
}

/// Files of these hold no data: the kernel answers writes to them itself,
/// and no file can be created next to them.
bool onPseudoFileSystem(StringRef Path) {
  static const unsigned long Types[] = {
      PROC_SUPER_MAGIC, SYSFS_MAGIC,      CGROUP_SUPER_MAGIC,
      CGROUP2_SUPER_MAGIC, DEBUGFS_MAGIC, TRACEFS_MAGIC,
      SECURITYFS_MAGIC, BPF_FS_MAGIC,     EFIVARFS_MAGIC};
  struct statfs FileSystem;
  if (::statfs(Path.str().c_str(), &FileSystem) != 0)
    return false;
  return llvm::is_contained(Types, (unsigned long)FileSystem.f_type);
}

std::error_code writeAll(int FD, StringRef Text) {
  while (!Text.empty()) {
    ssize_t Written = ::write(FD, Text.data(), Text.size());
    if (Written < 0 && errno == EINTR)
      continue;
    if (Written < 0)
      return lastError();
    Text = Text.drop_front(Written);
  }
  return std::error_code();
}

/// Writes into FD, fsyncs it when it is a regular file, and closes it.
std::error_code writeAndClose(int FD, StringRef Text, bool Regular) {
  std::error_code EC = writeAll(FD, Text);
  if (!EC && Regular && ::fsync(FD) != 0)
    EC = lastError();
  if (::close(FD) != 0 && !EC)
    EC = lastError();
  return EC;
}

/// Creates Target.tmp.XXXXXX for writing, a name no other file has, with
/// the mode of a new file (0666 less the umask, which the kernel applies).
/// Not sys::fs::createUniqueFile: it would replace each '%' of Target too.
std::error_code createTemporary(StringRef Target, int &FD,
                                std::string &Temporary) {
  std::error_code EC;
  for (int Attempt = 0; Attempt < 100; ++Attempt) {
    char Suffix[16];
    std::snprintf(Suffix, sizeof(Suffix), ".tmp.%06x",
                  sys::Process::GetRandomNumber() & 0xffffffu);
    Temporary = (Target + Suffix).str();
    EC = sys::fs::openFileForWrite(Temporary, FD, sys::fs::CD_CreateNew,
                                   sys::fs::OF_None, 0666);
    if (EC != std::errc::file_exists)
      return EC;
  }
  return EC;
}

/// A file on its way: its text is in Temporary, or, for a FIFO, a device
/// or a pseudo file (Temporary empty), is still to be written straight
/// into Target.
struct Staged {
  const OutputText *Output;
  std::string Target;
  std::string Temporary{};
  bool Existed = false;
  bool Truncate = false;
};

void discard(std::vector<Staged> &Files) {
  for (Staged &File : Files)
    if (!File.Temporary.empty())
      sys::fs::remove(File.Temporary);
}

/// Where a temporary file could not be created next to Target: a missing
/// directory, or one that does not take new files.
std::string cannotCreate(StringRef Target, std::error_code EC) {
  SmallString<256> Directory(sys::path::parent_path(Target));
  if (Directory.empty())
    Directory = ".";
  if (std::error_code Missing = sys::fs::access(Directory, sys::fs::AccessMode::Exist))
    return (Directory + ": " + Missing.message()).str();
  return ("cannot create a file in " + Directory + ": " + EC.message()).str();
}

Expected<Staged> stage(const OutputText &Output) {
  Staged File{&Output, Output.Path};
  if (Output.Path == "-")
    return File;
  struct stat Old;
  File.Existed = ::stat(Output.Path.c_str(), &Old) == 0;
  if (!File.Existed && errno != ENOENT)
    return cannotWrite(Output.Path, lastError().message() + left(Output.Path, false));
  if (File.Existed && S_ISDIR(Old.st_mode))
    return cannotWrite(Output.Path,
                       std::make_error_code(std::errc::is_a_directory).message() +
                           left(Output.Path, true));
  // Opened by its own name: the kernel follows the links.
  if (File.Existed && !S_ISREG(Old.st_mode))
    return File;
  bool Descriptor = false;
  ErrorOr<std::string> Target = resolveLinks(Output.Path, Descriptor);
  if (!Target)
    return cannotWrite(Output.Path, Target.getError().message() +
                                        left(Output.Path, File.Existed));
  if (Descriptor)
    return File;
  File.Target = *Target;
  int FD;
  std::string Temporary;
  if (std::error_code EC = createTemporary(File.Target, FD, Temporary)) {
    if (File.Existed && onPseudoFileSystem(File.Target)) {
      File.Truncate = true;
      return File;
    }
    return cannotWrite(Output.Path, cannotCreate(File.Target, EC) +
                                        left(Output.Path, File.Existed));
  }
  File.Temporary = Temporary;
  // The old file's owner where allowed, and its mode.
  if (File.Existed && (Old.st_uid != ::geteuid() || Old.st_gid != ::getegid()))
    (void)!::fchown(FD, Old.st_uid, Old.st_gid);
  std::error_code EC;
  if (File.Existed && ::fchmod(FD, Old.st_mode & 07777) != 0) {
    EC = lastError();
    ::close(FD);
  } else {
    EC = writeAndClose(FD, Output.Text, /*Regular=*/true);
  }
  if (EC) {
    sys::fs::remove(File.Temporary);
    return cannotWrite(Output.Path, EC.message() + left(Output.Path, File.Existed));
  }
  return File;
}

/// Puts a staged file in place.
Error finish(const Staged &File) {
  const OutputText &Output = *File.Output;
  if (!File.Temporary.empty()) {
    if (std::error_code EC = sys::fs::rename(File.Temporary, File.Target))
      return cannotWrite(Output.Path, EC.message() + left(Output.Path, File.Existed));
    return Error::success();
  }
  std::error_code EC;
  if (Output.Path == "-") {
    EC = writeAll(STDOUT_FILENO, Output.Text);
  } else {
    // Appending: /dev/stdout redirected to a file goes on after what was
    // written there (a new open would start at offset 0).
    int FD = ::open(File.Target.c_str(),
                    O_WRONLY | O_CLOEXEC | (File.Truncate ? O_TRUNC : O_APPEND));
    EC = FD < 0 ? lastError() : writeAndClose(FD, Output.Text, /*Regular=*/false);
  }
  if (EC)
    return cannotWrite(Output.Path, EC.message());
  return Error::success();
}

} // namespace

Error writeOutputFiles(ArrayRef<OutputText> Files) {
  std::vector<Staged> Ready;
  for (const OutputText &Output : Files) {
    Expected<Staged> File = stage(Output);
    if (!File) {
      discard(Ready);
      return File.takeError();
    }
    Ready.push_back(std::move(*File));
  }
  for (size_t I = 0; I < Ready.size(); ++I) {
    if (Error E = finish(Ready[I])) {
      std::vector<Staged> Rest(Ready.begin() + I + 1, Ready.end());
      discard(Rest);
      return E;
    }
  }
  return Error::success();
}

} // namespace ownmap
