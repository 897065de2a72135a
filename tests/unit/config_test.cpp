// config_test: defaults, the shipped credence.toml, validation errors that
// name the key and line, and the precedence defaults < file < env < flags.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "config/config.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;

namespace {
std::string write_file(const test::TmpDir& d, const std::string& body) {
  const auto p = (d.path() / "c.toml").string();
  std::ofstream(p) << body;
  return p;
}
std::string read_all(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

TEST(Config, ShippedFileLoadsAndEqualsTheBuiltInDefaults) {
  const std::string path = std::string(CREDENCE_CONFIG_DIR) + "/credence.toml";
  auto c = load_config(path, {});
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(render_toml(*c), render_toml(Config{}));
}

TEST(Config, ShippedFileDocumentsEverySettingWithItsDefault) {
  const std::string text =
      read_all(std::string(CREDENCE_CONFIG_DIR) + "/credence.toml");
  std::string section;
  for (const auto& s : describe_settings()) {
    EXPECT_NE(text.find("[" + s.section + "]"), std::string::npos) << s.section;
    const std::string line = s.key + " = " + s.default_value;
    EXPECT_NE(text.find(line), std::string::npos)
        << "credence.toml lacks `" << line << "` in [" << s.section << "]";
  }
}

TEST(Config, UnknownKeyIsAnErrorNamingKeyAndLine) {
  test::TmpDir d;
  auto p = write_file(d, "[store]\nsync = \"os\"\nsinc = \"os\"\n");
  auto c = load_config(p, {});
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find(":3:"), std::string::npos) << c.error().message;
  EXPECT_NE(c.error().message.find("store.sinc"), std::string::npos);
  EXPECT_EQ(c.error().field, "store.sinc");
}

TEST(Config, UnknownSectionIsAnError) {
  test::TmpDir d;
  auto c = load_config(write_file(d, "[nope]\nx = 1\n"), {});
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("unknown section `nope`"), std::string::npos);
}

TEST(Config, WrongTypeIsAnErrorNamingKeyAndLine) {
  test::TmpDir d;
  auto c = load_config(write_file(d, "[server]\n\nthreads = \"eight\"\n"), {});
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find(":3:"), std::string::npos) << c.error().message;
  EXPECT_NE(c.error().message.find("server.threads"), std::string::npos);
  EXPECT_NE(c.error().message.find("an integer"), std::string::npos);
}

TEST(Config, SyntaxErrorNamesTheLine) {
  test::TmpDir d;
  auto c = load_config(write_file(d, "[server]\nlisten = \n"), {});
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find(":2:"), std::string::npos) << c.error().message;
}

TEST(Config, EnumAndRangeValuesAreValidated) {
  auto c = load_config(std::nullopt, {{"CREDENCE_STORE_SYNC", "sometimes"}});
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().field, "store.sync");
  EXPECT_NE(c.error().message.find("fsync, os"), std::string::npos);
  auto r = load_config(std::nullopt, {}, {{"server.threads", "0"}});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().field, "server.threads");
}

TEST(Config, PrecedenceIsDefaultsThenFileThenEnvThenFlags) {
  test::TmpDir d;
  auto p = write_file(d, "[server]\nlisten = \"127.0.0.1:1111\"\nthreads = 3\n");
  auto file_only = load_config(p, {});
  ASSERT_TRUE(file_only);
  EXPECT_EQ(file_only->server.listen, "127.0.0.1:1111");
  EXPECT_EQ(file_only->server.threads, 3);
  auto with_env = load_config(p, {{"CREDENCE_SERVER_LISTEN", "127.0.0.1:2222"}});
  ASSERT_TRUE(with_env);
  EXPECT_EQ(with_env->server.listen, "127.0.0.1:2222");
  EXPECT_EQ(with_env->server.threads, 3);
  auto with_flag = load_config(p, {{"CREDENCE_SERVER_LISTEN", "127.0.0.1:2222"}},
                               {{"server.listen", "127.0.0.1:3333"}});
  ASSERT_TRUE(with_flag);
  EXPECT_EQ(with_flag->server.listen, "127.0.0.1:3333");
}

TEST(Config, AuthTokenAliasVariableIsRead) {
  auto c = load_config(std::nullopt, {{"CREDENCE_AUTH_TOKEN", "s3cret"}});
  ASSERT_TRUE(c);
  EXPECT_EQ(c->server.auth_token, "s3cret");
}

TEST(Config, BadEnvironmentValueNamesTheVariable) {
  auto c = load_config(std::nullopt, {{"CREDENCE_SERVER_THREADS", "many"}});
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("CREDENCE_SERVER_THREADS"), std::string::npos);
}

TEST(Config, UnknownCommandLineSettingIsRejected) {
  auto c = load_config(std::nullopt, {}, {{"store.nope", "1"}});
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("store.nope"), std::string::npos);
}

TEST(Config, PolicyThresholdsComeFromTheFile) {
  test::TmpDir d;
  auto c = load_config(write_file(d, "[resolution]\ndominance_ratio = 3\n[gate]\nconfidence_penalty = 0.5\n"), {});
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_DOUBLE_EQ(c->policy.resolution.dominance_ratio, 3.0);
  EXPECT_DOUBLE_EQ(c->policy.gate.confidence_penalty, 0.5);
  EXPECT_DOUBLE_EQ(c->policy.tolerance.correction, -0.03) << "untouched keys keep the seed value";
}

TEST(Config, InconsistentToleranceBoundsAreRejected) {
  auto c = load_config(std::nullopt, {{"CREDENCE_TOLERANCE_BASELINE", "0.9"}});
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().field, "tolerance.baseline");
}

TEST(Config, PrescreenKindListsAreValidated) {
  auto ok = load_config(std::nullopt, {{"CREDENCE_PRESCREEN_DRIFT_KINDS", "trait, episode"}});
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(ok->prescreen.drift_kinds, "trait, episode");
  auto bad = load_config(std::nullopt, {{"CREDENCE_PRESCREEN_INGESTION_KINDS", "trait,belief"}});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().field, "prescreen.ingestion_kinds");
  EXPECT_NE(bad.error().message.find("\"belief\""), std::string::npos) << bad.error().message;
  EXPECT_FALSE(load_config(std::nullopt, {{"CREDENCE_PRESCREEN_INGESTION_KINDS", ""}}));
}

TEST(Config, EmbedderAndPrescreenBoundsMustBeConsistent) {
  auto c = load_config(std::nullopt, {{"CREDENCE_EMBEDDER_MAX_BACKOFF_MS", "10"},
                                      {"CREDENCE_EMBEDDER_BACKOFF_MS", "50"}});
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().field, "embedder.max_backoff_ms");
  auto p = load_config(std::nullopt, {{"CREDENCE_PRESCREEN_HIGH_SIMILARITY", "0.2"}});
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().field, "prescreen.high_similarity");
  auto k = load_config(std::nullopt, {{"CREDENCE_EMBEDDER_KIND", "word2vec"}});
  ASSERT_FALSE(k);
  EXPECT_EQ(k.error().field, "embedder.kind");
}
