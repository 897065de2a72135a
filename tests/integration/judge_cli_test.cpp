// judge_cli_test: `credence classify` and `credence eval` as a user runs
// them: JSON lines in and out, malformed lines reported by line number and
// field while the rest still runs, the built-in lexicon from any directory,
// and the evaluation figures (text and --json) on memory pairs, SICK and
// Breaking NLI files.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "common/json_reader.hpp"
#include "tests/integration/process.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;

namespace {

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);)
    if (!l.empty()) out.push_back(l);
  return out;
}

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

std::string pair(const std::string& id, const std::string& a, const std::string& b, const std::string& extra = "") {
  return R"({"id": ")" + id + R"(", "existing": {"text": ")" + a + R"(", "kind": "trait"}, "incoming": {"text": ")" +
         b + R"(", "kind": "trait", "created_at": "2026-11-22T09:00:00Z", "source": "explicit", "confidence": 0.9})" +
         extra + "}";
}

std::string read_file(const std::string& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST(ClassifyCli, WritesOneVerdictLinePerPairWithEveryField) {
  const std::string input = pair("p1", "I like Honda", "I hate Honda") + "\n" +
                            pair("p2", "I live in Paris", "I moved to Berlin") + "\n" +
                            pair("p3", "The timeout is 30 seconds", "The timeout is 30s") + "\n";
  auto r = test::run({CREDENCE_BIN, "classify"}, input);
  ASSERT_EQ(r.code, 0) << r.output;
  auto out = lines(r.output);
  ASSERT_EQ(out.size(), 3u) << r.output;
  simdjson::dom::parser parser;
  const char* expected[][4] = {{"p1", "true_contradiction", "block", "ADD"},
                               {"p2", "temporal_change", "clean", "UPDATE"},
                               {"p3", "duplicate", "clean", "NOOP"}};
  for (std::size_t i = 0; i < out.size(); ++i) {
    auto obj = json::parse_object(parser, out[i]);
    ASSERT_TRUE(obj) << out[i];
    json::ObjReader o(*obj);
    EXPECT_EQ(o.str("id"), expected[i][0]);
    EXPECT_EQ(o.str("classification"), expected[i][1]);
    EXPECT_EQ(o.str("tier"), expected[i][2]);
    EXPECT_EQ(o.str("action"), expected[i][3]);
    for (const char* key : {"confidence", "reasoning", "temporal_signal", "surface_context", "severity", "nli"})
      EXPECT_TRUE(o.has(key)) << key << " in " << out[i];
    auto claims = o.obj("claims", true);
    ASSERT_TRUE(claims);
    auto ex = claims->obj("existing", true);
    ASSERT_TRUE(ex);
    EXPECT_EQ(ex->str("subject"), i < 2 ? "user" : "timeout");
    EXPECT_TRUE(claims->obj("incoming", true));
    EXPECT_TRUE(o.ok()) << o.error().message;
  }
  EXPECT_TRUE(contains(out[0], R"("severity":"critical")"));
  EXPECT_TRUE(contains(out[1], R"("temporal_signal":true)"));
}

TEST(ClassifyCli, AMalformedLineIsReportedByLineAndFieldAndTheRestStillRuns) {
  const std::string input = pair("ok1", "I like Honda", "I like Toyota") + "\n" +
                            R"({"id": "bad1", "existing": {"text": "I like Honda"}, "incoming": {"kind": "trait"}})" +
                            "\n" + "this is not json\n" +
                            R"({"id": "bad3", "existing": {"text": "x", "kind": "planet"}, "incoming": {"text": "y"}})" +
                            "\n" + pair("ok2", "I speak French", "I speak Spanish") + "\n";
  auto r = test::run({CREDENCE_BIN, "classify"}, input);
  EXPECT_EQ(r.code, 1) << r.output;
  auto out = lines(r.output);
  ASSERT_EQ(out.size(), 5u) << r.output;
  EXPECT_TRUE(contains(out[0], R"("id":"ok1")"));
  EXPECT_TRUE(contains(out[1], R"("line":2)")) << out[1];
  EXPECT_TRUE(contains(out[1], R"("field":"incoming.text")")) << out[1];
  EXPECT_TRUE(contains(out[2], R"("line":3)")) << out[2];
  EXPECT_TRUE(contains(out[2], "malformed JSON")) << out[2];
  EXPECT_TRUE(contains(out[3], R"("field":"existing.kind")")) << out[3];
  EXPECT_TRUE(contains(out[4], R"("id":"ok2")"));
  EXPECT_TRUE(contains(out[4], R"("classification":"compatible")"));
}

TEST(ClassifyCli, UsesTheBuiltInLexiconFromAnyDirectory) {
  test::TmpDir d;
  auto r = test::run({"/bin/sh", "-c", std::string("cd ") + d.str() + " && exec " + CREDENCE_BIN + " classify"},
                     pair("x", "Mom lives in Canada", "Mom lives in China") + "\n");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, R"("classification":"true_contradiction")")) << r.output;
}

