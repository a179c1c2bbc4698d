//! @file simulator.cpp
//! @brief The discrete-event engine behind clc::sim::simulate.
//!
//! Every source is the same machine with different rules for three questions: which launch slots
//! exist, what a new worker's first tile is, and what a claim returns. Events at equal times are
//! ordered tile-end, then launch, then claim response: a launch wave that starts at the same instant
//! as a claim is seen by the claim (the hardware launches the first wave before anyone can cancel).
#include <clc/sim/simulator.hpp>

#include <algorithm>
#include <cmath>
#include <deque>
#include <queue>
#include <set>
#include <string>

namespace clc::sim {

namespace {

constexpr int kMaxTiles = 1 << 26;   // keeps memory bounded (a few GiB at most) for absurd inputs
constexpr int kMaxSlots = 1 << 20;

enum class EventType { TileEnd = 0, SlotReady = 1, Response = 2, Check = 3, Cas = 4 };

struct Event {
  double time;
  EventType type;
  std::uint64_t seq;  // FIFO among equal (time, type): deterministic order
  int target;         // worker for TileEnd/Response, slot for SlotReady

  bool operator>(Event const& o) const {
    if (time != o.time) return time > o.time;
    if (type != o.type) return static_cast<int>(type) > static_cast<int>(o.type);
    return seq > o.seq;
  }
};

struct Worker {
  std::deque<int> queue;      // tiles this worker owns and has not started
  bool may_claim = false;     // false once a claim failed (or for sources that never claim)
  bool pending = false;       // a claim is in flight (one at a time per worker)
  bool running = false;
  bool ran_before = false;    // a tile of this worker has started (the next one pays config.tile_gap)
  int current = -1;
  double started_at = 0.0;    // the running tile's start
  // ClaimPolicy::Handback
  int handed = -1;            // a tile this worker handed back and may still take back
  bool idle_seen = false;     // a worker waits for handed-back tiles: hand back at once
  double typical_sum = 0.0;   // this worker's completed tiles, each at most 4x the mean before it
  int typical_n = 0;          // (the runtime's estimate of the typical tile: scheduler.cuh)
  bool cas = false;           // a take-over CAS is in flight (taking back `handed`, or stealing)
  bool thief = false;         // claims exhausted: waiting for handed-back tiles
  std::uint64_t check_gen = 0;
  // ClaimPolicy::Steal
  int cas_tile = -1;          // the tile a CAS in flight tries to take (own = the queue's front)
  bool cas_own = false;
  bool front_verified = false;  // the queue's front tile is this worker's (its CAS won, or no CAS needed)
};

class Engine {
 public:
  Engine(Config const& config, SourceKind kind, std::vector<double> costs)
      : config_(config), kind_(kind), costs_(std::move(costs)) {}

  SimResult run();

 private:
  void push(double time, EventType type, int target) {
    events_.push(Event{time, type, seq_++, target});
  }
  bool every_tile_grid() const {
    return kind_ == SourceKind::Hardware || kind_ == SourceKind::Ticket || kind_ == SourceKind::Single;
  }
  int planned_workers() const { return config_.workers > 0 ? config_.workers : config_.slots(); }
  int tile_count() const { return static_cast<int>(costs_.size()); }

  // The lowest launch slot that has neither launched nor been cancelled, or -1.
  int next_launch_slot() {
    while (next_launch_ < launch_slots_ && cancelled_[static_cast<std::size_t>(next_launch_)]) ++next_launch_;
    return next_launch_ < launch_slots_ ? next_launch_ : -1;
  }
  int max_ahead() const {
    if (config_.stages < 2) return 0;
    return config_.throttle ? 1 : config_.stages - 1;
  }

