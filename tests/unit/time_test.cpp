// time_test: RFC 3339 formatting and parsing.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "common/time.hpp"

using namespace credence;

TEST(Rfc3339, FormatsEpochAndMilliseconds) {
  EXPECT_EQ(format_rfc3339(0), "1970-01-01T00:00:00.000Z");
  EXPECT_EQ(format_rfc3339(1'000'000), "1970-01-01T00:16:40.000Z");
  EXPECT_EQ(format_rfc3339(1795338660123), "2026-11-22T09:11:00.123Z");
}

TEST(Rfc3339, RoundTripsAcrossCenturiesAndLeapDays) {
  for (Millis t : {Millis{951782400000} /*2000-02-29*/, Millis{4107542399999},
                   Millis{-86400000}, Millis{1795252260123}}) {
    auto back = parse_rfc3339(format_rfc3339(t));
    ASSERT_TRUE(back.has_value()) << t;
    EXPECT_EQ(*back, t);
  }
}

TEST(Rfc3339, ParsesOffsetsAndDates) {
  EXPECT_EQ(parse_rfc3339("2026-11-22T10:11:00+01:00"), parse_rfc3339("2026-11-22T09:11:00Z"));
  EXPECT_EQ(parse_rfc3339("2026-11-22"), parse_rfc3339("2026-11-22T00:00:00Z"));
  EXPECT_EQ(*parse_rfc3339("2026-11-22T09:11:00.5Z") % 1000, 500);
}

TEST(Rfc3339, RejectsMalformedInput) {
  for (const char* bad : {"", "2026", "2026-13-01", "2026-11-22T25:00:00Z",
                          "2026-11-22T09:11:00", "yesterday", "2026-11-22T09:11:00Zjunk"})
    EXPECT_FALSE(parse_rfc3339(bad).has_value()) << bad;
}

TEST(SystemClockTest, FollowsTheKernelClockWhetherReadOftenOrAfterAPause) {
  using namespace std::chrono;
  auto kernel = [] {
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  };
  const SystemClock& clock = SystemClock::instance();
  Millis prev = clock.now();
  for (int i = 0; i < 200'000; ++i) {  // back to back: mostly the cached reading
    const Millis before = kernel();
    const Millis got = clock.now();
    const Millis after = kernel();
    ASSERT_LE(got, after) << i;
    ASSERT_GE(got, before - 1) << i << ": lags by under a millisecond at most";
    ASSERT_GE(got, prev) << i;
    prev = got;
  }
  const Millis start = clock.now();
  std::this_thread::sleep_for(milliseconds(20));
  EXPECT_GE(clock.now() - start, 19) << "a pause is seen at the next reading";
}
