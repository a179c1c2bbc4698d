//! @file pipeline/pipeline_state.cuh
//! @brief Position in a ring of `Stages` slots: the slot index and the barrier phase parity to wait
//! for. Nobody writes `(iter / depth) % 2` by hand.
#pragma once

#include <cstdint>

#include "../config.cuh"

namespace clc {

template <int Stages>
struct PipelineState {
  static_assert(Stages >= 1, "a pipeline needs at least one stage");
  int index = 0;
  std::uint32_t phase = 0;

  CLC_HOST_DEVICE constexpr PipelineState& operator++() {
    if (++index == Stages) {
      index = 0;
      phase ^= 1u;
    }
    return *this;
  }
};

//! A producer starts at phase 1: waiting for parity 1 on a freshly initialised barrier returns at
//! once (the phase "before" phase 0 counts as complete), so every slot starts out empty.
template <int Stages>
CLC_HOST_DEVICE constexpr PipelineState<Stages> make_producer_start_state() { return {0, 1u}; }

//! A consumer starts at phase 0: it waits for the first completion of each full barrier.
template <int Stages>
CLC_HOST_DEVICE constexpr PipelineState<Stages> make_consumer_start_state() { return {0, 0u}; }

}  // namespace clc
