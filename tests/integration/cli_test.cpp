// cli_test: the credence binary's commands against real data directories:
// help text, config errors, log dump/stats, replay --verify (and detecting a
// tampered state), refusal of newer data, and serve's SIGTERM drain.
#include <gtest/gtest.h>

#include <csignal>
#include <fstream>

#include "engine/events.hpp"
#include "store/state_store.hpp"
#include "tests/integration/process.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;
using namespace std::chrono_literals;

namespace {

Memory mem(const std::string& id, const std::string& user, const std::string& text) {
  Memory m;
  m.id = id;
  m.user = user;
  m.text = text;
  m.claim.subject = "user";
  m.claim.subject_kind = SubjectKind::present;
  m.created_at = 1000;
  return m;
}

/// Builds a data directory with a few users' memories through the state store.
void populate(const std::string& dir, int n) {
  EventLog::Options o;
  o.dir = dir;
  o.fsync = false;
  auto log = std::move(*EventLog::open(o));
  auto ss = std::move(*StateStore::open(*log, {}));
  for (int i = 0; i < n; ++i) {
    const std::string user = i % 2 ? "bob" : "alice";
    ASSERT_TRUE(ss->submit({events::memory_added(mem("mem_" + std::to_string(i), user,
                                                     "fact " + std::to_string(i)),
                                                 1000 + i)}));
  }
  ASSERT_TRUE(ss->submit({events::memory_reinforced("alice", "mem_0", 0.99, 5000)}));
  ASSERT_TRUE(ss->flush());
}

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

}  // namespace

TEST(Cli, HelpDescribesEveryCommandAndFlag) {
  auto r = test::run({CREDENCE_BIN, "--help"});
  EXPECT_EQ(r.code, 0);
  for (const char* cmd : {"serve", "replay", "log", "config", "classify", "eval"})
    EXPECT_TRUE(contains(r.output, cmd)) << cmd;
  auto eval = test::run({CREDENCE_BIN, "eval", "--help"});
  for (const char* f : {"--dataset", "--format", "--json", "--split"}) EXPECT_TRUE(contains(eval.output, f)) << f;
  auto replay = test::run({CREDENCE_BIN, "replay", "--help"});
  EXPECT_EQ(replay.code, 0);
  EXPECT_TRUE(contains(replay.output, "--verify"));
  EXPECT_TRUE(contains(replay.output, "--data-dir"));
  auto dump = test::run({CREDENCE_BIN, "log", "dump", "--help"});
  for (const char* f : {"--from", "--user", "--data-dir"}) EXPECT_TRUE(contains(dump.output, f)) << f;
  auto serve = test::run({CREDENCE_BIN, "serve", "--help"});
  for (const char* f : {"--listen", "--data-dir", "--config"}) EXPECT_TRUE(contains(serve.output, f)) << f;
}

TEST(Cli, UnknownCommandOrFlagFailsWithUsage) {
  EXPECT_NE(test::run({CREDENCE_BIN, "frobnicate"}).code, 0);
  EXPECT_NE(test::run({CREDENCE_BIN, "replay", "--data-dir", "/tmp", "--bogus"}).code, 0);
}

TEST(Cli, ConfigErrorNamesFileLineAndKey) {
  test::TmpDir d;
  const auto path = (d.path() / "bad.toml").string();
  std::ofstream(path) << "[store]\nsink = \"os\"\n";
  auto r = test::run({CREDENCE_BIN, "config", "--config", path});
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.output, path + ":2")) << r.output;
  EXPECT_TRUE(contains(r.output, "store.sink")) << r.output;
}

TEST(Cli, ConfigPrintsEffectiveSettingsWithOverrides) {
  auto r = test::run({CREDENCE_BIN, "config", "--set", "store.sync=os"},
                     "", {"CREDENCE_SERVER_LISTEN=127.0.0.1:9999"});
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "sync = \"os\""));
  EXPECT_TRUE(contains(r.output, "listen = \"127.0.0.1:9999\""));
}

