#pragma once
/// \file judge.hpp
/// The embedded judge (seed 003 stages 2 and 4): for an existing memory A and
/// an incoming statement B, can both be true? (docs/labels.md)
///
/// `judge()` is the structural stage: it compares the two normalised claims
/// (engine/normalizer.hpp) and returns a Verdict with the memory-view
/// classification, a confidence and its tier, the write-path views (ADD /
/// UPDATE / DELETE / NOOP and clean / warn / block), the severity from the
/// memory kinds (seed 000) and the NLI view of B given A. It is pure and
/// deterministic: no I/O, no clock, thread-safe over a shared Lexicon.
///
/// Later stages (a gated NLI model, an LLM) plug in as `JudgeStage`s behind
/// the structural one through `Judge`, which consults them only when the
/// structural verdict's tier is LOW.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/time.hpp"
#include "engine/claim.hpp"
#include "engine/model.hpp"
#include "engine/pair_model.hpp"

namespace credence {

class JsonWriter;
class Lexicon;

enum class ConfidenceTier : std::uint8_t { low, med, high };
/// Seed 004's classify-before-write decision.
enum class WriteAction : std::uint8_t { add, update, del, noop };
/// Seed 003's guarded-write outcome.
enum class WriteTier : std::uint8_t { clean, warn, block };
/// The classic NLI relation of B (hypothesis) to A (premise).
enum class Nli : std::uint8_t { entailment, contradiction, neutral };

const char* to_string(ConfidenceTier v);  ///< "HIGH" | "MED" | "LOW"
const char* to_string(WriteAction v);     ///< "ADD" | "UPDATE" | "DELETE" | "NOOP"
/// The embedded judge's write view of a verdict (seed 004): a temporal change
/// updates (deletes when it retracts), a decided duplicate is a NOOP, an
/// undecided (LOW) duplicate and everything else add.
WriteAction write_action(Classification c, ConfidenceTier tier, bool retraction = false);
const char* to_string(WriteTier v);       ///< "clean" | "warn" | "block"
const char* to_string(Nli v);             ///< "entailment" | "contradiction" | "neutral"
std::optional<Nli> parse_nli(std::string_view s);

/// One side of a pair. `claim` may be null: the judge then normalises `text`
/// (slower; stored memories carry their claim).
struct JudgeInput {
  std::string_view text;
  const Claim* claim = nullptr;
  MemoryKind kind = MemoryKind::trait;
  Source source = Source::explicit_;
  double confidence = 0.9;
  std::optional<Millis> created_at;
  std::optional<Millis> valid_from;
};

struct Verdict {
  Classification classification = Classification::unrelated;
  double confidence = 0;
  ConfidenceTier tier = ConfidenceTier::low;
  std::string reasoning;        ///< one sentence a person can read
  bool temporal_signal = false; ///< a change cue, tense shift or valid-time order was seen
  std::string surface_context;  ///< when the conflict is worth raising
  std::string recommended_resolution;
  WriteAction action = WriteAction::add;
  WriteTier write_tier = WriteTier::clean;
  Severity severity = Severity::low;
  Nli nli = Nli::neutral;
  std::string stage = "structural";  ///< which stage decided
};

/// Seed 000's severity table from the two memory kinds (relationship counts
/// as concept): trait-trait critical; concept-trait, concept-concept high;
/// episode-trait, episode-concept medium; episode-episode low.
Severity severity_of(MemoryKind a, MemoryKind b);

/// The embedded judge: the structural stage, then (when it settled nothing
/// at HIGH, and [judge] learned_fallback is on) the learned fallback of
/// engine/pair_model.hpp, whose verdicts are LOW (stage "learned"). A
/// contradiction with a denial for every occasion ("never", "not at all")
/// stands, and the fallback turns a contradiction into a change only with a
/// change cue.
Verdict judge(const Lexicon& lex, const JudgeInput& existing, const JudgeInput& incoming);

/// Whether two amounts as the normaliser writes them (Claim::amounts: "90s",
/// "3218.69m", "06:00", "8443") are the same amount: equal text, or two
/// measures of one unit within 1.5% ("2 miles" / "3.2 km"), or two
/// temperatures within 0.8 degrees. Bare numbers and clock times must be equal.
bool same_amount_text(const std::string& x, const std::string& y);

/// Where the later parts of `text` start, in order: a clause in the
/// speaker's own words ("Dairy doesn't agree with me, I'm lactose
/// intolerant", "... - my boss is strict") and every later sentence ("Long
/// week. We moved to Dundee"), not after an abbreviation ("Dr. Lee") or
/// inside a number ("3.5"). The judge compares them with the other
/// statement when the first clauses settle nothing.
std::vector<std::size_t> later_parts(std::string_view text);

/// Who `text` names for a relation the user has one of at a time
/// (Lexicon::sole_relation): "My manager is Karen Liu", "my mgr is dev
/// patel, hes ...", "My manager, Tom Reyes, signed ...", "my wife elena and
/// i ...", "married to Marcus", "I report to Priya", "Dana Whitfield
/// manages the user". Pairs of relation and name (lower case).
std::vector<std::pair<std::string, std::string>> named_relations(const Lexicon& lex, std::string_view text);

/// The learned fallback's features of a pair, from the structural stage's
/// verdict alone, and the words (pair_tokens_of) of the incoming statement and
/// of the existing memory: what `credence eval --features` writes to train
/// the model.
void judge_features(const Lexicon& lex, const JudgeInput& existing, const JudgeInput& incoming,
                    PairFeatures& out, std::vector<std::string>& tokens, std::vector<std::string>& memory_tokens);

/// A further stage consulted when the structural verdict is LOW (a gated NLI
/// model, an LLM). Returns a replacement verdict, or nullopt to keep it.
class JudgeStage {
 public:
  virtual ~JudgeStage() = default;
  virtual const char* name() const = 0;
  virtual std::optional<Verdict> refine(const JudgeInput& existing, const JudgeInput& incoming,
                                        const Verdict& so_far) const = 0;
};

/// The structural judge followed by optional stages. Immutable after set-up;
/// `classify` is thread-safe when the stages are.
class Judge {
 public:
  explicit Judge(std::shared_ptr<const Lexicon> lex) : lex_(std::move(lex)) {}
  void add_stage(std::unique_ptr<JudgeStage> stage) { stages_.push_back(std::move(stage)); }
  Verdict classify(const JudgeInput& existing, const JudgeInput& incoming) const;
  const Lexicon& lexicon() const { return *lex_; }

 private:
  std::shared_ptr<const Lexicon> lex_;
  std::vector<std::unique_ptr<JudgeStage>> stages_;
};

/// Writes the verdict's fields (not the claims) into an open JSON object.
void write_verdict_fields(JsonWriter& w, const Verdict& v);

}  // namespace credence
