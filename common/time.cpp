#include "common/time.hpp"

#include <chrono>
#include <cstdio>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace credence {

namespace {
Millis read_system_clock() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}
}  // namespace

Millis SystemClock::now() const {
#if defined(__x86_64__)
  // Reading the kernel's clock costs ~25 ns in a VM (kvm-clock), the time
  // stamp counter ~10 ns. A thread that read the clock fewer than kFresh
  // ticks ago (at most ~30 us on any x86 of the last 15 years, whose TSCs
  // tick at 1.5 GHz or more) gets the same millisecond back: the clock may
  // lag by that much, never more. A counter that went backwards or jumped
  // (another core, a migrated VM) forces a real read.
  constexpr std::uint64_t kFresh = 50'000;
  thread_local std::uint64_t last_tsc = 0;
  thread_local Millis last_ms = 0;
  const std::uint64_t t = __rdtsc();
  if (t - last_tsc < kFresh) return last_ms;
  last_ms = read_system_clock();
  last_tsc = __rdtsc();
  return last_ms;
#else
  return read_system_clock();
#endif
}

const SystemClock& SystemClock::instance() {
  static const SystemClock clock;
  return clock;
}

namespace {

// Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar
// (Howard Hinnant's days_from_civil algorithm).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

void civil_from_days(std::int64_t z, std::int64_t& y, unsigned& m,
                     unsigned& d) {
  z += 719468;
  const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  y = static_cast<std::int64_t>(yoe) + era * 400;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  d = doy - (153 * mp + 2) / 5 + 1;
  m = mp < 10 ? mp + 3 : mp - 9;
  y += m <= 2;
}

bool read_digits(std::string_view s, size_t pos, size_t n, int& out) {
  if (pos + n > s.size()) return false;
  int v = 0;
  for (size_t i = 0; i < n; ++i) {
    const char c = s[pos + i];
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  out = v;
  return true;
}

}  // namespace

std::string format_rfc3339(Millis t) {
  std::int64_t days = t / kDay;
  Millis rem = t % kDay;
  if (rem < 0) {
    rem += kDay;
    --days;
  }
  std::int64_t y;
  unsigned m, d;
  civil_from_days(days, y, m, d);
  const auto ms = static_cast<unsigned>(rem % 1000);
  const auto secs = static_cast<unsigned>(rem / 1000);
  if (y < 0 || y > 9999) {  // outside RFC 3339's four-digit years
    char buf[48];
    std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02u:%02u:%02u.%03uZ",
                  static_cast<long long>(y), m, d, secs / 3600, (secs / 60) % 60, secs % 60, ms);
    return buf;
  }
  // Hot path (state serialisation, digests): no printf.
  std::string out(24, '0');
  auto put = [&](std::size_t at, unsigned v, int width) {
    for (int i = width - 1; i >= 0; --i) {
      out[at + static_cast<std::size_t>(i)] = static_cast<char>('0' + v % 10);
      v /= 10;
    }
  };
  put(0, static_cast<unsigned>(y), 4);
  out[4] = '-';
  put(5, m, 2);
  out[7] = '-';
  put(8, d, 2);
  out[10] = 'T';
  put(11, secs / 3600, 2);
  out[13] = ':';
  put(14, (secs / 60) % 60, 2);
  out[16] = ':';
  put(17, secs % 60, 2);
  out[19] = '.';
  put(20, ms, 3);
  out[23] = 'Z';
  return out;
}

std::optional<Millis> parse_rfc3339(std::string_view s) {
  int y, mo, d;
  if (!read_digits(s, 0, 4, y) || s.size() < 10 || s[4] != '-' ||
      !read_digits(s, 5, 2, mo) || s[7] != '-' || !read_digits(s, 8, 2, d))
    return std::nullopt;
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return std::nullopt;
  const std::int64_t days = days_from_civil(y, static_cast<unsigned>(mo),
                                            static_cast<unsigned>(d));
  if (s.size() == 10) return days * kDay;
  if (s[10] != 'T' && s[10] != 't' && s[10] != ' ') return std::nullopt;
  int hh, mm, ss;
  if (!read_digits(s, 11, 2, hh) || s.size() < 19 || s[13] != ':' ||
      !read_digits(s, 14, 2, mm) || s[16] != ':' || !read_digits(s, 17, 2, ss))
    return std::nullopt;
  if (hh > 23 || mm > 59 || ss > 60) return std::nullopt;
  size_t pos = 19;
  Millis frac = 0;
  if (pos < s.size() && s[pos] == '.') {
    ++pos;
    int digits = 0;
    while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
      if (digits < 3) frac = frac * 10 + (s[pos] - '0');
      ++digits;
      ++pos;
    }
    if (digits == 0) return std::nullopt;
    for (int i = digits; i < 3; ++i) frac *= 10;
  }
  Millis offset = 0;
  if (pos >= s.size()) return std::nullopt;  // a zone is required
  if (s[pos] == 'Z' || s[pos] == 'z') {
    ++pos;
  } else if (s[pos] == '+' || s[pos] == '-') {
    const int sign = s[pos] == '+' ? 1 : -1;
    int oh, om;
    if (!read_digits(s, pos + 1, 2, oh) || pos + 6 > s.size() ||
        s[pos + 3] != ':' || !read_digits(s, pos + 4, 2, om))
      return std::nullopt;
    offset = sign * (oh * kHour + om * kMinute);
    pos += 6;
  } else {
    return std::nullopt;
  }
  if (pos != s.size()) return std::nullopt;
  return days * kDay + hh * kHour + mm * kMinute + ss * kSecond + frac -
         offset;
}

}  // namespace credence
