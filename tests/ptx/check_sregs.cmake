# cmake -DNVCC=... -DSRC=... -DINC=... -DWORK=... -DARCH=90a -P check_sregs.cmake
# Compiles SRC for compute_ARCH to PTX and fails if the runtime reads %cluster_ctaid or %clusterid:
# on sm_90a (nvcc 13.0) both are computed through a float reciprocal that is exact only below 2^24
# blocks (measured on the H200: block 16777219 read %cluster_ctaid.x = -1). The runtime derives
# them from blockIdx and %cluster_ctarank instead (include/clc/detail/ptx.cuh).
file(MAKE_DIRECTORY ${WORK})
get_filename_component(stem ${SRC} NAME_WE)
set(ptx ${WORK}/${stem}_${ARCH}.ptx)
execute_process(COMMAND ${NVCC} -std=c++17 --expt-relaxed-constexpr -I${INC}
                        -gencode=arch=compute_${ARCH},code=compute_${ARCH} -ptx ${SRC} -o ${ptx}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nvcc -ptx for compute_${ARCH} failed:\n${err}")
endif()
file(READ ${ptx} text)
string(FIND "${text}" ".entry" pos)
if(pos EQUAL -1)
  message(FATAL_ERROR "compute_${ARCH} PTX of ${SRC} has no kernel: the check would prove nothing")
endif()
foreach(reg "%cluster_ctaid" "%clusterid")
  string(FIND "${text}" "${reg}" pos)
  if(NOT pos EQUAL -1)
    message(FATAL_ERROR "compute_${ARCH} PTX of ${SRC} reads ${reg}, which is wrong past 2^24 blocks; "
                        "derive it from blockIdx and %cluster_ctarank (clc::detail::cluster_rank_x & co)")
  endif()
endforeach()
message(STATUS "compute_${ARCH}: no %cluster_ctaid / %clusterid in ${SRC}")
