# cmake -DCMD="prog;arg;..." -DEXIT=<code> -DEXPECT=<text> -P check_tool.cmake
# Runs a tool and checks its exit code and that its output (stdout + stderr) contains EXPECT.
execute_process(COMMAND ${CMD} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL "${EXIT}")
  message(FATAL_ERROR "'${CMD}' exited with ${rc}, want ${EXIT}:\n${out}${err}")
endif()
string(FIND "${out}${err}" "${EXPECT}" pos)
if(pos EQUAL -1)
  message(FATAL_ERROR "'${CMD}' did not print '${EXPECT}':\n${out}${err}")
endif()
