#pragma once
/// \file fold.hpp
/// Folding a range of the event log into a State, with the decoding of
/// memory.added payloads (most of the cost) on decoder threads, each taking
/// every n-th chunk of the range, while the caller's thread applies events
/// strictly in sequence order. Used by
/// `credence replay` and by the state store when it catches up at start.

#include <cstdint>
#include <functional>

#include "common/event.hpp"
#include "common/expected.hpp"
#include "engine/state.hpp"
#include "store/event_log.hpp"

namespace credence {

struct FoldOptions {
  std::uint64_t from = 1;        ///< first seq to apply
  std::uint64_t upto = UINT64_MAX;  ///< last seq to apply
  bool parallel = true;          ///< decode on other threads
  std::size_t decoders = 2;      ///< decoding threads when parallel
  Touched* touched = nullptr;    ///< collects changed state keys
  /// Called on the caller's thread after each event is applied. With
  /// `parallel`, a memory.added event arrives without its payload (it was
  /// decoded on the producer thread and freed there).
  std::function<void(const Event&)> after_each;
};

/// Applies the events of [from, upto]. Stops at the first event that cannot
/// be applied (its error is returned, the state holds everything before it).
Status fold_log(const EventLog& log, State& state, const FoldOptions& options);

}  // namespace credence
