# -*- Python -*-
# test/conformance/lit_site_config.py - lit site configuration for LLVM 19's
# offload tests (offload/test) on the host target, loaded by the stub
# lit.site.cfg.py that scripts/conformance writes next to the unpacked tests.
#
# The stub sets config.ownmap_* (paths) before loading this file. This file
# fills in what LLVM's CMake would have put into the site configuration, lets
# LLVM's own lit.cfg do the rest, and then changes two things:
#   - the compiler substitutions go through test/conformance/cached-compiler,
#     so each test is compiled once and later modes reuse the binary;
#   - every run of a test program gets a prefix chosen by the lit parameter
#     `ownmap_mode`: `bare` (none), or a plugin mode (`lazy`, `safe`, `off`),
#     which runs it under `ownmap-run --elide MODE --`. Each run is also
#     limited by `timeout` (lit parameter `ownmap_run_timeout`, seconds).
import os
import re

llvm = config.ownmap_llvm_root
target = "x86_64-pc-linux-gnu"

# What LLVM's CMake puts into offload/test's site configuration, for Debian's
# LLVM 19 packages.
config.bin_llvm_tools_dir = os.path.join(llvm, "bin")
config.test_c_compiler = "%s %s %s" % (
    config.ownmap_cached_compiler, config.ownmap_compile_cache, os.path.join(llvm, "bin", "clang"))
config.test_cxx_compiler = "%s %s %s" % (
    config.ownmap_cached_compiler, config.ownmap_compile_cache, os.path.join(llvm, "bin", "clang++"))
config.test_fortran_compiler = ""
config.test_compiler_features = ["clang"]
config.test_openmp_flags = "-fopenmp -pthread"
config.test_extra_flags = ""
config.cuda_path = ""
config.cuda_libdir = ""
config.cuda_test_arch = ""
config.amdgpu_test_arch = ""
config.libomptarget_obj_root = os.path.join(config.ownmap_work_dir, target)
config.library_dir = os.path.join(llvm, "lib")
config.llvm_library_dir = os.path.join(llvm, "lib")
config.llvm_library_intdir = os.path.join(llvm, "lib")
config.omp_header_directory = config.ownmap_omp_header_dir
config.omp_host_rtl_directory = os.path.join(llvm, "lib")
config.llvm_lib_directory = os.path.join(llvm, "lib")
config.operating_system = "Linux"
# Every target the tests name, so that RUN lines for the others expand to
# `echo ignored-command`; only the host target is tested.
config.libomptarget_all_targets = [
    "aarch64-unknown-linux-gnu", "aarch64-unknown-linux-gnu-LTO",
    "amdgcn-amd-amdhsa", "amdgcn-amd-amdhsa-LTO", "amdgcn-amd-amdhsa-JIT-LTO",
    "nvptx64-nvidia-cuda", "nvptx64-nvidia-cuda-LTO", "nvptx64-nvidia-cuda-JIT-LTO",
    "powerpc64-ibm-linux-gnu", "powerpc64-ibm-linux-gnu-LTO",
    "powerpc64le-ibm-linux-gnu", "powerpc64le-ibm-linux-gnu-LTO",
    "s390x-ibm-linux-gnu", "s390x-ibm-linux-gnu-LTO",
    "x86_64-pc-linux-gnu", "x86_64-pc-linux-gnu-LTO",
]
config.libomptarget_current_target = target
config.libomptarget_filecheck = os.path.join(llvm, "bin", "FileCheck")
config.libomptarget_not = os.path.join(llvm, "bin", "not")
# Debian's libomptarget is a release build without debug output, and the
# OMPT and GPU libc tests are not selected: tests that require these
# features are unsupported.
config.libomptarget_debug = False
config.has_libomptarget_ompt = False
config.libomptarget_has_libc = False

lit_config.load_config(config, config.ownmap_upstream_cfg)

# No Fortran compiler here (Debian's LLVM 19 has no flang-new for offload):
# only the C and C++ tests are collected.
config.suffixes = [".c", ".cpp", ".cc"]

# --- the mode --------------------------------------------------------------
mode = lit_config.params.get("ownmap_mode", "bare")
timeout = lit_config.params.get("ownmap_run_timeout", "120")
if not re.fullmatch(r"[0-9]+", timeout):
    lit_config.fatal("ownmap_run_timeout must be whole seconds, not %r" % timeout)
prefix = "timeout -k 10 %s" % timeout
if mode != "bare":
    if mode not in ("off", "safe", "lazy"):
        lit_config.fatal("ownmap_mode must be bare, off, safe or lazy, not %r" % mode)
    prefix += " %s --elide %s --" % (config.ownmap_run, mode)
config.name = "libomptarget :: %s :: %s" % (target, mode)

runs = {
    "%libomptarget-run-" + target: "%s %%t" % prefix,
    "%libomptarget-run-fail-" + target: "%%not --crash %s %%t" % prefix,
}
seen = set()
for i, (pattern, replacement) in enumerate(config.substitutions):
    if pattern in runs:
        config.substitutions[i] = (pattern, runs[pattern])
        seen.add(pattern)
if seen != set(runs):
    lit_config.fatal("LLVM's lit.cfg no longer defines %s" % ", ".join(sorted(set(runs) - seen)))

# A few RUN lines run the program as `%t` themselves (after `&&`, `|` or
# `env VAR=VALUE ...`): give those the prefix too. Lines already expanded
# above have the prefix before `%t` and do not match.
config.substitutions.append((
    r"((?:^|&&|\|\||\||;)\s*(?:env\s+(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*)?)%t(?=\s|$)",
    r"\g<1>" + prefix.replace("\\", "\\\\") + " %t"))
