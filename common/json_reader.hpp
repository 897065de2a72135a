#pragma once
/// \file json_reader.hpp
/// Reading JSON objects field by field with errors that name the field.
///
/// Built on simdjson's DOM API (include this header only in the .cpp files
/// that parse JSON: simdjson is heavy to compile). An `ObjReader` records the
/// first problem it meets ("field `incoming.kind`: expected a string") and
/// returns defaults afterwards, so parsing code reads straight through and
/// checks `ok()` once at the end.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <simdjson.h>

#include "common/expected.hpp"

namespace credence::json {

/// Parses `text` as a JSON document whose root must be an object.
/// The returned element borrows from `parser` (valid until its next parse).
Expected<simdjson::dom::object> parse_object(simdjson::dom::parser& parser,
                                             std::string_view text);

/// Reads typed fields out of one JSON object.
class ObjReader {
 public:
  /// `path` is the dotted prefix used in error messages ("" for the root).
  ObjReader(simdjson::dom::object obj, std::string path = {});

  bool has(std::string_view key) const;  ///< present and not null
  /// Required fields record an error when absent; optional ones return nullopt.
  std::string str(std::string_view key);  ///< required string
  std::optional<std::string> opt_str(std::string_view key);
  /// A string field without copying it (valid until the parser's next parse).
  std::optional<std::string_view> opt_view(std::string_view key);
  double num(std::string_view key);  ///< required number
  std::optional<double> opt_num(std::string_view key);
  std::int64_t integer(std::string_view key);  ///< required integer
  std::optional<std::int64_t> opt_int(std::string_view key);
  std::optional<std::uint64_t> opt_uint(std::string_view key);
  std::optional<bool> opt_bool(std::string_view key);
  /// A nested object; nullopt when absent (and an error when required).
  std::optional<ObjReader> obj(std::string_view key, bool required = false);
  /// An array of strings; nullopt when absent.
  std::optional<std::vector<std::string>> opt_str_array(std::string_view key);
  /// Raw array elements; nullopt when absent.
  std::optional<simdjson::dom::array> opt_array(std::string_view key);
  /// The serialised JSON of a field (any type); nullopt when absent.
  std::optional<std::string> raw(std::string_view key) const;

  /// Records an error for every key not in `allowed` (first one wins).
  void only_keys(std::initializer_list<std::string_view> allowed);
  /// Records a custom error on `key` (e.g. a value out of range).
  void fail(std::string_view key, std::string message);

  /// "path.key" (or "key" at the root).
  std::string field(std::string_view key) const;
  bool ok() const { return !err_->has_value(); }
  const Error& error() const { return **err_; }
  const simdjson::dom::object& object() const { return obj_; }

 private:
  ObjReader(simdjson::dom::object obj, std::string path,
            std::shared_ptr<std::optional<Error>> err);
  bool lookup(std::string_view key, simdjson::dom::element& out) const;
  void type_error(std::string_view key, const char* expected);

  simdjson::dom::object obj_;
  /// The object's entries, indexed on the first lookup. Readers read fields
  /// in the order writers wrote them, so the search starts just after the
  /// last match (`hint_`); an absent optional field costs one pass of cheap
  /// length-first comparisons.
  struct Entry {
    std::string_view key;
    simdjson::dom::element value;
  };
  mutable std::vector<Entry> entries_;
  mutable bool indexed_ = false;
  mutable std::size_t hint_ = 0;
  std::string path_;
  std::shared_ptr<std::optional<Error>> err_;
};

}  // namespace credence::json
