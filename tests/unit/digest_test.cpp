// digest_test: the state digest covers every field the JSON codec persists.
// For each entity kind, every field of its stored JSON is changed in turn;
// the entity is loaded back and the digest must change. A field added to a
// struct and its codec but forgotten in the digest's canonical form fails
// here, whatever its size.
#include <gtest/gtest.h>

#include "common/json_reader.hpp"
#include "common/json_writer.hpp"
#include "engine/codec.hpp"
#include "engine/digest.hpp"
#include "engine/state.hpp"

using namespace credence;

namespace {

/// A JSON value changed in a type-preserving way (nulls get a string).
std::string mutate(simdjson::dom::element v) {
  switch (v.type()) {
    case simdjson::dom::element_type::STRING: {
      std::string s(v.get_string().value());
      // Keep RFC 3339 times and enum names valid where possible.
      if (s.size() >= 20 && s[4] == '-' && s[10] == 'T') {
        s[22] = s[22] == '9' ? '8' : '9';
      } else {
        s += "x";
      }
      JsonWriter w;
      w.value(s);
      return w.str();
    }
    case simdjson::dom::element_type::INT64:
    case simdjson::dom::element_type::UINT64:
      return std::to_string(v.get_int64().value() + 1);
    case simdjson::dom::element_type::DOUBLE: {
      JsonWriter w;
      w.value(v.get_double().value() * 0.5 + 0.01);
      return w.str();
    }
    case simdjson::dom::element_type::BOOL:
      return v.get_bool().value() ? "false" : "true";
    case simdjson::dom::element_type::ARRAY: {
      std::string s = simdjson::minify(v);
      return s == "[]" ? "[1]" : "[]";
    }
    case simdjson::dom::element_type::OBJECT:
      return "{}";
    case simdjson::dom::element_type::NULL_VALUE:
      return "\"2026-11-22T09:11:00.000Z\"";
  }
  return "null";
}

/// Loads one entity into a fresh state and digests it (empty on a load error).
std::string digest_of(std::string_view key, const std::string& json) {
  State s;
  EntityLoader loader;
  if (!loader.load(s, key, json)) return {};
  if (!s.finish_load()) return {};
  return state_digest(s);
}

void expect_every_field_counts(const std::string& key, const std::string& json) {
  const std::string base = digest_of(key, json);
  ASSERT_FALSE(base.empty()) << json;
  simdjson::dom::parser parser;
  auto obj = json::parse_object(parser, json);
  ASSERT_TRUE(obj);
  std::vector<std::pair<std::string, std::string>> fields;
  for (auto [k, v] : *obj) fields.emplace_back(std::string(k), mutate(v));
  std::size_t checked = 0;
  for (const auto& [field, replacement] : fields) {
    if (field == "id" || field == "user") continue;  // identity: part of the key
    // Rebuild the object with this one field replaced.
    JsonWriter w;
    w.begin_object();
    for (auto [k, v] : *obj) {
      w.key(k);
      w.raw(std::string(k) == field ? replacement : simdjson::minify(v));
    }
    w.end_object();
    const std::string changed = digest_of(key, w.str());
    if (changed.empty()) continue;  // the mutation was not a loadable value
    ++checked;
    EXPECT_NE(changed, base) << key << ": field `" << field << "` does not reach the digest";
  }
  EXPECT_GE(checked, fields.size() / 2) << "most fields were exercised";
}

Memory full_memory() {
  Memory m;
  m.id = "mem_1";
  m.user = "alice";
  m.kind = MemoryKind::concept_;
  m.text = "The API listens on port 8080";
  m.claim.subject = "api";
  m.claim.subject_kind = SubjectKind::present;
  m.claim.slot = "port";
  m.claim.values = {"8080"};
  m.claim.keywords = {"api", "port"};
  m.claim.domain = "project";
  m.source = Source::researched;
  m.confidence = 0.7;
  m.importance = 0.4;
  m.reinforcement_count = 3;
  m.access_count = 5;
  m.created_at = 1'790'000'000'000;
  m.last_reinforced_at = 1'790'000'100'000;
  m.last_accessed_at = 1'790'000'200'000;
  m.reliability = Reliability::contradicted;
  m.valid_from = 1'780'000'000'000;
  m.valid_until = 1'795'000'000'000;
  m.recorded_at = 1'790'000'000'500;
  m.superseded_at = 1'795'000'000'000;
  m.supersedes = "mem_0";
  m.superseded_by = "mem_2";
  m.dwell = {1, 2, 3, 4};
  m.decay_mark = 1'790'000'300'000;
  m.seq = 42;
  return m;
}

}  // namespace

