#pragma once
/// \file fold.hpp
/// Folding a range of the event log into a State, with the decoding of
/// memory.added payloads (most of the cost) on a second thread while the
/// caller's thread applies events strictly in sequence order. Used by
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
  bool parallel = true;          ///< decode on a second thread
  Touched* touched = nullptr;    ///< collects changed state keys
  /// Called on the caller's thread after each event is applied.
  std::function<void(const Event&)> after_each;
};

/// Applies the events of [from, upto]. Stops at the first event that cannot
/// be applied (its error is returned, the state holds everything before it).
Status fold_log(const EventLog& log, State& state, const FoldOptions& options);

}  // namespace credence
