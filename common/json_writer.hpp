#pragma once
/// \file json_writer.hpp
/// A small streaming JSON writer (RapidJSON underneath, hidden behind a pimpl
/// so that including this header stays cheap). Doubles print in shortest
/// round-trip form. Not thread-safe; one writer per output.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace credence {

class JsonWriter {
 public:
  JsonWriter();
  ~JsonWriter();
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);

  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b);
  JsonWriter& value(int v) { return value_i64(v); }
  JsonWriter& value(long v) { return value_i64(v); }
  JsonWriter& value(long long v) { return value_i64(v); }
  JsonWriter& value(unsigned v) { return value_u64(v); }
  JsonWriter& value(unsigned long v) { return value_u64(v); }
  JsonWriter& value(unsigned long long v) { return value_u64(v); }
  JsonWriter& value(double d);
  JsonWriter& null();
  /// Inserts an already-serialised JSON value verbatim.
  JsonWriter& raw(std::string_view json);

  template <class T>
  JsonWriter& kv(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }
  template <class T>
  JsonWriter& kv(std::string_view k, const std::optional<T>& v) {
    key(k);
    return v ? value(*v) : null();
  }
  /// Writes the key only when the optional holds a value.
  template <class T>
  JsonWriter& kv_opt(std::string_view k, const std::optional<T>& v) {
    if (v) {
      key(k);
      value(*v);
    }
    return *this;
  }

  /// The document written so far.
  std::string str() const;
  std::string_view view() const;
  void clear();

 private:
  JsonWriter& value_i64(std::int64_t v);
  JsonWriter& value_u64(std::uint64_t v);
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace credence
