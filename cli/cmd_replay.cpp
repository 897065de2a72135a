// `credence replay`: rebuild all state from the log and print its digest;
// with --verify, compare it with the live (persisted) state.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <thread>

#include "cli/commands.hpp"
#include "cli/setup.hpp"
#include "engine/codec.hpp"
#include "engine/digest.hpp"
#include "engine/state.hpp"
#include "store/fold.hpp"

namespace credence::cli {

namespace {
double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
}  // namespace

int cmd_replay(const Common& c, const ReplayOptions& o) {
  auto cfg = load_or_report(c);
  if (!cfg) return 2;
  auto log = open_log_or_report(*cfg, o.data_dir, true);
  if (!log) return 1;
  const std::uint64_t head = log->head();
  const std::uint64_t live_seq = log->cursor("state");
  const auto t0 = std::chrono::steady_clock::now();
  auto last_progress = t0;

  // The replayed state is not freed at exit: tearing down a million
  // memories takes about a second and the process ends right after.
  State& state = *new State;
  // Every event adds at most one memory; the cap bounds the bucket array.
  state.reserve_memories(static_cast<std::size_t>(std::min<std::uint64_t>(head, 1u << 24)));
  std::string digest_at_live;
  std::uint64_t applied = 0;
  const unsigned threads = std::max(2u, std::thread::hardware_concurrency());
  if (live_seq == 0) digest_at_live = state_digest(state, threads);
  FoldOptions fo;
  fo.after_each = [&](const Event& e) {
    ++applied;
    if (e.seq == live_seq) digest_at_live = state_digest(state, threads);
    if (!o.quiet && (applied & 0xffff) == 0) {
      const auto now = std::chrono::steady_clock::now();
      if (now - last_progress > std::chrono::seconds(1)) {
        last_progress = now;
        std::fprintf(stderr, "replay: %llu / %llu events (%.0f%%)\n",
                     static_cast<unsigned long long>(e.seq),
                     static_cast<unsigned long long>(head),
                     head ? 100.0 * static_cast<double>(e.seq) / static_cast<double>(head) : 100.0);
      }
    }
  };
  if (auto st = fold_log(*log, state, fo); !st) {
    std::fprintf(stderr, "credence: replay failed: %s\n", st.error().describe().c_str());
    return 1;
  }
  const double fold_s = seconds_since(t0);
  const std::string digest = state_digest(state, threads);
  std::printf("events %llu\n", static_cast<unsigned long long>(applied));
  std::printf("head %llu\n", static_cast<unsigned long long>(head));
  std::printf("memories %zu\n", state.memories().size());
  std::printf("uncertainties %zu\n", state.uncertainties().size());
  std::printf("relationships %zu\n", state.relationships().size());
  std::printf("users %zu\n", state.users().size());
  std::printf("digest %s\n", digest.c_str());
  std::printf("elapsed_s %.3f (fold %.3f)\n", seconds_since(t0), fold_s);
  if (!o.verify) return 0;

  // The live state is persisted up to the `state` cursor: load it as the
  // daemon does and digest it the same way as the replay at that point.
  State stored_state;
  EntityLoader loader;
  Status load_status;
  auto ss = log->scan_state("", [&](std::string_view k, std::string_view v) {
    load_status = loader.load(stored_state, k, v);
    return static_cast<bool>(load_status);
  });
  if (ss && load_status) load_status = stored_state.finish_load();
  if (!ss || !load_status) {
    std::fprintf(stderr, "credence: cannot read the state store: %s\n",
                 (!ss ? ss.error() : load_status.error()).describe().c_str());
    return 1;
  }
  const std::string live_digest = state_digest(stored_state, threads);
  std::printf("live_seq %llu\n", static_cast<unsigned long long>(live_seq));
  std::printf("live_digest %s\n", live_digest.c_str());
  std::printf("replay_digest_at_live_seq %s\n", digest_at_live.c_str());
  if (live_digest == digest_at_live) {
    std::printf("verify ok\n");
    return 0;
  }
  std::printf("verify MISMATCH\n");
  // Name the first differing entity to make the difference actionable.
  State at_live;
  (void)log->scan(1, [&](const Event& e) {
    if (e.seq > live_seq) return false;
    (void)apply(at_live, e, nullptr);
    return true;
  });
  std::map<std::string, std::string> replayed, stored_entities;
  for_each_entity(at_live, [&](std::string_view k, std::string_view j) {
    replayed.emplace(std::string(k), std::string(j));
  });
  for_each_entity(stored_state, [&](std::string_view k, std::string_view j) {
    stored_entities.emplace(std::string(k), std::string(j));
  });
  for (const auto& [k, v] : replayed) {
    auto it = stored_entities.find(k);
    if (it == stored_entities.end()) {
      std::printf("first difference: %s is missing from the live state\n", k.c_str());
      return 1;
    }
    if (it->second != v) {
      std::printf("first difference: %s\n  live:   %s\n  replay: %s\n", k.c_str(),
                  it->second.c_str(), v.c_str());
      return 1;
    }
  }
  for (const auto& [k, v] : stored_entities) {
    if (!replayed.count(k)) {
      std::printf("first difference: %s exists only in the live state\n", k.c_str());
      return 1;
    }
  }
  return 1;
}

}  // namespace credence::cli
