//! @file cli.cpp
//! @brief clc-sim's options and report.
#include "cli.hpp"

#include <clc/sim/export.hpp>
#include <clc/sim/gantt.hpp>
#include <clc/trace.hpp>

#include "clc_cli.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <string>

namespace clc::sim {

namespace {

std::vector<std::string> split(std::string const& s, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t const pos = s.find(sep, start);
    parts.push_back(s.substr(start, pos == std::string::npos ? std::string::npos : pos - start));
    if (pos == std::string::npos) break;
    start = pos + 1;
  }
  return parts;
}

Error bad(std::string const& option, std::string const& value, std::string const& why) {
  return invalid_argument(option + " '" + value + "': " + why);
}

// Whole-string integer / number parsing ("12x" or "" is an error, not 12 or 0): the project's one
// strict parser (src/cli), with clc-sim's reference-style signatures.
bool parse_int(std::string const& s, long long lo, long long hi, long long& out) { return cli::parse_int(s, lo, hi, &out); }
bool parse_double(std::string const& s, double& out) { return cli::parse_double(s, -1e300, 1e300, &out); }

Error parse_cost(std::string const& spec, CostModel& cost) {
  std::vector<std::string> p = split(spec, ':');
  std::string const& kind = p[0];
  auto number = [&](std::size_t i, double& v) { return i < p.size() ? parse_double(p[i], v) : true; };
  if (kind == "uniform" || kind == "triangular" || kind == "triangular-lpt") {
    cost = CostModel{};
    cost.kind = kind == "uniform" ? CostModel::Kind::Uniform : CostModel::Kind::Triangular;
    cost.longest_first = kind == "triangular-lpt";
    if (p.size() > 2 || !number(1, cost.unit) || !(cost.unit > 0))
      return bad("--cost", spec, "expected " + kind + "[:UNIT] with UNIT > 0");
    return success();
  }
  if (kind == "list") {
    cost = CostModel{};
    cost.kind = CostModel::Kind::List;
    if (p.size() != 2) return bad("--cost", spec, "expected list:C0,C1,...");
    for (std::string const& item : split(p[1], ',')) {
      double v = 0;
      if (!parse_double(item, v) || v < 0) return bad("--cost", spec, "'" + item + "' is not a cost >= 0");
      cost.list.push_back(v);
    }
    return success();
  }
  if (kind == "random") {
    cost = CostModel{};
    cost.kind = CostModel::Kind::Random;
    long long seed = 1;
    if (p.size() > 4 || !number(1, cost.lo) || !number(2, cost.hi) ||
        (p.size() > 3 && !parse_int(p[3], 0, LLONG_MAX, seed)))
      return bad("--cost", spec, "expected random[:LO:HI[:SEED]]");
    if (p.size() == 2) return bad("--cost", spec, "give both LO and HI");
    if (cost.lo < 0 || cost.hi < cost.lo) return bad("--cost", spec, "need 0 <= LO <= HI");
    cost.seed = static_cast<std::uint64_t>(seed);
    return success();
  }
  return bad("--cost", spec, "unknown model (uniform, list, triangular, triangular-lpt, random)");
}

}  // namespace

