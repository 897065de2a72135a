#include "tests/integration/daemon.hpp"

#include <csignal>

#include <httplib.h>

namespace credence::test {

using namespace std::chrono_literals;

Daemon::Daemon(const std::string& data_dir, std::vector<std::string> extra_env,
               std::vector<std::string> extra_args) {
  std::vector<std::string> argv = {CREDENCE_BIN, "serve", "--config",
                                   std::string(CREDENCE_CONFIG_DIR) + "/credence.toml",
                                   "--data-dir", data_dir, "--listen", "127.0.0.1:0"};
  argv.insert(argv.end(), extra_args.begin(), extra_args.end());
  auto p = Process::start(argv, extra_env, true);
  if (!p) return;
  proc_.emplace(std::move(*p));
  for (int i = 0; i < 300 && port_ == 0; ++i) {
    auto line = proc_->read_line(100ms);
    if (!line) continue;
    log_ += *line + "\n";
    const std::string marker = "listening on 127.0.0.1:";
    auto pos = line->find(marker);
    if (pos != std::string::npos) port_ = std::stoi(line->substr(pos + marker.size()));
  }
}

Daemon::~Daemon() {
  if (proc_) {
    proc_->kill(SIGTERM);
    if (!proc_->wait_for(10s)) proc_->kill(SIGKILL);
  }
}

namespace {
HttpResult convert(const httplib::Result& r) {
  HttpResult out;
  if (!r) return out;
  out.status = r->status;
  out.body = r->body;
  for (const auto& [k, v] : r->headers) out.headers[k] = v;
  return out;
}
httplib::Headers auth(const std::string& token) {
  httplib::Headers h;
  if (!token.empty()) h.emplace("Authorization", "Bearer " + token);
  return h;
}
}  // namespace

HttpResult Daemon::get(const std::string& path, const std::string& token) const {
  httplib::Client c("127.0.0.1", port_);
  c.set_read_timeout(30, 0);
  return convert(c.Get(path.c_str(), auth(token)));
}

HttpResult Daemon::post(const std::string& path, const std::string& json,
                        const std::string& token, const std::string& content_type) const {
  httplib::Client c("127.0.0.1", port_);
  c.set_read_timeout(30, 0);
  return convert(c.Post(path.c_str(), auth(token), json, content_type.c_str()));
}

HttpResult Daemon::del(const std::string& path, const std::string& token) const {
  httplib::Client c("127.0.0.1", port_);
  c.set_read_timeout(30, 0);
  return convert(c.Delete(path.c_str(), auth(token)));
}

void Daemon::kill(int sig) {
  if (proc_) proc_->kill(sig);
}

std::optional<int> Daemon::wait_for(std::chrono::milliseconds t) {
  if (!proc_) return std::nullopt;
  auto rc = proc_->wait_for(t);
  if (rc) proc_.reset();
  return rc;
}

}  // namespace credence::test
