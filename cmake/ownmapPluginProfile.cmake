# Profile-guided optimisation of libownmap-plugin.so (OWNMAP_PGO, on by
# default; docs/plugin.md, "Built with a profile").
#
# At build time: an instrumented build of the plugin (a build of this
# source tree of its own, under pgo/instrumented/), the training programs
# of plugin/pgo/training-set built for the host device, plugin/pgo/train
# running them under the instrumented plugin into pgo/plugin.profdata;
# then the plugin's objects (rtl, plugin core, plugin) are compiled with
# that profile. Any change to the plugin's sources trains anew. When a
# training program cannot be built (build-program) or the training cannot
# run, train writes an empty profile and says so: the plugin is then built
# as without PGO, never not built.

include(${CMAKE_CURRENT_LIST_DIR}/ownmapClangLinks.cmake)

option(OWNMAP_PGO "Build the plugin with a profile trained on plugin/pgo/training-set (clang)" ON)

# ownmap_pgo_available(OUT_VAR): whether this compiler can build and use a
# profile; says why not otherwise.
function(ownmap_pgo_available out_var)
  set(${out_var} OFF PARENT_SCOPE)
  string(REGEX MATCH "^[0-9]+" major "${CMAKE_C_COMPILER_VERSION}")
  ownmap_clang_links_with(PGO -fprofile-instr-generate libclang-rt-${major}-dev
                          OWNMAP_HAVE_PROFILE_RUNTIME)
  if(NOT OWNMAP_HAVE_PROFILE_RUNTIME)
    return()
  endif()
  get_filename_component(compiler_dir "${CMAKE_C_COMPILER}" DIRECTORY)
  find_program(OWNMAP_LLVM_PROFDATA
    NAMES llvm-profdata-${major} llvm-profdata
    HINTS "${compiler_dir}" "${OWNMAP_LLVM_ROOT}/bin" NO_DEFAULT_PATH)
  if(NOT OWNMAP_LLVM_PROFDATA)
    message(STATUS "ownmap: PGO off: no llvm-profdata next to ${CMAKE_C_COMPILER}")
    return()
  endif()
  set(${out_var} ON PARENT_SCOPE)
endfunction()

if(OWNMAP_PGO)
  ownmap_pgo_available(ownmap_pgo_usable)
  if(NOT ownmap_pgo_usable)
    set(OWNMAP_PGO OFF)
  endif()
endif()

set(OWNMAP_PLUGIN_PROFILE "${PROJECT_BINARY_DIR}/pgo/plugin.profdata")

if(OWNMAP_PGO)
  message(STATUS "ownmap: PGO on: the plugin is trained on plugin/pgo/training-set")
  include(ExternalProject)
  set(instrumented_dir "${PROJECT_BINARY_DIR}/pgo/instrumented")
  set(instrumented_plugin "${instrumented_dir}/lib/libownmap-plugin.so")
  # The same compiler, build type and flags as this build, plus the
  # instrumentation; nothing but the plugin.
  ExternalProject_Add(ownmap-plugin-instrumented
    SOURCE_DIR "${PROJECT_SOURCE_DIR}"
    BINARY_DIR "${instrumented_dir}"
    CMAKE_ARGS
      "-DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}"
      "-DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}"
      "-DCMAKE_C_COMPILER_LAUNCHER=${CMAKE_C_COMPILER_LAUNCHER}"
      "-DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}"
      "-DCMAKE_C_FLAGS=${CMAKE_C_FLAGS} -fprofile-instr-generate"
      "-DCMAKE_SHARED_LINKER_FLAGS=${CMAKE_SHARED_LINKER_FLAGS} -fprofile-instr-generate"
      "-DOWNMAP_LLVM_ROOT=${OWNMAP_LLVM_ROOT}"
      -DOWNMAP_PGO=OFF -DOWNMAP_LTO=OFF -DOWNMAP_BUILD_REWRITER=OFF -DOWNMAP_BUILD_TESTS=OFF
    BUILD_COMMAND "${CMAKE_COMMAND}" --build "${instrumented_dir}" --target ownmap-plugin
    INSTALL_COMMAND ""
    # Its own build decides what is out of date; the plugin is relinked,
    # and so trained anew, only when a source of it changed.
    BUILD_ALWAYS ON
    BUILD_BYPRODUCTS "${instrumented_plugin}")

  # The training programs, each built once for the host device (into a
  # directory made now: not every generator makes its outputs' directories).
  file(MAKE_DIRECTORY "${PROJECT_BINARY_DIR}/pgo/programs")
  set(training_set "${PROJECT_SOURCE_DIR}/plugin/pgo/training-set")
  file(STRINGS "${training_set}" training_lines REGEX "^[^#]")
  set(training_programs)
  foreach(line IN LISTS training_lines)
    string(REGEX MATCH "^[^ ]+" source "${line}")
    get_filename_component(name "${source}" NAME_WE)
    set(program "${PROJECT_BINARY_DIR}/pgo/programs/${name}")
    if(NOT program IN_LIST training_programs)
      add_custom_command(OUTPUT "${program}"
        COMMAND "${PROJECT_SOURCE_DIR}/plugin/pgo/build-program" "${program}"
                "${OWNMAP_OFFLOAD_CC}" -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -O2
                "-I${PROJECT_SOURCE_DIR}/rtl/include" "-Wl,-rpath,${OWNMAP_LLVM_ROOT}/lib"
                "${PROJECT_SOURCE_DIR}/${source}"
        DEPENDS "${PROJECT_SOURCE_DIR}/${source}" "${PROJECT_SOURCE_DIR}/plugin/pgo/build-program"
        COMMENT "Building PGO training program ${name}")
      list(APPEND training_programs "${program}")
    endif()
  endforeach()

  add_custom_command(OUTPUT "${OWNMAP_PLUGIN_PROFILE}"
    COMMAND "${PROJECT_SOURCE_DIR}/plugin/pgo/train" "${instrumented_plugin}"
            "${OWNMAP_LLVM_PROFDATA}" "${PROJECT_BINARY_DIR}/pgo/programs"
            "${OWNMAP_PLUGIN_PROFILE}"
    DEPENDS ownmap-plugin-instrumented "${instrumented_plugin}" ${training_programs}
            "${training_set}" "${PROJECT_SOURCE_DIR}/plugin/pgo/train"
    COMMENT "Training the plugin's profile (plugin/pgo/training-set)")
  add_custom_target(ownmap-plugin-profile DEPENDS "${OWNMAP_PLUGIN_PROFILE}")
endif()

# ownmap_use_plugin_profile(TARGET): compile TARGET's sources with the
# plugin's profile, and again whenever it changes. Call it in the
# directory that made TARGET.
function(ownmap_use_plugin_profile target)
  if(NOT OWNMAP_PGO)
    return()
  endif()
  add_dependencies(${target} ownmap-plugin-profile)
  target_compile_options(${target} PRIVATE "-fprofile-instr-use=${OWNMAP_PLUGIN_PROFILE}"
                         -Wno-profile-instr-unprofiled)
  get_target_property(sources ${target} SOURCES)
  set_property(SOURCE ${sources} APPEND PROPERTY OBJECT_DEPENDS "${OWNMAP_PLUGIN_PROFILE}")
endfunction()
