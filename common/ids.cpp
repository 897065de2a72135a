#include "common/ids.hpp"

#include <atomic>
#include <cstdio>
#include <random>


namespace credence {

std::string new_id(std::string_view prefix, Millis now) {
  static std::atomic<std::uint64_t> counter{[] {
    std::random_device rd;
    return (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  }()};
  const std::uint64_t c = counter.fetch_add(1, std::memory_order_relaxed);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%012llx%08x",
                static_cast<unsigned long long>(now) & 0xffffffffffffULL,
                static_cast<unsigned>(c & 0xffffffffu));
  std::string out(prefix);
  out += '_';
  out += buf;
  return out;
}

}  // namespace credence
