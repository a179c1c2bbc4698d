# cmake -DNVCC=... -DSRC=... -DINC=... -DWORK=... -P check_old_arch.cmake
# Compiling clc for an architecture older than sm_90 must stop with clc's own sentence, not a CCCL error.
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${NVCC} -std=c++17 --expt-relaxed-constexpr -I${INC} -arch=sm_80 -c ${SRC} -o ${WORK}/old_arch.o
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "compiling clc for sm_80 succeeded; it must be refused")
endif()
string(FIND "${out}${err}" "clc needs an sm_90 or newer target" pos)
if(pos EQUAL -1)
  message(FATAL_ERROR "compiling clc for sm_80 failed without clc's message:\n${out}${err}")
endif()
message(STATUS "sm_80 refused with clc's message")
