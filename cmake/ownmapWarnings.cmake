# ownmap_warnings(TARGET): the project's warnings for TARGET, with clang-19
# and with GCC alike, as errors when OWNMAP_WERROR is on (CI builds with it).
#
# GCC's -Wshadow also flags a constructor parameter named like the member it
# initialises (`Foo(Bar Loop) : Loop(Loop)`), the style of the rewriter and
# of LLVM; clang's -Wshadow leaves those out, and GCC's -Wshadow=local is
# the part they share. For C++ GCC also flags std::move of a local returned
# into a converting constructor (Expected<T> from Error), which clang 19 in
# C++17 needs, and a null `this` inside LLVM's own RecursiveASTVisitor that
# only its inlining sees.
option(OWNMAP_WERROR "Treat the project's warnings as errors" OFF)

function(ownmap_warnings target)
  set(flags -Wall -Wextra)
  if(CMAKE_C_COMPILER_ID STREQUAL "GNU" OR CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    list(APPEND flags -Wshadow=local
         $<$<COMPILE_LANGUAGE:CXX>:-Wno-redundant-move -Wno-nonnull>)
  else()
    list(APPEND flags -Wshadow)
  endif()
  if(OWNMAP_WERROR)
    list(APPEND flags -Werror)
  endif()
  target_compile_options(${target} PRIVATE ${flags})
endfunction()