std::string cli_help() {
  return R"(clc-sim: discrete-event model of clc's work sources (Single, Static, Ticket, Hardware CLC).

usage: clc-sim [options]

  --example article       the worked example of the CLC article: 12 tiles of cost t, a static plan
                          of 4 workers, room for 3 at once (other options still apply on top)
  --source LIST           comma-separated: single, static, ticket-resident, ticket, hardware, all
                          (default all)
  --tiles N               number of tiles (default 12)
  --cost MODEL            uniform[:C]           every tile costs C (default 1)
                          list:C0,C1,...        explicit costs, one per tile
                          triangular[:U]        tile i costs U*(i+1), like causal attention
                          triangular-lpt[:U]    the same, longest first
                          random[:LO:HI[:SEED]] uniform in [LO, HI), deterministic per seed
  --longest-first         sort any cost model by decreasing cost
  --sms N                 SMs (default 3)
  --ctas-per-sm K         resident workers per SM (default 1); worker slots = N * K
  --slots N               shorthand for --sms N --ctas-per-sm 1
  --workers W             launch slots of static / ticket-resident (default: one per slot)
  --busy S:T[,S:T...]     worker slot S is taken by another kernel until time T (repeatable)
  --launch-latency X      slot frees -> new worker starts (default 0)
  --fetch-latency X       claim issued -> response (default 0)
  --tile-gap X            a persistent worker's handshake between two of its tiles, every source but
                          single (whose next tile is a new CTA: --launch-latency) (default 0)
  --stages S              response slots; >= 2 issues the next claim when a tile starts (default 1)
  --no-throttle           with stages >= 2, let a worker claim up to stages-1 tiles ahead
  --claim POLICY          with stages >= 2, when to claim (default ahead; stages 1 claims on demand):
                          ahead        when a tile starts (the claimed tile waits behind it)
                          window       ahead while remaining tiles x mean tile / slots exceeds the
                                       longest tile completed so far, on demand after that
                          handback[:F] ahead; a tile running F x the worker's mean completed tile (default 2)
                                       hands its claimed tile back to workers whose claims ran out
                          steal[:W]    ahead; a claimed tile among the last W tiles (default all)
                                       may be taken by a worker whose claims ran out (a CAS); its
                                       owner pays the same CAS before starting it
  --own-first             ticket-resident: worker w's first tile is tile w, unclaimed; the ticket
                          hands out tiles from the number of workers on (branch wip/own-first)
  --width N               columns of the text Gantt (default 72)
  --no-gantt              print only the table
  --svg FILE              write an SVG Gantt chart (one panel per source)
  --trace FILE            write Chrome trace-event JSON (open in https://ui.perfetto.dev)
  --ns-per-unit X         nanoseconds per model time unit in --trace (default 1000)
  --json FILE             write every record and statistic as JSON
  -h, --help              this text
  --version               the version and the commit of this build

Exit status: 0 success, 1 an output file could not be written, 2 bad arguments.
)";
}

