#include "common/expected.hpp"

namespace credence {

const char* to_string(Errc code) noexcept {
  switch (code) {
    case Errc::invalid_argument: return "invalid_argument";
    case Errc::not_found: return "not_found";
    case Errc::conflict: return "conflict";
    case Errc::io_error: return "io_error";
    case Errc::corruption: return "corruption";
    case Errc::unsupported: return "unsupported";
    case Errc::timeout: return "timeout";
    case Errc::unavailable: return "unavailable";
    case Errc::overloaded: return "overloaded";
    case Errc::internal: return "internal";
  }
  return "internal";
}

std::string Error::describe() const {
  std::string out = to_string(code);
  out += ": ";
  out += message;
  if (!field.empty()) {
    out += " (field: ";
    out += field;
    out += ")";
  }
  return out;
}

}  // namespace credence
