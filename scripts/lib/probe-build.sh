# Shared by the development scripts that build a probe program against this tree's host libraries
# (scripts/dev-port-timeline.sh, scripts/dev-sched-gap.sh; sourced, not run).
#   source scripts/lib/probe-build.sh; probe_log_init LOG TITLE; probe_libs BUILD BUILDLOG || exit 1
#   then link "$probe_libs" (clc_tools and clc_host) into the probe.
probe_log_init() {  # LOG TITLE: the log's first lines (title, tree, time; GPU, driver, clocks)
  local commit=${CLC_GIT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null)}
  { echo "# $2, tree of $commit, $(date -u +%FT%TZ)"; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader; } >"$1" 2>&1
}
probe_libs() {  # BUILD BUILDLOG: configure (Release, sm_90a, no workloads) and build clc_host and clc_tools; sets probe_libs
  cmake -S . -B "$1" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCLC_CUDA_ARCHITECTURES=90a -DCLC_BUILD_WORKLOADS=OFF >"$2" 2>&1 &&
    ninja -C "$1" clc_host clc_tools >>"$2" 2>&1 || return 1
  probe_libs="$(find "$1" -name libclc_tools.a | head -1) $(find "$1" -name libclc_host.a | head -1)"
}
