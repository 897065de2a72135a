#pragma once
/// \file time.hpp
/// Time as Unix milliseconds, RFC 3339 conversion, and the injectable clock.
///
/// Everything in credence that needs "now" takes a `const Clock&` so that
/// tests can drive time by hand. Engine code never reads the system clock.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace credence {

/// Milliseconds since the Unix epoch (UTC).
using Millis = std::int64_t;

inline constexpr Millis kSecond = 1000;
inline constexpr Millis kMinute = 60 * kSecond;
inline constexpr Millis kHour = 60 * kMinute;
inline constexpr Millis kDay = 24 * kHour;

/// Source of the current time. Implementations must be thread-safe.
class Clock {
 public:
  virtual ~Clock() = default;
  virtual Millis now() const = 0;
};

/// Wall-clock time from std::chrono::system_clock. On x86-64 a thread that
/// read it microseconds ago gets the same millisecond back without asking the
/// kernel again (the time stamp counter says how long ago): the value may lag
/// the kernel's clock by at most ~30 us.
class SystemClock final : public Clock {
 public:
  Millis now() const override;
  /// A process-wide instance.
  static const SystemClock& instance();
};

/// A clock that only moves when told to. For tests and replay.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(Millis start = 0) : t_(start) {}
  Millis now() const override { return t_.load(std::memory_order_relaxed); }
  void set(Millis t) { t_.store(t, std::memory_order_relaxed); }
  void advance(Millis d) { t_.fetch_add(d, std::memory_order_relaxed); }

 private:
  std::atomic<Millis> t_;
};

/// Formats as RFC 3339 UTC with millisecond precision: 2026-11-22T09:11:00.000Z
std::string format_rfc3339(Millis t);

/// Parses RFC 3339 / ISO 8601 date-times: "2026-11-22T09:11:00Z",
/// "2026-11-22T09:11:00.123+01:00", and plain dates "2026-11-22" (midnight UTC).
/// Returns nullopt on anything else.
std::optional<Millis> parse_rfc3339(std::string_view s);

}  // namespace credence