Expected<CliOptions> parse_cli(std::vector<std::string> const& args) {
  // Split "--opt=value" and pair options with their values first, so --example can set the base
  // configuration before the other options adjust it, whatever the order on the command line.
  static char const* const kWithValue[] = {
      "--example", "--source", "--tiles", "--cost", "--sms", "--ctas-per-sm", "--slots", "--workers", "--busy",
      "--launch-latency", "--fetch-latency", "--tile-gap", "--stages", "--claim", "--width", "--svg", "--trace", "--ns-per-unit",
      "--json"};
  static char const* const kFlags[] = {"--help", "-h", "--no-throttle", "--throttle", "--no-gantt", "--longest-first",
                                       "--own-first"};
  std::vector<std::pair<std::string, std::string>> opts;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string key = args[i];
    std::string value;
    bool has_value = false;
    if (std::size_t eq = key.find('='); key.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = key.substr(eq + 1);
      key = key.substr(0, eq);
      has_value = true;
    }
    bool needs = false, known = false;
    for (char const* o : kWithValue) if (key == o) known = needs = true;
    for (char const* o : kFlags) if (key == o) known = true;
    if (!known) {
      if (key.rfind("-", 0) != 0) return invalid_argument("unexpected argument '" + key + "'");
      return invalid_argument("unknown option '" + key + "'");
    }
    if (needs && !has_value) {
      if (i + 1 >= args.size()) return invalid_argument(key + " needs a value");
      value = args[++i];
    } else if (!needs && has_value) {
      return invalid_argument(key + " takes no value");
    }
    opts.emplace_back(key, value);
  }

  CliOptions o;
  o.sources = all_source_kinds();
  for (auto const& [key, value] : opts) {
    if (key == "--help" || key == "-h") o.help = true;
    if (key == "--example") {
      if (value != "article") return bad("--example", value, "the only example is 'article'");
      o.example = value;
      o.config = article_example();
    }
  }
  long long n = 0;
  for (auto const& [key, value] : opts) {
    Config& c = o.config;
    if (key == "--source") {
      o.sources.clear();
      for (std::string const& name : split(value, ',')) {
        if (name == "all") {
          for (SourceKind k : all_source_kinds()) o.sources.push_back(k);
          continue;
        }
        Expected<SourceKind> k = parse_source_kind(name);
        if (!k) return bad("--source", value, k.error().message);
        o.sources.push_back(k.value());
      }
    } else if (key == "--tiles") {
      if (!parse_int(value, 1, 1 << 26, n)) return bad(key, value, "expected an integer in [1, 67108864]");
      c.tiles = static_cast<int>(n);
    } else if (key == "--cost") {
      bool const lpt = c.cost.longest_first;
      if (Error e = parse_cost(value, c.cost)) return e;
      c.cost.longest_first = c.cost.longest_first || lpt;
    } else if (key == "--longest-first") {
      c.cost.longest_first = true;
    } else if (key == "--own-first") {
      c.own_first = true;
    } else if (key == "--sms" || key == "--slots") {
      if (!parse_int(value, 1, 1 << 20, n)) return bad(key, value, "expected an integer in [1, 1048576]");
      c.sms = static_cast<int>(n);
      if (key == "--slots") c.ctas_per_sm = 1;
    } else if (key == "--ctas-per-sm") {
      if (!parse_int(value, 1, 1024, n)) return bad(key, value, "expected an integer in [1, 1024]");
      c.ctas_per_sm = static_cast<int>(n);
    } else if (key == "--workers") {
      if (!parse_int(value, 0, 1 << 26, n)) return bad(key, value, "expected an integer >= 0 (0: one per slot)");
      c.workers = static_cast<int>(n);
    } else if (key == "--busy") {
      for (std::string const& item : split(value, ',')) {
        std::vector<std::string> p = split(item, ':');
        BusySlot b;
        double until = 0;
        if (p.size() != 2 || !parse_int(p[0], 0, INT_MAX, n) || !parse_double(p[1], until) || until < 0)
          return bad(key, value, "expected SLOT:UNTIL[,SLOT:UNTIL...] with SLOT >= 0 and UNTIL >= 0");
        b.slot = static_cast<int>(n);
        b.until = until;
        c.busy.push_back(b);
      }
    } else if (key == "--launch-latency" || key == "--fetch-latency" || key == "--tile-gap" || key == "--ns-per-unit") {
      double v = 0;
      if (!parse_double(value, v) || v < 0 || (key == "--ns-per-unit" && v <= 0))
        return bad(key, value, key == "--ns-per-unit" ? "expected a number > 0" : "expected a number >= 0");
      (key == "--launch-latency" ? c.launch_latency
       : key == "--fetch-latency" ? c.fetch_latency
       : key == "--tile-gap"      ? c.tile_gap
                                  : o.ns_per_unit) = v;
    } else if (key == "--stages") {
      if (!parse_int(value, 1, 64, n)) return bad(key, value, "expected an integer in [1, 64]");
      c.stages = static_cast<int>(n);
    } else if (key == "--claim") {
      std::vector<std::string> p = split(value, ':');
      if (p[0] == "ahead" && p.size() == 1) {
        c.claim = ClaimPolicy::Ahead;
      } else if (p[0] == "window" && p.size() == 1) {
        c.claim = ClaimPolicy::Window;
      } else if (p[0] == "handback" && p.size() <= 2) {
        c.claim = ClaimPolicy::Handback;
        if (p.size() == 2 && (!parse_double(p[1], c.handback_factor) || !(c.handback_factor > 0)))
          return bad(key, value, "expected handback[:F] with F > 0");
      } else if (p[0] == "steal" && p.size() <= 2) {
        c.claim = ClaimPolicy::Steal;
        long long w = 0;
        if (p.size() == 2 && !parse_int(p[1], 0, 1LL << 26, w))
          return bad(key, value, "expected steal[:W] with W an integer >= 0 (0: every tile)");
        c.steal_window = static_cast<int>(w);
      } else {
        return bad(key, value, "expected ahead, window, handback[:F] or steal[:W]");
      }
    } else if (key == "--no-throttle") {
      c.throttle = false;
    } else if (key == "--throttle") {
      c.throttle = true;
    } else if (key == "--width") {
      if (!parse_int(value, 8, 10000, n)) return bad(key, value, "expected an integer in [8, 10000]");
      o.width = static_cast<int>(n);
    } else if (key == "--no-gantt") {
      o.gantt = false;
    } else if (key == "--svg" || key == "--trace" || key == "--json") {
      if (value.empty()) return invalid_argument(key + " needs a file name");
      (key == "--svg" ? o.svg_path : key == "--trace" ? o.trace_path : o.json_path) = value;
    }
  }
  if (o.sources.empty()) return invalid_argument("--source: no source selected");
  if (!o.help) {
    if (Error e = validate(o.config)) return e;
    if (Expected<std::vector<double>> costs = make_tile_costs(o.config.cost, o.config.tiles); !costs)
      return costs.error();
  }
  return o;
}

