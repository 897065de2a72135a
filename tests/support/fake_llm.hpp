#pragma once
// A local OpenAI-compatible chat-completions server for tests. Modes:
//   good     answers a JSON verdict (classification from `label`)
//   slow     answers like good after `delay`
//   fail     HTTP 500
//   garbage  200 with non-JSON model content (a refusal or chatter)
//   badjson  200 with a body that is not JSON at all
//   never    accepts the request and does not answer until stopped
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include <httplib.h>

namespace credence::test {

class FakeLlm {
 public:
  enum class Mode { good, slow, fail, garbage, badjson, never };

  explicit FakeLlm(Mode mode = Mode::good, std::chrono::milliseconds delay = {})
      : mode_(mode), delay_(delay) {
    server_.Post("/v1/chat/completions", [this](const httplib::Request& req, httplib::Response& res) {
      ++requests_;
      last_body_ = req.body;
      switch (mode_.load()) {
        case Mode::fail:
          res.status = 500;
          res.set_content("{\"error\":\"boom\"}", "application/json");
          return;
        case Mode::badjson:
          res.set_content("this is not json", "application/json");
          return;
        case Mode::garbage:
          res.set_content(wrap("I'm sorry, I can't help with that."), "application/json");
          return;
        case Mode::never: {
          std::unique_lock lk(mu_);
          cv_.wait(lk, [&] { return stopping_; });
          return;
        }
        case Mode::slow:
          std::this_thread::sleep_for(delay_);
          [[fallthrough]];
        case Mode::good:
          res.set_content(
              wrap("```json\n{\"classification\":\"" + label_ +
                   "\",\"confidence\":0.88,\"temporal_signal\":false,\"reasoning\":\"llm "
                   "reasoning\",\"surface_context\":\"user discusses cars\","
                   "\"recommended_resolution\":\"ask_user\"}\n```"),
              "application/json");
          return;
      }
    });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
  }
  ~FakeLlm() {
    {
      std::lock_guard lk(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    server_.stop();
    if (thread_.joinable()) thread_.join();
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }
  int requests() const { return requests_; }
  std::string last_body() const { return last_body_; }
  void set_label(std::string l) { label_ = std::move(l); }
  void set_mode(Mode m) { mode_ = m; }

 private:
  static std::string wrap(const std::string& content) {
    std::string escaped;
    for (char c : content) {
      if (c == '"' || c == '\\') escaped += '\\';
      if (c == '\n') {
        escaped += "\\n";
        continue;
      }
      escaped += c;
    }
    return "{\"id\":\"x\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":"
           "{\"role\":\"assistant\",\"content\":\"" +
           escaped + "\"},\"finish_reason\":\"stop\"}]}";
  }

  httplib::Server server_;
  std::atomic<Mode> mode_;
  std::chrono::milliseconds delay_;
  std::string label_ = "true_contradiction";
  std::atomic<int> requests_{0};
  std::string last_body_;
  int port_ = 0;
  std::thread thread_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
};

}  // namespace credence::test
