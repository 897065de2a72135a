#pragma once
/// \file reply_sink.hpp
/// A one-shot reply slot a non-actor thread waits on. The HTTP workers send
/// ingestion commands straight to the user's shard with one carrying a sink
/// and wait on it, instead of spawning a scoped actor per request, routing
/// through the supervisor and arming a CAF request timeout (each of which
/// wakes another thread). A reply that comes after the waiter gave up is
/// dropped with the last reference.

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>

namespace credence {

template <class T>
class ReplySink {
 public:
  /// Stores the reply (the first one wins) and wakes the waiter.
  void put(T value) {
    {
      std::lock_guard lk(mu_);
      if (value_) return;
      value_ = std::move(value);
    }
    cv_.notify_one();
  }
  /// The reply, or nullopt if none came within `timeout`.
  std::optional<T> wait_for(std::chrono::milliseconds timeout) {
    std::unique_lock lk(mu_);
    if (!cv_.wait_for(lk, timeout, [&] { return value_.has_value(); })) return std::nullopt;
    return std::move(value_);
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::optional<T> value_;
};

template <class T>
using ReplySinkPtr = std::shared_ptr<ReplySink<T>>;

}  // namespace credence
