//! @file clc.cuh
//! @brief Umbrella header of the clc runtime.
#pragma once

#include "config.cuh"
#include "launch.cuh"
#include "launch.hpp"
#include "pipeline/fetch_pipeline.cuh"
#include "pipeline/pipeline_state.cuh"
#include "scheduler.cuh"
#include "scheduler_params.hpp"
#include "source/auto.cuh"
#include "status.hpp"
#include "tile_map.cuh"
#include "tile_space.cuh"
#include "work_tile.cuh"
#include "worker.cuh"
