//! @file gantt.cpp
//! @brief Text and SVG renderers for GanttChart.
#include <clc/sim/gantt.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <string>

namespace clc::sim {

namespace {

double chart_end(GanttChart const& c) {
  double end = c.time_end;
  if (end <= 0.0) {
    for (GanttBar const& b : c.bars) end = std::max(end, b.end);
  }
  return end > 0.0 ? end : 1.0;
}

// 1, 2 or 5 times a power of ten, the smallest such step >= raw.
double nice_step(double raw) {
  if (!(raw > 0.0)) return 1.0;
  double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    if (m * p >= raw * (1.0 - 1e-12)) return m * p;
  }
  return 10.0 * p;
}

std::string fmt_number(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", std::fabs(v) < 1e-12 ? 0.0 : v);
  return buf;
}

std::string fmt_px(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// Distinct colours for the first workers, then hues spaced by the golden angle.
std::string palette(int k) {
  static char const* const base[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
                                     "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#86bcb6", "#d37295"};
  constexpr int n = static_cast<int>(sizeof(base) / sizeof(base[0]));
  if (k >= 0 && k < n) return base[k];
  // hsl(h, 60%, 60%) written as #rrggbb: some SVG renderers draw hsl() colours black.
  double const h = std::fmod(static_cast<double>(k) * 137.508, 360.0) / 60.0;
  double const s = 0.6, l = 0.6;
  double const c = (1.0 - std::fabs(2.0 * l - 1.0)) * s;
  double const x = c * (1.0 - std::fabs(std::fmod(h, 2.0) - 1.0));
  double const m = l - c / 2.0;
  double r = 0, g = 0, b = 0;
  switch (static_cast<int>(h)) {
    case 0: r = c; g = x; break;
    case 1: r = x; g = c; break;
    case 2: g = c; b = x; break;
    case 3: g = x; b = c; break;
    case 4: r = x; b = c; break;
    default: r = c; b = x; break;
  }
  auto byte = [m](double v) { return static_cast<int>(std::lround((v + m) * 255.0)); };
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", byte(r), byte(g), byte(b));
  return buf;
}

}  // namespace

std::string xml_escape(std::string const& text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    switch (ch) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += ch;
    }
  }
  return out;
}

std::string render_text_gantt(GanttChart const& chart, TextGanttOptions const& options) {
  int const width = std::max(8, options.width);
  double const end = chart_end(chart);
  double const scale = width / end;
  std::size_t name_width = 0;
  for (std::string const& r : chart.rows) name_width = std::max(name_width, r.size());

  std::vector<std::string> grid(chart.rows.size(), std::string(static_cast<std::size_t>(width), ' '));
  auto column = [&](double t) {
    long c = std::lround(t * scale);
    return static_cast<int>(std::clamp<long>(c, 0, width));
  };
  bool any_busy = false;
  bool any_overhead = false;
  // Busy and overhead first so that tiles drawn later stay readable where they meet.
  for (int pass = 0; pass < 2; ++pass) {
    for (GanttBar const& b : chart.bars) {
      bool const busy = b.color == GanttBar::kBusy;
      bool const overhead = b.color == GanttBar::kOverhead;
      if ((pass == 0) != (busy || overhead)) continue;
      if (overhead && !(b.end > b.start)) continue;
      if (b.row < 0 || b.row >= static_cast<int>(grid.size())) continue;
      int c0 = column(b.start);
      int c1 = column(b.end);
      if (c0 >= width) c0 = width - 1;
      if (c1 <= c0) c1 = c0 + 1;
      int const n = c1 - c0;
      std::string cell;
      if (busy) {
        any_busy = true;
        cell.assign(static_cast<std::size_t>(n), '#');
      } else if (overhead) {
        any_overhead = true;
        cell.assign(static_cast<std::size_t>(n), '-');
      } else {
        // Never truncate a label (tile "1" for tile 14 would mislead): drop the brackets first,
        // then the label itself.
        std::size_t const len = b.label.size();
        std::size_t const cols = static_cast<std::size_t>(n);
        if (len + 2 <= cols) {
          cell = "[" + b.label;
          cell.resize(cols - 1, '.');
          cell += "]";
        } else if (len + 1 == cols) {
          cell = b.label + "]";
        } else if (len == cols) {
          cell = b.label;
        } else if (cols >= 2) {
          cell = "[" + std::string(cols - 2, '-') + "]";
        } else {
          cell = "|";
        }
      }
      grid[static_cast<std::size_t>(b.row)].replace(static_cast<std::size_t>(c0), cell.size(), cell);
    }
  }

  std::string out;
  if (!chart.title.empty()) out += chart.title + "\n";
  std::string const pad(name_width, ' ');
  for (std::size_t r = 0; r < grid.size(); ++r) {
    std::string name = chart.rows[r];
    name.resize(name_width, ' ');
    out += name + " |" + grid[r] + "|\n";
  }
  // Axis: '+' at each tick, values under them where they fit without touching the previous one.
  double const step = nice_step(end / std::max(1, width / 8));
  std::string ticks(static_cast<std::size_t>(width) + 1, '-');
  std::string values(static_cast<std::size_t>(width) + 16, ' ');
  int next_free = 0;
  for (int i = 0;; ++i) {
    double const t = i * step;
    if (t > end * (1.0 + 1e-9)) break;
    int const c = column(t);
    ticks[static_cast<std::size_t>(c)] = '+';
    std::string v = fmt_number(t) + (i == 0 ? "" : chart.time_unit);
    if (c >= next_free) {
      values.replace(static_cast<std::size_t>(c), v.size(), v);
      next_free = c + static_cast<int>(v.size()) + 1;
    }
  }
  while (!values.empty() && values.back() == ' ') values.pop_back();
  out += pad + " " + ticks + "\n";
  out += pad + " " + values + "\n";
  out += "legend: [n...] = tile n";
  if (any_busy) out += ", ### = slot taken by another kernel";
  if (any_overhead) out += ", --- = launching / worker without a tile";
  out += "\n";
  return out;
}