Error run_cli(CliOptions const& o, std::string& out) {
  Config const& c = o.config;
  std::vector<SimResult> results;
  for (SourceKind k : o.sources) {
    Expected<SimResult> r = simulate(c, k);
    if (!r) return r.error();
    results.push_back(std::move(r).value());
  }
  if (o.example == "article") {
    out += "Worked example (CLC article): 12 tiles of cost t, static plan of 4 workers, room for 3 at once.\n"
           "Expected: static ~6t (W3 waits for a free slot and then runs its 3 tiles alone),\n"
           "dynamic stealing ~4t (each of the 3 running workers takes 4 tiles).\n\n";
  }
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "tiles %d, slots %d (%d SMs x %d), workers %d, launch latency %g, fetch latency %g, stages %d%s, claim %s\n",
                c.tiles, c.slots(), c.sms, c.ctas_per_sm, c.workers > 0 ? c.workers : c.slots(), c.launch_latency,
                c.fetch_latency, c.stages, c.stages >= 2 ? (c.throttle ? ", throttle" : ", no throttle") : "",
                c.stages >= 2 ? to_string(c.claim) : "on demand");
  out += buf;
  if (c.tile_gap > 0) {
    std::snprintf(buf, sizeof buf, "tile gap %g (persistent workers, between two of their tiles)\n", c.tile_gap);
    out += buf;
  }
  for (BusySlot const& b : c.busy) {
    std::snprintf(buf, sizeof buf, "slot %d taken by another kernel until %g\n", b.slot, b.until);
    out += buf;
  }
  out += "\n" + comparison_table(results);
  std::vector<GanttChart> charts;
  // One time scale for every chart, so a shorter makespan is a shorter bar on screen too.
  double end = 0.0;
  for (SimResult const& r : results) charts.push_back(to_gantt_chart(r));
  for (GanttChart const& ch : charts) end = std::max(end, ch.time_end);
  for (GanttChart& ch : charts) ch.time_end = end;
  if (o.gantt) {
    TextGanttOptions to;
    to.width = o.width;
    for (GanttChart const& ch : charts) out += "\n" + render_text_gantt(ch, to);
  }
  if (!o.svg_path.empty()) {
    if (Error e = write_text_file(o.svg_path, render_svg_gantt(charts))) return e;
    out += "\nwrote " + o.svg_path + "\n";
  }
  if (!o.trace_path.empty()) {
    std::vector<TraceGroup> groups;
    for (SimResult const& r : results) groups.push_back(to_trace_group(r, o.ns_per_unit));
    TraceExportOptions te;
    te.title = "clc-sim";
    te.relative_time = false;  // model time already starts at 0; keep launch latency visible
    Expected<std::string> json = to_chrome_trace_json(groups, te);
    if (!json) return json.error();
    if (Error e = write_text_file(o.trace_path, json.value())) return e;
    out += "wrote " + o.trace_path + "\n";
  }
  if (!o.json_path.empty()) {
    if (Error e = write_text_file(o.json_path, to_json(results))) return e;
    out += "wrote " + o.json_path + "\n";
  }
  return success();
}

}  // namespace clc::sim
