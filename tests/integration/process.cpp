#include "tests/integration/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <thread>

extern char** environ;

namespace credence::test {

namespace {
std::vector<char*> to_cargv(const std::vector<std::string>& v) {
  std::vector<char*> out;
  for (const auto& s : v) out.push_back(const_cast<char*>(s.c_str()));
  out.push_back(nullptr);
  return out;
}
}  // namespace

std::optional<Process> Process::start(const std::vector<std::string>& argv,
                                      const std::vector<std::string>& extra_env,
                                      bool merge_stderr) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return std::nullopt;
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) env.emplace_back(*e);
  for (const auto& e : extra_env) env.push_back(e);
  auto cargv = to_cargv(argv);
  auto cenv = to_cargv(env);
  const pid_t pid = fork();
  if (pid < 0) return std::nullopt;
  if (pid == 0) {
    dup2(fds[1], STDOUT_FILENO);
    if (merge_stderr) dup2(fds[1], STDERR_FILENO);
    // Children start with the default signal mask and dispositions.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    execve(cargv[0], cargv.data(), cenv.data());
    _exit(127);
  }
  close(fds[1]);
  Process p;
  p.pid_ = pid;
  p.out_fd_ = fds[0];
  return p;
}

Process::Process(Process&& o) noexcept
    : pid_(o.pid_), out_fd_(o.out_fd_), buf_(std::move(o.buf_)), reaped_(o.reaped_),
      status_(o.status_) {
  o.pid_ = -1;
  o.out_fd_ = -1;
}

Process::~Process() {
  if (pid_ > 0 && !reaped_) {
    ::kill(pid_, SIGKILL);
    wait();
  }
  if (out_fd_ >= 0) close(out_fd_);
}

std::optional<std::string> Process::read_line(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    auto nl = buf_.find('\n');
    if (nl != std::string::npos) {
      std::string line = buf_.substr(0, nl);
      buf_.erase(0, nl + 1);
      return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    pollfd p{out_fd_, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left.count())) <= 0) return std::nullopt;
    char chunk[4096];
    const ssize_t n = ::read(out_fd_, chunk, sizeof chunk);
    if (n <= 0) return std::nullopt;
    buf_.append(chunk, static_cast<size_t>(n));
  }
}

std::string Process::read_all() {
  std::string out = std::move(buf_);
  buf_.clear();
  char chunk[4096];
  ssize_t n;
  while ((n = ::read(out_fd_, chunk, sizeof chunk)) > 0) out.append(chunk, static_cast<size_t>(n));
  return out;
}

void Process::kill(int sig) {
  if (pid_ > 0 && !reaped_) ::kill(pid_, sig);
}

int Process::wait() {
  if (!reaped_ && pid_ > 0) {
    while (waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
  }
  if (WIFEXITED(status_)) return WEXITSTATUS(status_);
  if (WIFSIGNALED(status_)) return 128 + WTERMSIG(status_);
  return -1;
}

std::optional<int> Process::wait_for(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!reaped_) {
    const pid_t r = waitpid(pid_, &status_, WNOHANG);
    if (r == pid_) {
      reaped_ = true;
      break;
    }
    if (std::chrono::steady_clock::now() > deadline) return std::nullopt;
    usleep(5000);
  }
  return wait();
}

RunResult run(const std::vector<std::string>& argv, const std::string& input,
              const std::vector<std::string>& extra_env) {
  int in[2];
  if (pipe2(in, O_CLOEXEC) != 0) return {};
  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0) return {};
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) env.emplace_back(*e);
  for (const auto& e : extra_env) env.push_back(e);
  auto cargv = to_cargv(argv);
  auto cenv = to_cargv(env);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(in[0], STDIN_FILENO);
    dup2(out[1], STDOUT_FILENO);
    dup2(out[1], STDERR_FILENO);
    execve(cargv[0], cargv.data(), cenv.data());
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  // Feed stdin from its own thread so a child that writes a lot before
  // reading all its input cannot deadlock against us.
  std::thread feeder([&input, fd = in[1]] {
    size_t off = 0;
    while (off < input.size()) {
      const ssize_t n = ::write(fd, input.data() + off, input.size() - off);
      if (n <= 0) break;
      off += static_cast<size_t>(n);
    }
    close(fd);
  });
  RunResult r;
  char chunk[4096];
  ssize_t n;
  while ((n = ::read(out[0], chunk, sizeof chunk)) > 0) r.output.append(chunk, static_cast<size_t>(n));
  close(out[0]);
  feeder.join();
  int status = 0;
  waitpid(pid, &status, 0);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

}  // namespace credence::test
