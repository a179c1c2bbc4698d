//! @file gpu_trace.cuh
//! @brief `clc::launch_traced`: `clc::launch` with a per-tile trace, downloaded when it finishes.
//!
//! @code
//! clc::TraceBuffer buf;
//! std::vector<clc::TileTraceRecord> recs;
//! clc::Error e = clc::launch_traced(MyTile{...}, tiles, opts, buf, &recs);
//! if (e.ok()) e = clc::write_trace_files({{"ticket", recs}}, "trace.json");  // + trace.svg
//! @endcode
#pragma once

#include <vector>

#include <clc/launch.cuh>

#include "gpu_trace.hpp"

namespace clc {

//! Run `functor` over `tiles` like `clc::launch<Stages>` with `opts.trace` pointing to `buffer`
//! (allocated and cleared here), wait for `opts.stream`, and copy one record per tile to `out`.
//! Synchronous: it returns after the launch has finished.
template <int Stages = 2, class Functor>
Error launch_traced(Functor const& functor, TileSpace const& tiles, LaunchOptions opts, TraceBuffer& buffer,
                    std::vector<TileTraceRecord>* out, LaunchInfo* info = nullptr) {
  if (out == nullptr) return invalid_argument("launch_traced: out must not be null");
  CLC_TRY(buffer.allocate(tiles));
  CLC_TRY(buffer.clear(opts.stream));
  opts.trace = buffer.data();
  CLC_TRY(launch<Stages>(functor, tiles, opts, info));
  return buffer.download(opts.stream, out);
}

}  // namespace clc