TEST(Digest, EveryPersistedMemoryFieldReachesTheDigest) {
  JsonWriter w;
  write_memory(w, full_memory());
  expect_every_field_counts("m/mem_1", w.str());
}

TEST(Digest, EveryPersistedClaimFieldReachesTheDigest) {
  // The claim through a memory: its fields one by one.
  Memory m = full_memory();
  m.claim.object = "honda";
  m.claim.stance = 1;
  m.claim.modality = Modality::must;
  m.claim.scope.set(ScopeDim::env, "prod");
  m.claim.tense = Tense::past;
  m.claim.change_cues = {"move"};
  m.claim.from_values = {"7070"};
  m.claim.figurative = true;
  m.claim.predicate = "listen";
  m.claim.count = 2;
  m.claim.period = 86400;
  m.claim.correction = true;
  JsonWriter cw;
  write_claim(cw, m.claim);
  simdjson::dom::parser parser;
  auto claim = json::parse_object(parser, cw.str());
  ASSERT_TRUE(claim);
  JsonWriter w0;
  write_memory(w0, m);
  const std::string base = digest_of("m/mem_1", w0.str());
  for (auto [k, v] : *claim) {
    JsonWriter c;
    c.begin_object();
    for (auto [k2, v2] : *claim) {
      c.key(k2);
      c.raw(k2 == k ? mutate(v2) : simdjson::minify(v2));
    }
    c.end_object();
    simdjson::dom::parser p2;
    auto changed_claim = json::parse_object(p2, c.str());
    ASSERT_TRUE(changed_claim);
    json::ObjReader r(*changed_claim);
    Memory m2 = m;
    m2.claim = read_claim(r);
    if (!r.ok() || m2.claim == m.claim) continue;  // not a readable change
    JsonWriter w;
    write_memory(w, m2);
    EXPECT_NE(digest_of("m/mem_1", w.str()), base) << "claim field `" << k << "`";
  }
}

TEST(Digest, EveryPersistedRecordFieldReachesTheDigest) {
  Uncertainty u;
  u.id = "unc_1";
  u.user = "alice";
  u.memory_a = "mem_1";
  u.memory_b_kind = MemoryKind::trait;
  u.memory_b = "mem_2";
  u.type = UncertaintyType::contradiction;
  u.severity = Severity::high;
  u.reasoning = "why";
  u.temporal_signal = true;
  u.surface_context = "cars";
  u.confidence = 0.8;
  u.state = RecordState::resolved;
  u.resolution = Resolution::user_clarified;
  u.resolution_detail = "detail";
  u.winner = "mem_2";
  u.resolved_at = 1'790'000'000'000;
  u.surfaced_count = 2;
  u.dismissed_count = 1;
  u.last_surfaced_at = 1'789'000'000'000;
  u.created_at = 1'788'000'000'000;
  JsonWriter w;
  write_uncertainty(w, u);
  expect_every_field_counts("u/unc_1", w.str());
}

TEST(Digest, EveryPersistedFieldOfTheSmallerEntitiesReachesTheDigest) {
  Relationship r{"rel_1", "alice", "mem_1", "mem_2", "temporal_evolution", "moved", 1'790'000'000'000};
  JsonWriter wr;
  write_relationship(wr, r);
  expect_every_field_counts("r/rel_1", wr.str());
  UserSettings u;
  u.user = "alice";
  u.tolerance = 0.47;
  u.corrections = 1;
  u.reinforcements = 2;
  u.dismissals = 3;
  u.engagements = 4;
  u.action_checks = 5;
  u.clarify_decisions = 6;
  JsonWriter wu;
  write_user(wu, u);
  expect_every_field_counts("s/alice", wu.str());
  PendingClassification p;
  p.id = "msg_1";
  p.user = "alice";
  p.incoming = "mem_9";
  p.candidates = {"mem_1"};
  p.text = "hello";
  p.claim.subject = "user";
  p.claim.slot = "greeting";
  p.created_at = 1'790'000'000'000;
  JsonWriter wp;
  write_pending(wp, p);
  expect_every_field_counts("p/msg_1", wp.str());
}
