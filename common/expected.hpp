#pragma once
/// \file expected.hpp
/// Value-or-error returns used across engine/, store/ and config/.
///
/// C++20 has no std::expected, so credence carries a small one of its own.
/// An `Error` names a machine-readable code, a human message and, where the
/// error comes from input, the offending field (e.g. "incoming.text" or
/// "store.sync"). Expected failures are returned, never thrown.

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace credence {

/// Error codes shared by every component. Keep in sync with to_string().
enum class Errc {
  invalid_argument,   ///< bad input: a field has the wrong type or value
  not_found,          ///< an id that does not exist
  conflict,           ///< a write refused because it contradicts a record
  io_error,           ///< disk or network failure
  corruption,         ///< on-disk data that cannot be decoded
  unsupported,        ///< a version or feature this build does not handle
  timeout,            ///< a deadline passed
  unavailable,        ///< a dependency (server, store) is not reachable
  overloaded,         ///< a bounded queue is full
  internal,           ///< a broken invariant
};

const char* to_string(Errc code) noexcept;

/// An error value: code, message and (optionally) the field it concerns.
struct Error {
  Errc code = Errc::internal;
  std::string message;
  std::string field;

  /// "invalid_argument: weight must be in [0, 1] (field: evidence.weight)"
  std::string describe() const;
};

inline Error make_error(Errc code, std::string message, std::string field = {}) {
  return Error{code, std::move(message), std::move(field)};
}

/// Holds either a T or an Error. Access to the wrong alternative asserts.
template <class T>
class Expected {
 public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Expected(Error err) : v_(std::in_place_index<1>, std::move(err)) {}

  bool has_value() const noexcept { return v_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  T& value() & { assert(has_value()); return std::get<0>(v_); }
  const T& value() const& { assert(has_value()); return std::get<0>(v_); }
  T&& value() && { assert(has_value()); return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const { assert(!has_value()); return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

/// Success or an Error, for operations without a value.
class Status {
 public:
  Status() = default;
  Status(Error err) : err_(std::move(err)), ok_(false) {}
  static Status ok() { return Status(); }
  bool is_ok() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }
  const Error& error() const { assert(!ok_); return err_; }

 private:
  Error err_;
  bool ok_ = true;
};

}  // namespace credence
