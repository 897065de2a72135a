// crash_writer DIR MODE START...: appends events from several threads and
// prints "ack T N" after each append is durable (MODE: fsync | os). Thread T
// writes counters START[T], START[T]+1, ... with idempotency key "T-N", so a
// counter that was appended but not acknowledged before a kill is deduplicated
// when the next run re-sends it. Used by crash_test.cpp, which SIGKILLs it.
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "store/event_log.hpp"

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: crash_writer DIR fsync|os START...\n");
    return 2;
  }
  credence::EventLog::Options o;
  o.dir = argv[1];
  o.fsync = std::string(argv[2]) == "fsync";
  auto log = credence::EventLog::open(o);
  if (!log) {
    std::fprintf(stderr, "open failed: %s\n", log.error().message.c_str());
    return 1;
  }
  std::mutex out_mu;
  std::vector<std::thread> threads;
  for (int t = 0; t + 3 < argc; ++t) {
    const long start = std::strtol(argv[3 + t], nullptr, 10);
    threads.emplace_back([&, t, start] {
      for (long n = start;; ++n) {
        credence::Event e;
        e.type = "test.counter";
        e.user = "t" + std::to_string(t);
        e.ts = n;
        e.idem_key = std::to_string(t) + "-" + std::to_string(n);
        e.payload = "{\"t\":" + std::to_string(t) + ",\"n\":" + std::to_string(n) +
                    ",\"pad\":\"" + std::string(150, 'x') + "\"}";
        auto r = (*log)->append({e});
        if (!r) {
          std::fprintf(stderr, "append failed: %s\n", r.error().message.c_str());
          std::exit(1);
        }
        std::lock_guard lk(out_mu);
        std::printf("ack %d %ld\n", t, n);
        std::fflush(stdout);
      }
    });
  }
  for (auto& th : threads) th.join();
  return 0;
}
