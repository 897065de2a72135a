#pragma once
// IEEE 754 binary16 ("half") conversions in portable code, so that rounding
// a vector gives the same bits on every CPU. The vector index keeps its
// brute-force rows at half precision: half the memory traffic of a scan.

#include <cstdint>
#include <cstring>

namespace credence {

/// Rounds to the nearest half, ties to even (the rounding of F16C's
/// vcvtps2ph with _MM_FROUND_TO_NEAREST_INT). Overflow gives infinity, NaN
/// stays NaN.
inline std::uint16_t float_to_half(float f) {
  std::uint32_t x;
  std::memcpy(&x, &f, sizeof x);
  const auto sign = static_cast<std::uint16_t>((x >> 16) & 0x8000u);
  const std::uint32_t a = x & 0x7fffffffu;
  if (a >= 0x7f800000u)  // infinity or NaN (quiet, keeps some payload)
    return static_cast<std::uint16_t>(sign | 0x7c00u | (a > 0x7f800000u ? 0x200u | ((a >> 13) & 0x3ffu) : 0u));
  if (a >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u);  // >= 65520
  if (a < 0x33000000u) return sign;  // below 2^-25: zero
  if (a < 0x38800000u) {             // below 2^-14: a subnormal half
    const std::uint32_t e = a >> 23;
    const std::uint32_t m = (a & 0x7fffffu) | 0x800000u;
    const std::uint32_t shift = 126u - e;  // 14..24
    std::uint32_t r = m >> shift;
    const std::uint32_t rem = m & ((1u << shift) - 1u);
    const std::uint32_t mid = 1u << (shift - 1u);
    if (rem > mid || (rem == mid && (r & 1u))) ++r;
    return static_cast<std::uint16_t>(sign | r);
  }
  const std::uint32_t r = a - 0x38000000u;  // exponent rebiased 127 -> 15
  std::uint32_t h = r >> 13;
  const std::uint32_t rem = r & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;  // a carry moves the exponent: right
  return static_cast<std::uint16_t>(sign | h);
}

/// Exact: every half is a float.
inline float half_to_float(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  std::uint32_t e = (h >> 10) & 0x1fu;
  std::uint32_t m = h & 0x3ffu;
  std::uint32_t x;
  if (e == 0) {
    if (m == 0) {
      x = sign;
    } else {  // subnormal: shift the leading one into place
      int ex = 1;
      while ((m & 0x400u) == 0) {
        m <<= 1;
        --ex;
      }
      x = sign | (static_cast<std::uint32_t>(ex + 112) << 23) | ((m & 0x3ffu) << 13);
    }
  } else if (e == 31) {
    x = sign | 0x7f800000u | (m << 13);
  } else {
    x = sign | ((e + 112u) << 23) | (m << 13);
  }
  float f;
  std::memcpy(&f, &x, sizeof f);
  return f;
}

}  // namespace credence
