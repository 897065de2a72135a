#pragma once
/// \file setup.hpp
/// Shared start-up for commands: load the configuration (defaults < file <
/// environment < flags), configure logging, and open the store.

#include <memory>
#include <optional>
#include <string>

#include "cli/commands.hpp"
#include "common/expected.hpp"
#include "config/config.hpp"
#include "store/event_log.hpp"

namespace credence::cli {

/// Loads the configuration and applies its [log] section. Prints the error
/// and returns nullopt on failure.
std::optional<Config> load_or_report(const Common& c);

/// Opens the event log under `data_dir` (read-only when asked). Prints the
/// error and returns nullptr on failure.
std::unique_ptr<EventLog> open_log_or_report(const Config& cfg, const std::string& data_dir,
                                             bool read_only);

}  // namespace credence::cli
