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

include(${CMAKE_CURRENT_LIST_DIR}/ownmapClangLinks.cmake)

option(OWNMAP_LTO "Optimise the plugin at link time (clang, a linker that reads LLVM bitcode)" ON)

if(OWNMAP_LTO)
  string(REGEX MATCH "^[0-9]+" ownmap_llvm_major "${CMAKE_C_COMPILER_VERSION}")
  ownmap_clang_links_with(LTO -flto llvm-${ownmap_llvm_major}-linker-tools OWNMAP_HAVE_LTO_LINKER)
  if(OWNMAP_HAVE_LTO_LINKER)
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
