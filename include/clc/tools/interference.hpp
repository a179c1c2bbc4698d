//! @file tools/interference.hpp
//! @brief A kernel that holds some of the GPU's SMs for a while, to measure schedules under
//! interference (another kernel, a communication kernel, a concurrent stream). Shared by the tests,
//! examples and clc-bench. Link `clc::tools`.
#pragma once

#include <cuda_runtime_api.h>

#include "../status.hpp"

namespace clc::tools {

//! Launch `num_sms` CTAs on `stream` that each occupy one SM (they take nearly all of its shared
//! memory, so nothing else fits beside them) and spin until `ms` milliseconds have passed on the
//! GPU's global timer, counted from when they start. Returns at once (asynchronous). Launched on a
//! `greatest_priority_stream` just before the kernel to disturb, its CTAs are dispatched first.
//! @param num_sms 0 .. the device's SM count (0 launches nothing)
Error hold_sms(int num_sms, double ms, cudaStream_t stream);

//! A new non-blocking stream of the device's greatest priority (destroy it with cudaStreamDestroy).
Error greatest_priority_stream(cudaStream_t* stream);

//! Number of SMs of the current device times `fraction` (rounded to nearest), for `--interfere F`.
Error sms_for_fraction(double fraction, int* num_sms);

}  // namespace clc::tools
