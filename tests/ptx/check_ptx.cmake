# cmake -DNVCC=... -DPTXAS=... -DSRC=... -DCONTROL=... -DINC=... -DWORK=... -DARCH=100a -DMULTICAST=ON|OFF -P check_ptx.cmake
# Compiles the Hardware source's kernels (SRC) for compute_ARCH to PTX and checks that
#  - the CLC instructions are there: try_cancel (plain), query_cancel, and the multicast try_cancel
#    exactly where clc enables it (MULTICAST: sm_100a) and nowhere else (CCCL 13.0 emits it only for
#    the SM100/SM101 feature sets; anywhere else the build would fail at ptxas);
#  - no Ticket code leaked in: no global atomic add (the claim is `atom.relaxed.gpu.global.add.u64`,
#    the retirement `atom.acq_rel.gpu.global.add.u32`); the same pattern must match the PTX of the
#    Ticket kernels (CONTROL), so the check can fail;
#  - no %cluster_ctaid / %clusterid (wrong past 2^24 blocks, see check_sregs.cmake);
# then assembles the PTX with ptxas for sm_ARCH.
file(MAKE_DIRECTORY ${WORK})
set(ptx ${WORK}/hardware_kernels_${ARCH}.ptx)
set(flags -std=c++17 --expt-relaxed-constexpr -I${INC} -gencode=arch=compute_${ARCH},code=compute_${ARCH} -ptx)
execute_process(COMMAND ${NVCC} ${flags} ${SRC} -o ${ptx} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nvcc -ptx for compute_${ARCH} failed:\n${err}")
endif()
file(READ ${ptx} text)

set(required
    "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.b128"
    "clusterlaunchcontrol.query_cancel.is_canceled.pred.b128"
    "clusterlaunchcontrol.query_cancel.get_first_ctaid::x.b32.b128"
    "clusterlaunchcontrol.query_cancel.get_first_ctaid::y.b32.b128"
    "clusterlaunchcontrol.query_cancel.get_first_ctaid::z.b32.b128"
    "mbarrier.arrive.expect_tx.relaxed.cluster.shared::cluster.b64")
set(multicast "clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::complete_tx::bytes.multicast::cluster::all.b128")
if(MULTICAST)
  list(APPEND required "${multicast}")
else()
  string(FIND "${text}" "${multicast}" pos)
  if(NOT pos EQUAL -1)
    message(FATAL_ERROR "compute_${ARCH} PTX has the multicast try_cancel, which clc enables only for sm_100a")
  endif()
endif()
foreach(needle IN LISTS required)
  string(FIND "${text}" "${needle}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "compute_${ARCH} PTX lacks '${needle}'")
  endif()
endforeach()

set(atomic_add "atom(\\.[a-z_]+)*\\.global(\\.[a-z_]+)*\\.add")
if(text MATCHES "${atomic_add}")
  message(FATAL_ERROR "the Hardware kernels for compute_${ARCH} contain a global atomic add ('${CMAKE_MATCH_0}'): Ticket code leaked in")
endif()
set(control_ptx ${WORK}/ticket_control_${ARCH}.ptx)
execute_process(COMMAND ${NVCC} ${flags} ${CONTROL} -o ${control_ptx} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nvcc -ptx of the control (Ticket kernels) for compute_${ARCH} failed:\n${err}")
endif()
file(READ ${control_ptx} control)
if(NOT control MATCHES "${atomic_add}")
  message(FATAL_ERROR "the leaked-atomic pattern does not match the Ticket kernels' PTX: the check could never fail")
endif()
foreach(reg "%cluster_ctaid" "%clusterid")
  string(FIND "${text}" "${reg}" pos)
  if(NOT pos EQUAL -1)
    message(FATAL_ERROR "compute_${ARCH} PTX reads ${reg}, which is wrong past 2^24 blocks")
  endif()
endforeach()

execute_process(COMMAND ${PTXAS} -arch=sm_${ARCH} ${ptx} -o ${WORK}/hardware_kernels_${ARCH}.cubin
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ptxas rejected the sm_${ARCH} Hardware kernels:\n${err}")
endif()
message(STATUS "compute_${ARCH}: CLC instructions present (multicast ${MULTICAST}), no Ticket atomic, ptxas accepts it")
