// `credence serve`: run the sidecar until SIGTERM/SIGINT.
#include <csignal>
#include <cstdio>

#include "cli/commands.hpp"
#include "cli/setup.hpp"
#include "server/daemon.hpp"

namespace credence::cli {

int cmd_serve(const Common& c) {
  // Block the shutdown signals before any thread starts, so that only
  // Daemon::wait_for_shutdown (sigwait) receives them.
  sigset_t sigs;
  sigemptyset(&sigs);
  sigaddset(&sigs, SIGINT);
  sigaddset(&sigs, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &sigs, nullptr);
  auto cfg = load_or_report(c);
  if (!cfg) return 2;
  Daemon daemon(*cfg);
  if (auto st = daemon.start(); !st) {
    std::fprintf(stderr, "credence: cannot start: %s\n", st.error().message.c_str());
    return 1;
  }
  return daemon.wait_for_shutdown();
}

}  // namespace credence::cli