  void on_slot_ready(int slot, double t);
  void on_tile_end(int w, double t);
  void on_response(int w, double t);
  void on_check(int w, double t);
  void on_cas(int w, double t);
  void advance(int w, double t);
  void maybe_prefetch(int w, double t);
  void issue(int w, double t);
  void exit_worker(int w, double t);
  bool handback() const {
    return config_.stages >= 2 && config_.claim == ClaimPolicy::Handback &&
           (kind_ == SourceKind::Hardware || kind_ == SourceKind::Ticket || kind_ == SourceKind::TicketResident);
  }
  int remaining_claimable() {
    if (kind_ == SourceKind::Hardware) {
      int const ls = next_launch_slot();
      return ls < 0 ? 0 : launch_slots_ - ls;
    }
    return tile_count() - ticket_;
  }
  void schedule_check(int w, double t);
  void steal_or_wait(int w, double t);
  void release_thieves(double t);
  void push_held(Worker& wk, int tile) {
    wk.queue.push_back(tile);
    ++held_;
  }
  bool steal() const {
    return config_.stages >= 2 && config_.claim == ClaimPolicy::Steal &&
           (kind_ == SourceKind::Hardware || kind_ == SourceKind::Ticket || kind_ == SourceKind::TicketResident);
  }
  bool in_steal_window(int tile) const {
    return config_.steal_window <= 0 || tile >= tile_count() - config_.steal_window;
  }
  void try_steal(int w, double t);

  Config const& config_;
  SourceKind kind_;
  std::vector<double> costs_;

  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events_;
  std::uint64_t seq_ = 0;

  int launch_slots_ = 0;
  int next_launch_ = 0;
  std::vector<char> cancelled_;
  int ticket_ = 0;

  std::vector<Worker> state_;
  SimResult result_;

