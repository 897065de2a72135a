#pragma once
/// \file codec.hpp
/// JSON forms of the entities. One form serves the event payloads, the state
/// store and the HTTP API, so a memory reads the same everywhere. Field order
/// is fixed and doubles print in shortest round-trip form, which makes the
/// serialisation canonical (state digests depend on it).

#include <memory>
#include <string>
#include <variant>

#include "engine/model.hpp"
#include "engine/state.hpp"

namespace credence {

class JsonWriter;
namespace json {
class ObjReader;
}

void write_memory(JsonWriter& w, const Memory& m);
Memory read_memory(json::ObjReader& r);

void write_uncertainty(JsonWriter& w, const Uncertainty& u);
Uncertainty read_uncertainty(json::ObjReader& r);

void write_relationship(JsonWriter& w, const Relationship& r);
Relationship read_relationship(json::ObjReader& r);

void write_user(JsonWriter& w, const UserSettings& u);
UserSettings read_user(json::ObjReader& r);

void write_pending(JsonWriter& w, const PendingClassification& p);
PendingClassification read_pending(json::ObjReader& r);

void write_background(JsonWriter& w, const BackgroundState& b);
BackgroundState read_background(json::ObjReader& r);

/// Serialises the entity stored under a state key (empty when absent).
std::string serialize_entity(const State& s, std::string_view key);

/// A copy of the entity stored under a state key (std::monostate when
/// absent): taking it is several times cheaper than serialising it, so a
/// writer of snapshots copies under the state lock and serialises outside
/// it. serialize_entity(s, k) == serialize_copy(copy_entity(s, k)).
using EntityCopy = std::variant<std::monostate, Memory, Uncertainty, Relationship, UserSettings,
                                PendingClassification, BackgroundState, Belief, Evidence>;
EntityCopy copy_entity(const State& s, std::string_view key);
std::string serialize_copy(const EntityCopy& e);

/// Parses persisted state entries (key, JSON) back into a State (the state
/// store at start; `credence replay --verify`). Call State::finish_load()
/// after the last one. Not thread-safe (owns a JSON parser).
class EntityLoader {
 public:
  EntityLoader();
  ~EntityLoader();
  Status load(State& s, std::string_view key, std::string_view value);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace credence
