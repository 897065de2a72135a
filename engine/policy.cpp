#include "engine/policy.hpp"

namespace credence {

double ReliabilityPolicy::factor(Reliability r) const {
  switch (r) {
    case Reliability::reliable: return factor_reliable;
    case Reliability::uncertain: return factor_uncertain;
    case Reliability::contradicted: return factor_contradicted;
    case Reliability::superseded: return factor_superseded;
  }
  return factor_reliable;
}

double ReliabilityPolicy::base_weight(MemoryKind k) const {
  switch (k) {
    case MemoryKind::trait: return weight_trait;
    case MemoryKind::concept_: return weight_concept;
    case MemoryKind::episode: return weight_episode;
    case MemoryKind::relationship: return weight_relationship;
  }
  return weight_trait;
}

double DecayPolicy::rate(MemoryKind k) const {
  switch (k) {
    case MemoryKind::trait: return rate_trait;
    case MemoryKind::concept_: return rate_concept;
    case MemoryKind::episode: return rate_episode;
    case MemoryKind::relationship: return rate_relationship;
  }
  return rate_trait;
}

double DecayPolicy::multiplier(Reliability r) const {
  switch (r) {
    case Reliability::reliable: return mult_reliable;
    case Reliability::uncertain: return mult_uncertain;
    case Reliability::contradicted: return mult_contradicted;
    case Reliability::superseded: return mult_superseded;
  }
  return mult_reliable;
}

double DecayPolicy::stale_days(MemoryKind k) const {
  switch (k) {
    case MemoryKind::trait: return stale_days_trait;
    case MemoryKind::concept_: return stale_days_concept;
    case MemoryKind::episode: return stale_days_episode;
    case MemoryKind::relationship: return stale_days_relationship;
  }
  return 0;
}

double SurfacingPolicy::weight(Severity s) const {
  switch (s) {
    case Severity::low: return weight_low;
    case Severity::medium: return weight_medium;
    case Severity::high: return weight_high;
    case Severity::critical: return weight_critical;
  }
  return weight_low;
}

}  // namespace credence
