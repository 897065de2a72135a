#pragma once
// Starting, reading and killing child processes in integration tests.
#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace credence::test {

/// A child process with its stdout (and optionally stderr) on a pipe.
class Process {
 public:
  /// Starts argv[0] with the given arguments. `extra_env` entries are
  /// "NAME=value" and are added to the current environment.
  static std::optional<Process> start(const std::vector<std::string>& argv,
                                      const std::vector<std::string>& extra_env = {},
                                      bool merge_stderr = false);
  Process(Process&& o) noexcept;
  Process& operator=(Process&&) = delete;
  ~Process();

  pid_t pid() const { return pid_; }
  /// One line of stdout without the newline; nullopt on EOF or timeout.
  std::optional<std::string> read_line(std::chrono::milliseconds timeout);
  /// Everything until EOF.
  std::string read_all();
  void kill(int sig);
  /// Waits for exit; returns the exit code, or 128+signal.
  int wait();
  /// Waits up to `timeout`; nullopt if still running.
  std::optional<int> wait_for(std::chrono::milliseconds timeout);

 private:
  Process() = default;
  pid_t pid_ = -1;
  int out_fd_ = -1;
  std::string buf_;
  bool reaped_ = false;
  int status_ = 0;
};

/// Runs a command to completion with `input` on stdin; returns exit code and
/// combined stdout+stderr.
struct RunResult {
  int code = -1;
  std::string output;
};
RunResult run(const std::vector<std::string>& argv, const std::string& input = "",
              const std::vector<std::string>& extra_env = {});

}  // namespace credence::test
