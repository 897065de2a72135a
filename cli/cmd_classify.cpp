// `credence classify`: JSON lines of pairs on stdin -> one verdict line per
// input on stdout. A malformed line yields an error line naming the line
// number and the field; the rest still runs; exit 1 if any line was bad.
#include <cstdio>
#include <iostream>
#include <string>

#include "cli/commands.hpp"
#include "cli/judge_io.hpp"
#include "cli/setup.hpp"
#include "common/json_writer.hpp"
#include "engine/lexicon.hpp"
#include "engine/normalizer.hpp"

namespace credence::cli {

int cmd_classify(const Common& c) {
  auto cfg = load_or_report(c);
  if (!cfg) return 2;
  auto lex = Lexicon::load(cfg->judge);
  if (!lex) {
    std::fprintf(stderr, "credence: cannot load the judge's lexicon: %s\n",
                 lex.error().describe().c_str());
    return 2;
  }
  Judge judge(*lex);
  std::string line;
  std::size_t line_no = 0;
  bool bad = false;
  JsonWriter w;
  while (std::getline(std::cin, line)) {
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    w.clear();
    auto pair = parse_pair_line(line);
    if (!pair) {
      bad = true;
      w.begin_object();
      w.kv("line", static_cast<long long>(line_no));
      w.kv("error", pair.error().message);
      if (!pair.error().field.empty()) w.kv("field", pair.error().field);
      w.end_object();
      std::fprintf(stdout, "%s\n", w.str().c_str());
      continue;
    }
    auto ctx_of = [](const PairSide& s) {
      NormalizeContext ctx;
      ctx.kind = s.kind;
      ctx.created_at = s.created_at;
      ctx.valid_from = s.valid_from;
      return ctx;
    };
    const Claim ca = normalize(**lex, pair->existing.text, ctx_of(pair->existing));
    const Claim cb = normalize(**lex, pair->incoming.text, ctx_of(pair->incoming));
    const Verdict v = judge.classify(to_input(pair->existing, &ca), to_input(pair->incoming, &cb));
    w.begin_object();
    w.kv("id", pair->id);
    write_verdict_fields(w, v);
    w.key("claims").begin_object();
    w.key("existing");
    write_claim(w, ca);
    w.key("incoming");
    write_claim(w, cb);
    w.end_object();
    w.end_object();
    std::fprintf(stdout, "%s\n", w.str().c_str());
  }
  std::fflush(stdout);
  return bad ? 1 : 0;
}

}  // namespace credence::cli
