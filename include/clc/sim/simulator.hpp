//! @file sim/simulator.hpp
//! @brief Discrete-event model of the work sources (`Single`, `Static`, `Hardware`, `Ticket`) on a
//! machine of worker slots, some of which may be taken by another kernel for a while.
//!
//! The model is deliberately small: a tile is a fixed duration, a launch costs `launch_latency`
//! between a worker slot freeing and the new worker's first instruction, a claim (CLC try_cancel or a
//! ticket atomic) costs `fetch_latency` between issue and response. It answers "how does the choice of
//! source change the makespan" for a given cost profile and interference pattern; docs/simulator.md
//! states every assumption.
#pragma once

#include <clc/sim/expected.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace clc::sim {

//! The policies compared by the simulator. `TicketResident` is the Ticket source on a
//! resident-capacity grid; the others use the grid their source uses on the GPU.
enum class SourceKind {
  Hardware,        //!< every-tile grid; a worker's first tile is its own launch slot; claims cancel launches
  Ticket,          //!< every-tile grid; every tile, the first included, comes from a global ticket
  TicketResident,  //!< `workers` launch slots only; every tile from a global ticket
  Static,          //!< `workers` launch slots; worker w runs tiles w, w+W, w+2W, ... fixed in advance
  Single,          //!< every-tile grid, non-persistent: one worker per tile, no claims
};

//! Stable lower-case name ("hardware", "ticket", "ticket-resident", "static", "single").
char const* to_string(SourceKind kind);
//! Parses a name produced by to_string(SourceKind).
Expected<SourceKind> parse_source_kind(std::string const& name);
//! All five kinds, in the order the CLI prints them.
std::vector<SourceKind> all_source_kinds();
//! The `TileTraceRecord::source` code (0 Hardware, 1 Ticket, 2 Static, 3 Single).
int trace_source_code(SourceKind kind);

//! How long each tile takes, in abstract time units ("t" in the article).
struct CostModel {
  enum class Kind {
    Uniform,     //!< every tile costs `unit`
    List,        //!< tile i costs `list[i]` (list.size() must equal the tile count)
    Triangular,  //!< tile i costs unit * (i + 1), like causal attention's row blocks
    Random,      //!< uniform in [lo, hi), from a fixed generator seeded with `seed`
  };
  Kind kind = Kind::Uniform;
  double unit = 1.0;
  //! Sort by decreasing cost (Triangular: reversed, tile 0 the longest). Longest-processing-time-first is a
  //! coordinate mapping, not a scheduler, so it is modelled as a permutation of the costs.
  bool longest_first = false;
  std::vector<double> list;
  double lo = 0.5;
  double hi = 1.5;
  std::uint64_t seed = 1;
};

//! Tile costs for `tiles` tiles; an error names the bad field. Deterministic on every platform.
Expected<std::vector<double>> make_tile_costs(CostModel const& model, int tiles);

//! A worker slot taken by another kernel until `until` (it becomes free then).
struct BusySlot {
  int slot = 0;
  double until = 0.0;
};

//! When a worker claims its next tile (with stages >= 2; stages 1 always claims on demand, when a
//! tile ends, as the runtime's Stages = 1 does).
enum class ClaimPolicy {
  Ahead,     //!< when a tile starts: the claimed tile waits behind the running one, whatever its length
  Window,    //!< Ahead while the remaining work per worker (remaining tiles x mean tile / workers, from
             //!< tiles completed so far) exceeds the longest tile completed so far; on demand after that
  Handback,  //!< Ahead; once the running tile has run `handback_factor` x the worker's mean completed tile, its
             //!< held tile is handed back: a worker whose claim came back empty takes it (one fetch
             //!< latency: a CAS); the owner, when its tile ends, pays the same CAS to take it back if no
             //!< one did. Idle workers wait for handed-back tiles until no worker holds one.
  Steal,     //!< Ahead, with no watcher (what the block API can do): a claimed tile among the last
             //!< `steal_window` tiles (0: any tile) may be taken by a worker whose claim came back
             //!< empty (one fetch latency: a CAS on the tile's state); its owner pays the same CAS
             //!< before starting it, when its running tile ends, and skips it if it was taken.
};

//! Stable lower-case name ("ahead", "window", "handback", "steal").
char const* to_string(ClaimPolicy policy);

