#include "common/event.hpp"

#include <cstring>

#include "common/json_writer.hpp"

namespace credence {

namespace {

void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

void put_str(std::string& out, std::string_view s) {
  put_varint(out, s.size());
  out.append(s);
}

template <class T>
void put_fixed(std::string& out, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  out.append(buf, sizeof(T));
}

struct Cursor {
  std::string_view in;
  size_t pos = 0;

  bool varint(std::uint64_t& v) {
    v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos >= in.size()) return false;
      const auto b = static_cast<unsigned char>(in[pos++]);
      v |= static_cast<std::uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return true;
    }
    return false;
  }
  bool str(std::string& s) {
    std::uint64_t n;
    if (!varint(n) || n > in.size() - pos) return false;
    s.assign(in.data() + pos, n);
    pos += n;
    return true;
  }
  template <class T>
  bool fixed(T& v) {
    if (in.size() - pos < sizeof(T)) return false;
    std::memcpy(&v, in.data() + pos, sizeof(T));
    pos += sizeof(T);
    return true;
  }
};

}  // namespace

std::string encode_event(const Event& e) {
  std::string out;
  out.reserve(32 + e.type.size() + e.user.size() + e.idem_key.size() +
              e.payload.size());
  out.push_back(static_cast<char>(kEnvelopeVersion));
  put_str(out, e.type);
  put_fixed<std::uint16_t>(out, e.schema);
  put_fixed<std::int64_t>(out, e.ts);
  put_str(out, e.user);
  put_str(out, e.idem_key);
  put_str(out, e.payload);
  return out;
}

Expected<Event> decode_event(std::string_view bytes) {
  if (bytes.empty())
    return make_error(Errc::corruption, "empty event record");
  const auto version = static_cast<std::uint8_t>(bytes[0]);
  if (version != kEnvelopeVersion)
    return make_error(Errc::unsupported,
                      "event envelope version " + std::to_string(version) +
                          " (this build reads version " +
                          std::to_string(kEnvelopeVersion) + ")");
  Cursor c{bytes, 1};
  Event e;
  if (!c.str(e.type) || !c.fixed(e.schema) || !c.fixed(e.ts) ||
      !c.str(e.user) || !c.str(e.idem_key) || !c.str(e.payload) ||
      c.pos != bytes.size())
    return make_error(Errc::corruption, "truncated or malformed event record");
  return e;
}

std::string seq_key(std::uint64_t seq) {
  std::string k(8, '\0');
  for (int i = 7; i >= 0; --i) {
    k[static_cast<size_t>(i)] = static_cast<char>(seq & 0xff);
    seq >>= 8;
  }
  return k;
}

std::uint64_t parse_seq_key(std::string_view key) {
  std::uint64_t v = 0;
  for (size_t i = 0; i < 8 && i < key.size(); ++i)
    v = (v << 8) | static_cast<unsigned char>(key[i]);
  return v;
}

std::string event_to_json(const Event& e) {
  JsonWriter w;
  w.begin_object();
  w.kv("seq", static_cast<unsigned long long>(e.seq));
  w.kv("type", e.type);
  w.kv("schema", static_cast<unsigned>(e.schema));
  w.kv("ts", format_rfc3339(e.ts));
  w.kv("user", e.user);
  if (!e.idem_key.empty()) w.kv("idempotency_key", e.idem_key);
  w.key("payload");
  if (e.payload.empty()) {
    w.null();
  } else {
    w.raw(e.payload);
  }
  w.end_object();
  return w.str();
}

}  // namespace credence
