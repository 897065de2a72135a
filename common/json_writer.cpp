#include "common/json_writer.hpp"

#include <cmath>

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
  impl_->w.Key(k.data(), static_cast<rapidjson::SizeType>(k.size()));
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
