//! @file port_main.cpp
//! @brief Standalone `clc-bench-port` (the same as `clc-bench port`; built also without the workloads).
#include "common/subcommand.hpp"

int main(int argc, char** argv) { return clc::bench::port_main(argc, argv); }
