//! @file costs.cpp
//! @brief Tile cost models and source names.
#include <clc/sim/simulator.hpp>

#include <algorithm>
#include <cmath>
#include <string>

namespace clc::sim {

char const* to_string(SourceKind kind) {
  switch (kind) {
    case SourceKind::Hardware: return "hardware";
    case SourceKind::Ticket: return "ticket";
    case SourceKind::TicketResident: return "ticket-resident";
    case SourceKind::Static: return "static";
    case SourceKind::Single: return "single";
  }
  return "unknown";
}

char const* to_string(ClaimPolicy policy) {
  switch (policy) {
    case ClaimPolicy::Ahead: return "ahead";
    case ClaimPolicy::Window: return "window";
    case ClaimPolicy::Handback: return "handback";
    case ClaimPolicy::Steal: return "steal";
  }
  return "unknown";
}

Expected<SourceKind> parse_source_kind(std::string const& name) {
  for (SourceKind k : all_source_kinds()) {
    if (name == to_string(k)) return k;
  }
  return invalid_argument("unknown source '" + name +
                          "' (expected hardware, ticket, ticket-resident, static or single)");
}

std::vector<SourceKind> all_source_kinds() {
  return {SourceKind::Single, SourceKind::Static, SourceKind::TicketResident, SourceKind::Ticket,
          SourceKind::Hardware};
}

int trace_source_code(SourceKind kind) {
  switch (kind) {
    case SourceKind::Hardware: return 0;
    case SourceKind::Ticket:
    case SourceKind::TicketResident: return 1;
    case SourceKind::Static: return 2;
    case SourceKind::Single: return 3;
  }
  return -1;
}

namespace {

// splitmix64: a tiny generator with a fixed definition, so a seed gives the same costs with every
// standard library (std::uniform_real_distribution is implementation-defined).
std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

bool finite_nonneg(double v) { return std::isfinite(v) && v >= 0.0; }

}  // namespace

Expected<std::vector<double>> make_tile_costs(CostModel const& model, int tiles) {
  if (tiles < 1) return invalid_argument("tiles must be >= 1 (got " + std::to_string(tiles) + ")");
  std::vector<double> costs(static_cast<std::size_t>(tiles));
  switch (model.kind) {
    case CostModel::Kind::Uniform:
      if (!finite_nonneg(model.unit) || model.unit == 0.0)
        return invalid_argument("cost unit must be a finite number > 0");
      for (auto& c : costs) c = model.unit;
      break;
    case CostModel::Kind::List:
      if (model.list.size() != costs.size())
        return invalid_argument("cost list has " + std::to_string(model.list.size()) +
                                " entries but there are " + std::to_string(tiles) + " tiles");
      for (std::size_t i = 0; i < costs.size(); ++i) {
        if (!finite_nonneg(model.list[i]))
          return invalid_argument("cost list entry " + std::to_string(i) + " must be finite and >= 0");
        costs[i] = model.list[i];
      }
      break;
    case CostModel::Kind::Triangular:
      if (!finite_nonneg(model.unit) || model.unit == 0.0)
        return invalid_argument("cost unit must be a finite number > 0");
      for (std::size_t i = 0; i < costs.size(); ++i) costs[i] = model.unit * static_cast<double>(i + 1);
      break;
    case CostModel::Kind::Random: {
      if (!finite_nonneg(model.lo) || !std::isfinite(model.hi) || model.hi < model.lo)
        return invalid_argument("random costs need 0 <= lo <= hi (got lo " + std::to_string(model.lo) +
                                ", hi " + std::to_string(model.hi) + ")");
      std::uint64_t state = model.seed;
      for (auto& c : costs) {
        double u = static_cast<double>(splitmix64(state) >> 11) * 0x1.0p-53;  // [0, 1)
        c = model.lo + (model.hi - model.lo) * u;
      }
      break;
    }
  }
  if (model.longest_first) {
    // Longest first = decreasing cost (for Triangular: reversed order).
    std::stable_sort(costs.begin(), costs.end(), [](double a, double b) { return a > b; });
  }
  return costs;
}

}  // namespace clc::sim
