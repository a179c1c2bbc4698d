//! @file progress.hpp
//! @brief A one-line progress bar on stderr ("[=====>    ] 5/15 8192x8192x8192"), redrawn in place;
//! plain lines when stderr is not a terminal.
#pragma once

#include <cstdio>
#include <string>

#include <unistd.h>

namespace clc::bench {

class ProgressBar {
 public:
  explicit ProgressBar(int total, int width = 30) : total_(total), width_(width), tty_(isatty(fileno(stderr)) != 0) {}

  //! Shows that item `done` (0-based count of finished items) is next, labelled `what`.
  void update(int done, std::string const& what) {
    int const filled = total_ > 0 ? done * width_ / total_ : width_;
    std::string bar(std::size_t(width_), ' ');
    for (int i = 0; i < filled; ++i) bar[std::size_t(i)] = '=';
    if (filled < width_) bar[std::size_t(filled)] = '>';
    std::fprintf(stderr, "%s[%s] %d/%d %s%s", tty_ ? "\r" : "", bar.c_str(), done, total_, what.c_str(),
                 tty_ ? "\033[K" : "\n");
    std::fflush(stderr);
  }

  void finish() {
    update(total_, "done");
    if (tty_) std::fprintf(stderr, "\n");
  }

 private:
  int total_;
  int width_;
  bool tty_;
};

}  // namespace clc::bench
