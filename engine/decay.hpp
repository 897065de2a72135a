#pragma once
/// \file decay.hpp
/// Natural decay (seed 000): a memory's strength fades exponentially with
/// time since its last reinforcement, faster the less reliable it is:
///
///   strength(now) = confidence * exp(-rate(kind) * sum_r mult(r) * days_in(r))
///
/// where days_in(r) is the time spent in reliability state r since the last
/// reinforcement (Memory::dwell, kept by apply()) plus, for the current
/// state, the time since Memory::decay_mark. Pure functions.

#include <vector>

#include "common/time.hpp"
#include "engine/policy.hpp"
#include "engine/state.hpp"

namespace credence {

/// The accumulated decay exposure (rate x multiplier x days) at `now`.
double decay_exposure(const Memory& m, const DecayPolicy& p, Millis now);
/// The memory's strength at `now`, in [0, confidence].
double strength(const Memory& m, const DecayPolicy& p, Millis now);

/// Whether decay may delete this memory once it is below the floor:
/// contradicted or uncertain memories always, reliable episodes when
/// configured; never superseded ones (history) or reliable beliefs.
bool decay_deletable(const Memory& m, const DecayPolicy& p);

/// Ids of the live memories decay deletes at `now` (in State order per user).
std::vector<std::string> decay_victims(const State& s, const DecayPolicy& p, Millis now);

/// Whether a memory is stale at `now`: older than its kind's stale age since
/// the last reinforcement (and still reliable).
bool is_stale(const Memory& m, const DecayPolicy& p, Millis now);

}  // namespace credence