std::string render_svg_gantt(std::vector<GanttChart> const& charts, SvgGanttOptions const& o) {
  int const width = std::max(320, o.width);
  int const row_h = std::max(8, o.row_height);
  int const left = std::max(40, o.label_width);
  int const right = 20;
  int const plot_w = width - left - right;
  int const title_h = 28;
  int const axis_h = 34;
  int const legend_row_h = 20;

  double end = 0.0;
  for (GanttChart const& c : charts) end = std::max(end, chart_end(c));
  if (!(end > 0.0)) end = 1.0;
  double const scale = plot_w / end;
  double const step = nice_step(end / std::max(1, plot_w / 80));

  std::set<int> colors;
  bool any_busy = false;
  bool any_overhead = false;
  std::string color_meaning = charts.empty() ? "worker" : charts.front().color_meaning;
  for (GanttChart const& c : charts) {
    for (GanttBar const& b : c.bars) {
      if (b.color == GanttBar::kBusy) any_busy = true;
      else if (b.color == GanttBar::kOverhead) any_overhead = any_overhead || b.end > b.start;
      else colors.insert(b.color);
    }
  }
  int const legend_entries = std::min<int>(static_cast<int>(colors.size()), o.max_legend_entries) +
                             (any_busy ? 1 : 0) + (any_overhead ? 1 : 0) + (static_cast<int>(colors.size()) > o.max_legend_entries ? 1 : 0);
  int const per_line = std::max(1, plot_w / 120);
  int const legend_lines = (legend_entries + per_line - 1) / per_line;

  int height = 0;
  for (GanttChart const& c : charts) height += title_h + static_cast<int>(c.rows.size()) * row_h + axis_h;
  height += legend_lines * legend_row_h + 16;

  std::string s;
  s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) + "\" height=\"" +
       std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(width) + " " + std::to_string(height) +
       "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  s += "<defs><pattern id=\"busy-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
       "patternTransform=\"rotate(45)\"><rect class=\"hatch-bg\" width=\"6\" height=\"6\" fill=\"#dddddd\"/>"
       "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#888888\" stroke-width=\"2\"/></pattern></defs>\n";
  s += "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"" + std::to_string(width) + "\" height=\"" +
       std::to_string(height) + "\" fill=\"#ffffff\"/>\n";

  int y0 = 0;
  for (GanttChart const& c : charts) {
    int const rows = static_cast<int>(c.rows.size());
    int const plot_top = y0 + title_h;
    int const plot_h = rows * row_h;
    s += "<g class=\"panel\">\n";
    s += "<text class=\"title\" x=\"" + std::to_string(left) + "\" y=\"" + std::to_string(y0 + 19) +
         "\" font-size=\"14\" font-weight=\"bold\">" + xml_escape(c.title) + "</text>\n";
    for (int r = 0; r < rows; ++r) {
      int const y = plot_top + r * row_h;
      if (r % 2 == 1) {
        s += "<rect class=\"stripe\" x=\"" + std::to_string(left) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
             std::to_string(plot_w) + "\" height=\"" + std::to_string(row_h) + "\" fill=\"#f4f4f4\"/>\n";
      }
      s += "<text class=\"row\" x=\"" + std::to_string(left - 6) + "\" y=\"" + fmt_px(y + row_h * 0.5 + 4) +
           "\" text-anchor=\"end\">" + xml_escape(c.rows[static_cast<std::size_t>(r)]) + "</text>\n";
    }
    // Vertical grid lines at the ticks.
    for (int i = 0;; ++i) {
      double const t = i * step;
      if (t > end * (1.0 + 1e-9)) break;
      double const x = left + t * scale;
      s += "<line class=\"grid\" x1=\"" + fmt_px(x) + "\" y1=\"" + std::to_string(plot_top) + "\" x2=\"" + fmt_px(x) +
           "\" y2=\"" + std::to_string(plot_top + plot_h) + "\" stroke=\"#cccccc\" stroke-width=\"0.5\"/>\n";
    }
    for (GanttBar const& b : c.bars) {
      if (b.row < 0 || b.row >= rows) continue;
      bool const overhead = b.color == GanttBar::kOverhead;
      if (overhead) {
        if (!(b.end > b.start)) continue;
        // A thin grey band: the slot is held but does no tile work.
        s += "<rect class=\"overhead\" x=\"" + fmt_px(left + b.start * scale) + "\" y=\"" +
             fmt_px(plot_top + b.row * row_h + row_h * 0.35) + "\" width=\"" + fmt_px((b.end - b.start) * scale) +
             "\" height=\"" + fmt_px(row_h * 0.3) + "\" fill=\"#bbbbbb\"><title>" + xml_escape(b.tooltip) +
             "</title></rect>\n";
        continue;
      }
      double const x = left + b.start * scale;
      double const w = std::max(0.5, (b.end - b.start) * scale);
      double const y = plot_top + b.row * row_h + 2;
      double const h = row_h - 4;
      bool const busy = b.color == GanttBar::kBusy;
      std::string fill = busy ? "url(#busy-hatch)" : palette(b.color);
      s += std::string("<rect class=\"") + (busy ? "busy" : "tile") + "\" x=\"" + fmt_px(x) + "\" y=\"" + fmt_px(y) +
           "\" width=\"" + fmt_px(w) + "\" height=\"" + fmt_px(h) + "\" fill=\"" + fill +
           "\" stroke=\"#333333\" stroke-width=\"0.5\"><title>" +
           xml_escape(b.tooltip.empty() ? b.label : b.tooltip) + "</title></rect>\n";
      // Label only where it fits (about 6.5 px per character at font-size 11).
      if (!busy && !b.label.empty() && w >= 6.5 * static_cast<double>(b.label.size()) + 4) {
        s += "<text class=\"label\" x=\"" + fmt_px(x + w / 2) + "\" y=\"" + fmt_px(y + h / 2 + 4) +
             "\" text-anchor=\"middle\" pointer-events=\"none\">" + xml_escape(b.label) + "</text>\n";
      }
    }
    // Axis.
    int const axis_y = plot_top + plot_h;
    s += "<line class=\"axis\" x1=\"" + std::to_string(left) + "\" y1=\"" + std::to_string(axis_y) + "\" x2=\"" +
         std::to_string(left + plot_w) + "\" y2=\"" + std::to_string(axis_y) + "\" stroke=\"#000000\"/>\n";
    for (int i = 0;; ++i) {
      double const t = i * step;
      if (t > end * (1.0 + 1e-9)) break;
      double const x = left + t * scale;
      s += "<line class=\"tick\" x1=\"" + fmt_px(x) + "\" y1=\"" + std::to_string(axis_y) + "\" x2=\"" + fmt_px(x) +
           "\" y2=\"" + std::to_string(axis_y + 4) + "\" stroke=\"#000000\"/>\n";
      s += "<text class=\"tick-label\" x=\"" + fmt_px(x) + "\" y=\"" + std::to_string(axis_y + 16) +
           "\" text-anchor=\"middle\">" + xml_escape(fmt_number(t)) + "</text>\n";
    }
    s += "<text class=\"axis-label\" x=\"" + std::to_string(left + plot_w) + "\" y=\"" + std::to_string(axis_y + 30) +
         "\" text-anchor=\"end\">time (" + xml_escape(c.time_unit) + ")</text>\n";
    s += "</g>\n";
    y0 += title_h + plot_h + axis_h;
  }

  // Legend: one swatch per colour class (capped), plus the busy hatch.
  s += "<g class=\"legend\">\n";
  int entry = 0;
  auto swatch = [&](std::string const& fill, std::string const& text) {
    int const line = entry / per_line;
    int const col = entry % per_line;
    int const x = left + col * 120;
    int const y = y0 + 8 + line * legend_row_h;
    s += "<rect class=\"legend\" x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
         "\" width=\"12\" height=\"12\" fill=\"" + fill + "\" stroke=\"#333333\" stroke-width=\"0.5\"/>\n";
    s += "<text class=\"legend-label\" x=\"" + std::to_string(x + 16) + "\" y=\"" + std::to_string(y + 10) + "\">" +
         xml_escape(text) + "</text>\n";
    ++entry;
  };
  int shown = 0;
  for (int k : colors) {
    if (shown++ >= o.max_legend_entries) break;
    swatch(palette(k), color_meaning + " " + std::to_string(k));
  }
  if (static_cast<int>(colors.size()) > o.max_legend_entries) {
    swatch("#ffffff", "... " + std::to_string(colors.size()) + " " + color_meaning + "s");
  }
  if (any_busy) swatch("url(#busy-hatch)", "other kernel");
  if (any_overhead) swatch("#bbbbbb", "launch / no tile");
  s += "</g>\n";
  s += "</svg>\n";
  return s;
}

}  // namespace clc::sim
