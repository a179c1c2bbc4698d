# cmake -DREADME=... -DWORK=... -DSRC=... -DGENERATOR=... -DARCH=... -P readme_example.cmake
# Extracts the program of the README's "Five minutes" section and builds it in a fresh project that
# links clc::clc alone (add_subdirectory of this source tree): the README's example compiles and
# links exactly as written.
file(READ ${README} text)
string(FIND "${text}" "## Five minutes" start)
if(start EQUAL -1)
  message(FATAL_ERROR "README has no '## Five minutes' section")
endif()
string(SUBSTRING "${text}" ${start} -1 text)
string(FIND "${text}" "```cpp\n" open)
string(FIND "${text}" "\n```\n" close)
if(open EQUAL -1 OR close EQUAL -1)
  message(FATAL_ERROR "the Five minutes section has no ```cpp block")
endif()
math(EXPR begin "${open} + 7")
math(EXPR len "${close} - ${begin} + 1")
string(SUBSTRING "${text}" ${begin} ${len} code)
file(REMOVE_RECURSE ${WORK})
file(WRITE ${WORK}/src/scale.cu "${code}")
file(WRITE ${WORK}/src/CMakeLists.txt "cmake_minimum_required(VERSION 3.25)
project(readme_example LANGUAGES CXX CUDA)
add_subdirectory(${SRC} clc)
add_executable(scale scale.cu)
target_link_libraries(scale PRIVATE clc::clc)
")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${WORK}/src -B ${WORK}/build -G ${GENERATOR}
                        -DCLC_CUDA_ARCHITECTURES=${ARCH} -DCMAKE_CUDA_ARCHITECTURES=${ARCH}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the README example failed:\n${out}\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/build --target scale
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "building the README example against clc::clc alone failed:\n${out}\n${err}")
endif()
message(STATUS "the README example builds and links against clc::clc alone")
