//! @file trace_record.hpp
//! @brief One record per executed tile, written by the device-side tracer and read by the host
//! exporters in trace.hpp. Plain old data with only <cstdint>, so device code can include it.
#pragma once

#include <cstdint>

namespace clc {

//! What one worker did with one tile. The layout is fixed (48 bytes) because device code writes it
//! with plain stores into a buffer that the host copies back and reinterprets.
struct TileTraceRecord {
  std::int32_t x, y, z;            //!< tile coordinates
  std::int32_t worker;             //!< linear id of the worker (cluster) that ran it
  std::int32_t cta_rank;           //!< CTA rank in its cluster
  std::int32_t sm;                 //!< %smid
  std::int32_t source;             //!< 0 Hardware, 1 Ticket, 2 Static, 3 Single
  std::int32_t reserved;
  std::uint64_t start_ns, end_ns;  //!< %globaltimer
};
static_assert(sizeof(TileTraceRecord) == 48, "TileTraceRecord is written by device code: keep it 48 bytes");

}  // namespace clc
