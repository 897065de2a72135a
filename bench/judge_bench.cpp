// Judge benchmarks (issue 3). See docs/benchmarks.md, section "Judge (issue 3)".
//
//   build/bench/credence_bench_judge
//     BM_Normalize     one statement -> Claim (tokenise, lexicons, WordNet)
//     BM_JudgePair     one pair whose claims are already normalised (the
//                      write path: claims are stored with the memories)
//     BM_JudgeFromText one pair from raw text (both normalised inside)
//     BM_NliView       the NLI view of one sentence pair (measurement only)
// Each cycles through a fixed mix of statements and pairs covering every
// classification, so the figure is an average over realistic work.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "config/config.hpp"
#include "engine/judge.hpp"
#include "engine/lexicon.hpp"
#include "engine/nli.hpp"
#include "engine/normalizer.hpp"

using namespace credence;

namespace {

const Lexicon& lexicon() {
  static std::shared_ptr<const Lexicon> lex = [] {
    auto l = Lexicon::load(JudgeConfig{});
    if (!l) {
      std::fprintf(stderr, "cannot load the lexicon: %s\n", l.error().message.c_str());
      std::abort();
    }
    return *l;
  }();
  return *lex;
}

const std::vector<std::pair<std::string, std::string>>& pairs() {
  static const std::vector<std::pair<std::string, std::string>> p = {
      {"I like Honda", "I hate Honda"},
      {"Mom lives in Canada", "Mom lives in China"},
      {"The API listens on port 8080", "The API listens on port 9090"},
      {"The request timeout is 30 seconds", "The request timeout is 30s"},
      {"I work at Acme", "I left Acme and joined Globex"},
      {"I drink coffee every morning", "I quit coffee last month"},
      {"I prefer tea in the morning", "I prefer coffee after lunch"},
      {"The log level is debug in staging", "The log level is warn in production"},
      {"I hate mornings", "I woke up at 5am to watch the sunrise and loved it"},
      {"I speak French", "I speak Spanish"},
      {"I live in Austin", "I live in Texas"},
      {"I play the violin", "My dentist appointment is on Friday"},
      {"Deploys to production require approval", "Deploys to production don't require approval"},
      {"You must run the tests before merging", "Running the tests before merging is mandatory"},
      {"I don't have any pets", "I walk my dog every evening"},
      {"I'm a vegetarian", "These days I eat meat"},
      {"My favourite colour is green", "My favorite color is blue"},
      {"I have two kids", "I have three children"},
      {"We use Python 3.8", "We upgraded to Python 3.12"},
      {"Force pushes to main are not allowed", "Force pushes to main are forbidden"},
      // The second judge pass: history, habit vs stance, world knowledge, a
      // same-topic pair left to the second opinion.
      {"I work at Apple", "I worked at Google for five years before that"},
      {"I drink three cups of coffee every morning", "Actually I can't stand coffee"},
      {"I'm vegan", "I went to a steakhouse and loved the ribeye"},
      {"I wake up at 5am every day", "I'm a night owl and work from midnight to 4am"},
  };
  return p;
}

void BM_Normalize(benchmark::State& state) {
  const Lexicon& lex = lexicon();
  std::vector<std::string> texts;
  for (const auto& [a, b] : pairs()) texts.push_back(a), texts.push_back(b);
  std::size_t i = 0;
  for (auto _ : state) {
    Claim c = normalize(lex, texts[i], NormalizeContext{});
    benchmark::DoNotOptimize(c);
    i = (i + 1) % texts.size();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Normalize);

void BM_JudgePair(benchmark::State& state) {
  const Lexicon& lex = lexicon();
  std::vector<std::pair<Claim, Claim>> claims;
  for (const auto& [a, b] : pairs())
    claims.emplace_back(normalize(lex, a, {}), normalize(lex, b, {}));
  std::size_t i = 0;
  for (auto _ : state) {
    JudgeInput x, y;
    x.text = pairs()[i].first;
    x.claim = &claims[i].first;
    y.text = pairs()[i].second;
    y.claim = &claims[i].second;
    Verdict v = judge(lex, x, y);
    benchmark::DoNotOptimize(v);
    i = (i + 1) % claims.size();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_JudgePair);

void BM_JudgeFromText(benchmark::State& state) {
  const Lexicon& lex = lexicon();
  std::size_t i = 0;
  for (auto _ : state) {
    JudgeInput x, y;
    x.text = pairs()[i].first;
    y.text = pairs()[i].second;
    Verdict v = judge(lex, x, y);
    benchmark::DoNotOptimize(v);
    i = (i + 1) % pairs().size();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_JudgeFromText);

void BM_NliView(benchmark::State& state) {
  const Lexicon& lex = lexicon();
  static const std::vector<std::pair<std::string, std::string>> nli = {
      {"A man is playing a guitar", "There is no man playing a guitar"},
      {"Several women stand on a platform near the yellow line.",
       "Several women stand on a platform near the black line."},
      {"A woman is cutting onions", "A woman is chopping onions"},
      {"A dog is running on concrete and is holding a blue ball", "A dog is running on concrete"},
  };
  std::size_t i = 0;
  for (auto _ : state) {
    NliResult r = nli_view(lex, nli[i].first, nli[i].second);
    benchmark::DoNotOptimize(r);
    i = (i + 1) % nli.size();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_NliView);

}  // namespace

BENCHMARK_MAIN();
