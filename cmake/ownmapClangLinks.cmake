# ownmap_clang_links_with(FEATURE FLAG PACKAGE RESULT): sets RESULT (a cache
# variable, like check_c_source_compiles' result) to whether the C compiler
# is clang and builds and links a program with FLAG; when not, says that
# FEATURE is off and why (PACKAGE: what provides the missing part).
include_guard(GLOBAL)
include(CheckCSourceCompiles)

function(ownmap_clang_links_with feature flag package result)
  if(NOT CMAKE_C_COMPILER_ID STREQUAL "Clang")
    message(STATUS "ownmap: ${feature} off: the C compiler is not clang")
    set(${result} OFF PARENT_SCOPE)
    return()
  endif()
  set(CMAKE_REQUIRED_FLAGS ${flag})
  set(CMAKE_REQUIRED_LINK_OPTIONS ${flag})
  set(CMAKE_REQUIRED_QUIET ON)
  check_c_source_compiles("int main(void) { return 0; }" ${result})
  if(NOT ${result})
    message(STATUS "ownmap: ${feature} off: clang cannot link ${flag} (Debian: ${package})")
  endif()
  set(${result} ${${result}} PARENT_SCOPE)
endfunction()
