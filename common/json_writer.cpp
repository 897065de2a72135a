#include "common/json_writer.hpp"

#include <cmath>
#include <cstring>

// Every x86-64 CPU has SSE2: RapidJSON then scans runs of characters that
// need no escaping 16 bytes at a time.
#if defined(__SSE2__) && !defined(RAPIDJSON_SSE2)
#define RAPIDJSON_SSE2
#endif
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace credence {

struct JsonWriter::Impl {
  rapidjson::StringBuffer buf;
  rapidjson::Writer<rapidjson::StringBuffer> w{buf};
};

JsonWriter::JsonWriter() : impl_(std::make_unique<Impl>()) {}
JsonWriter::~JsonWriter() = default;

JsonWriter& JsonWriter::begin_object() { impl_->w.StartObject(); return *this; }
JsonWriter& JsonWriter::end_object() { impl_->w.EndObject(); return *this; }
JsonWriter& JsonWriter::begin_array() { impl_->w.StartArray(); return *this; }
JsonWriter& JsonWriter::end_array() { impl_->w.EndArray(); return *this; }
JsonWriter& JsonWriter::key(std::string_view k) {
  // Keys are short identifiers chosen by credence. When they need no
  // escaping they are written pre-quoted as a raw value, which skips
  // RapidJSON's per-character transcoding (the Writer accepts a string-typed
  // raw value in key position).
  char buf[64];
  bool plain = k.size() + 2 <= sizeof buf;
  for (std::size_t i = 0; plain && i < k.size(); ++i) {
    const auto c = static_cast<unsigned char>(k[i]);
    plain = c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
  }
  if (!plain) {
    impl_->w.Key(k.data(), static_cast<rapidjson::SizeType>(k.size()));
    return *this;
  }
  buf[0] = '"';
  std::memcpy(buf + 1, k.data(), k.size());
  buf[k.size() + 1] = '"';
  impl_->w.RawValue(buf, k.size() + 2, rapidjson::kStringType);
  return *this;
}
JsonWriter& JsonWriter::value(std::string_view s) {
  impl_->w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
  return *this;
}
JsonWriter& JsonWriter::value(bool b) { impl_->w.Bool(b); return *this; }
JsonWriter& JsonWriter::value_i64(std::int64_t v) { impl_->w.Int64(v); return *this; }
JsonWriter& JsonWriter::value_u64(std::uint64_t v) { impl_->w.Uint64(v); return *this; }
JsonWriter& JsonWriter::value(double d) {
  // JSON has no NaN/Inf; they are written as null rather than corrupting output.
  if (!std::isfinite(d)) {
    impl_->w.Null();
  } else {
    impl_->w.Double(d);
  }
  return *this;
}
JsonWriter& JsonWriter::null() { impl_->w.Null(); return *this; }
JsonWriter& JsonWriter::raw(std::string_view json) {
  impl_->w.RawValue(json.data(), json.size(), rapidjson::kObjectType);
  return *this;
}
std::string JsonWriter::str() const {
  return std::string(impl_->buf.GetString(), impl_->buf.GetSize());
}
std::string_view JsonWriter::view() const {
  return std::string_view(impl_->buf.GetString(), impl_->buf.GetSize());
}
void JsonWriter::clear() {
  impl_->buf.Clear();
  impl_->w.Reset(impl_->buf);
}

}  // namespace credence
