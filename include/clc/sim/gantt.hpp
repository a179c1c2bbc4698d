//! @file sim/gantt.hpp
//! @brief A neutral Gantt chart (rows of labelled bars on a time axis) and two renderers: text for a
//! terminal and SVG for a browser. Simulator results and GPU traces are both converted into it, so
//! they look the same.
#pragma once

#include <string>
#include <vector>

namespace clc::sim {

//! One interval on one row.
struct GanttBar {
  int row = 0;
  double start = 0.0;
  double end = 0.0;
  std::string label;    //!< short text drawn in the bar (the tile), truncated to fit
  std::string tooltip;  //!< SVG only: shown on hover
  //! Colour class: >= 0 picks a palette colour (the worker); kBusy marks time taken by another
  //! kernel (hatched grey / '#'); kOverhead marks a slot held by a worker that is not running a
  //! tile: launching, or started only to find no work (light grey / '-').
  int color = 0;
  static constexpr int kBusy = -1;
  static constexpr int kOverhead = -2;
};

//! One chart: a title, row names top to bottom, bars, and legend entries for the colour classes.
struct GanttChart {
  std::string title;
  std::string time_unit = "t";     //!< axis label suffix ("t", "us")
  std::vector<std::string> rows;
  std::vector<GanttBar> bars;
  std::string color_meaning = "worker";  //!< legend: "colour = <color_meaning>"
  double time_end = 0.0;           //!< right end of the axis; 0 = the latest bar end
};

struct TextGanttOptions {
  int width = 72;  //!< columns for the time axis
};

//! Rows as lines: `name |[0.....][3.....]###   |`. Each bar is '[' label '.'... ']' scaled to the
//! width (a bar too narrow for its label drops the brackets, then shows "[-]" or "|"), busy time is '#',
//! idle is ' '. An axis with "nice" tick values follows. Several charts share nothing; call once each.
std::string render_text_gantt(GanttChart const& chart, TextGanttOptions const& options = {});

struct SvgGanttOptions {
  int width = 960;       //!< pixels of the whole image
  int row_height = 22;
  int label_width = 110; //!< pixels left of the plot for row names
  int max_legend_entries = 16;
};

//! A standalone SVG document; several charts are stacked as panels on one shared time scale, so
//! sources can be compared by eye. One <rect class="tile"> per non-busy bar.
std::string render_svg_gantt(std::vector<GanttChart> const& charts, SvgGanttOptions const& options = {});

//! Escapes &, <, >, " and ' for XML text and attributes.
std::string xml_escape(std::string const& text);

}  // namespace clc::sim
