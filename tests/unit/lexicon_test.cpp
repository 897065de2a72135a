// lexicon_test: the curated lexicons load from the binary or a directory,
// errors name the file and line, and editing the data changes behaviour
// (single- vs multi-valued slots are data, not code).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/support/lexicon.hpp"
#include "tests/support/tmpdir.hpp"

using namespace credence;

namespace {
std::shared_ptr<const WordNet> wordnet() {
  static auto wn = WordNet::load();
  return *wn;
}
std::string read_all(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

TEST(Lexicon, TheBuiltInCopyEqualsConfigLexicon) {
  const auto files = Lexicon::builtin_files();
  ASSERT_GE(files.size(), 11u);
  for (const auto& [name, contents] : files)
    EXPECT_EQ(read_all(std::filesystem::path(CREDENCE_CONFIG_DIR) / "lexicon" / name), contents) << name;
}

TEST(Lexicon, LoadsFromADirectory) {
  auto lex = Lexicon::load(wordnet(), std::string(CREDENCE_CONFIG_DIR) + "/lexicon");
  ASSERT_TRUE(lex) << lex.error().message;
  EXPECT_NE((*lex)->slot("residence"), nullptr);
}

TEST(Lexicon, MissingDirectoryOrFileIsAnErrorNamingTheSetting) {
  auto lex = Lexicon::load(wordnet(), "/nonexistent/lexicon");
  ASSERT_FALSE(lex);
  EXPECT_EQ(lex.error().field, "judge.lexicon_dir");
  JudgeConfig cfg;
  cfg.wordnet_dir = "/nonexistent/wordnet";
  EXPECT_FALSE(Lexicon::load(cfg));
}

TEST(Lexicon, AMalformedLineNamesFileAndLine) {
  test::TmpDir d;
  for (const auto& e : std::filesystem::directory_iterator(std::string(CREDENCE_CONFIG_DIR) + "/lexicon"))
    std::filesystem::copy_file(e.path(), d.path() / e.path().filename());
  std::ofstream(d.path() / "slots.txt", std::ios::app) << "broken | sometimes | x | y\n";
  auto lex = Lexicon::load(wordnet(), d.str());
  ASSERT_FALSE(lex);
  EXPECT_NE(lex.error().message.find("slots.txt:"), std::string::npos) << lex.error().message;
}

TEST(Lexicon, AUnitTakesAnOptionalOffsetAfterItsFactor) {
  auto load_with = [](const std::string& line) {
    test::TmpDir d;
    for (const auto& e : std::filesystem::directory_iterator(std::string(CREDENCE_CONFIG_DIR) + "/lexicon"))
      std::filesystem::copy_file(e.path(), d.path() / e.path().filename());
    std::ofstream(d.path() / "units.txt", std::ios::app) << line << "\n";
    return Lexicon::load(wordnet(), d.str());
  };
  auto ok = load_with("degk | temperature | 1 -273.15 | kelvin, degrees kelvin");
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_DOUBLE_EQ((*ok)->unit("kelvin")->offset, -273.15);
  EXPECT_DOUBLE_EQ((*ok)->unit("celsius")->offset, 0.0);
  for (const char* bad : {"degk | temperature | 1 cold | kelvin", "degk | temperature | 1 -273.15 x | kelvin"}) {
    auto lex = load_with(bad);
    ASSERT_FALSE(lex) << bad;
    EXPECT_NE(lex.error().message.find("units.txt:"), std::string::npos) << lex.error().message;
  }
}

TEST(Lexicon, SlotCardinalityIsDataNotCode) {
  test::TmpDir d;
  for (const auto& e : std::filesystem::directory_iterator(std::string(CREDENCE_CONFIG_DIR) + "/lexicon"))
    std::filesystem::copy_file(e.path(), d.path() / e.path().filename());
  std::string slots = read_all(d.path() / "slots.txt");
  const auto pos = slots.find("speak         | multi");
  ASSERT_NE(pos, std::string::npos);
  slots.replace(pos, std::string("speak         | multi").size(), "speak         | single");
  std::ofstream(d.path() / "slots.txt") << slots;
  auto lex = Lexicon::load(wordnet(), d.str());
  ASSERT_TRUE(lex) << lex.error().message;
  JudgeInput a, b;
  a.text = "I speak French";
  b.text = "I speak Spanish";
  EXPECT_EQ(judge(test::lexicon(), a, b).classification, Classification::compatible);
  EXPECT_EQ(judge(**lex, a, b).classification, Classification::true_contradiction);
}

TEST(Lexicon, PhrasesMatchEveryInflection) {
  const Lexicon& lex = test::lexicon();
  for (const char* text : {"I moved to Berlin", "I am moving to Berlin", "She moves to Berlin"}) {
    Claim c = test::claim(text);
    EXPECT_FALSE(c.change_cues.empty()) << text;
  }
  EXPECT_EQ(lex.lemma("lives"), "live");
  EXPECT_EQ(lex.lemma("left"), "leave");
  EXPECT_EQ(lex.lemma("children"), "child");
  EXPECT_EQ(lex.canonical("mom"), "mother");
}
