#pragma once
/// \file log.hpp
/// One spdlog logger per component ("store", "engine", "ingestion", ...),
/// all writing to stderr in text or JSON-lines form at the configured level.
/// `configure` may be called again (e.g. after the config file is read); it
/// updates every logger created so far. Thread-safe.

#include <memory>
#include <string>
#include <string_view>

#include <spdlog/logger.h>

namespace credence::log {

struct Options {
  std::string level = "info";  ///< trace|debug|info|warn|error|critical|off
  bool json = false;           ///< JSON lines instead of text
};

/// Applies level and format to all current and future loggers. Returns false
/// (and changes nothing) for an unknown level name.
bool configure(const Options& options);

/// The logger for `component`, created on first use.
std::shared_ptr<spdlog::logger> get(std::string_view component);

}  // namespace credence::log
