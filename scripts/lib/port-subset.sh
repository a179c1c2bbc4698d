# The clc::port tests that compute-sanitizer runs (scripts/gpu-check.sh, scripts/port-check.sh): the
# virtual block and the block walk (3-D grids, blocks per tile), both Ticket loops, blocks without a
# barrier between them and with one, check mode.
# Sourced; PORT_SANITIZE_FILTER overrides it.
port_sanitize_filter=${PORT_SANITIZE_FILTER:-PortDevice.VirtualBlockMatchesTheOriginalIndices:PortDevice.TicketLoopsRecordEveryIndexOverBackToBackLaunches:PortDevice.OnlyBodiesWithoutSharedMemoryRunTheirBlocksWithoutABarrier:PortDevice.StencilBitIdentical:PortDevice.CheckModePoisonsDynamicSharedMemoryBetweenTiles}
