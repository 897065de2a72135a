#include "engine/model.hpp"

#include <array>

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

double reliability_factor(Reliability r) {
  switch (r) {
    case Reliability::reliable: return 1.0;
    case Reliability::uncertain: return 0.6;
    case Reliability::contradicted: return 0.4;
    case Reliability::superseded: return 0.2;
  }
  return 1.0;
}

}  // namespace credence
