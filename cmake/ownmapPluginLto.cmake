# Link-time optimisation of libownmap-plugin.so (OWNMAP_LTO, on by default;
# docs/plugin.md, "Built with a profile").
#
# A recalled target region runs through functions of some twenty source
# files; compiled one file at a time, each call between them stays a call
# with a frame of its own and every small function a cache line of its own.
# Optimised as one module, the region's path is inlined into few functions
# (test/bench/region-footprint: 106 lines a copying region instead of 123).
# The objects of the rtl core and the plugin core are LLVM bitcode then, so
# whatever links them (the plugin, unit tests, ownmap-run-settings) links
# with -flto too: the link option travels with the targets.

option(OWNMAP_LTO "Optimise the plugin at link time (clang, a linker that reads LLVM bitcode)" ON)

# ownmap_lto_available(OUT_VAR): whether this compiler and linker can
# optimise at link time; says why not otherwise.
function(ownmap_lto_available out_var)
  set(${out_var} OFF PARENT_SCOPE)
  if(NOT CMAKE_C_COMPILER_ID STREQUAL "Clang")
    message(STATUS "ownmap: LTO off: the C compiler is not clang")
    return()
  endif()
  include(CheckCSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS -flto)
  set(CMAKE_REQUIRED_LINK_OPTIONS -flto)
  set(CMAKE_REQUIRED_QUIET ON)
  check_c_source_compiles("int main(void) { return 0; }" OWNMAP_HAVE_LTO_LINKER)
  if(NOT OWNMAP_HAVE_LTO_LINKER)
    string(REGEX MATCH "^[0-9]+" major "${CMAKE_C_COMPILER_VERSION}")
    message(STATUS "ownmap: LTO off: the linker cannot read clang's bitcode "
                   "(Debian: llvm-${major}-linker-tools)")
    return()
  endif()
  set(${out_var} ON PARENT_SCOPE)
endfunction()

if(OWNMAP_LTO)
  ownmap_lto_available(ownmap_lto_usable)
  if(ownmap_lto_usable)
    message(STATUS "ownmap: LTO on: the plugin is optimised as one module")
  else()
    set(OWNMAP_LTO OFF)
  endif()
endif()

# ownmap_use_lto(TARGET): compile TARGET to bitcode and link whatever links
# it (itself included) with link-time optimisation.
function(ownmap_use_lto target)
  if(NOT OWNMAP_LTO)
    return()
  endif()
  target_compile_options(${target} PRIVATE -flto)
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "OBJECT_LIBRARY")
    target_link_options(${target} INTERFACE -flto)
  else()
    target_link_options(${target} PRIVATE -flto)
  endif()
endfunction()
