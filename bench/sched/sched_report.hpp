//! @file sched_report.hpp
//! @brief What `clc-bench sched` prints and writes, on top of bench/common: each part is a table a
//! person reads (bench/common/table.hpp) whose rows also carry typed fields for the JSON a program
//! reads (clc::json), plus the speed targets, met or missed.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/csv.hpp"
#include "common/gpu_info.hpp"
#include "common/progress.hpp"
#include "common/table.hpp"

namespace clc::bench::sched {

inline std::string fmt(double v, int decimals) { return clc::bench::Table::fmt(v, decimals); }

//! A JSON field of a row: a number or a string.
struct Field {
  std::string key;
  bool number = true;
  double num = 0.0;
  std::string str;
  Field(std::string k, double v) : key(std::move(k)), num(v) {}
  Field(std::string k, std::string v) : key(std::move(k)), number(false), str(std::move(v)) {}
  Field(std::string k, char const* v) : key(std::move(k)), number(false), str(v) {}
};

//! One part's table: printed rows and their JSON fields.
struct Part {
  std::string key, title;
  clc::bench::Table table;
  std::vector<std::vector<Field>> rows;

  void row(std::vector<std::string> cells, std::vector<Field> fields) {
    table.add_row(std::move(cells));
    rows.push_back(std::move(fields));
  }
};

//! A speed target (or, with target 0, a number that is only reported).
struct Target {
  std::string name, what;
  double value = 0.0, target = 0.0;
  bool higher_is_better = true;
  bool has_target() const { return target > 0.0; }
  bool met() const { return higher_is_better ? value >= target : value <= target; }
};

class Report {
 public:
  void set_context(clc::bench::GpuInfo gpu, std::string commit, bool quick) {
    gpu_ = std::move(gpu);
    commit_ = std::move(commit);
    quick_ = quick;
  }
  //! The gate before each timed launch (runner.cuh, Gpu::gate_us; 0: none), recorded in the JSON.
  void set_gate_us(double us) { gate_us_ = us; }
  //! The GPU's clocks at the start and the end of the run (recorded in the JSON).
  void set_clocks(clc::bench::GpuClocks start, clc::bench::GpuClocks end) {
    clocks_start_ = std::move(start);
    clocks_end_ = std::move(end);
  }

  //! Every row of every part as CSV in long form: part, row, key, value.
  std::string csv() const {
    clc::bench::Csv c({"part", "row", "key", "value"});
    for (auto const& p : parts_)
      for (std::size_t i = 0; i < p->rows.size(); ++i)
        for (Field const& f : p->rows[i])
          c.row({p->key, std::to_string(i), f.key, f.number ? json::Writer::number(f.num) : f.str});
    for (Target const& t : targets_) c.row({"targets", t.name, "value", json::Writer::number(t.value)});
    return c.str();
  }

  Part& add_part(std::string key, std::string title, std::vector<std::string> header) {
    parts_.push_back(std::make_unique<Part>(Part{std::move(key), std::move(title), clc::bench::Table(std::move(header)), {}}));
    return *parts_.back();
  }

  //! Progress of the part being measured: `total` steps, then `step(what)` before each.
  void begin_steps(int total) {
    bar_ = std::make_unique<clc::bench::ProgressBar>(total);
    done_ = 0;
  }
  void step(std::string const& what) {
    if (bar_) bar_->update(done_++, what);
  }
  void end_steps() {
    if (bar_) bar_->finish();
    bar_.reset();
  }

  void target(std::string name, double value, double target, bool higher_is_better, std::string what) {
    targets_.push_back(Target{std::move(name), std::move(what), value, target, higher_is_better});
  }

  void print_last_part() const {
    if (parts_.empty()) return;
    std::printf("\n%s\n", parts_.back()->title.c_str());
    parts_.back()->table.print(stdout);
    std::fflush(stdout);
  }

  void print_targets() const {
    if (targets_.empty()) return;
    std::printf("\nTargets\n");
    for (Target const& t : targets_) {
      if (t.has_target())
        std::printf("  %-7s %s: %.3f (target %s %.2f)\n", t.met() ? "MET" : "MISSED", t.what.c_str(), t.value,
                    t.higher_is_better ? ">=" : "<=", t.target);
      else
        std::printf("  %-7s %s: %.3f\n", "REPORT", t.what.c_str(), t.value);
    }
    std::fflush(stdout);
  }

  std::string json() const {
    json::Writer w(5);  // one line per row
    w.begin_object();
    clc::bench::write_context(w, "clc-bench sched", commit_, gpu_);
    clc::bench::write_clocks(w, clocks_start_, clocks_end_);
    w.field("quick", quick_);
    w.field("gate_us", gate_us_);
    w.begin_object("parts");
    for (auto const& p : parts_) {
      w.begin_object(p->key);
      w.field("title", p->title);
      w.begin_array("rows");
      for (auto const& r : p->rows) {
        w.begin_object();
        for (Field const& f : r) {
          if (f.number) w.field(f.key, f.num);
          else w.field(f.key, f.str);
        }
        w.end_object();
      }
      w.end_array();
      w.end_object();
    }
    w.end_object();
    w.begin_array("targets");
    for (Target const& t : targets_) {
      w.begin_object();
      w.field("name", t.name);
      w.field("what", t.what);
      w.field("value", t.value);
      if (t.has_target()) {
        w.field("target", t.target);
        w.field("higher_is_better", t.higher_is_better);
        w.field("met", t.met());
      }
      w.end_object();
    }
    w.end_array();
    w.end_object();
    return w.str() + "\n";
  }

 private:
  clc::bench::GpuInfo gpu_;
  std::string commit_;
  bool quick_ = false;
  double gate_us_ = 0.0;
  clc::bench::GpuClocks clocks_start_, clocks_end_;
  std::vector<std::unique_ptr<Part>> parts_;  // stable addresses: callers keep Part& while adding rows
  std::vector<Target> targets_;
  std::unique_ptr<clc::bench::ProgressBar> bar_;
  int done_ = 0;
};

}  // namespace clc::bench::sched
