#include "engine/ledger_codec.hpp"

#include <cmath>

#include "common/json_reader.hpp"
#include "common/json_writer.hpp"

namespace credence {

namespace {

void time_kv(JsonWriter& w, const char* key, Millis t) { w.kv(key, format_rfc3339(t)); }

Millis read_time(json::ObjReader& r, const char* key, bool required) {
  auto s = required ? std::optional<std::string>(r.str(key)) : r.opt_str(key);
  if (!s || (!required && s->empty())) return 0;
  if (!r.ok()) return 0;
  auto t = parse_rfc3339(*s);
  if (!t) {
    r.fail(key, "field `" + r.field(key) + "`: not an RFC 3339 time");
    return 0;
  }
  return *t;
}

ConfidenceInterval read_interval(json::ObjReader& r, const char* key) {
  ConfidenceInterval c;
  auto o = r.obj(key, true);
  if (!o) return c;
  c.lower = o->num("lower");
  c.point = o->num("point");
  c.upper = o->num("upper");
  return c;
}

void str_list(JsonWriter& w, const char* key, const std::vector<std::string>& v) {
  w.key(key).begin_array();
  for (const auto& s : v) w.value(s);
  w.end_array();
}

/// Reads an array of objects with `read`, reporting a nested error with its
/// full field path (e.g. `evidence.weight`).
template <class T, class Read>
std::vector<T> read_list(json::ObjReader& r, const char* key, Read read) {
  std::vector<T> out;
  auto arr = r.opt_array(key);
  if (!arr) return out;
  for (auto el : *arr) {
    simdjson::dom::object o;
    if (el.get_object().get(o)) {
      r.fail(key, "field `" + r.field(key) + "`: expected an array of objects");
      return out;
    }
    json::ObjReader item(o, key);
    out.push_back(read(item));
    if (!item.ok()) {
      const Error& e = item.error();
      // `item` names fields "<key>.<field>"; re-root them at r's path.
      r.fail(e.field, e.message);
      return out;
    }
  }
  return out;
}

}  // namespace

void write_ledger_config(JsonWriter& w, const LedgerConfig& c) {
  w.begin_object();
  w.kv("default_confidence", c.default_confidence);
  w.kv("decay_rate_per_hour", c.decay_rate_per_hour);
  w.kv("contested_threshold", c.contested_threshold);
  w.kv("refuted_threshold", c.refuted_threshold);
  w.kv("min_confidence_for_action", c.min_confidence_for_action);
  w.end_object();
}

LedgerConfig read_ledger_config(json::ObjReader& r) {
  LedgerConfig c;
  c.default_confidence = r.num("default_confidence");
  c.decay_rate_per_hour = r.num("decay_rate_per_hour");
  c.contested_threshold = r.num("contested_threshold");
  c.refuted_threshold = r.num("refuted_threshold");
  c.min_confidence_for_action = r.num("min_confidence_for_action");
  if (r.ok()) {
    if (auto st = validate_ledger_config(c); !st) {
      // The config's field names are "ledger.<key>"; report the key here.
      std::string key = st.error().field;
      if (key.rfind("ledger.", 0) == 0) key = key.substr(7);
      r.fail(key, "field `" + r.field(key) + "`: " + st.error().message);
    }
  }
  return c;
}

void write_evidence(JsonWriter& w, const Evidence& e) {
  w.begin_object();
  w.kv("source_id", e.source_id);
  w.kv("source_type", e.source_type);
  if (e.supports) {
    w.kv("supports", *e.supports);
  } else {
    w.key("supports").null();
  }
  w.kv("weight", e.weight);
  time_kv(w, "timestamp", e.timestamp);
  w.end_object();
}

Evidence read_evidence(json::ObjReader& r) {
  Evidence e;
  e.source_id = r.opt_str("source_id").value_or("");
  e.source_type = r.opt_str("source_type").value_or("");
  if (!r.has("supports")) {
    r.fail("supports", "field `" + r.field("supports") +
                           "` is required: true (supporting) or false (opposing)");
  } else {
    e.supports = r.opt_bool("supports");
  }
  if (!r.has("weight")) {
    r.fail("weight", "field `" + r.field("weight") + "` is required: a number in [0, 1]");
  } else {
    e.weight = r.num("weight");
  }
  e.timestamp = read_time(r, "timestamp", false);
  if (r.ok()) {
    if (auto st = validate_evidence(e, ""); !st) {
      const std::string key = st.error().field.substr(1);  // ".weight" -> "weight"
      r.fail(key, "field `" + r.field(key) + "`: " + st.error().message);
    }
  }
  return e;
}

void write_interval(JsonWriter& w, const ConfidenceInterval& c) {
  w.begin_object().kv("lower", c.lower).kv("point", c.point).kv("upper", c.upper).end_object();
}

void write_belief(JsonWriter& w, const Belief& b) {
  w.begin_object();
  w.kv("id", b.id);
  w.kv("claim", b.claim);
  w.kv("namespace", b.ns);
  w.key("confidence");
  write_interval(w, b.confidence);
  w.key("own_confidence");
  write_interval(w, b.own_confidence);
  w.kv("status", to_string(b.status));
  if (b.verdict) {
    w.kv("verdict", to_string(*b.verdict));
    w.kv("verdict_reason", b.verdict_reason);
    w.kv("verdict_supporting_weight", b.verdict_supporting_weight);
    w.kv("verdict_opposing_weight", b.verdict_opposing_weight);
  }
  w.key("depends_on").begin_array();
  for (const auto& d : b.inferred_from)
    w.begin_object().kv("parent_id", d.parent_id).kv("weight", d.weight).end_object();
  w.end_array();
  w.kv("supporting_count", static_cast<unsigned long long>(b.supporting_count));
  w.kv("opposing_count", static_cast<unsigned long long>(b.opposing_count));
  w.kv("supporting_weight", b.supporting_weight);
  w.kv("opposing_weight", b.opposing_weight);
  time_kv(w, "first_asserted", b.first_asserted);
  time_kv(w, "last_updated", b.last_updated);
  w.kv("decay_rate", b.decay_rate);
  str_list(w, "tags", b.tags);
  w.kv("ordinal", static_cast<unsigned long long>(b.ordinal));
  w.end_object();
}

Belief read_belief(json::ObjReader& r) {
  Belief b;
  b.id = r.str("id");
  b.claim = r.str("claim");
  b.ns = r.opt_str("namespace").value_or("");
  b.confidence = read_interval(r, "confidence");
  b.own_confidence = read_interval(r, "own_confidence");
  auto status = parse_belief_status(r.str("status"));
  if (!status && r.ok()) r.fail("status", "field `" + r.field("status") + "`: unknown status");
  b.status = status.value_or(BeliefStatus::unknown);
  if (auto v = r.opt_str("verdict")) {
    auto vs = parse_belief_status(*v);
    if (!vs) r.fail("verdict", "field `" + r.field("verdict") + "`: unknown status");
    b.verdict = vs;
    b.verdict_reason = r.opt_str("verdict_reason").value_or("");
    b.verdict_supporting_weight = r.num("verdict_supporting_weight");
    b.verdict_opposing_weight = r.num("verdict_opposing_weight");
  }
  b.inferred_from = read_list<Dependency>(r, "depends_on", [](json::ObjReader& d) {
    return Dependency{d.str("parent_id"), d.num("weight")};
  });
  b.supporting_count = r.opt_uint("supporting_count").value_or(0);
  b.opposing_count = r.opt_uint("opposing_count").value_or(0);
  b.supporting_weight = r.num("supporting_weight");
  b.opposing_weight = r.num("opposing_weight");
  b.first_asserted = read_time(r, "first_asserted", true);
  b.last_updated = read_time(r, "last_updated", true);
  b.decay_rate = r.num("decay_rate");
  b.tags = r.opt_str_array("tags").value_or(std::vector<std::string>{});
  b.ordinal = r.opt_uint("ordinal").value_or(0);
  return b;
}

void write_assertion(JsonWriter& w, const Assertion& a) {
  w.begin_object();
  w.kv("id", a.id);
  w.kv("claim", a.claim);
  w.kv("namespace", a.ns);
  w.key("evidence").begin_array();
  for (const auto& e : a.evidence) write_evidence(w, e);
  w.end_array();
  w.key("confidence").begin_object();
  w.kv_opt("lower", a.confidence.lower);
  w.kv_opt("point", a.confidence.point);
  w.kv_opt("upper", a.confidence.upper);
  w.end_object();
  str_list(w, "tags", a.tags);
  w.end_object();
}

Assertion read_assertion(json::ObjReader& r) {
  Assertion a;
  a.id = r.opt_str("id").value_or("");
  a.claim = r.str("claim");
  a.ns = r.opt_str("namespace").value_or("");
  a.evidence = read_list<Evidence>(r, "evidence", read_evidence);
  if (auto c = r.obj("confidence")) {
    a.confidence.lower = c->opt_num("lower");
    a.confidence.point = c->opt_num("point");
    a.confidence.upper = c->opt_num("upper");
  }
  a.tags = r.opt_str_array("tags").value_or(std::vector<std::string>{});
  return a;
}

}  // namespace credence
