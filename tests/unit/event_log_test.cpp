// event_log_test: the append-only log, group commit, idempotency, cursors
// committed atomically with effects, and refusal of foreign or newer data.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "store/event_log.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;

namespace {

std::unique_ptr<EventLog> open_log(const test::TmpDir& d, bool fsync = false,
                                   bool read_only = false) {
  EventLog::Options o;
  o.dir = d.str();
  o.fsync = fsync;
  o.read_only = read_only;
  auto log = EventLog::open(o);
  EXPECT_TRUE(log) << (log ? "" : log.error().message);
  return log ? std::move(*log) : nullptr;
}

Event ev(std::string user, std::string payload, std::string idem = "") {
  Event e;
  e.type = "test.event";
  e.user = std::move(user);
  e.ts = 1000;
  e.payload = std::move(payload);
  e.idem_key = std::move(idem);
  return e;
}

}  // namespace

TEST(EventLog, AppendAssignsContiguousSequenceNumbersFromOne) {
  test::TmpDir d;
  auto log = open_log(d);
  EXPECT_EQ(log->head(), 0u);
  auto r = log->append({ev("u1", "{\"n\":1}"), ev("u1", "{\"n\":2}"), ev("u2", "{\"n\":3}")});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->seqs, (std::vector<std::uint64_t>{1, 2, 3}));
  EXPECT_EQ(log->head(), 3u);
  auto events = log->read(1, 10);
  ASSERT_TRUE(events);
  ASSERT_EQ(events->size(), 3u);
  EXPECT_EQ((*events)[1].seq, 2u);
  EXPECT_EQ((*events)[1].payload, "{\"n\":2}");
  EXPECT_EQ((*events)[2].user, "u2");
}

TEST(EventLog, EnvelopeFieldsSurviveReopen) {
  test::TmpDir d;
  Event e = ev("alice", "{\"x\":[1,2]}", "k-1");
  e.schema = 3;
  e.ts = 1795252260123;
  {
    auto log = open_log(d, true);
    ASSERT_TRUE(log->append({e}));
  }
  auto log = open_log(d);
  EXPECT_EQ(log->head(), 1u);
  auto events = log->read(1, 1);
  ASSERT_TRUE(events);
  e.seq = 1;
  EXPECT_EQ((*events)[0], e);
  auto more = log->append({ev("alice", "{}")});
  ASSERT_TRUE(more);
  EXPECT_EQ(more->seqs[0], 2u) << "numbering continues after reopen";
}

TEST(EventLog, RepeatedIdempotencyKeyReturnsTheEarlierSequenceNumber) {
  test::TmpDir d;
  auto log = open_log(d);
  auto a = log->append({ev("u", "{\"v\":1}", "key-A")});
  ASSERT_TRUE(a);
  auto b = log->append({ev("u", "{\"v\":2}", "key-A")});
  ASSERT_TRUE(b);
  EXPECT_EQ(b->seqs[0], a->seqs[0]);
  EXPECT_TRUE(b->duplicate[0]);
  EXPECT_EQ(log->head(), 1u) << "the duplicate was not appended";
  auto other_user = log->append({ev("v", "{}", "key-A")});
  ASSERT_TRUE(other_user);
  EXPECT_FALSE(other_user->duplicate[0]) << "keys are scoped per user";
  EXPECT_EQ(log->find_idempotent("u", "key-A"), a->seqs[0]);
}

TEST(EventLog, DuplicateKeyWithinOneBatchIsAppendedOnce) {
  test::TmpDir d;
  auto log = open_log(d);
  auto r = log->append({ev("u", "{}", "same"), ev("u", "{}", "same")});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->seqs[0], r->seqs[1]);
  EXPECT_FALSE(r->duplicate[0]);
  EXPECT_TRUE(r->duplicate[1]);
  EXPECT_EQ(log->head(), 1u);
}

TEST(EventLog, IdempotencyHoldsAcrossReopen) {
  test::TmpDir d;
  { ASSERT_TRUE(open_log(d)->append({ev("u", "{}", "k")})); }
  auto log = open_log(d);
  auto r = log->append({ev("u", "{}", "k")});
  ASSERT_TRUE(r);
  EXPECT_TRUE(r->duplicate[0]);
  EXPECT_EQ(log->head(), 1u);
}

TEST(EventLog, CursorMoveCommitsAtomicallyWithStateWrites) {
  test::TmpDir d;
  auto log = open_log(d);
  ASSERT_TRUE(log->append({ev("u", "{}"), ev("u", "{}")}));
  EventLog::Txn t;
  t.cursors.push_back({"consumer", 0, 2});
  t.state_puts.emplace_back("k/1", "effect");
  ASSERT_TRUE(log->commit(std::move(t)));
  EXPECT_EQ(log->cursor("consumer"), 2u);
  auto v = log->get_state("k/1");
  ASSERT_TRUE(v);
  EXPECT_EQ(v->value_or(""), "effect");
}

