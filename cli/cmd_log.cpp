// `credence log dump` and `credence log stats`.
#include <cstdio>
#include <algorithm>
#include <map>

#include "cli/commands.hpp"
#include "cli/setup.hpp"

namespace credence::cli {

int cmd_log_dump(const Common& c, const LogDumpOptions& o) {
  auto cfg = load_or_report(c);
  if (!cfg) return 2;
  auto log = open_log_or_report(*cfg, o.data_dir, true);
  if (!log) return 1;
  std::uint64_t written = 0;
  auto st = log->scan(o.from, [&](const Event& e) {
    if (o.user && e.user != *o.user) return true;
    if (o.type && e.type != *o.type) return true;
    const std::string line = event_to_json(e);
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
    ++written;
    return !o.limit || written < *o.limit;
  });
  std::fflush(stdout);
  if (!st) {
    std::fprintf(stderr, "credence: %s\n", st.error().message.c_str());
    return 1;
  }
  return 0;
}

int cmd_log_stats(const Common& c, const std::string& data_dir) {
  auto cfg = load_or_report(c);
  if (!cfg) return 2;
  auto log = open_log_or_report(*cfg, data_dir, true);
  if (!log) return 1;
  std::map<std::string, std::uint64_t> by_type;
  std::uint64_t total = 0, bytes = 0;
  std::map<std::string, std::uint64_t> users;
  auto st = log->scan(1, [&](const Event& e) {
    ++by_type[e.type];
    ++total;
    bytes += e.payload.size();
    if (!e.user.empty()) ++users[e.user];
    return true;
  });
  if (!st) {
    std::fprintf(stderr, "credence: %s\n", st.error().message.c_str());
    return 1;
  }
  std::printf("head %llu\n", static_cast<unsigned long long>(log->head()));
  std::printf("events %llu\n", static_cast<unsigned long long>(total));
  std::printf("users %zu\n", users.size());
  std::printf("payload_bytes %llu\n", static_cast<unsigned long long>(bytes));
  for (const auto& [name, seq] : log->cursors())
    std::printf("cursor %-24s %llu (%llu behind)\n", name.c_str(),
                static_cast<unsigned long long>(seq),
                static_cast<unsigned long long>(log->head() - std::min(seq, log->head())));
  for (const auto& [type, n] : by_type)
    std::printf("type %-36s %llu\n", type.c_str(), static_cast<unsigned long long>(n));
  return 0;
}

}  // namespace credence::cli
