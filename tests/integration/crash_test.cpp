// crash_test: a writer process is killed with SIGKILL at random moments, many
// times; after each round every acknowledged event must be in the log exactly
// once, in order, with no gaps in the sequence numbers.
#include <gtest/gtest.h>

#include <csignal>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "common/json_reader.hpp"
#include "store/event_log.hpp"
#include "tests/integration/process.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;
using namespace std::chrono_literals;

namespace {

void check_log(const std::string& dir, const std::map<int, std::set<long>>& acked,
               int threads) {
  EventLog::Options o;
  o.dir = dir;
  o.read_only = true;
  auto log = EventLog::open(o);
  ASSERT_TRUE(log) << log.error().message;
  std::map<int, long> last;  // per thread: last counter seen, in seq order
  std::map<int, std::set<long>> present;
  std::uint64_t expect_seq = 1;
  simdjson::dom::parser parser;
  auto st = (*log)->scan(1, [&](const Event& e) {
    EXPECT_EQ(e.seq, expect_seq) << "gap or reordering in sequence numbers";
    expect_seq = e.seq + 1;
    auto obj = json::parse_object(parser, e.payload);
    EXPECT_TRUE(obj);
    json::ObjReader r(*obj);
    const int t = static_cast<int>(r.integer("t"));
    const long n = static_cast<long>(r.integer("n"));
    EXPECT_TRUE(present[t].insert(n).second) << "event " << t << "-" << n << " appended twice";
    if (last.count(t)) {
      EXPECT_GT(n, last[t]) << "thread " << t << " out of order";
    }
    last[t] = n;
    return true;
  });
  ASSERT_TRUE(st) << st.error().message;
  EXPECT_EQ(expect_seq - 1, (*log)->head());
  for (int t = 0; t < threads; ++t) {
    for (long n : acked.count(t) ? acked.at(t) : std::set<long>{})
      EXPECT_TRUE(present[t].count(n)) << "acknowledged event " << t << "-" << n << " lost";
    // Counters form a contiguous range from 0: nothing skipped.
    long expect_n = 0;
    for (long n : present[t]) EXPECT_EQ(n, expect_n++) << "thread " << t;
  }
}

}  // namespace

TEST(CrashSafety, SigkillNeverLosesOrDuplicatesAnAcknowledgedAppend) {
  test::TmpDir d;
  constexpr int kThreads = 3;
  constexpr int kRounds = 24;
  std::mt19937 rng(12345);
  std::map<int, std::set<long>> acked;
  std::vector<long> next(kThreads, 0);
  int kills_with_acks = 0;
  for (int round = 0; round < kRounds; ++round) {
    std::vector<std::string> argv = {CRASH_WRITER_BIN, d.str(), round % 2 ? "os" : "fsync"};
    for (int t = 0; t < kThreads; ++t) argv.push_back(std::to_string(next[t]));
    auto p = test::Process::start(argv);
    ASSERT_TRUE(p);
    int acks = 0;
    auto record = [&](const std::string& line) {
      std::istringstream in(line);
      std::string word;
      int t;
      long n;
      if (in >> word >> t >> n && word == "ack") {
        acked[t].insert(n);
        next[t] = std::max(next[t], n + 1);
        ++acks;
      }
    };
    // Every fourth round is killed at a random moment from start (possibly
    // while RocksDB opens or recovers); the others a random time after the
    // first acknowledgement, i.e. mid-stream.
    const bool mid_stream = round % 4 != 3;
    if (mid_stream) {
      while (acks == 0) {
        auto line = p->read_line(5s);
        ASSERT_TRUE(line) << "writer produced no acknowledgement";
        record(*line);
      }
    }
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(rng() % 150);
    while (std::chrono::steady_clock::now() < deadline) {
      if (auto line = p->read_line(2ms)) record(*line);
    }
    p->kill(SIGKILL);
    EXPECT_EQ(p->wait(), 128 + SIGKILL);
    // Acks printed before the kill are still in the pipe.
    std::istringstream rest(p->read_all());
    for (std::string line; std::getline(rest, line);) record(line);
    if (acks > 0) ++kills_with_acks;
    check_log(d.str(), acked, kThreads);
    if (HasFailure()) return;
  }
  EXPECT_GE(kills_with_acks, kRounds * 3 / 4) << "the writer must have been killed mid-stream";
}