TEST(EventLog, StaleCursorRejectsTheWholeTransaction) {
  test::TmpDir d;
  auto log = open_log(d);
  EventLog::Txn first;
  first.cursors.push_back({"c", 0, 5});
  ASSERT_TRUE(log->commit(std::move(first)));
  // A second copy of the consumer still believes the cursor is at 0.
  EventLog::Txn stale;
  stale.cursors.push_back({"c", 0, 6});
  stale.state_puts.emplace_back("k/x", "must not appear");
  stale.events.push_back(ev("u", "{}"));
  auto r = log->commit(std::move(stale));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::conflict);
  EXPECT_EQ(log->cursor("c"), 5u);
  EXPECT_FALSE(log->get_state("k/x")->has_value());
  EXPECT_EQ(log->head(), 0u) << "the events of a rejected txn are not appended";
}

TEST(EventLog, ConcurrentAppendsAreGroupCommittedWithoutGapsOrDuplicates) {
  test::TmpDir d;
  auto log = open_log(d, true);
  constexpr int kThreads = 8, kPerThread = 200;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i) {
        auto r = log->append({ev("t" + std::to_string(t),
                                 "{\"i\":" + std::to_string(i) + "}")});
        if (!r) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(log->head(), static_cast<std::uint64_t>(kThreads * kPerThread));
  std::set<std::string> seen;
  std::uint64_t expect = 1;
  ASSERT_TRUE(log->scan(1, [&](const Event& e) {
    EXPECT_EQ(e.seq, expect++);
    EXPECT_TRUE(seen.insert(e.user + e.payload).second);
    return true;
  }));
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(kThreads * kPerThread));
  const auto st = log->stats();
  EXPECT_EQ(st.commits, static_cast<std::uint64_t>(kThreads * kPerThread));
  EXPECT_LT(st.batches, st.commits) << "concurrent appends share fsyncs";
}

TEST(EventLog, NewerSchemaVersionIsRefusedAndLeftUntouched) {
  test::TmpDir d;
  {
    auto log = open_log(d);
    EventLog::Txn t;
    t.meta_puts.emplace_back("schema_version", "99");
    ASSERT_TRUE(log->commit(std::move(t)));
  }
  EventLog::Options o;
  o.dir = d.str();
  auto r = EventLog::open(o);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::unsupported);
  EXPECT_NE(r.error().message.find("schema version 99"), std::string::npos) << r.error().message;
  EXPECT_NE(r.error().message.find(d.str()), std::string::npos) << "says where";
}

TEST(EventLog, ForeignDirectoryIsRefusedNotOverwritten) {
  test::TmpDir d;
  std::filesystem::create_directories(d.path() / "db");
  std::ofstream(d.path() / "db" / "precious.txt") << "not a database";
  EventLog::Options o;
  o.dir = d.str();
  auto r = EventLog::open(o);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::corruption);
  EXPECT_TRUE(std::filesystem::exists(d.path() / "db" / "precious.txt"));
}

TEST(EventLog, CorruptCurrentFileIsReportedWithThePath) {
  test::TmpDir d;
  { ASSERT_TRUE(open_log(d)->append({ev("u", "{}")})); }
  std::ofstream(d.path() / "db" / "CURRENT", std::ios::trunc) << "MANIFEST-999999\n";
  EventLog::Options o;
  o.dir = d.str();
  auto r = EventLog::open(o);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find((d.path() / "db").string()), std::string::npos)
      << r.error().message;
}

TEST(EventLog, ReadOnlyOpenOfMissingDirectoryFailsClearly) {
  test::TmpDir d;
  EventLog::Options o;
  o.dir = (d.path() / "nothing-here").string();
  o.read_only = true;
  auto r = EventLog::open(o);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::not_found);
  EXPECT_FALSE(std::filesystem::exists(d.path() / "nothing-here"));
}

TEST(EventLog, SecondWriterIsRefusedWhileTheFirstHoldsTheDirectory) {
  test::TmpDir d;
  auto first = open_log(d);
  EventLog::Options o;
  o.dir = d.str();
  auto second = EventLog::open(o);
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, Errc::unavailable);
}

TEST(EventLog, ReadOnlyOpenCoexistsWithTheWriterAndCannotAppend) {
  test::TmpDir d;
  auto writer = open_log(d);
  ASSERT_TRUE(writer->append({ev("u", "{}")}));
  auto reader = open_log(d, false, true);
  ASSERT_TRUE(reader);
  EXPECT_EQ(reader->head(), 1u);
  auto r = reader->append({ev("u", "{}")});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, Errc::unsupported);
}

TEST(EventLog, SubscribersAndWaitersAreToldAboutNewEvents) {
  test::TmpDir d;
  auto log = open_log(d);
  std::atomic<std::uint64_t> told{0};
  log->subscribe([&](std::uint64_t head) { told = head; });
  std::thread t([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    (void)log->append({ev("u", "{}"), ev("u", "{}")});
  });
  EXPECT_TRUE(log->wait_for(0, std::chrono::seconds(5)));
  t.join();
  EXPECT_EQ(told.load(), 2u);
  EXPECT_FALSE(log->wait_for(2, std::chrono::milliseconds(10)));
}

