#include "store/fold.hpp"

#include <algorithm>
#include <atomic>
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
  MemoryNode memory;            // decoded memory.added (empty: none)
  std::optional<Error> error;    // decoding failed
};

}  // namespace

Status fold_log(const EventLog& log, State& state, const FoldOptions& o) {
  if (o.upto < o.from) return {};
  auto apply_one = [&](Item& it) -> Status {
    Status st = it.error ? Status(*it.error)
                : !it.memory.empty() ? apply_decoded(state, it.event, std::move(it.memory), o.touched)
                            : apply(state, it.event, o.touched);
    if (st && o.after_each) o.after_each(it.event);
    return st;
  };
  if (!o.parallel) {
    Status failure;
    auto st = log.scan(o.from, [&](const Event& e) {
      if (e.seq > o.upto) return false;
      Item it{e, {}, std::nullopt};
      failure = apply_one(it);
      return static_cast<bool>(failure);
    });
    if (!st) return st;
    return failure;
  }

  // Decoders scan and decode chunks of the range (decoder d takes chunks d,
  // d + n, d + 2n, ...); this thread applies the chunks strictly in order.
  // Each decoder allocates the memories it decodes (map nodes included),
  // which is most of the work, so both cores share it.
  const std::uint64_t upto = std::min(o.upto, log.head());
  if (upto < o.from) return {};
  constexpr std::uint64_t kChunk = 8192;
  constexpr std::size_t kMaxQueued = 2;  // chunks decoded ahead, per decoder
  const std::size_t decoders = std::max<std::size_t>(1, o.decoders);
  const std::uint64_t chunks = (upto - o.from) / kChunk + 1;
  struct Chunk {
    std::vector<Item> items;
    Status status;
  };
  struct Lane {
    std::mutex mu;
    std::condition_variable cv;
    std::deque<Chunk> ready;
    std::vector<Chunk> spent;  // applied, handed back to be freed by the decoder
  };
  std::vector<Lane> lanes(decoders);
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
  for (std::size_t d = 0; d < decoders; ++d) {
    threads.emplace_back([&, d] {
      Lane& lane = lanes[d];
      for (std::uint64_t c = d; c < chunks && !stop; c += decoders) {
        {
          // Free applied chunks here, on the thread that allocated their
          // strings: a free into another thread's arena takes its lock.
          std::vector<Chunk> spent;
          {
            std::lock_guard lk(lane.mu);
            spent.swap(lane.spent);
          }
        }
        const std::uint64_t first = o.from + c * kChunk;
        const std::uint64_t last = std::min(upto, first + kChunk - 1);
        Chunk chunk;
        chunk.items.reserve(static_cast<std::size_t>(last - first + 1));
        chunk.status = log.scan(first, [&](Event& e) {
          if (e.seq > last) return false;
          Item it{std::move(e), {}, std::nullopt};
          if (it.event.type == events::kMemoryAdded) {
            auto m = decode_memory_added(it.event);
            if (m) {
              it.memory = std::move(*m);
              // Decoded: free the payload here, on the thread that
              // allocated it (cross-thread frees are costly in glibc).
              std::string().swap(it.event.payload);
            } else {
              it.error = m.error();
            }
          }
          chunk.items.push_back(std::move(it));
          return !stop;
        });
        std::unique_lock lk(lane.mu);
        lane.cv.wait(lk, [&] { return lane.ready.size() < kMaxQueued || stop; });
        if (stop) return;
        lane.ready.push_back(std::move(chunk));
        lane.cv.notify_all();
      }
    });
  }
  Status failure;
  for (std::uint64_t c = 0; c < chunks && failure; ++c) {
    Lane& lane = lanes[c % decoders];
    Chunk chunk;
    {
      std::unique_lock lk(lane.mu);
      lane.cv.wait(lk, [&] { return !lane.ready.empty(); });
      chunk = std::move(lane.ready.front());
      lane.ready.pop_front();
      lane.cv.notify_all();
    }
    for (auto& it : chunk.items) {
      failure = apply_one(it);
      if (!failure) break;
    }
    if (failure && !chunk.status) failure = chunk.status;
    std::lock_guard lk(lane.mu);
    lane.spent.push_back(std::move(chunk));
  }
  stop = true;
  for (auto& lane : lanes) {
    std::lock_guard lk(lane.mu);
    lane.cv.notify_all();
  }
  for (auto& t : threads) t.join();
  return failure;
}

}  // namespace credence