  // Completed tiles (the policies' estimates), and ClaimPolicy::Handback's shared state.
  double done_sum_ = 0.0, done_max_ = 0.0;
  int done_count_ = 0;
  int held_ = 0;                          // tiles claimed and not started, in workers' queues
  std::deque<std::pair<int, int>> pool_;  // handed-back tiles not taken yet: (owner, tile)
  std::vector<int> thieves_;              // idle workers waiting for a handed-back tile
  // ClaimPolicy::Steal: claimed window tiles nobody has taken yet (owner's CAS or a thief's)
  std::set<int> stealable_;
};

void Engine::on_slot_ready(int slot, double t) {
  int ls = next_launch_slot();
  if (ls < 0) return;  // everything launched or cancelled meanwhile: the slot stays idle
  ++next_launch_;
  int w = static_cast<int>(state_.size());
  state_.emplace_back();
  WorkerRecord rec;
  rec.worker = w;
  rec.launch_slot = ls;
  rec.slot = slot;
  rec.dispatched = t - config_.launch_latency;
  rec.started = t;
  result_.workers.push_back(rec);
  Worker& wk = state_.back();
  switch (kind_) {
    case SourceKind::Hardware:  // the launch slot itself is free work; later tiles by cancelling
      push_held(wk, ls);
      wk.may_claim = true;
      break;
    case SourceKind::TicketResident:
      if (config_.own_first && ls < tile_count()) push_held(wk, ls);  // its own tile, unclaimed
      wk.may_claim = true;
      break;
    case SourceKind::Ticket:  // a starting CTA cannot know whether its slot was taken
      wk.may_claim = true;
      break;
    case SourceKind::Static:
      for (int tile = ls; tile < tile_count(); tile += planned_workers()) wk.queue.push_back(tile);
      break;
    case SourceKind::Single:
      push_held(wk, ls);
      break;
  }
  advance(w, t);
}

// The worker is not running a tile at time t: start the next one, claim, wait or exit.
void Engine::advance(int w, double t) {
  Worker& wk = state_[static_cast<std::size_t>(w)];
  if (wk.cas) return;  // a take-over CAS is in flight: its answer decides
  if (!wk.queue.empty() && steal() && !wk.front_verified && in_steal_window(wk.queue.front()) &&
      !(kind_ == SourceKind::Hardware && wk.queue.front() == result_.workers[static_cast<std::size_t>(w)].launch_slot)) {
    // Steal: a claimed window tile is the owner's only once its CAS on the tile's state wins.
    wk.cas = true;
    wk.cas_own = true;
    wk.cas_tile = wk.queue.front();
    ++result_.verified;
    push(t + config_.fetch_latency, EventType::Cas, w);
    return;
  }
  if (!wk.queue.empty()) {
    wk.front_verified = false;
    int tile = wk.queue.front();
    wk.queue.pop_front();
    if (kind_ != SourceKind::Static) --held_;
    // A persistent worker's handshake between two of its tiles (Single's next tile is a new CTA:
    // launch_latency).
    double const start = wk.ran_before && kind_ != SourceKind::Single ? t + config_.tile_gap : t;
    wk.ran_before = true;
    wk.running = true;
    wk.current = tile;
    wk.started_at = start;
    WorkerRecord const& wr = result_.workers[static_cast<std::size_t>(w)];
    TileRecord r;
    r.tile = tile;
    r.worker = w;
    r.slot = wr.slot;
    r.start = start;
    r.end = start + costs_[static_cast<std::size_t>(tile)];
    // Static's list is fixed and Single runs its own slot; Hardware's first tile is its own slot.
    bool const own = kind_ == SourceKind::Static || kind_ == SourceKind::Single ||
                     ((kind_ == SourceKind::Hardware || (kind_ == SourceKind::TicketResident && config_.own_first)) &&
                      tile == wr.launch_slot);
    r.claimed = !own;
    result_.tiles.push_back(r);
    push(r.end, EventType::TileEnd, w);
    maybe_prefetch(w, t);
    schedule_check(w, t);
    release_thieves(t);
  } else if (wk.handed >= 0) {
    // Its held tile was handed back: take it back with a CAS unless someone took it first.
    wk.cas = true;
    push(t + config_.fetch_latency, EventType::Cas, w);
  } else if (wk.pending) {
    // wait for the response
  } else if (wk.may_claim) {
    issue(w, t);
  } else if (handback()) {
    steal_or_wait(w, t);
  } else if (steal()) {
    try_steal(w, t);
  } else {
    exit_worker(w, t);
  }
}

// Steal: a worker whose claims are exhausted CASes the oldest claimed window tile nobody has taken;
// when none is left it exits (every claimed tile is then someone's: nothing to wait for).
void Engine::try_steal(int w, double t) {
  Worker& wk = state_[static_cast<std::size_t>(w)];
  if (stealable_.empty()) {
    exit_worker(w, t);
    return;
  }
  wk.cas = true;
  wk.cas_own = false;
  wk.cas_tile = *stealable_.begin();
  push(t + config_.fetch_latency, EventType::Cas, w);
}

// Handback: watch the running tile; once it has run handback_factor x the mean completed tile, the
// held tile goes to the pool (the warp-role scheduler warp watches the clock on the GPU).
// The mean is the worker's own (as on the GPU, where the scheduler warp keeps it in registers); a
// worker that has completed no tile yet hands back after `handback_cold`.
void Engine::schedule_check(int w, double t) {
  if (!handback()) return;
  Worker& wk = state_[static_cast<std::size_t>(w)];
  if (!wk.running || wk.queue.empty()) return;
  double const limit = wk.typical_n == 0 ? config_.handback_cold
                                         : config_.handback_factor * wk.typical_sum / wk.typical_n;
  push(std::max(t, wk.started_at + limit), EventType::Check, w);
  wk.check_gen = seq_ - 1;  // this event's seq: stale checks are ignored
}

void Engine::on_check(int w, double t) {
  Worker& wk = state_[static_cast<std::size_t>(w)];
  if (!wk.running || wk.queue.empty()) return;
  if (!wk.idle_seen) {
    double const limit = wk.typical_n == 0 ? config_.handback_cold
                                           : config_.handback_factor * wk.typical_sum / wk.typical_n;
    if (t < wk.started_at + limit) {  // the same sum as schedule_check's (t - start < limit can round
                                      // the other way and re-schedule the check at t forever)
      schedule_check(w, t);
      return;
    }
  }
  wk.idle_seen = false;
  int const tile = wk.queue.front();
  wk.queue.pop_front();
  --held_;
  wk.handed = tile;
  pool_.emplace_back(w, tile);
  ++result_.handed_back;
  if (!thieves_.empty()) {
    int const thief = thieves_.back();
    thieves_.pop_back();
    state_[static_cast<std::size_t>(thief)].cas = true;
    push(t + config_.fetch_latency, EventType::Cas, thief);
  }
}

// A worker whose claims are exhausted takes a handed-back tile, or waits while any worker still
// holds one (it may be handed back), or exits.
void Engine::steal_or_wait(int w, double t) {
  Worker& wk = state_[static_cast<std::size_t>(w)];
  if (!pool_.empty()) {
    wk.cas = true;
    push(t + config_.fetch_latency, EventType::Cas, w);
  } else if (held_ > 0) {
    wk.thief = true;
    thieves_.push_back(w);
    // Workers holding a claimed tile see an idle worker (the runtime polls a counter every 1 unit
    // of the GPU's microseconds; modelled as one fetch latency) and hand it back at once.
    // Only a running tile that has outlasted half the hand-back limit (a tile about to end starts
    // the held one sooner than the pool would).
    for (std::size_t o = 0; o < state_.size(); ++o) {
      Worker& h = state_[o];
      if (int(o) == w || !h.running || h.queue.empty() || h.idle_seen) continue;
      double const limit = h.typical_n == 0 ? config_.handback_cold
                                            : config_.handback_factor * h.typical_sum / h.typical_n;
      h.idle_seen = true;
      push(std::max(t + config_.fetch_latency, h.started_at + limit / 2), EventType::Check, int(o));
      h.check_gen = seq_ - 1;
    }
  } else {
    exit_worker(w, t);
  }
}

void Engine::release_thieves(double t) {
  if (held_ > 0 || !pool_.empty()) return;
  std::vector<int> const waiting = std::move(thieves_);
  thieves_.clear();
  for (int w : waiting) {
    state_[static_cast<std::size_t>(w)].thief = false;
    exit_worker(w, t);
  }
}

// A take-over CAS completes: the owner takes its handed-back tile back, a thief takes the oldest
// handed-back tile; whoever's CAS lands first wins.
void Engine::on_cas(int w, double t) {
  Worker& wk = state_[static_cast<std::size_t>(w)];
  wk.cas = false;
  if (steal()) {
    bool const won = stealable_.erase(wk.cas_tile) != 0;
    if (wk.cas_own) {
      if (won) {
        wk.front_verified = true;
      } else {
        wk.queue.pop_front();  // taken by a thief: not this worker's any more
        --held_;
      }
    } else if (won) {
      wk.queue.push_front(wk.cas_tile);
      ++held_;
      wk.front_verified = true;
      ++result_.taken_over;
    }
    wk.cas_tile = -1;
    advance(w, t);
    return;
  }
  int taken = -1;
  if (wk.handed >= 0) {
    for (auto it = pool_.begin(); it != pool_.end(); ++it) {
      if (it->first == w) {
        taken = it->second;
        pool_.erase(it);
        break;
      }
    }
    wk.handed = -1;
  } else if (!pool_.empty()) {
    auto const [owner, tile] = pool_.front();
    pool_.pop_front();
    (void)owner;
    taken = tile;
    ++result_.taken_over;
  }
  if (taken >= 0) push_held(wk, taken);
  advance(w, t);
  release_thieves(t);
}

// With stages >= 2 the next claim goes out while a tile runs, up to max_ahead() tiles ahead.
void Engine::maybe_prefetch(int w, double t) {
  Worker& wk = state_[static_cast<std::size_t>(w)];
  if (!wk.may_claim || wk.pending || static_cast<int>(wk.queue.size()) >= max_ahead()) return;
  if (config_.claim == ClaimPolicy::Window && done_count_ > 0) {
    // Claim ahead only while the work left per worker outlasts the longest tile seen: later, a
    // claimed tile could wait behind a long one while the others run out of work.
    double const mean = done_sum_ / done_count_;
    if (double(remaining_claimable()) * mean / config_.slots() <= done_max_) return;
  }
  issue(w, t);
}

void Engine::issue(int w, double t) {
  state_[static_cast<std::size_t>(w)].pending = true;
  push(t + config_.fetch_latency, EventType::Response, w);
}

// The claim takes effect when its response arrives (the atomic / cancel is linearised there).
void Engine::on_response(int w, double t) {
  Worker& wk = state_[static_cast<std::size_t>(w)];
  wk.pending = false;
  int tile = -1;
  // Handback: a claiming worker takes a handed-back tile of another worker before the source's next
  // unless a worker is idle (as the runtime's scheduler warp does; the pool check is modelled inside
  // the fetch latency).
  auto const offered = std::find_if(pool_.begin(), pool_.end(), [w](auto const& e) { return e.first != w; });
  bool const adopted = handback() && thieves_.empty() && offered != pool_.end();  // idle workers start it sooner
  if (adopted) {
    tile = offered->second;
    pool_.erase(offered);
    ++result_.taken_over;
  } else if (kind_ == SourceKind::Hardware) {
    int ls = next_launch_slot();
    if (ls >= 0) {
      cancelled_[static_cast<std::size_t>(ls)] = 1;
      ++result_.cancelled;
      tile = ls;
    }
  } else if (ticket_ < tile_count()) {
    tile = ticket_++;
  }
  if (tile < 0) {
    wk.may_claim = false;  // never issue again after an observed failure
  } else {
    push_held(wk, tile);
    if (steal() && in_steal_window(tile)) stealable_.insert(tile);
  }
  if (wk.running) {
    maybe_prefetch(w, t);
    schedule_check(w, t);
  } else {
    advance(w, t);
  }
  release_thieves(t);
}

void Engine::on_tile_end(int w, double t) {
  Worker& wk = state_[static_cast<std::size_t>(w)];
  wk.running = false;
  WorkerRecord& rec = result_.workers[static_cast<std::size_t>(w)];
  double const cost = costs_[static_cast<std::size_t>(wk.current)];
  rec.busy += cost;
  rec.tiles += 1;
  done_sum_ += cost;
  done_max_ = std::max(done_max_, cost);
  ++done_count_;
  double const mean = wk.typical_n > 0 ? wk.typical_sum / wk.typical_n : 0.0;
  wk.typical_sum += wk.typical_n > 0 ? std::min(cost, 4.0 * mean) : cost;
  ++wk.typical_n;
  wk.current = -1;
  advance(w, t);
}

void Engine::exit_worker(int w, double t) {
  WorkerRecord& rec = result_.workers[static_cast<std::size_t>(w)];
  rec.exited = t;
  // The slot goes back to the hardware; it starts the next launch slot after the launch latency.
  if (next_launch_slot() >= 0) push(t + config_.launch_latency, EventType::SlotReady, rec.slot);
}

SimResult Engine::run() {
  int const slots = config_.slots();
  launch_slots_ = every_tile_grid() ? tile_count() : planned_workers();
  cancelled_.assign(static_cast<std::size_t>(launch_slots_), 0);
  if (kind_ == SourceKind::TicketResident && config_.own_first) ticket_ = std::min(planned_workers(), tile_count());
  result_.source = kind_;
  result_.config = config_;
  result_.costs = costs_;
  result_.tiles.reserve(costs_.size());

  std::vector<double> available(static_cast<std::size_t>(slots), 0.0);
  for (BusySlot const& b : config_.busy) {
    auto& a = available[static_cast<std::size_t>(b.slot)];
    a = std::max(a, b.until);
  }
  for (int s = 0; s < slots; ++s) {
    push(available[static_cast<std::size_t>(s)] + config_.launch_latency, EventType::SlotReady, s);
  }
  while (!events_.empty()) {
    Event e = events_.top();
    events_.pop();
    switch (e.type) {
      case EventType::TileEnd: on_tile_end(e.target, e.time); break;
      case EventType::SlotReady: on_slot_ready(e.target, e.time); break;
      case EventType::Response: on_response(e.target, e.time); break;
      case EventType::Check:
        if (state_[static_cast<std::size_t>(e.target)].check_gen == e.seq) on_check(e.target, e.time);
        break;
      case EventType::Cas: on_cas(e.target, e.time); break;
    }
  }

  // Recorded in start order; callers index by tile. A duplicate or a gap would be a model bug, and
  // the tests look for exactly that, so sort rather than place by index.
  std::stable_sort(result_.tiles.begin(), result_.tiles.end(),
                   [](TileRecord const& a, TileRecord const& b) { return a.tile < b.tile; });
  result_.launches = static_cast<int>(result_.workers.size());
  for (double c : costs_) result_.total_work += c;
  for (WorkerRecord const& w : result_.workers) result_.makespan = std::max(result_.makespan, w.exited);
  for (TileRecord const& r : result_.tiles) result_.last_tile_end = std::max(result_.last_tile_end, r.end);
  result_.ideal = ideal_makespan(costs_, slots, config_.busy);

  result_.slots.resize(static_cast<std::size_t>(slots));
  for (int s = 0; s < slots; ++s) {
    SlotStats& st = result_.slots[static_cast<std::size_t>(s)];
    st.slot = s;
    st.sm = s % config_.sms;
    st.available_from = available[static_cast<std::size_t>(s)];
  }
  for (TileRecord const& r : result_.tiles) result_.slots[static_cast<std::size_t>(r.slot)].busy += r.end - r.start;
  double sum = 0.0;
  for (SlotStats& st : result_.slots) {
    double window = result_.makespan - st.available_from;
    st.utilisation = window > 0.0 ? st.busy / window : 0.0;
    sum += st.utilisation;
  }
  result_.mean_utilisation = slots > 0 ? sum / slots : 0.0;
  return std::move(result_);
}

bool finite_nonneg(double v) { return std::isfinite(v) && v >= 0.0; }

}  // namespace

Error validate(Config const& c) {
  if (c.tiles < 1 || c.tiles > kMaxTiles)
    return invalid_argument("tiles must be in [1, " + std::to_string(kMaxTiles) + "] (got " + std::to_string(c.tiles) + ")");
  if (c.sms < 1) return invalid_argument("sms must be >= 1 (got " + std::to_string(c.sms) + ")");
  if (c.ctas_per_sm < 1)
    return invalid_argument("ctas_per_sm must be >= 1 (got " + std::to_string(c.ctas_per_sm) + ")");
  if (static_cast<long long>(c.sms) * c.ctas_per_sm > kMaxSlots)
    return invalid_argument("sms * ctas_per_sm must be <= " + std::to_string(kMaxSlots));
  if (c.workers < 0 || c.workers > kMaxTiles)
    return invalid_argument("workers must be >= 0 (0: one per slot) and <= " + std::to_string(kMaxTiles) +
                            " (got " + std::to_string(c.workers) + ")");
  for (BusySlot const& b : c.busy) {
    if (b.slot < 0 || b.slot >= c.slots())
      return invalid_argument("busy slot " + std::to_string(b.slot) + " does not exist (slots are 0.." +
                              std::to_string(c.slots() - 1) + ")");
    if (!finite_nonneg(b.until))
      return invalid_argument("busy slot " + std::to_string(b.slot) + ": time must be finite and >= 0");
  }
  if (!finite_nonneg(c.launch_latency)) return invalid_argument("launch_latency must be finite and >= 0");
  if (!finite_nonneg(c.fetch_latency)) return invalid_argument("fetch_latency must be finite and >= 0");
  if (!finite_nonneg(c.tile_gap)) return invalid_argument("tile_gap must be finite and >= 0");
  if (c.stages < 1 || c.stages > 64)
    return invalid_argument("stages must be in [1, 64] (got " + std::to_string(c.stages) + ")");
  return success();
}

Expected<SimResult> simulate(Config const& config, SourceKind kind) {
  if (Error e = validate(config)) return e;
  Expected<std::vector<double>> costs = make_tile_costs(config.cost, config.tiles);
  if (!costs) return costs.error();
  Engine engine(config, kind, std::move(costs).value());
  return engine.run();
}

double ideal_makespan(std::vector<double> const& costs, int slots, std::vector<BusySlot> const& busy) {
  if (slots < 1) return 0.0;
  std::vector<double> avail(static_cast<std::size_t>(slots), 0.0);
  for (BusySlot const& b : busy) {
    if (b.slot >= 0 && b.slot < slots) avail[static_cast<std::size_t>(b.slot)] = std::max(avail[static_cast<std::size_t>(b.slot)], b.until);
  }
  std::sort(avail.begin(), avail.end());
  double total = 0.0;
  for (double c : costs) total += c;
  // Water-filling: with the k earliest slots in use, M = (total + sum of their start times) / k;
  // the first k for which M does not reach the next slot's start is the answer.
  double prefix = 0.0;
  for (int k = 1; k <= slots; ++k) {
    prefix += avail[static_cast<std::size_t>(k - 1)];
    double m = (total + prefix) / k;
    if (k == slots || m <= avail[static_cast<std::size_t>(k)]) return m;
  }
  return 0.0;
}

Config article_example() {
  Config c;
  c.tiles = 12;
  c.cost.kind = CostModel::Kind::Uniform;
  c.cost.unit = 1.0;
  c.sms = 3;
  c.ctas_per_sm = 1;
  c.workers = 4;
  return c;
}

}  // namespace clc::sim
