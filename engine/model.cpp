#include "engine/model.hpp"

#include <array>
#include <utility>

namespace credence {

namespace {

template <class E, std::size_t N>
std::optional<E> parse_in(const std::array<const char*, N>& names,
                          std::string_view s) {
  for (std::size_t i = 0; i < N; ++i)
    if (s == names[i]) return static_cast<E>(i);
  return std::nullopt;
}

template <std::size_t N>
const char* name_at(const std::array<const char*, N>& names, std::size_t i) {
  return i < N ? names[i] : "?";
}

template <std::size_t N>
std::string join(const std::array<const char*, N>& names) {
  std::string out;
  for (auto n : names) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return out;
}

constexpr std::array<const char*, 4> kKinds = {"trait", "episode", "concept",
                                               "relationship"};
constexpr std::array<const char*, 3> kSources = {"explicit", "inferred",
                                                 "researched"};
constexpr std::array<const char*, 4> kReliability = {
    "reliable", "uncertain", "contradicted", "superseded"};
constexpr std::array<const char*, 4> kUncertaintyTypes = {
    "contradiction", "unverified", "stale", "ambiguous"};
constexpr std::array<const char*, 4> kSeverities = {"low", "medium", "high",
                                                    "critical"};
constexpr std::array<const char*, 5> kContexts = {
    "ingestion", "drift", "pre_action", "consolidation", "write"};
constexpr std::array<const char*, 4> kRecordStates = {"open", "surfaced",
                                                      "resolved", "decayed"};
constexpr std::array<const char*, 6> kResolutions = {
    "none",          "temporal_supersede",   "user_clarified",
    "evidence_resolved", "confidence_dominance", "decayed"};
constexpr std::array<const char*, 7> kClassifications = {
    "true_contradiction", "temporal_change", "context_dependent", "figurative",
    "compatible",         "duplicate",       "unrelated"};
constexpr std::array<const char*, 3> kDeleteReasons = {"user", "decay",
                                                       "clarification"};

}  // namespace

#define CREDENCE_ENUM_NAMES(E, table)                                      \
  const char* to_string(E v) {                                             \
    return name_at(table, static_cast<std::size_t>(v));                    \
  }                                                                        \
  template <>                                                              \
  std::string enum_names<E>() {                                            \
    return join(table);                                                    \
  }

CREDENCE_ENUM_NAMES(MemoryKind, kKinds)
CREDENCE_ENUM_NAMES(Source, kSources)
CREDENCE_ENUM_NAMES(Reliability, kReliability)
CREDENCE_ENUM_NAMES(UncertaintyType, kUncertaintyTypes)
CREDENCE_ENUM_NAMES(Severity, kSeverities)
CREDENCE_ENUM_NAMES(DetectionContext, kContexts)
CREDENCE_ENUM_NAMES(RecordState, kRecordStates)
CREDENCE_ENUM_NAMES(Resolution, kResolutions)
CREDENCE_ENUM_NAMES(Classification, kClassifications)
CREDENCE_ENUM_NAMES(DeleteReason, kDeleteReasons)
#undef CREDENCE_ENUM_NAMES

std::optional<MemoryKind> parse_memory_kind(std::string_view s) {
  return parse_in<MemoryKind>(kKinds, s);
}
std::optional<Source> parse_source(std::string_view s) {
  return parse_in<Source>(kSources, s);
}
std::optional<Reliability> parse_reliability(std::string_view s) {
  return parse_in<Reliability>(kReliability, s);
}
std::optional<UncertaintyType> parse_uncertainty_type(std::string_view s) {
  return parse_in<UncertaintyType>(kUncertaintyTypes, s);
}
std::optional<Severity> parse_severity(std::string_view s) {
  return parse_in<Severity>(kSeverities, s);
}
std::optional<DetectionContext> parse_detection_context(std::string_view s) {
  return parse_in<DetectionContext>(kContexts, s);
}
std::optional<RecordState> parse_record_state(std::string_view s) {
  return parse_in<RecordState>(kRecordStates, s);
}
std::optional<Resolution> parse_resolution(std::string_view s) {
  return parse_in<Resolution>(kResolutions, s);
}
std::optional<Classification> parse_classification(std::string_view s) {
  return parse_in<Classification>(kClassifications, s);
}
std::optional<DeleteReason> parse_delete_reason(std::string_view s) {
  return parse_in<DeleteReason>(kDeleteReasons, s);
}

int reliability_rank(Reliability r) { return static_cast<int>(r); }

namespace {
/// 0 = episode, 1 = concept-like (concept, relationship), 2 = trait.
int belief_level(MemoryKind k) {
  switch (k) {
    case MemoryKind::episode: return 0;
    case MemoryKind::concept_:
    case MemoryKind::relationship: return 1;
    case MemoryKind::trait: return 2;
  }
  return 0;
}
}  // namespace

Severity severity_for(MemoryKind a, std::optional<MemoryKind> b) {
  if (!b) return Severity::low;
  int x = belief_level(a), y = belief_level(*b);
  if (x > y) std::swap(x, y);
  if (x == 2 && y == 2) return Severity::critical;       // trait-trait
  if (x >= 1) return Severity::high;                      // concept-trait, concept-concept
  if (y >= 1) return Severity::medium;                    // episode-trait, episode-concept
  return Severity::low;                                   // episode-episode
}

Severity lower(Severity s) {
  return s == Severity::low ? Severity::low
                            : static_cast<Severity>(static_cast<int>(s) - 1);
}

}  // namespace credence
