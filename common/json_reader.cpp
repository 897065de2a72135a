#include "common/json_reader.hpp"

#include <cmath>

namespace credence::json {

Expected<simdjson::dom::object> parse_object(simdjson::dom::parser& parser,
                                             std::string_view text) {
  simdjson::dom::element doc;
  if (auto err = parser.parse(text.data(), text.size()).get(doc); err) {
    return make_error(Errc::invalid_argument,
                      std::string("malformed JSON: ") +
                          simdjson::error_message(err));
  }
  simdjson::dom::object obj;
  if (doc.get_object().get(obj)) {
    return make_error(Errc::invalid_argument,
                      "malformed JSON: the document must be an object");
  }
  return obj;
}

ObjReader::ObjReader(simdjson::dom::object obj, std::string path)
    : ObjReader(obj, std::move(path),
                std::make_shared<std::optional<Error>>()) {}

ObjReader::ObjReader(simdjson::dom::object obj, std::string path,
                     std::shared_ptr<std::optional<Error>> err)
    : obj_(obj), path_(std::move(path)), err_(std::move(err)) {}

std::string ObjReader::field(std::string_view key) const {
  if (path_.empty()) return std::string(key);
  std::string f = path_;
  f += '.';
  f += key;
  return f;
}

bool ObjReader::lookup(std::string_view key,
                       simdjson::dom::element& out) const {
  if (!indexed_) {
    indexed_ = true;
    entries_.reserve(obj_.size());
    for (auto [k, v] : obj_) entries_.push_back({k, v});
  }
  const std::size_t n = entries_.size();
  for (std::size_t step = 0; step < n; ++step) {
    std::size_t i = hint_ + step;
    if (i >= n) i -= n;
    const Entry& e = entries_[i];
    if (e.key.size() == key.size() && e.key == key) {
      hint_ = i + 1;
      out = e.value;
      return !out.is_null();
    }
  }
  return false;
}

bool ObjReader::has(std::string_view key) const {
  simdjson::dom::element e;
  return lookup(key, e);
}

void ObjReader::fail(std::string_view key, std::string message) {
  if (!err_->has_value())
    *err_ = make_error(Errc::invalid_argument, std::move(message), field(key));
}

void ObjReader::type_error(std::string_view key, const char* expected) {
  fail(key, "field `" + field(key) + "`: expected " + expected);
}

std::optional<std::string> ObjReader::opt_str(std::string_view key) {
  simdjson::dom::element e;
  if (!lookup(key, e)) return std::nullopt;
  std::string_view sv;
  if (e.get_string().get(sv)) {
    type_error(key, "a string");
    return std::nullopt;
  }
  return std::string(sv);
}

std::optional<std::string_view> ObjReader::opt_view(std::string_view key) {
  simdjson::dom::element e;
  if (!lookup(key, e)) return std::nullopt;
  std::string_view sv;
  if (e.get_string().get(sv)) {
    type_error(key, "a string");
    return std::nullopt;
  }
  return sv;
}

std::string ObjReader::str(std::string_view key) {
  if (!has(key)) {
    fail(key, "field `" + field(key) + "` is required");
    return {};
  }
  return opt_str(key).value_or(std::string());
}

std::optional<double> ObjReader::opt_num(std::string_view key) {
  simdjson::dom::element e;
  if (!lookup(key, e)) return std::nullopt;
  double d;
  if (e.get_double().get(d)) {
    type_error(key, "a number");
    return std::nullopt;
  }
  return d;
}

double ObjReader::num(std::string_view key) {
  if (!has(key)) {
    fail(key, "field `" + field(key) + "` is required");
    return 0;
  }
  return opt_num(key).value_or(0.0);
}

std::optional<std::int64_t> ObjReader::opt_int(std::string_view key) {
  simdjson::dom::element e;
  if (!lookup(key, e)) return std::nullopt;
  std::int64_t v;
  if (!e.get_int64().get(v)) return v;
  double d;
  if (!e.get_double().get(d) && std::floor(d) == d && std::fabs(d) < 9e15)
    return static_cast<std::int64_t>(d);
  type_error(key, "an integer");
  return std::nullopt;
}

std::optional<std::uint64_t> ObjReader::opt_uint(std::string_view key) {
  simdjson::dom::element e;
  if (!lookup(key, e)) return std::nullopt;
  std::uint64_t v;
  if (!e.get_uint64().get(v)) return v;
  type_error(key, "a non-negative integer");
  return std::nullopt;
}

std::int64_t ObjReader::integer(std::string_view key) {
  if (!has(key)) {
    fail(key, "field `" + field(key) + "` is required");
    return 0;
  }
  return opt_int(key).value_or(0);
}

std::optional<bool> ObjReader::opt_bool(std::string_view key) {
  simdjson::dom::element e;
  if (!lookup(key, e)) return std::nullopt;
  bool b;
  if (e.get_bool().get(b)) {
    type_error(key, "true or false");
    return std::nullopt;
  }
  return b;
}

std::optional<ObjReader> ObjReader::obj(std::string_view key, bool required) {
  simdjson::dom::element e;
  if (!lookup(key, e)) {
    if (required) fail(key, "field `" + field(key) + "` is required");
    return std::nullopt;
  }
  simdjson::dom::object o;
  if (e.get_object().get(o)) {
    type_error(key, "an object");
    return std::nullopt;
  }
  return ObjReader(o, field(key), err_);
}

std::optional<simdjson::dom::array> ObjReader::opt_array(std::string_view key) {
  simdjson::dom::element e;
  if (!lookup(key, e)) return std::nullopt;
  simdjson::dom::array a;
  if (e.get_array().get(a)) {
    type_error(key, "an array");
    return std::nullopt;
  }
  return a;
}

std::optional<std::vector<std::string>> ObjReader::opt_str_array(
    std::string_view key) {
  auto arr = opt_array(key);
  if (!arr) return std::nullopt;
  std::vector<std::string> out;
  for (auto el : *arr) {
    std::string_view sv;
    if (el.get_string().get(sv)) {
      type_error(key, "an array of strings");
      return std::nullopt;
    }
    out.emplace_back(sv);
  }
  return out;
}

std::optional<std::string> ObjReader::raw(std::string_view key) const {
  simdjson::dom::element e;
  if (!lookup(key, e)) return std::nullopt;
  return simdjson::minify(e);
}

void ObjReader::only_keys(std::initializer_list<std::string_view> allowed) {
  for (auto [k, v] : obj_) {
    bool known = false;
    for (auto a : allowed) known = known || a == k;
    if (!known) {
      fail(k, "unknown field `" + field(k) + "`");
      return;
    }
  }
}

}  // namespace credence::json
