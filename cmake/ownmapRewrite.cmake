# ownmap_rewrite_target(<target> [SOURCES <file>...] [OFFLOAD_TARGETS <triple>...])
#
# Rewrites the ownmap-annotated C sources of <target> with ownmap-rewrite
# into the build tree before they are compiled, and builds the target as an
# OpenMP offload program that uses ownmap::ownmap (ownmap.h):
#  - each source (SOURCES, default: every .c source of the target) becomes
#    <target binary dir>/ownmap/<target>/<name>.omp.c, made by a custom
#    command that runs the installed ownmap-rewrite with the target's include
#    directories and compile definitions (generator expressions, so they are
#    the ones the compiler gets) and writes a JSON report (schema
#    ownmap-rewrite-report/1) next to it, <name>.report.json;
#  - the rewritten file replaces the source in the target; it is compiled
#    with the original source's directory on the include path, so
#    #include "local.h" keeps working;
#  - offload flags: -fopenmp -fopenmp-targets=<triples> for compiling and
#    linking, the triples from OFFLOAD_TARGETS, else from the variable
#    OWNMAP_OFFLOAD_TARGETS, else x86_64-pc-linux-gnu (the host device). An
#    OFFLOAD_TARGETS keyword without triples, or OWNMAP_OFFLOAD_TARGETS set
#    to an empty string, adds no flags: the caller sets them;
#  - the rewritten files are compiled with -gline-tables-only in
#    configurations whose flags have no -g, so that the plugin's checks and
#    run report name variables and lines (it does not change the code);
#  - uses ownmap::ownmap (PRIVATE: ownmap.h's directory; no library to
#    link) and adds the directory of the compiler's
#    libomptarget to the run path.
# The target must be built with clang (OpenMP offload needs it).
function(ownmap_rewrite_target target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "" "SOURCES;OFFLOAD_TARGETS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ownmap_rewrite_target: unexpected arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "ownmap_rewrite_target: '${target}' is not a target")
  endif()
  if(NOT TARGET ownmap::ownmap-rewrite)
    message(FATAL_ERROR "ownmap_rewrite_target: this ownmap was installed without ownmap-rewrite")
  endif()

  get_target_property(source_dir "${target}" SOURCE_DIR)
  get_target_property(binary_dir "${target}" BINARY_DIR)
  get_target_property(sources "${target}" SOURCES)
  set(annotated ${ARG_SOURCES})
  if(NOT annotated)
    foreach(source IN LISTS sources)
      if(source MATCHES "\\.c$" AND NOT source MATCHES "^\\$<")
        list(APPEND annotated "${source}")
      endif()
    endforeach()
  endif()

  set(includes "$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>")
  set(defines "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  _ownmap_map_names_option(map_names)
  set(out_dir "${binary_dir}/ownmap/${target}")
  set(rewritten_names "")
  set(originals "")
  set(replacements "")
  foreach(source IN LISTS annotated)
    get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${source_dir}")
    get_filename_component(name "${source}" NAME_WE)
    if(name IN_LIST rewritten_names)
      message(FATAL_ERROR "ownmap_rewrite_target: two sources of '${target}' are named "
                          "${name}.c; rewrite them in separate targets")
    endif()
    list(APPEND rewritten_names "${name}")
    set(rewritten "${out_dir}/${name}.omp.c")
    set(report "${out_dir}/${name}.report.json")
    add_custom_command(OUTPUT "${rewritten}" "${report}"
      COMMAND ownmap::ownmap-rewrite -o "${rewritten}" "--report=${report}"
              --report-format=json "${path}" --
              "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
              "$<$<BOOL:${defines}>:-D$<JOIN:${defines},;-D>>"
      DEPENDS "${path}" ownmap::ownmap-rewrite
      COMMENT "ownmap-rewrite ${source} for ${target}"
      VERBATIM COMMAND_EXPAND_LISTS)
    get_filename_component(original_dir "${path}" DIRECTORY)
    set_property(SOURCE "${rewritten}" APPEND PROPERTY INCLUDE_DIRECTORIES "${original_dir}")
    set_property(SOURCE "${rewritten}" APPEND PROPERTY COMPILE_OPTIONS ${map_names})
    list(APPEND originals "${path}")
    list(APPEND replacements "${rewritten}")
  endforeach()
  set(new_sources "")
  foreach(source IN LISTS sources)
    get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${source_dir}")
    list(FIND originals "${path}" index)
    if(index EQUAL -1)
      list(APPEND new_sources "${source}")
    else()
      list(GET replacements ${index} rewritten)
      list(APPEND new_sources "${rewritten}")
    endif()
  endforeach()
  set_property(TARGET "${target}" PROPERTY SOURCES ${new_sources})

  if("OFFLOAD_TARGETS" IN_LIST ARG_KEYWORDS_MISSING_VALUES)
    set(triples "")
  elseif(ARG_OFFLOAD_TARGETS)
    set(triples ${ARG_OFFLOAD_TARGETS})
  elseif(DEFINED OWNMAP_OFFLOAD_TARGETS)
    set(triples ${OWNMAP_OFFLOAD_TARGETS})
  else()
    set(triples x86_64-pc-linux-gnu)
  endif()
  if(triples)
    list(JOIN triples "," joined)
    target_compile_options("${target}" PRIVATE -fopenmp "-fopenmp-targets=${joined}")
    target_link_options("${target}" PRIVATE -fopenmp "-fopenmp-targets=${joined}")
  endif()
  target_link_libraries("${target}" PRIVATE ownmap::ownmap)
  _ownmap_add_offload_runtime_rpath("${target}")
endfunction()

# -gline-tables-only for the configurations built without debug info (with
# -g the map names are there already, and the flag would lower -g).
function(_ownmap_map_names_option out)
  if(NOT CMAKE_CONFIGURATION_TYPES)
    string(TOUPPER "${CMAKE_BUILD_TYPE}" upper)
    if(" ${CMAKE_C_FLAGS} ${CMAKE_C_FLAGS_${upper}} " MATCHES " -g")
      set(${out} "" PARENT_SCOPE)
    else()
      set(${out} -gline-tables-only PARENT_SCOPE)
    endif()
    return()
  endif()
  set(without_debug "")
  foreach(config IN LISTS CMAKE_CONFIGURATION_TYPES)
    string(TOUPPER "${config}" upper)
    if(NOT " ${CMAKE_C_FLAGS} ${CMAKE_C_FLAGS_${upper}} " MATCHES " -g")
      list(APPEND without_debug "${config}")
    endif()
  endforeach()
  list(JOIN without_debug "," joined)
  set(${out} "$<$<CONFIG:${joined}>:-gline-tables-only>" PARENT_SCOPE)
endfunction()

# clang links libomptarget from its own lib directory, which is usually not
# on the loader's path (e.g. /usr/lib/llvm-19/lib).
function(_ownmap_add_offload_runtime_rpath target)
  execute_process(COMMAND "${CMAKE_C_COMPILER}" -print-file-name=libomptarget.so
                  OUTPUT_VARIABLE runtime OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE failed ERROR_QUIET)
  if(NOT failed AND IS_ABSOLUTE "${runtime}" AND EXISTS "${runtime}")
    get_filename_component(runtime_dir "${runtime}" DIRECTORY)
    get_filename_component(runtime_dir "${runtime_dir}" REALPATH)
    target_link_options("${target}" PRIVATE "LINKER:-rpath,${runtime_dir}")
  endif()
endfunction()
