#include "cli/setup.hpp"

#include <cstdio>

#include "common/log.hpp"

namespace credence::cli {

std::optional<Config> load_or_report(const Common& c) {
  auto cfg = load_config(c.config_path, process_env(), c.overrides);
  if (!cfg) {
    std::fprintf(stderr, "credence: configuration error: %s\n",
                 cfg.error().message.c_str());
    return std::nullopt;
  }
  log::configure({cfg->log.level, cfg->log.format == "json"});
  return *cfg;
}

std::unique_ptr<EventLog> open_log_or_report(const Config& cfg, const std::string& data_dir,
                                             bool read_only) {
  EventLog::Options o;
  o.dir = data_dir;
  o.fsync = cfg.store.sync == "fsync";
  o.max_batch_events = static_cast<std::size_t>(cfg.store.group_commit_max_events);
  o.block_cache_mb = static_cast<std::size_t>(cfg.store.block_cache_mb);
  o.read_only = read_only;
  o.create_if_missing = !read_only;
  auto log = EventLog::open(o);
  if (!log) {
    std::fprintf(stderr, "credence: cannot open data directory %s: %s\n", data_dir.c_str(),
                 log.error().message.c_str());
    return nullptr;
  }
  return std::move(*log);
}

}  // namespace credence::cli
