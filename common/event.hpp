#pragma once
/// \file event.hpp
/// The event envelope: the unit of the append-only log.
///
/// Every change to credence's state is an Event. The envelope is versioned
/// twice: `kEnvelopeVersion` covers the binary layout below, and `schema`
/// covers the payload of each event type (so an event type can evolve).
///
/// Binary layout (all integers little-endian, strings length-prefixed with a
/// LEB128 varint):
///   u8  envelope version (= 1)
///   str type             e.g. "memory.added"
///   u16 schema           payload schema version of that type
///   i64 ts               Unix ms when the event was created
///   str user             owning user ("" for system events)
///   str idem_key         idempotency key ("" = none)
///   str payload          JSON object text
/// The sequence number is the RocksDB key, not part of the value.

#include <cstdint>
#include <string>
#include <string_view>

#include "common/expected.hpp"
#include "common/time.hpp"

namespace credence {

inline constexpr std::uint8_t kEnvelopeVersion = 1;

struct Event {
  std::uint64_t seq = 0;  ///< assigned by the log on append; 0 before
  std::string type;
  std::uint16_t schema = 1;
  Millis ts = 0;
  std::string user;
  std::string idem_key;
  std::string payload = "{}";

  bool operator==(const Event&) const = default;
};

/// Serialises the envelope (without seq).
std::string encode_event(const Event& e);
/// Parses an envelope written by encode_event; `seq` is set by the caller.
Expected<Event> decode_event(std::string_view bytes);

/// Big-endian 8-byte key for a sequence number (sorts numerically).
std::string seq_key(std::uint64_t seq);
std::uint64_t parse_seq_key(std::string_view key);

/// The event as one JSON line (for `credence log dump`).
std::string event_to_json(const Event& e);

}  // namespace credence
