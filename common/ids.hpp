#pragma once
/// \file ids.hpp
/// Identifier generation.
///
/// Ids are created by the command side before an event is appended and are
/// carried inside the event, so replaying the log reproduces them exactly.
/// Format: `<prefix>_<12 hex of ms time><8 hex of counter+entropy>`, sortable
/// by creation time within one process. Thread-safe.

#include <string>
#include <string_view>

#include "common/time.hpp"

namespace credence {

/// Returns a new unique id such as "mem_0193a1b2c3d4e5f60a1b2c3d".
std::string new_id(std::string_view prefix, Millis now);

}  // namespace credence
