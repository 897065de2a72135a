#pragma once
/// \file ledger_codec.hpp
/// JSON forms of the uncertainty ledger's values. One form serves event
/// payloads, the state store and (later) the HTTP API. Field order is fixed
/// and doubles print in shortest round-trip form, so the output is canonical
/// (state digests depend on it) and every double reads back bit-identical.
///
/// Readers record the first problem in the ObjReader (the field path names
/// the offending field, e.g. `evidence.weight`) and return what they could
/// read; callers check `ok()`.

#include "engine/ledger.hpp"

namespace credence {

class JsonWriter;
namespace json {
class ObjReader;
}

/// {"default_confidence", "decay_rate_per_hour", "contested_threshold",
///  "refuted_threshold", "min_confidence_for_action"}; all required.
void write_ledger_config(JsonWriter& w, const LedgerConfig& c);
LedgerConfig read_ledger_config(json::ObjReader& r);

/// {"source_id", "source_type", "supports", "weight", "timestamp"}.
/// `supports` and `weight` are required and checked (validate_evidence).
void write_evidence(JsonWriter& w, const Evidence& e);
Evidence read_evidence(json::ObjReader& r);

/// {"lower", "point", "upper"}.
void write_interval(JsonWriter& w, const ConfidenceInterval& c);

/// A belief record with its running sums (not its evidence items).
void write_belief(JsonWriter& w, const Belief& b);
Belief read_belief(json::ObjReader& r);

/// An assertion as carried by `belief.asserted`.
void write_assertion(JsonWriter& w, const Assertion& a);
Assertion read_assertion(json::ObjReader& r);

}  // namespace credence
