#include "store/fold.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

#include "engine/events.hpp"

namespace credence {

namespace {

struct Item {
  Event event;
  std::optional<Memory> memory;  // decoded memory.added
  std::optional<Error> error;    // decoding failed
};

}  // namespace

Status fold_log(const EventLog& log, State& state, const FoldOptions& o) {
  if (o.upto < o.from) return {};
  auto apply_one = [&](Item& it) -> Status {
    Status st = it.error ? Status(*it.error)
                : it.memory ? apply_decoded(state, it.event, std::move(*it.memory), o.touched)
                            : apply(state, it.event, o.touched);
    if (st && o.after_each) o.after_each(it.event);
    return st;
  };
  if (!o.parallel) {
    Status failure;
    auto st = log.scan(o.from, [&](const Event& e) {
      if (e.seq > o.upto) return false;
      Item it{e, std::nullopt, std::nullopt};
      failure = apply_one(it);
      return static_cast<bool>(failure);
    });
    if (!st) return st;
    return failure;
  }

  // Producer: scan and decode batches; consumer (this thread): apply them.
  constexpr std::size_t kBatch = 512, kMaxQueued = 16;
  std::mutex mu;
  std::condition_variable cv;
  std::deque<std::vector<Item>> queue;
  bool done = false, stop = false;
  Status scan_status;
  std::thread producer([&] {
    std::vector<Item> batch;
    batch.reserve(kBatch);
    auto push = [&] {
      std::unique_lock lk(mu);
      cv.wait(lk, [&] { return queue.size() < kMaxQueued || stop; });
      if (stop) return false;
      queue.push_back(std::move(batch));
      batch = {};
      batch.reserve(kBatch);
      cv.notify_all();
      return true;
    };
    auto st = log.scan(o.from, [&](const Event& e) {
      if (e.seq > o.upto) return false;
      Item it{e, std::nullopt, std::nullopt};
      if (e.type == events::kMemoryAdded) {
        auto m = decode_memory_added(e);
        if (m) {
          it.memory = std::move(*m);
        } else {
          it.error = m.error();
        }
      }
      batch.push_back(std::move(it));
      return batch.size() < kBatch || push();
    });
    if (!batch.empty()) push();
    std::lock_guard lk(mu);
    scan_status = st;
    done = true;
    cv.notify_all();
  });
  Status failure;
  while (true) {
    std::vector<Item> batch;
    {
      std::unique_lock lk(mu);
      cv.wait(lk, [&] { return !queue.empty() || done; });
      if (queue.empty()) break;
      batch = std::move(queue.front());
      queue.pop_front();
      cv.notify_all();
    }
    for (auto& it : batch) {
      failure = apply_one(it);
      if (!failure) break;
    }
    if (!failure) break;
  }
  {
    std::lock_guard lk(mu);
    stop = true;
    cv.notify_all();
  }
  producer.join();
  if (!failure) return failure;
  return scan_status;
}

}  // namespace credence
