//! @file source/kind.hpp
//! @brief Names of the work sources, usable from host code that never sees device code.
#pragma once

namespace clc {

//! The policy that hands a worker its next launch slot.
enum class SourceKind : int {
  Hardware = 0,  //!< clusterlaunchcontrol.try_cancel (sm_100+): the hardware cancels an unlaunched cluster
  Ticket = 1,    //!< emulation for sm_90: a global atomic ticket delivered through the same pipeline
  Static = 2,    //!< persistent, fixed plan: worker w runs clusters w, w+W, w+2W, ... (the floor)
  Single = 3,    //!< non-persistent: one CTA per launch slot, each runs its own tile and exits
  Auto = 4,      //!< Hardware where the device and binary have CLC, else Ticket
  //! emulation of CLC's cancellation for sm_90: every launch slot has a state; a starting cluster
  //! claims its own slot unless a worker cancelled it (then it exits at once); a fetch cancels the
  //! next slot not yet launched. Runs Hardware's first-tile and decode path on Hopper (tests).
  Cancel = 5,
};

//! The last SourceKind value (for range checks of values that come from outside).
inline constexpr SourceKind kLastSourceKind = SourceKind::Cancel;

inline char const* to_string(SourceKind k) {
  switch (k) {
    case SourceKind::Hardware: return "Hardware";
    case SourceKind::Ticket: return "Ticket";
    case SourceKind::Static: return "Static";
    case SourceKind::Single: return "Single";
    case SourceKind::Auto: return "Auto";
    case SourceKind::Cancel: return "Cancel";
  }
  return "?";
}

//! How many CTAs a launch starts.
enum class GridMode : int {
  Default = 0,           //!< per source: EveryTile for Hardware/Single, ResidentCapacity for Ticket/Static
  EveryTile = 1,         //!< one launch slot per tile (cluster-rounded), as hardware CLC requires
  ResidentCapacity = 2,  //!< as many clusters as can be resident at once (occupancy)
};

//! What the host needs to know about a source (grid sizing, workspace, grain), read from the
//! source type by `source::traits_of<S>()` and, by kind, from `source::traits_of(SourceKind)`.
struct SourceTraits {
  SourceKind kind = SourceKind::Auto;
  bool fetches = false;                      //!< responses travel through the fetch pipeline
  bool first_from_launch_slot = false;       //!< a CTA's own launch slot is its first tile: EveryTile only
  GridMode default_grid = GridMode::EveryTile;  //!< what GridMode::Default means for it
  bool uses_workspace = false;               //!< needs a TicketWorkspace
  bool claims_ranges = false;                //!< honours max_grain
  bool fault_injectable = false;             //!< tests can make its fetches fail spuriously
  bool slot_states = false;                  //!< its workspace also holds one state per cluster of the grid
};

inline char const* to_string(GridMode m) {
  switch (m) {
    case GridMode::Default: return "Default";
    case GridMode::EveryTile: return "EveryTile";
    case GridMode::ResidentCapacity: return "ResidentCapacity";
  }
  return "?";
}

}  // namespace clc