TEST(ClassifyCli, AnUnreadableLexiconDirectoryIsAConfigurationError) {
  auto r = test::run({CREDENCE_BIN, "classify", "--set", "judge.lexicon_dir=/nonexistent/lexicon"}, "");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(contains(r.output, "/nonexistent/lexicon")) << r.output;
}

TEST(EvalCli, PairsReportPerClassFiguresConfusionAndConflictF1) {
  test::TmpDir d;
  const std::string data = (d.path() / "pairs.jsonl").string();
  std::ofstream(data) << pair("1", "I like Honda", "I hate Honda", R"(, "label": "true_contradiction", "split": "a")")
                      << "\n"
                      << pair("2", "I live in Paris", "I moved to Berlin", R"(, "label": "temporal_change", "split": "b")")
                      << "\n"
                      << pair("3", "I speak French", "I speak Spanish", R"(, "label": "compatible", "split": "a")")
                      << "\n"
                      << pair("4", "I speak French", "I speak German", R"(, "label": "true_contradiction", "split": "b")")
                      << "\n";
  const std::string json = (d.path() / "out.json").string();
  auto r = test::run({CREDENCE_BIN, "eval", "--dataset", data, "--format", "pairs", "--json", json, "--quiet"});
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "seven-way accuracy 0.750")) << r.output;
  EXPECT_TRUE(contains(r.output, "conflict detection")) << r.output;
  EXPECT_TRUE(contains(r.output, "confusion matrix")) << r.output;
  EXPECT_TRUE(contains(r.output, "split a")) << r.output;
  simdjson::dom::parser parser;
  const std::string body = read_file(json);
  auto obj = json::parse_object(parser, body);
  ASSERT_TRUE(obj) << body;
  json::ObjReader o(*obj);
  EXPECT_DOUBLE_EQ(o.num("accuracy"), 0.75);
  EXPECT_EQ(o.integer("n"), 4);
  auto conflict = o.obj("conflict", true);
  ASSERT_TRUE(conflict);
  EXPECT_NEAR(conflict->num("recall"), 2.0 / 3.0, 1e-9);
  EXPECT_DOUBLE_EQ(conflict->num("precision"), 1.0);
  EXPECT_TRUE(o.obj("per_class", true));
  EXPECT_TRUE(o.obj("confusion", true));
  EXPECT_EQ(o.integer("false_blocks"), 0);
  auto only_a = test::run({CREDENCE_BIN, "eval", "--dataset", data, "--format", "pairs", "--split", "a", "--quiet"});
  EXPECT_TRUE(contains(only_a.output, ": 2 pairs")) << only_a.output;
}

TEST(EvalCli, FeaturesWritesEachPairsLearnedFallbackFeaturesAndLabel) {
  test::TmpDir d;
  const std::string data = (d.path() / "pairs.jsonl").string();
  std::ofstream(data) << pair("n1", "I eat fish", "I don't eat fish", R"(, "label": "true_contradiction")") << "\n"
                      << pair("n2", "In staging debug logs are on", "In production debug logs are off",
                              R"(, "label": "context_dependent")")
                      << "\n";
  const std::string feats = (d.path() / "features.jl").string();
  auto r = test::run({CREDENCE_BIN, "eval", "--dataset", data, "--format", "pairs", "--quiet", "--features", feats});
  ASSERT_EQ(r.code, 0) << r.output;
  const auto out = lines(read_file(feats));
  ASSERT_EQ(out.size(), 2u);
  simdjson::dom::parser parser;
  const char* expect[][3] = {{"n1", "true_contradiction", "neg_xor"}, {"n2", "context_dependent", "scope_contrast"}};
  for (std::size_t i = 0; i < out.size(); ++i) {
    auto obj = json::parse_object(parser, out[i]);
    ASSERT_TRUE(obj) << out[i];
    json::ObjReader o(*obj);
    EXPECT_EQ(o.str("id"), expect[i][0]);
    EXPECT_EQ(o.str("label"), expect[i][1]);
    auto f = o.obj("features", true);
    ASSERT_TRUE(f) << out[i];
    EXPECT_DOUBLE_EQ(f->num("bias"), 1.0) << out[i];
    EXPECT_DOUBLE_EQ(f->num(expect[i][2]), 1.0) << out[i];
  }
  // NLI data has no memory labels to train on.
  auto nli = test::run({CREDENCE_BIN, "eval", "--dataset", data, "--format", "sick", "--features", feats});
  EXPECT_EQ(nli.code, 2);
  EXPECT_TRUE(contains(nli.output, "--features needs --format pairs")) << nli.output;
}

