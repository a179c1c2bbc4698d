# cmake -DNVCC=... -DSRC=register_kernels.cu -DINC=... -DWORK=... -DARCH=90a -DBUDGET=32 -DOUT=file -P check_registers.cmake
# Compiles the block kernels of SRC for sm_ARCH with `ptxas -v` and fails when one of them uses more
# than BUDGET registers per thread; writes "registers kernel" lines to OUT (docs/scheduling.md).
file(MAKE_DIRECTORY ${WORK})
set(cubin ${WORK}/register_kernels_${ARCH}.cubin)
execute_process(
  COMMAND ${NVCC} -std=c++17 --expt-relaxed-constexpr -O3 -DNDEBUG -I${INC} -arch=sm_${ARCH} -cubin -Xptxas -v
          ${SRC} -o ${cubin}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nvcc -cubin for sm_${ARCH} failed:\n${err}")
endif()
string(REPLACE "\n" ";" lines "${out}\n${err}")
set(kernel "")
set(report "")
set(over "")
set(count 0)
foreach(line IN LISTS lines)
  if(line MATCHES "Compiling entry function '([^']+)'")
    set(kernel "${CMAKE_MATCH_1}")
  elseif(kernel AND line MATCHES "Used ([0-9]+) registers")
    set(regs ${CMAKE_MATCH_1})
    # _ZN3clc12block_kernelIN12_GLOBAL__N_14AxpyENS_6source6TicketELi2EEEv... -> Axpy Ticket 2
    set(name "${kernel}")
    if(kernel MATCHES "([0-9]+)(Axpy|Empty)ENS_6source[0-9]+([A-Za-z]+)ELi([0-9]+)E")
      set(name "block_kernel<${CMAKE_MATCH_2}, ${CMAKE_MATCH_3}, ${CMAKE_MATCH_4}>")
    endif()
    string(APPEND report "${regs} ${name} sm_${ARCH}\n")
    math(EXPR count "${count} + 1")
    if(regs GREATER BUDGET)
      string(APPEND over "  ${name}: ${regs} registers\n")
    endif()
    set(kernel "")
  endif()
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "no 'Used N registers' line in ptxas -v output for sm_${ARCH}: the check could never fail")
endif()
file(WRITE ${OUT} "${report}")
if(over)
  message(FATAL_ERROR "block kernels above the budget of ${BUDGET} registers per thread on sm_${ARCH} (a 128-thread "
                      "CTA would no longer fit 16 per SM):\n${over}")
endif()
message(STATUS "register budget ${BUDGET} on sm_${ARCH}: ${count} block kernels within it")
