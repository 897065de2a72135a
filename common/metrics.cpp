#include "common/metrics.hpp"

#include <cmath>
#include <cstdio>

namespace credence {

void Histogram::observe(double seconds) {
  std::size_t i = 0;
  while (i < kBounds.size() && seconds > kBounds[i]) ++i;
  buckets_[i].fetch_add(1, std::memory_order_relaxed);
  count_.fetch_add(1, std::memory_order_relaxed);
  sum_micros_.fetch_add(static_cast<std::uint64_t>(std::max(0.0, seconds) * 1e6),
                        std::memory_order_relaxed);
}

double Histogram::sum() const {
  return static_cast<double>(sum_micros_.load(std::memory_order_relaxed)) / 1e6;
}

double Histogram::quantile(double q) const {
  const std::uint64_t n = count();
  if (n == 0) return 0;
  const auto target = static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(n)));
  std::uint64_t acc = 0;
  for (std::size_t i = 0; i < kBounds.size(); ++i) {
    acc += bucket(i);
    if (acc >= target) return kBounds[i];
  }
  return INFINITY;
}

namespace {
std::string label_key(const Metrics::Labels& labels) {
  std::string out;
  for (const auto& [k, v] : labels) {
    if (!out.empty()) out += ',';
    out += k + "=\"";
    for (char c : v) {
      if (c == '"' || c == '\\') out += '\\';
      if (c == '\n') {
        out += "\\n";
        continue;
      }
      out += c;
    }
    out += '"';
  }
  return out;
}
std::string num(double v) {
  if (std::isinf(v)) return "+Inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}
}  // namespace

Metrics::Family& Metrics::family(std::string_view name, std::string_view help, const char* type) {
  auto it = families_.find(name);
  if (it == families_.end()) {
    it = families_.emplace(std::string(name), Family{}).first;
    it->second.help = std::string(help);
    it->second.type = type;
  }
  return it->second;
}

Counter& Metrics::counter(std::string_view name, std::string_view help, const Labels& labels) {
  std::lock_guard lk(mu_);
  auto& f = family(name, help, "counter");
  auto& slot = f.counters[label_key(labels)];
  if (!slot) slot = std::make_unique<Counter>();
  return *slot;
}

Gauge& Metrics::gauge(std::string_view name, std::string_view help, const Labels& labels) {
  std::lock_guard lk(mu_);
  auto& f = family(name, help, "gauge");
  auto& slot = f.gauges[label_key(labels)];
  if (!slot) slot = std::make_unique<Gauge>();
  return *slot;
}

Histogram& Metrics::histogram(std::string_view name, std::string_view help, const Labels& labels) {
  std::lock_guard lk(mu_);
  auto& f = family(name, help, "histogram");
  auto& slot = f.histograms[label_key(labels)];
  if (!slot) slot = std::make_unique<Histogram>();
  return *slot;
}

std::string Metrics::render() const {
  std::lock_guard lk(mu_);
  std::string out;
  for (const auto& [name, f] : families_) {
    out += "# HELP " + name + " " + f.help + "\n";
    out += "# TYPE " + name + " " + f.type + "\n";
    auto braces = [](const std::string& l) { return l.empty() ? std::string() : "{" + l + "}"; };
    for (const auto& [l, c] : f.counters) out += name + braces(l) + " " + std::to_string(c->value()) + "\n";
    for (const auto& [l, g] : f.gauges) out += name + braces(l) + " " + num(g->value()) + "\n";
    for (const auto& [l, h] : f.histograms) {
      std::uint64_t acc = 0;
      for (std::size_t i = 0; i <= Histogram::kBounds.size(); ++i) {
        acc += h->bucket(i);
        const std::string le = i < Histogram::kBounds.size() ? num(Histogram::kBounds[i]) : "+Inf";
        out += name + "_bucket{" + (l.empty() ? "" : l + ",") + "le=\"" + le + "\"} " +
               std::to_string(acc) + "\n";
      }
      out += name + "_sum" + braces(l) + " " + num(h->sum()) + "\n";
      out += name + "_count" + braces(l) + " " + std::to_string(h->count()) + "\n";
    }
  }
  return out;
}

}  // namespace credence