// The committed weights (config/lexicon/judge_model.txt) are what training
// on the committed data gives: nobody tuned them by hand, and a change to the
// normaliser or the features that is not followed by a new training fails here.
TEST(TrainJudgeModel, TheCommittedWeightsAreReproducibleFromTheCommittedData) {
  auto r = test::run({"/usr/bin/python3", std::string(CREDENCE_SOURCE_DIR) + "/scripts/train-judge-model", "--check",
                      "--credence", CREDENCE_BIN});
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "matches")) << r.output;
}

TEST(EvalCli, SickHonoursTheSemEvalSplit) {
  test::TmpDir d;
  const std::string data = (d.path() / "sick.tsv").string();
  std::ofstream(data)
      << "pair_ID\tsentence_A\tsentence_B\tentailment_label\trelatedness_score\tSemEval_set\n"
      << "1\tA man is playing a guitar\tThere is no man playing a guitar\tCONTRADICTION\t4\tTRAIN\n"
      << "2\tA woman is chopping onions\tA woman is cutting onions\tENTAILMENT\t4.5\tTRIAL\n"
      << "3\tA dog is running\tA brown dog is running in the park\tNEUTRAL\t3\tTRIAL\n";
  auto all = test::run({CREDENCE_BIN, "eval", "--dataset", data, "--format", "sick", "--quiet"});
  ASSERT_EQ(all.code, 0) << all.output;
  EXPECT_TRUE(contains(all.output, ": 3 pairs")) << all.output;
  EXPECT_TRUE(contains(all.output, "three-way accuracy 1.000")) << all.output;
  EXPECT_TRUE(contains(all.output, "separate scene")) << all.output;
  auto trial = test::run({CREDENCE_BIN, "eval", "--dataset", data, "--format", "sick", "--split", "TRIAL", "--quiet"});
  EXPECT_TRUE(contains(trial.output, ": 2 pairs")) << trial.output;
  EXPECT_TRUE(contains(trial.output, "TRIAL")) << trial.output;
}

TEST(EvalCli, BreakingNliReportsPerCategory) {
  test::TmpDir d;
  const std::string data = (d.path() / "bnli.jsonl").string();
  std::ofstream(data)
      << R"({"sentence1": "A man in a red shirt sings.", "sentence2": "A man in a blue shirt sings.", "gold_label": "contradiction", "category": "colors", "pairID": 1})"
      << "\n"
      << R"({"sentence1": "Two dogs play.", "sentence2": "Three dogs play.", "gold_label": "contradiction", "category": "cardinals", "pairID": 2})"
      << "\n"
      << R"({"sentence1": "The little girl smiles.", "sentence2": "The tiny girl smiles.", "gold_label": "entailment", "category": "synonyms", "pairID": 3})"
      << "\n";
  const std::string json = (d.path() / "out.json").string();
  auto r = test::run({CREDENCE_BIN, "eval", "--dataset", data, "--format", "breaking-nli", "--json", json, "--quiet"});
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "three-way accuracy 1.000")) << r.output;
  for (const char* cat : {"colors", "cardinals", "synonyms"}) EXPECT_TRUE(contains(r.output, cat)) << cat;
  EXPECT_TRUE(contains(read_file(json), R"("per_category")"));
}

TEST(EvalCli, TheDevSetMeetsTheTargetsThroughTheBinary) {
  test::TmpDir d;
  const std::string json = (d.path() / "dev.json").string();
  auto r = test::run({CREDENCE_BIN, "eval", "--dataset", std::string(CREDENCE_SOURCE_DIR) + "/tests/data/pairs_dev.jsonl",
                      "--format", "pairs", "--json", json, "--quiet"});
  ASSERT_EQ(r.code, 0) << r.output;
  simdjson::dom::parser parser;
  const std::string body = read_file(json);
  auto obj = json::parse_object(parser, body);
  ASSERT_TRUE(obj);
  json::ObjReader o(*obj);
  EXPECT_GE(o.num("accuracy"), 0.85);
  EXPECT_GE(o.obj("conflict", true)->num("f1"), 0.90);
  EXPECT_EQ(o.integer("false_blocks"), 0);
}

TEST(EvalCli, UnknownFormatOrMissingFileFails) {
  EXPECT_NE(test::run({CREDENCE_BIN, "eval", "--dataset", "x", "--format", "csv"}).code, 0);
  EXPECT_EQ(test::run({CREDENCE_BIN, "eval", "--dataset", "/nonexistent.jsonl", "--format", "pairs", "--quiet"}).code, 2);
}
