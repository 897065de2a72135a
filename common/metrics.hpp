#pragma once
/// \file metrics.hpp
/// Counters and histograms rendered in the Prometheus text format
/// (GET /metrics). Lock-free updates (atomics); registration and rendering
/// take a mutex. Metric objects live as long as the registry and may be
/// cached by callers.

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace credence {

class Counter {
 public:
  void inc(std::uint64_t n = 1) { v_.fetch_add(n, std::memory_order_relaxed); }
  std::uint64_t value() const { return v_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::uint64_t> v_{0};
};

class Gauge {
 public:
  void set(double v) { v_.store(v, std::memory_order_relaxed); }
  double value() const { return v_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> v_{0};
};

/// A histogram of seconds with fixed buckets (1 ms .. 10 s).
class Histogram {
 public:
  static constexpr std::array<double, 14> kBounds = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                                     0.05,   0.1,   0.25,   0.5,   0.6,  1.0,
                                                     2.5,    10.0};
  void observe(double seconds);
  std::uint64_t count() const { return count_.load(std::memory_order_relaxed); }
  double sum() const;
  std::uint64_t bucket(std::size_t i) const { return buckets_[i].load(std::memory_order_relaxed); }
  /// An estimate of quantile q in [0, 1] from the buckets (upper bound).
  double quantile(double q) const;

 private:
  std::array<std::atomic<std::uint64_t>, kBounds.size() + 1> buckets_{};
  std::atomic<std::uint64_t> count_{0};
  std::atomic<std::uint64_t> sum_micros_{0};
};

class Metrics {
 public:
  /// `labels` like {{"route", "/v1/memories"}}; the same name+labels return
  /// the same object.
  using Labels = std::vector<std::pair<std::string, std::string>>;
  Counter& counter(std::string_view name, std::string_view help, const Labels& labels = {});
  Gauge& gauge(std::string_view name, std::string_view help, const Labels& labels = {});
  Histogram& histogram(std::string_view name, std::string_view help, const Labels& labels = {});
  /// Every metric in the Prometheus text exposition format (version 0.0.4).
  std::string render() const;

 private:
  struct Family {
    std::string help;
    std::string type;
    std::map<std::string, std::unique_ptr<Counter>> counters;
    std::map<std::string, std::unique_ptr<Gauge>> gauges;
    std::map<std::string, std::unique_ptr<Histogram>> histograms;
  };
  Family& family(std::string_view name, std::string_view help, const char* type);
  mutable std::mutex mu_;
  std::map<std::string, Family, std::less<>> families_;
};

}  // namespace credence
