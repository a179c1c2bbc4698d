//! @file source/fetch_context.cuh
//! @brief `FetchContext`: what a source may read when it starts or finishes a fetch. Built by the
//! scheduler per fetch from its parameters and the cluster's launch constants (all inlined).
#pragma once

#include <cstdint>

#include "../config.cuh"
#include "../testing/fault_injection.hpp"
#include "../tile_map.cuh"

namespace clc {

struct TicketWorkspace;

namespace source {

struct FetchContext {
  TileMap const* map = nullptr;          //!< the launch's tile mapping (kernel-parameter space)
  TicketWorkspace* workspace = nullptr;  //!< the launch's workspace (sources that use one)
  unsigned cluster_size = 1;             //!< CTAs of the issuing cluster
  unsigned workers = 1;                  //!< clusters launched
  unsigned max_grain = 1;                //!< sources that claim ranges: most clusters per fetch
#if CLC_FAULT_INJECTION
  testing::FaultParams faults;  //!< tests only
  unsigned worker = 0;          //!< linear id of the issuing cluster (injection hash input)
  std::uint32_t step = 0;       //!< fetches this worker issued before this one
#endif
};

}  // namespace source
}  // namespace clc
