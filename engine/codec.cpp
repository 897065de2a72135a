#include "engine/codec.hpp"

#include "common/json_reader.hpp"
#include "common/json_writer.hpp"
#include "engine/ledger_codec.hpp"

namespace credence {

namespace {

void opt_time(JsonWriter& w, const char* key, const std::optional<Millis>& t) {
  if (t) w.kv(key, format_rfc3339(*t));
}

std::optional<Millis> read_time(json::ObjReader& r, const char* key) {
  auto s = r.opt_view(key);
  if (!s) return std::nullopt;
  auto t = parse_rfc3339(*s);
  if (!t) r.fail(key, "field `" + r.field(key) + "`: not an RFC 3339 time");
  return t;
}

Millis read_time_or(json::ObjReader& r, const char* key, Millis fallback) {
  return read_time(r, key).value_or(fallback);
}

template <class E, class Parse>
E read_enum(json::ObjReader& r, const char* key, E fallback, Parse parse) {
  auto s = r.opt_view(key);
  if (!s) return fallback;
  auto v = parse(*s);
  if (!v) {
    r.fail(key, "field `" + r.field(key) + "`: unknown value \"" + std::string(*s) + "\"");
    return fallback;
  }
  return *v;
}

void str_list(JsonWriter& w, const char* key, const std::vector<std::string>& v) {
  w.key(key).begin_array();
  for (const auto& s : v) w.value(s);
  w.end_array();
}

}  // namespace

void write_memory(JsonWriter& w, const Memory& m) {
  w.begin_object();
  w.kv("id", m.id);
  w.kv("user", m.user);
  w.kv("kind", to_string(m.kind));
  w.kv("text", m.text);
  w.key("claim");
  write_claim(w, m.claim);
  w.kv("source", to_string(m.source));
  w.kv("confidence", m.confidence);
  w.kv("importance", m.importance);
  w.kv("reinforcement_count", m.reinforcement_count);
  w.kv("access_count", m.access_count);
  w.kv("created_at", format_rfc3339(m.created_at));
  w.kv("last_reinforced_at", format_rfc3339(m.last_reinforced_at));
  if (m.last_accessed_at) w.kv("last_accessed_at", format_rfc3339(m.last_accessed_at));
  w.kv("reliability", to_string(m.reliability));
  opt_time(w, "valid_from", m.valid_from);
  opt_time(w, "valid_until", m.valid_until);
  w.kv("recorded_at", format_rfc3339(m.recorded_at));
  opt_time(w, "superseded_at", m.superseded_at);
  if (!m.supersedes.empty()) w.kv("supersedes", m.supersedes);
  if (!m.superseded_by.empty()) w.kv("superseded_by", m.superseded_by);
  opt_time(w, "deleted_at", m.deleted_at);
  if (m.delete_reason) w.kv("delete_reason", to_string(*m.delete_reason));
  w.key("dwell").begin_array();
  for (auto d : m.dwell) w.value(static_cast<long long>(d));
  w.end_array();
  w.kv("decay_mark", format_rfc3339(m.decay_mark));
  if (m.seq) w.kv("seq", static_cast<unsigned long long>(m.seq));
  w.end_object();
}

Memory read_memory(json::ObjReader& r) {
  Memory m;
  m.id = r.str("id");
  m.user = r.opt_str("user").value_or("");
  m.kind = read_enum(r, "kind", MemoryKind::trait, parse_memory_kind);
  m.text = r.str("text");
  if (auto c = r.obj("claim")) m.claim = read_claim(*c);
  m.source = read_enum(r, "source", Source::explicit_, parse_source);
  m.confidence = r.opt_num("confidence").value_or(0.9);
  m.importance = r.opt_num("importance").value_or(0.5);
  m.reinforcement_count =
      static_cast<std::uint32_t>(r.opt_int("reinforcement_count").value_or(0));
  m.access_count = static_cast<std::uint32_t>(r.opt_int("access_count").value_or(0));
  m.created_at = read_time_or(r, "created_at", 0);
  m.last_reinforced_at = read_time_or(r, "last_reinforced_at", m.created_at);
  m.last_accessed_at = read_time_or(r, "last_accessed_at", 0);
  m.reliability = read_enum(r, "reliability", Reliability::reliable, parse_reliability);
  m.valid_from = read_time(r, "valid_from");
  m.valid_until = read_time(r, "valid_until");
  m.recorded_at = read_time_or(r, "recorded_at", m.created_at);
  m.superseded_at = read_time(r, "superseded_at");
  m.supersedes = r.opt_str("supersedes").value_or("");
  m.superseded_by = r.opt_str("superseded_by").value_or("");
  m.deleted_at = read_time(r, "deleted_at");
  if (r.has("delete_reason"))
    m.delete_reason = read_enum(r, "delete_reason", DeleteReason::user, parse_delete_reason);
  if (auto arr = r.opt_array("dwell")) {
    std::size_t i = 0;
    for (auto el : *arr) {
      std::int64_t v = 0;
      if (i < m.dwell.size() && !el.get_int64().get(v)) m.dwell[i] = v;
      ++i;
    }
  }
  m.decay_mark = read_time_or(r, "decay_mark", m.recorded_at);
  m.seq = r.opt_uint("seq").value_or(0);
  return m;
}

void write_uncertainty(JsonWriter& w, const Uncertainty& u) {
  w.begin_object();
  w.kv("id", u.id);
  w.kv("user", u.user);
  w.kv("memory_a_type", to_string(u.memory_a_kind));
  w.kv("memory_a_id", u.memory_a);
  if (u.memory_b_kind) {
    w.kv("memory_b_type", to_string(*u.memory_b_kind));
    w.kv("memory_b_id", u.memory_b);
  } else {
    w.key("memory_b_type").null();
    w.key("memory_b_id").null();
  }
  w.kv("uncertainty_type", to_string(u.type));
  w.kv("severity", to_string(u.severity));
  w.kv("detection_context", to_string(u.detection_context));
  w.kv("reasoning", u.reasoning);
  w.kv("temporal_signal", u.temporal_signal);
  w.kv("surface_context", u.surface_context);
  w.kv("classification", to_string(u.classification));
  w.kv("confidence", u.confidence);
  w.kv("state", to_string(u.state));
  if (u.resolution != Resolution::none) {
    w.kv("resolution_strategy", to_string(u.resolution));
  } else {
    w.key("resolution_strategy").null();
  }
  w.kv("resolution_detail", u.resolution_detail);
  if (!u.winner.empty()) w.kv("winner", u.winner);
  if (u.resolved_at) {
    w.kv("resolved_at", format_rfc3339(*u.resolved_at));
  } else {
    w.key("resolved_at").null();
  }
  w.kv("surfaced_count", u.surfaced_count);
  w.kv("dismissed_count", u.dismissed_count);
  if (u.last_surfaced_at) {
    w.kv("last_surfaced_at", format_rfc3339(*u.last_surfaced_at));
  } else {
    w.key("last_surfaced_at").null();
  }
  w.kv("created_at", format_rfc3339(u.created_at));
  w.end_object();
}

Uncertainty read_uncertainty(json::ObjReader& r) {
  Uncertainty u;
  u.id = r.str("id");
  u.user = r.opt_str("user").value_or("");
  u.memory_a_kind = read_enum(r, "memory_a_type", MemoryKind::trait, parse_memory_kind);
  u.memory_a = r.str("memory_a_id");
  if (r.has("memory_b_type"))
    u.memory_b_kind = read_enum(r, "memory_b_type", MemoryKind::trait, parse_memory_kind);
  u.memory_b = r.opt_str("memory_b_id").value_or("");
  u.type = read_enum(r, "uncertainty_type", UncertaintyType::contradiction,
                     parse_uncertainty_type);
  u.severity = read_enum(r, "severity", Severity::low, parse_severity);
  u.detection_context = read_enum(r, "detection_context", DetectionContext::ingestion,
                                  parse_detection_context);
  u.reasoning = r.opt_str("reasoning").value_or("");
  u.temporal_signal = r.opt_bool("temporal_signal").value_or(false);
  u.surface_context = r.opt_str("surface_context").value_or("");
  u.classification = read_enum(r, "classification", Classification::true_contradiction,
                               parse_classification);
  u.confidence = r.opt_num("confidence").value_or(0);
  u.state = read_enum(r, "state", RecordState::open, parse_record_state);
  u.resolution = read_enum(r, "resolution_strategy", Resolution::none, parse_resolution);
  u.resolution_detail = r.opt_str("resolution_detail").value_or("");
  u.winner = r.opt_str("winner").value_or("");
  u.resolved_at = read_time(r, "resolved_at");
  u.surfaced_count = static_cast<std::uint32_t>(r.opt_int("surfaced_count").value_or(0));
  u.dismissed_count = static_cast<std::uint32_t>(r.opt_int("dismissed_count").value_or(0));
  u.last_surfaced_at = read_time(r, "last_surfaced_at");
  u.created_at = read_time_or(r, "created_at", 0);
  return u;
}

void write_relationship(JsonWriter& w, const Relationship& x) {
  w.begin_object();
  w.kv("id", x.id);
  w.kv("user", x.user);
  w.kv("from", x.from);
  w.kv("to", x.to);
  w.kv("type", x.type);
  if (!x.detail.empty()) w.kv("detail", x.detail);
  w.kv("created_at", format_rfc3339(x.created_at));
  w.end_object();
}

Relationship read_relationship(json::ObjReader& r) {
  Relationship x;
  x.id = r.str("id");
  x.user = r.opt_str("user").value_or("");
  x.from = r.str("from");
  x.to = r.str("to");
  x.type = r.str("type");
  x.detail = r.opt_str("detail").value_or("");
  x.created_at = read_time_or(r, "created_at", 0);
  return x;
}

void write_user(JsonWriter& w, const UserSettings& u) {
  w.begin_object();
  w.kv("user", u.user);
  w.kv("tolerance", u.tolerance);
  w.kv("corrections", u.corrections);
  w.kv("reinforcements", u.reinforcements);
  w.kv("dismissals", u.dismissals);
  w.kv("engagements", u.engagements);
  w.kv("dismissal_streak", u.dismissal_streak);
  w.kv("action_checks", u.action_checks);
  w.kv("clarify_decisions", u.clarify_decisions);
  w.end_object();
}

UserSettings read_user(json::ObjReader& r) {
  UserSettings u;
  u.user = r.str("user");
  u.tolerance = r.opt_num("tolerance").value_or(0.5);
  auto count = [&](const char* k) {
    return static_cast<std::uint32_t>(r.opt_int(k).value_or(0));
  };
  u.corrections = count("corrections");
  u.reinforcements = count("reinforcements");
  u.dismissals = count("dismissals");
  u.engagements = count("engagements");
  u.dismissal_streak = count("dismissal_streak");
  u.action_checks = count("action_checks");
  u.clarify_decisions = count("clarify_decisions");
  return u;
}

void write_pending(JsonWriter& w, const PendingClassification& p) {
  w.begin_object();
  w.kv("id", p.id);
  w.kv("user", p.user);
  w.kv("incoming", p.incoming);
  str_list(w, "candidates", p.candidates);
  w.kv("context", to_string(p.context));
  w.kv("text", p.text);
  w.kv("kind", to_string(p.kind));
  w.key("claim");
  write_claim(w, p.claim);
  w.kv("created_at", format_rfc3339(p.created_at));
  w.end_object();
}

PendingClassification read_pending(json::ObjReader& r) {
  PendingClassification p;
  p.id = r.str("id");
  p.user = r.opt_str("user").value_or("");
  p.incoming = r.opt_str("incoming").value_or("");
  p.candidates = r.opt_str_array("candidates").value_or(std::vector<std::string>{});
  p.context = read_enum(r, "context", DetectionContext::ingestion, parse_detection_context);
  p.text = r.opt_str("text").value_or("");
  p.kind = read_enum(r, "kind", MemoryKind::trait, parse_memory_kind);
  if (auto c = r.obj("claim")) p.claim = read_claim(*c);
  p.created_at = read_time_or(r, "created_at", 0);
  return p;
}

void write_background(JsonWriter& w, const BackgroundState& b) {
  w.begin_object();
  w.kv("drift_cycles", static_cast<unsigned long long>(b.drift_cycles));
  w.kv("drift_domain_index", b.drift_domain_index);
  w.kv("last_drift_at", format_rfc3339(b.last_drift_at));
  w.kv("decay_cycles", static_cast<unsigned long long>(b.decay_cycles));
  w.kv("last_decay_at", format_rfc3339(b.last_decay_at));
  w.end_object();
}

BackgroundState read_background(json::ObjReader& r) {
  BackgroundState b;
  b.drift_cycles = r.opt_uint("drift_cycles").value_or(0);
  b.drift_domain_index =
      static_cast<std::uint32_t>(r.opt_int("drift_domain_index").value_or(0));
  b.last_drift_at = read_time_or(r, "last_drift_at", 0);
  b.decay_cycles = r.opt_uint("decay_cycles").value_or(0);
  b.last_decay_at = read_time_or(r, "last_decay_at", 0);
  return b;
}

namespace {

/// Calls f with the entity stored under a state key, by const reference;
/// returns false (without calling f) when there is none.
template <class F>
bool with_entity(const State& s, std::string_view key, F&& f) {
  if (key.size() < 2) return false;
  const std::string_view id = key.substr(2);
  switch (key[0]) {
    case 'm':
      if (auto* m = s.memory(id)) return f(*m), true;
      break;
    case 'u':
      if (auto* u = s.uncertainty(id)) return f(*u), true;
      break;
    case 'r':
      if (auto* x = s.relationship(id)) return f(*x), true;
      break;
    case 's':
      if (auto* u = s.user(id)) return f(*u), true;
      break;
    case 'p':
      if (auto* p = s.pending(id)) return f(*p), true;
      break;
    case 'g':
      if (key == kStateKeyBackground) return f(s.background()), true;
      break;
    case 'b':
      if (auto b = s.ledger().get(id)) return f(*b), true;
      break;
    case 'e': {
      std::string_view belief_id;
      std::uint64_t ordinal = 0;
      if (!parse_state_key_evidence(key, belief_id, ordinal)) break;
      if (auto e = s.ledger().evidence_at(belief_id, ordinal)) return f(*e), true;
      break;
    }
    default:
      break;
  }
  return false;
}

struct WriteEntity {
  JsonWriter& w;
  void operator()(std::monostate) const {}
  void operator()(const Memory& m) const { write_memory(w, m); }
  void operator()(const Uncertainty& u) const { write_uncertainty(w, u); }
  void operator()(const Relationship& x) const { write_relationship(w, x); }
  void operator()(const UserSettings& u) const { write_user(w, u); }
  void operator()(const PendingClassification& p) const { write_pending(w, p); }
  void operator()(const BackgroundState& b) const { write_background(w, b); }
  void operator()(const Belief& b) const { write_belief(w, b); }
  void operator()(const Evidence& x) const { write_evidence(w, x); }
};

// One writer per thread, reused: its buffer keeps its capacity, so
// serialising many entities (digests, flushes) does not reallocate.
JsonWriter& entity_writer() {
  thread_local JsonWriter w;
  w.clear();
  return w;
}

}  // namespace

EntityCopy copy_entity(const State& s, std::string_view key) {
  EntityCopy out;
  with_entity(s, key, [&](const auto& e) { out = e; });
  return out;
}

std::string serialize_copy(const EntityCopy& e) {
  JsonWriter& w = entity_writer();
  std::visit(WriteEntity{w}, e);
  return w.str();
}

std::string serialize_entity(const State& s, std::string_view key) {
  JsonWriter& w = entity_writer();
  with_entity(s, key, WriteEntity{w});
  return w.str();
}

struct EntityLoader::Impl {
  simdjson::dom::parser parser;
};
EntityLoader::EntityLoader() : impl_(std::make_unique<Impl>()) {}
EntityLoader::~EntityLoader() = default;

Status EntityLoader::load(State& s, std::string_view key, std::string_view value) {
  simdjson::dom::parser& parser = impl_->parser;
  auto obj = json::parse_object(parser, value);
  if (!obj)
    return make_error(Errc::corruption, "state entry `" + std::string(key) +
                                            "`: " + obj.error().message);
  json::ObjReader r(*obj);
  Status loaded;
  switch (key.empty() ? '\0' : key[0]) {
    case 'm': s.load_memory(read_memory(r)); break;
    case 'u': s.load_uncertainty(read_uncertainty(r)); break;
    case 'r': s.load_relationship(read_relationship(r)); break;
    case 's': s.load_user(read_user(r)); break;
    case 'p': s.load_pending(read_pending(r)); break;
    case 'g': s.load_background(read_background(r)); break;
    case 'b': {
      Belief b = read_belief(r);
      if (r.ok()) loaded = s.load_belief(b);
      break;
    }
    case 'e': {
      std::string_view belief_id;
      std::uint64_t ordinal = 0;
      if (!parse_state_key_evidence(key, belief_id, ordinal))
        return make_error(Errc::corruption, "malformed state key `" + std::string(key) + "`");
      Evidence e = read_evidence(r);
      if (r.ok()) loaded = s.load_evidence(belief_id, ordinal, e);
      break;
    }
    default:
      return make_error(Errc::corruption,
                        "state entry with unknown key `" + std::string(key) + "`");
  }
  if (!r.ok())
    return make_error(Errc::corruption,
                      "state entry `" + std::string(key) + "`: " + r.error().message);
  return loaded;
}


}  // namespace credence
