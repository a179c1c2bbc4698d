//! @file source/auto.cuh
//! @brief Every work source, listed once: `source::All` (the list), `traits_of(SourceKind)` and
//! `with_source` (the run-time kind -> type dispatch) derive from it, so adding a source is its
//! file, its `SourceKind` value and one entry here. `source::Auto` is resolved on the host
//! (`resolve_source`: Hardware where the device, the binary and the grid allow it, else Ticket).
#pragma once

#include <string>
#include <utility>

#include "../status.hpp"
#include "cancel.cuh"
#include "concept.cuh"
#include "hardware.cuh"
#include "kind.hpp"
#include "single.cuh"
#include "static.cuh"
#include "ticket.cuh"

namespace clc {
namespace source {

//! Marker type: the launch API resolves it to a concrete source at run time.
struct Auto {
  static constexpr SourceKind kind = SourceKind::Auto;
};

template <class... S>
struct List {};
//! The concrete sources.
using All = List<Hardware, Ticket, Static, Single, Cancel>;

namespace detail {
template <class... S>
constexpr SourceTraits traits_in(SourceKind k, List<S...>) {
  SourceTraits t{};
  ((S::kind == k ? (void)(t = traits_of<S>()) : (void)0), ...);
  return t;
}
template <class F, class... S>
Error dispatch(SourceKind k, F&& f, List<S...>) {
  Error e;
  bool done = false;
  ((!done && S::kind == k ? (void)(done = true, e = f(S{})) : (void)0), ...);
  if (!done) return invalid_argument(std::string("source ") + to_string(k) + " must be resolved to a concrete source first");
  return e;
}
}  // namespace detail

//! Traits of the source named `k` (kind Auto for Auto and unknown values).
constexpr SourceTraits traits_of(SourceKind k) { return detail::traits_in(k, All{}); }

}  // namespace source

//! Call `f(source_tag)` with the source type named by `kind` (Auto must be resolved first, e.g. by
//! `resolve_auto_source`). Lets a host API choose the source at run time.
template <class F>
Error with_source(SourceKind kind, F&& f) {
  return source::detail::dispatch(kind, std::forward<F>(f), source::All{});
}

}  // namespace clc
