# Writes OUTPUT (ownmap-run) from INPUT (ownmap-run.in, configured) with the
# line @OWNMAP_SETTINGS@ replaced by what SETTINGS_TOOL prints (the option
# table, described), atomically and executable.
execute_process(COMMAND "${SETTINGS_TOOL}" OUTPUT_VARIABLE settings RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR settings STREQUAL "")
  message(FATAL_ERROR "${SETTINGS_TOOL} failed (${status})")
endif()
file(READ "${INPUT}" text)
string(REPLACE "@OWNMAP_SETTINGS@\n" "${settings}" text "${text}")
get_filename_component(directory "${OUTPUT}" DIRECTORY)
file(WRITE "${OUTPUT}.tmp" "${text}")
file(CHMOD "${OUTPUT}.tmp" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
     GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
