#pragma once
// Starts the real `credence serve` on a free port with its own data
// directory, and talks JSON to it. For end-to-end tests.
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tests/integration/process.hpp"

namespace credence::test {

struct HttpResult {
  int status = 0;
  std::string body;
  std::map<std::string, std::string> headers;
};

class Daemon {
 public:
  /// `extra_env` like {"CREDENCE_AUTH_TOKEN=s3cret"}; `extra_args` go to serve.
  Daemon(const std::string& data_dir, std::vector<std::string> extra_env = {},
         std::vector<std::string> extra_args = {});
  ~Daemon();
  bool started() const { return port_ > 0; }
  int port() const { return port_; }
  std::string log() const { return log_; }

  HttpResult get(const std::string& path, const std::string& token = "") const;
  HttpResult post(const std::string& path, const std::string& json,
                  const std::string& token = "",
                  const std::string& content_type = "application/json") const;
  HttpResult del(const std::string& path, const std::string& token = "") const;

  void kill(int sig);
  std::optional<int> wait_for(std::chrono::milliseconds t);

 private:
  std::optional<Process> proc_;
  int port_ = 0;
  std::string log_;
};

}  // namespace credence::test