TEST(Cli, LogDumpWritesJsonLinesAndFilters) {
  test::TmpDir d;
  populate(d.str(), 6);
  auto all = test::run({CREDENCE_BIN, "log", "dump", "--data-dir", d.str()});
  EXPECT_EQ(all.code, 0);
  int lines = 0;
  std::istringstream in(all.output);
  for (std::string line; std::getline(in, line);) {
    ++lines;
    EXPECT_EQ(line.front(), '{');
    EXPECT_TRUE(contains(line, "\"type\":\"memory."));
  }
  EXPECT_EQ(lines, 7);
  auto bob = test::run({CREDENCE_BIN, "log", "dump", "--data-dir", d.str(), "--user", "bob"});
  EXPECT_EQ(std::count(bob.output.begin(), bob.output.end(), '\n'), 3);
  EXPECT_FALSE(contains(bob.output, "\"user\":\"alice\""));
  auto from = test::run({CREDENCE_BIN, "log", "dump", "--data-dir", d.str(), "--from", "6"});
  EXPECT_EQ(std::count(from.output.begin(), from.output.end(), '\n'), 2);
  EXPECT_TRUE(contains(from.output, "\"seq\":6"));
}

TEST(Cli, LogStatsCountsByTypeAndPrintsTheHead) {
  test::TmpDir d;
  populate(d.str(), 4);
  auto r = test::run({CREDENCE_BIN, "log", "stats", "--data-dir", d.str()});
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "head 5"));
  EXPECT_TRUE(contains(r.output, "memory.added")) << r.output;
  EXPECT_TRUE(contains(r.output, "memory.reinforced"));
  EXPECT_TRUE(contains(r.output, "cursor state")) << r.output;
}

TEST(Cli, ReplayVerifyAgreesWithTheLiveState) {
  test::TmpDir d;
  populate(d.str(), 20);
  auto r = test::run({CREDENCE_BIN, "replay", "--data-dir", d.str(), "--verify"});
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "verify ok")) << r.output;
  EXPECT_TRUE(contains(r.output, "memories 20"));
}

TEST(Cli, ReplayVerifyDetectsATamperedLiveState) {
  test::TmpDir d;
  populate(d.str(), 5);
  {
    EventLog::Options o;
    o.dir = d.str();
    auto log = std::move(*EventLog::open(o));
    EventLog::Txn t;
    t.state_puts.emplace_back("m/mem_3", "{\"id\":\"mem_3\",\"text\":\"tampered\"}");
    ASSERT_TRUE(log->commit(std::move(t)));
  }
  auto r = test::run({CREDENCE_BIN, "replay", "--data-dir", d.str(), "--verify"});
  EXPECT_EQ(r.code, 1) << r.output;
  EXPECT_TRUE(contains(r.output, "MISMATCH"));
  EXPECT_TRUE(contains(r.output, "m/mem_3")) << "names the differing entity: " << r.output;
}

TEST(Cli, NewerDataDirectoryIsRefusedWithAClearMessage) {
  test::TmpDir d;
  populate(d.str(), 1);
  {
    EventLog::Options o;
    o.dir = d.str();
    auto log = std::move(*EventLog::open(o));
    EventLog::Txn t;
    t.meta_puts.emplace_back("schema_version", "7");
    ASSERT_TRUE(log->commit(std::move(t)));
  }
  auto r = test::run({CREDENCE_BIN, "replay", "--data-dir", d.str()});
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(contains(r.output, "schema version 7")) << r.output;
  auto s = test::run({CREDENCE_BIN, "serve", "--data-dir", d.str(), "--listen", "127.0.0.1:0"});
  EXPECT_EQ(s.code, 1);
  EXPECT_TRUE(contains(s.output, "schema version 7")) << s.output;
}

TEST(Cli, ServeAnswersHealthAndDrainsOnSigterm) {
  test::TmpDir d;
  auto p = test::Process::start({CREDENCE_BIN, "serve", "--data-dir", d.str(), "--listen",
                                 "127.0.0.1:0"},
                                {}, true);
  ASSERT_TRUE(p);
  std::string port;
  for (int i = 0; i < 100 && port.empty(); ++i) {
    auto line = p->read_line(100ms);
    if (!line) continue;
    auto pos = line->find("listening on 127.0.0.1:");
    if (pos != std::string::npos) {
      port = line->substr(pos + 23);
      port = port.substr(0, port.find(' '));
    }
  }
  ASSERT_FALSE(port.empty()) << "daemon did not report its port";
  auto health = test::run({"/usr/bin/curl", "-sf", "http://127.0.0.1:" + port + "/healthz"});
  EXPECT_EQ(health.code, 0) << health.output;
  EXPECT_TRUE(contains(health.output, "\"ok\""));
  p->kill(SIGTERM);
  auto code = p->wait_for(10s);
  ASSERT_TRUE(code.has_value()) << "serve did not exit after SIGTERM";
  EXPECT_EQ(*code, 0);
}
