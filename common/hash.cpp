#include "common/hash.hpp"

#include <cstring>

namespace credence {

namespace {
inline std::uint64_t load64(const char* p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return v;  // little-endian on every platform credence targets (x86-64)
}
inline std::uint64_t rotl(std::uint64_t x, int r) noexcept {
  return (x << r) | (x >> (64 - r));
}
}  // namespace

std::uint64_t hash64(std::string_view bytes, std::uint64_t seed) noexcept {
  const char* p = bytes.data();
  size_t n = bytes.size();
  std::uint64_t h = seed ^ (0x9e3779b97f4a7c15ULL * (n + 1));
  while (n >= 8) {
    h = rotl(h ^ mix64(load64(p)), 29) * 0x9e3779b97f4a7c15ULL;
    p += 8;
    n -= 8;
  }
  std::uint64_t tail = 0;
  for (size_t i = 0; i < n; ++i)
    tail |= static_cast<std::uint64_t>(static_cast<unsigned char>(p[i]))
            << (8 * i);
  h = rotl(h ^ mix64(tail ^ (n << 56)), 29) * 0x9e3779b97f4a7c15ULL;
  return mix64(h);
}

void Digest::add(std::string_view bytes) noexcept {
  const std::uint64_t h1 = hash64(bytes, 0x1234567ULL + n_);
  const std::uint64_t h2 = hash64(bytes, 0x89abcdefULL ^ mix64(n_));
  a_ = mix64(a_ ^ h1) + rotl(b_, 17);
  b_ = mix64(b_ + h2) ^ rotl(a_, 41);
  ++n_;
}

void Digest::add_u64(std::uint64_t v) noexcept {
  char buf[8];
  std::memcpy(buf, &v, 8);
  add(std::string_view(buf, 8));
}

std::string Digest::hex() const {
  static const char* digits = "0123456789abcdef";
  std::string out(32, '0');
  for (int i = 0; i < 16; ++i) {
    out[15 - i] = digits[(a_ >> (4 * i)) & 15];
    out[31 - i] = digits[(b_ >> (4 * i)) & 15];
  }
  return out;
}

}  // namespace credence