//! The machine and the knobs of the fetch pipeline.
struct Config {
  int tiles = 12;
  CostModel cost;
  //! Worker slots = sms * ctas_per_sm. Slot s lives on SM (s % sms), as CTA (s / sms) of that SM,
  //! so filling slots in index order spreads the first wave across SMs as the hardware does.
  int sms = 3;
  int ctas_per_sm = 1;
  //! Launch slots of `Static` and `TicketResident` (the "planned" persistent workers);
  //! 0 means one per worker slot.
  int workers = 0;
  std::vector<BusySlot> busy;
  double launch_latency = 0.0;  //!< slot frees -> new worker starts (paid per worker)
  double fetch_latency = 0.0;   //!< claim issued -> response visible
  //! A persistent worker (every source but Single) from the end of one of its tiles to the start of its
  //! next one: the runtime's per-tile handshake (the response's barrier, decode, release, credit), which
  //! claiming ahead does not hide. Single's next tile is a new CTA and pays `launch_latency` instead.
  double tile_gap = 0.0;
  //! Response slots of the fetch pipeline. 1: fetch after the tile ends (latency exposed).
  //! >= 2: the fetch for the next tile is issued when the current tile starts (latency hidden).
  int stages = 1;
  //! With stages >= 2: at most one claimed-but-unstarted tile per worker (one credit per tile
  //! started). Without it a worker keeps up to stages - 1 tiles claimed ahead, hoarding tail work.
  bool throttle = true;
  //! With stages >= 2: when the next claim is issued and whether a held tile can be taken over.
  ClaimPolicy claim = ClaimPolicy::Ahead;
  double handback_factor = 2.0;  //!< Handback: a running tile this many mean tiles long hands its held tile back
  double handback_cold = 20.0;   //!< Handback: before a worker completes a tile, it hands back after this long
  int steal_window = 0;          //!< Steal: the last this many tiles may be taken from their owner (0: all)
  //! TicketResident: worker w's first tile is tile w, unclaimed (as Static's), and the ticket hands out
  //! tiles from the number of workers on (the runtime's branch wip/own-first, docs/scheduling.md).
  bool own_first = false;

  int slots() const { return sms * ctas_per_sm; }
};

//! Checks ranges and consistency; the message names the field at fault.
Error validate(Config const& config);

//! One executed tile.
struct TileRecord {
  int tile = 0;
  int worker = 0;       //!< index into SimResult::workers (launch order)
  int slot = 0;         //!< worker slot it ran on
  double start = 0.0;
  double end = 0.0;
  bool claimed = false; //!< obtained by a claim (cancel / ticket), not as the worker's own launch slot
};

//! One worker that started (a launch slot that was not cancelled).
struct WorkerRecord {
  int worker = 0;
  int launch_slot = 0;
  int slot = 0;
  double dispatched = 0.0;  //!< the worker slot was handed to this launch
  double started = 0.0;     //!< dispatched + launch_latency
  double exited = 0.0;
  double busy = 0.0;        //!< time spent running tiles
  int tiles = 0;
};

//! Per worker slot: how much of the time it was available did it spend on tiles.
struct SlotStats {
  int slot = 0;
  int sm = 0;
  double available_from = 0.0;  //!< end of the other kernel's occupation (0 if none)
  double busy = 0.0;
  double utilisation = 0.0;     //!< busy / (makespan - available_from)
};

struct SimResult {
  SourceKind source = SourceKind::Hardware;
  Config config;
  std::vector<double> costs;
  std::vector<TileRecord> tiles;      //!< sorted by tile index; exactly one per tile
  std::vector<WorkerRecord> workers;  //!< in launch order
  std::vector<SlotStats> slots;       //!< one per worker slot
  double makespan = 0.0;       //!< the last worker exit: when the grid is complete
  double last_tile_end = 0.0;
  double total_work = 0.0;
  double ideal = 0.0;          //!< see ideal_makespan()
  int launches = 0;            //!< workers started
  int cancelled = 0;           //!< launch slots taken over by a claim (Hardware only)
  int handed_back = 0;         //!< ClaimPolicy::Handback: held tiles handed back
  int taken_over = 0;          //!< ... of which another worker ran (Steal: tiles taken from their owner)
  int verified = 0;            //!< ClaimPolicy::Steal: owner CASes before starting a claimed tile
  double mean_utilisation = 0.0;
};

//! Runs one source on one configuration. Errors come only from validate().
Expected<SimResult> simulate(Config const& config, SourceKind kind);

//! The ideal makespan: the time M at which the available slot-time sum_s max(0, M - busy_until_s)
//! equals the total work, i.e. perfectly divisible work with no latencies. A lower bound for
//! every source.
double ideal_makespan(std::vector<double> const& costs, int slots, std::vector<BusySlot> const& busy);

//! The article's worked example: 12 tiles of cost 1, a static plan of 4 workers, room for 3.
Config article_example();

}  // namespace clc::sim
