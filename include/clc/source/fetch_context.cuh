//! @file source/fetch_context.cuh
//! @brief What a source's `issue` may read: the tile space, the cluster size and, for `Ticket`,
//! the workspace and the test-only failure injection.
#pragma once

#include <cstdint>

#include <vector_types.h>  // uint4, also for host code

#include "../tile_map.cuh"
#include "../tile_space.cuh"

namespace clc {

//! Device state of one `Ticket` launch. Zero before a launch and zero again after it: each cluster
//! increments `retired` when its last claim comes back empty and the last one resets both as it
//! exits, so back-to-back launches and CUDA-graph
//! replays need no memset. Launches that may run concurrently need distinct workspaces.
struct TicketWorkspace {
  //! Next cluster index to hand out. 64-bit so that a claim is a 64-bit atomic, which the compiler
  //! leaves alone; a 32-bit one it may turn into a warp-aggregated add that waits for its result at
  //! once (see detail::atomic_fetch_add_relaxed).
  unsigned long long ticket;
  unsigned int retired;  //!< clusters of the current launch whose last claim has returned
  unsigned int reserved;
};

namespace source {

struct FetchContext {
  TileMap const* map = nullptr;       //!< the launch's tile mapping (kernel-parameter space)
  TicketWorkspace* workspace = nullptr;
  unsigned cluster_size = 1;
  unsigned worker = 0;                //!< linear id of the issuing cluster (injection hash input)
  std::uint32_t fail_threshold = 0;   //!< tests only: inject a failure when hash < threshold (of 2^32)
  std::uint32_t seed = 0;
  std::uint32_t step = 0;             //!< fetches this worker issued before this one
  unsigned workers = 1;               //!< clusters launched (guided grain)
  unsigned max_grain = 1;             //!< Ticket: most clusters one fetch may claim (1 = like CLC)
  unsigned counter_estimate = 0;      //!< Ticket: where this worker guesses the global ticket is now
};

}  // namespace source
}  // namespace clc
