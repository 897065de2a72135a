#include "server/render.hpp"

#include "common/json_writer.hpp"
#include "engine/decay.hpp"
#include "engine/tense.hpp"

namespace credence {

namespace {
void opt_time(JsonWriter& w, const char* key, const std::optional<Millis>& t) {
  w.key(key);
  if (t) {
    w.value(format_rfc3339(*t));
  } else {
    w.null();
  }
}
void opt_str(JsonWriter& w, const char* key, const std::string& v) {
  w.key(key);
  if (v.empty()) {
    w.null();
  } else {
    w.value(v);
  }
}
}  // namespace

void render_memory(JsonWriter& w, const Memory& m, const RenderContext& rc) {
  w.begin_object();
  w.kv("id", m.id);
  w.kv("user", m.user);
  w.kv("kind", to_string(m.kind));
  w.kv("text", m.text);
  if (m.superseded()) {
    w.kv("text_past", past_tense(m.text, rc.wordnet));
  } else {
    w.key("text_past").null();
  }
  w.kv("reliability", to_string(m.reliability));
  w.kv("source", to_string(m.source));
  w.kv("confidence", m.confidence);
  w.kv("importance", m.importance);
  if (rc.policy) {
    w.kv("strength", strength(m, rc.policy->decay, rc.now));
    w.kv("assembly_weight", assembly_weight(m, rc.policy->reliability));
  }
  w.kv("reinforcement_count", m.reinforcement_count);
  w.kv("access_count", m.access_count);
  w.kv("created_at", format_rfc3339(m.created_at));
  w.kv("last_reinforced_at", format_rfc3339(m.last_reinforced_at));
  opt_time(w, "last_accessed_at",
           m.last_accessed_at ? std::optional<Millis>(m.last_accessed_at) : std::nullopt);
  opt_time(w, "valid_from", m.valid_from);
  opt_time(w, "valid_until", m.valid_until);
  w.kv("recorded_at", format_rfc3339(m.recorded_at));
  opt_time(w, "superseded_at", m.superseded_at);
  opt_str(w, "supersedes", m.supersedes);
  opt_str(w, "superseded_by", m.superseded_by);
  opt_time(w, "deleted_at", m.deleted_at);
  w.key("claim");
  write_claim(w, m.claim);
  w.end_object();
}

void render_memory_brief(JsonWriter& w, const Memory& m, const RenderContext& rc) {
  w.begin_object();
  w.kv("id", m.id);
  w.kv("kind", to_string(m.kind));
  w.kv("text", m.text);
  if (m.superseded()) w.kv("text_past", past_tense(m.text, rc.wordnet));
  w.kv("reliability", to_string(m.reliability));
  w.kv("source", to_string(m.source));
  w.kv("confidence", m.confidence);
  w.kv("created_at", format_rfc3339(m.created_at));
  w.end_object();
}

void render_uncertainty(JsonWriter& w, const Uncertainty& u, const State& s,
                        const RenderContext& rc) {
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
  w.kv("classification", to_string(u.classification));
  w.kv("confidence", u.confidence);
  w.kv("reasoning", u.reasoning);
  w.kv("temporal_signal", u.temporal_signal);
  w.kv("surface_context", u.surface_context);
  w.kv("state", to_string(u.state));
  if (u.resolution != Resolution::none) {
    w.kv("resolution_strategy", to_string(u.resolution));
  } else {
    w.key("resolution_strategy").null();
  }
  w.kv("resolution_detail", u.resolution_detail);
  opt_str(w, "winner", u.winner);
  opt_time(w, "resolved_at", u.resolved_at);
  w.kv("surfaced_count", u.surfaced_count);
  w.kv("dismissed_count", u.dismissed_count);
  opt_time(w, "last_surfaced_at", u.last_surfaced_at);
  w.kv("created_at", format_rfc3339(u.created_at));
  w.key("memory_a");
  if (const Memory* a = s.memory(u.memory_a)) {
    render_memory_brief(w, *a, rc);
  } else {
    w.null();
  }
  w.key("memory_b");
  if (const Memory* b = u.memory_b.empty() ? nullptr : s.memory(u.memory_b)) {
    render_memory_brief(w, *b, rc);
  } else {
    w.null();
  }
  w.end_object();
}

void render_conflict(JsonWriter& w, const Conflict& c, const State& s, const RenderContext& rc) {
  w.begin_object();
  w.key("memory");
  if (const Memory* m = s.memory(c.memory_id)) {
    render_memory_brief(w, *m, rc);
  } else {
    w.null();
  }
  w.kv("classification", to_string(c.classification));
  w.kv("confidence", c.confidence);
  w.kv("confidence_tier", to_string(c.tier));
  w.kv("reasoning", c.reasoning);
  w.end_object();
}

void render_assessment(JsonWriter& w, const Assessment& a) {
  w.begin_object();
  w.kv("memory_id", a.existing_id);
  w.kv("classification", to_string(a.classification));
  w.kv("confidence", a.confidence);
  w.kv("confidence_tier", to_string(a.tier));
  w.kv("similarity", a.similarity);
  w.kv("stage", a.from_llm ? "llm" : "embedded");
  w.kv("reasoning", a.reasoning);
  w.end_object();
}

std::string render_error(const std::string& code, const std::string& message,
                         const std::string& field) {
  JsonWriter w;
  w.begin_object().key("error").begin_object().kv("code", code).kv("message", message);
  if (field.empty()) {
    w.key("field").null();
  } else {
    w.kv("field", field);
  }
  w.end_object().end_object();
  return w.str();
}

int http_status(Errc code) {
  switch (code) {
    case Errc::invalid_argument: return 400;
    case Errc::not_found: return 404;
    case Errc::conflict: return 409;
    case Errc::unsupported: return 400;
    case Errc::timeout: return 503;
    case Errc::unavailable:
    case Errc::overloaded: return 503;
    case Errc::io_error:
    case Errc::corruption:
    case Errc::internal: return 500;
  }
  return 500;
}

const char* error_code(Errc code) { return to_string(code); }

}  // namespace credence
