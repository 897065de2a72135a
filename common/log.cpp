#include "common/log.hpp"

#include <chrono>
#include <ctime>
#include <map>
#include <mutex>

#include <spdlog/formatter.h>
#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace credence::log {

namespace {

/// Writes {"ts":..., "level":..., "logger":..., "msg":...} per line.
class JsonFormatter final : public spdlog::formatter {
 public:
  void format(const spdlog::details::log_msg& msg,
              spdlog::memory_buf_t& dest) override {
    using namespace std::chrono;
    const auto ms =
        duration_cast<milliseconds>(msg.time.time_since_epoch()).count();
    const std::time_t secs = static_cast<std::time_t>(ms / 1000);
    std::tm tm{};
    gmtime_r(&secs, &tm);
    char ts[40];
    std::strftime(ts, sizeof ts, "%Y-%m-%dT%H:%M:%S", &tm);
    append(dest, "{\"ts\":\"");
    append(dest, ts);
    char frac[8];
    std::snprintf(frac, sizeof frac, ".%03dZ", static_cast<int>(ms % 1000));
    append(dest, frac);
    append(dest, "\",\"level\":\"");
    auto lv = spdlog::level::to_string_view(msg.level);
    dest.append(lv.data(), lv.data() + lv.size());
    append(dest, "\",\"logger\":\"");
    escape(dest, std::string_view(msg.logger_name.data(), msg.logger_name.size()));
    append(dest, "\",\"msg\":\"");
    escape(dest, std::string_view(msg.payload.data(), msg.payload.size()));
    append(dest, "\"}\n");
  }
  std::unique_ptr<spdlog::formatter> clone() const override {
    return std::make_unique<JsonFormatter>();
  }

 private:
  static void append(spdlog::memory_buf_t& d, std::string_view s) {
    d.append(s.data(), s.data() + s.size());
  }
  static void escape(spdlog::memory_buf_t& d, std::string_view s) {
    for (char c : s) {
      switch (c) {
        case '"': append(d, "\\\""); break;
        case '\\': append(d, "\\\\"); break;
        case '\n': append(d, "\\n"); break;
        case '\r': append(d, "\\r"); break;
        case '\t': append(d, "\\t"); break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            append(d, buf);
          } else {
            d.push_back(c);
          }
      }
    }
  }
};

struct Registry {
  std::mutex mu;
  spdlog::sink_ptr sink = std::make_shared<spdlog::sinks::stderr_sink_mt>();
  Options options;
  std::map<std::string, std::shared_ptr<spdlog::logger>, std::less<>> loggers;

  void apply(spdlog::logger& l) {
    l.set_level(spdlog::level::from_str(options.level));
    if (options.json) {
      l.set_formatter(std::make_unique<JsonFormatter>());
    } else {
      l.set_pattern("%Y-%m-%dT%H:%M:%S.%e %^%-5l%$ [%n] %v");
    }
  }
};

Registry& registry() {
  static Registry r;
  return r;
}

bool valid_level(const std::string& name) {
  static const char* names[] = {"trace", "debug", "info", "warn", "warning",
                                "error", "err", "critical", "off"};
  for (auto n : names)
    if (name == n) return true;
  return false;
}

}  // namespace

bool configure(const Options& options) {
  if (!valid_level(options.level)) return false;
  auto& r = registry();
  std::lock_guard lock(r.mu);
  r.options = options;
  for (auto& [name, l] : r.loggers) r.apply(*l);
  return true;
}

std::shared_ptr<spdlog::logger> get(std::string_view component) {
  auto& r = registry();
  std::lock_guard lock(r.mu);
  if (auto it = r.loggers.find(component); it != r.loggers.end())
    return it->second;
  auto l = std::make_shared<spdlog::logger>(std::string(component), r.sink);
  r.apply(*l);
  r.loggers.emplace(std::string(component), l);
  return l;
}

}  // namespace credence::log
