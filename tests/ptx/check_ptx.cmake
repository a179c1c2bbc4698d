# cmake -DNVCC=... -DSRC=... -DINC=... -DWORK=... -P check_ptx.cmake
# Compiles SRC for sm_100a to PTX, checks that the CLC instructions are there, and assembles it
# with ptxas (through nvcc -cubin).
file(MAKE_DIRECTORY ${WORK})
set(ptx ${WORK}/hardware_kernels.ptx)
execute_process(COMMAND ${NVCC} -std=c++17 --expt-relaxed-constexpr -I${INC}
                        -gencode=arch=compute_100a,code=compute_100a -ptx ${SRC} -o ${ptx}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nvcc -ptx for sm_100a failed:\n${err}")
endif()
file(READ ${ptx} text)
foreach(needle
    "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128"
    "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.multicast::cluster::all.b128"
    "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128"
    "clusterlaunchcontrol.query_cancel.get_first_ctaid::x.b32.b128"
    "clusterlaunchcontrol.query_cancel.get_first_ctaid::y.b32.b128"
    "clusterlaunchcontrol.query_cancel.get_first_ctaid::z.b32.b128"
    "mbarrier.arrive.expect_tx.relaxed.cluster.shared::cluster.b64")
  string(FIND "${text}" "${needle}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "sm_100a PTX lacks '${needle}'")
  endif()
  message(STATUS "found: ${needle}")
endforeach()
# The Hardware path must not contain the emulation's ticket atomic.
string(FIND "${text}" "atom.global.add" pos)
if(NOT pos EQUAL -1)
  message(FATAL_ERROR "the Hardware kernels unexpectedly contain a global atomic (Ticket code leaked in)")
endif()
execute_process(COMMAND ${NVCC} -std=c++17 --expt-relaxed-constexpr -I${INC}
                        -gencode=arch=compute_100a,code=sm_100a -cubin ${SRC} -o ${WORK}/hardware_kernels.cubin
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ptxas rejected the sm_100a Hardware kernels:\n${err}")
endif()
message(STATUS "ptxas accepted the sm_100a Hardware kernels")