TEST(EventEnvelope, DecodingRejectsTruncatedAndNewerRecords) {
  Event e = ev("u", "{\"a\":1}", "k");
  const std::string bytes = encode_event(e);
  auto ok = decode_event(bytes);
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->payload, e.payload);
  auto truncated = decode_event(bytes.substr(0, bytes.size() - 3));
  ASSERT_FALSE(truncated);
  EXPECT_EQ(truncated.error().code, Errc::corruption);
  std::string newer = bytes;
  newer[0] = 9;
  auto nv = decode_event(newer);
  ASSERT_FALSE(nv);
  EXPECT_EQ(nv.error().code, Errc::unsupported);
}

TEST(EventLog, CleanCloseLeavesNoWriteAheadLogToReplay) {
  test::TmpDir d;
  {
    auto log = open_log(d);
    for (int i = 0; i < 200; ++i) ASSERT_TRUE(log->append({ev("u", std::string(500, 'x'))}));
    EventLog::Txn t;
    t.cursors.push_back({"c", 0, 200});  // data in a second, small column family
    ASSERT_TRUE(log->commit(std::move(t)));
  }
  std::uintmax_t wal_bytes = 0;
  for (const auto& f : std::filesystem::directory_iterator(d.path() / "db"))
    if (f.path().extension() == ".log") wal_bytes += f.file_size();
  EXPECT_EQ(wal_bytes, 0u) << "memtables are flushed at close, so a restart replays nothing";
  auto log = open_log(d);
  EXPECT_EQ(log->head(), 200u);
  EXPECT_EQ(log->cursor("c"), 200u);
}

TEST(EventLog, ACheckpointMovesItsCursorWithItsStateAndRefusesEventsOrAStaleCursor) {
  test::TmpDir d;
  {
    auto log = open_log(d, /*fsync=*/true);
    ASSERT_TRUE(log->append({ev("u", "{}"), ev("u", "{}"), ev("u", "{}")}));
    EventLog::Txn with_events;
    with_events.events.push_back(ev("u", "{}"));
    auto r = log->commit_checkpoint(std::move(with_events));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, Errc::invalid_argument);
    EXPECT_EQ(log->head(), 3u);

    EventLog::Txn cp;
    cp.cursors.push_back({"state", 0, 3});
    cp.state_puts.emplace_back("m/1", "one");
    cp.state_puts.emplace_back("m/2", "two");
    cp.meta_puts.emplace_back("test.note", "7");
    ASSERT_TRUE(log->commit_checkpoint(std::move(cp)));
    EXPECT_EQ(log->cursor("state"), 3u);

    EventLog::Txn stale;  // a second copy that still believes the cursor is at 0
    stale.cursors.push_back({"state", 0, 3});
    stale.state_deletes.push_back("m/1");
    r = log->commit_checkpoint(std::move(stale));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().code, Errc::conflict);
    EXPECT_EQ(log->get_state("m/1")->value_or(""), "one") << "nothing of a refused checkpoint";

    EventLog::Txn next;
    next.cursors.push_back({"state", 3, 3});
    next.state_deletes.push_back("m/1");
    ASSERT_TRUE(log->commit_checkpoint(std::move(next)));
  }
  auto log = open_log(d, /*fsync=*/true);
  EXPECT_EQ(log->cursor("state"), 3u);
  EXPECT_FALSE(log->get_state("m/1")->has_value());
  EXPECT_EQ(log->get_state("m/2")->value_or(""), "two");
  EXPECT_EQ(log->get_meta("test.note")->value_or(""), "7");
}

TEST(EventLog, ACheckpointSurvivesTheProcessDyingWithoutClosingTheLog) {
  // A checkpoint is not synced: it reaches the OS with the WAL, which
  // outlives the process (kill -9); only a machine crash can lose it, and
  // then the database comes back without all of it, never with half.
  test::TmpDir d;
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    EventLog::Options o;
    o.dir = d.str();
    o.fsync = true;
    auto log = EventLog::open(o);
    if (!log || !(*log)->append({ev("u", "{}"), ev("u", "{}")})) _exit(2);
    EventLog::Txn cp;
    cp.cursors.push_back({"state", 0, 2});
    for (int i = 0; i < 1000; ++i)
      cp.state_puts.emplace_back("m/" + std::to_string(i), std::string(500, 'x'));
    if (!(*log)->commit_checkpoint(std::move(cp))) _exit(3);
    _exit(0);  // no destructor: the memtables are never flushed, the WAL not closed
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status));
  ASSERT_EQ(WEXITSTATUS(status), 0);
  auto log = open_log(d);
  EXPECT_EQ(log->head(), 2u);
  EXPECT_EQ(log->cursor("state"), 2u);
  std::size_t n = 0;
  ASSERT_TRUE(log->scan_state("m/", [&](std::string_view, std::string_view v) {
    EXPECT_EQ(v.size(), 500u);
    ++n;
    return true;
  }));
  EXPECT_EQ(n, 1000u);
}
