//! @file port/body.hpp
//! @brief How a ported body is stored and called: a functor body as it is, a `__device__` function
//! body as a trivially copyable pack of its arguments (the kernel's parameters) plus the call.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "../config.cuh"
#include "options.hpp"
#include "virtual_block.hpp"

namespace clc::port {

namespace detail {

//! Optional `static constexpr dim3 required_block` of a functor body.
template <class Body, class = void>
struct RequiredBlock {
  static constexpr bool present = false;
};
template <class Body>
struct RequiredBlock<Body, std::void_t<decltype(Body::required_block)>> {
  static constexpr bool present = true;
};

template <class T>
struct IsLaunchBounds : std::false_type {};
template <int M, int N>
struct IsLaunchBounds<LaunchBounds<M, N>> : std::true_type {};

//! Storage of a function body's arguments: a trivially copyable aggregate, one leaf per parameter.
template <std::size_t I, class T>
struct ArgLeaf {
  T value;
};
template <class Seq, class... T>
struct ArgPack;
template <std::size_t... I, class... T>
struct ArgPack<std::index_sequence<I...>, T...> : ArgLeaf<I, T>... {};

//! Copy-initialise a parameter from an argument: the implicit conversions of a kernel launch.
template <class P, class A>
constexpr P convert_arg(A&& a) {
  return std::forward<A>(a);
}

template <class Fn>
struct FunctionTraits {
  static constexpr bool ported_signature = false;
};
template <class... P>
struct FunctionTraits<void (*)(VirtualBlock const&, P...)> {
  static constexpr bool ported_signature = true;
  using Pack = ArgPack<std::index_sequence_for<P...>, P...>;
  static constexpr std::size_t arity = sizeof...(P);
  static constexpr bool by_value = (... && !std::is_reference_v<P>);
  static constexpr bool copyable = (... && std::is_trivially_copyable_v<std::remove_cv_t<P>>);
  template <class... A>
  static constexpr bool convertible = (... && std::is_convertible_v<A, P>);
  template <class... A>
  static Pack pack(A&&... a) {
    return Pack{{convert_arg<P>(std::forward<A>(a))}...};
  }
#if defined(__CUDACC__)
  template <auto Fn, std::size_t... I>
  CLC_DEVICE CLC_FORCEINLINE static void call(Pack const& args, VirtualBlock const& vb, std::index_sequence<I...>) {
    Fn(vb, static_cast<ArgLeaf<I, P> const&>(args).value...);
  }
#endif
};
template <class... P>
struct FunctionTraits<void (*)(VirtualBlock, P...)> : FunctionTraits<void (*)(VirtualBlock const&, P...)> {};
template <class... P>
struct FunctionTraits<void (*)(VirtualBlock const&, P...) noexcept> : FunctionTraits<void (*)(VirtualBlock const&, P...)> {};
template <class... P>
struct FunctionTraits<void (*)(VirtualBlock, P...) noexcept> : FunctionTraits<void (*)(VirtualBlock const&, P...)> {};

//! The functor that calls a `__device__` body function with its stored arguments.
template <auto Fn>
struct FunctionBody {
  using Traits = FunctionTraits<decltype(Fn)>;
  typename Traits::Pack args;
#if defined(__CUDACC__)
  CLC_DEVICE CLC_FORCEINLINE void operator()(VirtualBlock const& vb) const {
    Traits::template call<Fn>(args, vb, std::make_index_sequence<Traits::arity>{});
  }
#endif
};

}  // namespace detail

}  // namespace clc::port
