// The http embedder: OpenAI-compatible POST {url}/embeddings over libcurl.
// A pool of easy handles (each keeps its connection alive), one attempt per
// handle acquisition, retries with backoff for 429 / 5xx / dropped
// connections, strict validation of the response.

#include "net/http_embedder.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <condition_variable>
#include <ctime>
#include <mutex>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include "common/json_reader.hpp"
#include "common/json_writer.hpp"
#include "common/log.hpp"

namespace credence {

namespace {

using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

void global_init() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct Reply {
  CURLcode code = CURLE_OK;
  long status = 0;
  std::string body;
  std::optional<milliseconds> retry_after;
  char error[CURL_ERROR_SIZE] = {0};
};

std::size_t on_body(char* data, std::size_t size, std::size_t n, void* user) {
  static_cast<Reply*>(user)->body.append(data, size * n);
  return size * n;
}

/// Parses "Retry-After: 3" (seconds) or "Retry-After: <HTTP-date>".
std::size_t on_header(char* data, std::size_t size, std::size_t n, void* user) {
  auto* r = static_cast<Reply*>(user);
  std::string_view line(data, size * n);
  if (line.starts_with("HTTP/")) r->retry_after.reset();  // a new response
  constexpr std::string_view kName = "retry-after:";
  if (line.size() > kName.size()) {
    bool match = true;
    for (std::size_t i = 0; i < kName.size() && match; ++i)
      match = std::tolower(static_cast<unsigned char>(line[i])) == kName[i];
    if (match) {
      std::string value(line.substr(kName.size()));
      value.erase(0, value.find_first_not_of(" \t"));
      value.erase(value.find_last_not_of(" \t\r\n") + 1);
      if (!value.empty() &&
          std::all_of(value.begin(), value.end(),
                      [](unsigned char c) { return std::isdigit(c); })) {
        r->retry_after = milliseconds(std::stoll(value.substr(0, 9)) * 1000);
      } else if (!value.empty()) {
        const time_t at = curl_getdate(value.c_str(), nullptr);
        if (at > 0) {
          const time_t now = std::time(nullptr);
          r->retry_after =
              milliseconds(std::max<long long>(0, at - now) * 1000);
        }
      }
    }
  }
  return size * n;
}

std::string snippet(std::string_view body) {
  std::string s(body.substr(0, 200));
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  return body.size() > 200 ? s + "..." : s;
}

/// The server's own error text: {"error": {"message": ...}} or {"error":
/// "..."}.
std::string server_message(std::string_view body) {
  thread_local simdjson::dom::parser parser;
  auto obj = json::parse_object(parser, body);
  if (!obj) return snippet(body);
  simdjson::dom::element err;
  if ((*obj)["error"].get(err)) return snippet(body);
  std::string_view msg;
  if (!err.get_string().get(msg)) return std::string(msg);
  if (!err["message"].get_string().get(msg)) return std::string(msg);
  return snippet(body);
}

bool retryable_transport(CURLcode c) {
  switch (c) {
    case CURLE_COULDNT_CONNECT:
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
    case CURLE_GOT_NOTHING:
    case CURLE_PARTIAL_FILE:
      return true;
    default:
      return false;
  }
}

}  // namespace

struct HttpEmbedder::Impl {
  Options o;
  std::string endpoint;
  std::string id;
  curl_slist* headers = nullptr;

  std::mutex mu;
  std::condition_variable cv;
  std::vector<CURL*> idle;
  std::size_t created = 0;

  std::atomic<std::uint64_t> requests{0}, retries{0}, failures{0};

  ~Impl() {
    for (CURL* h : idle) curl_easy_cleanup(h);
    curl_slist_free_all(headers);
  }

  std::string where() const { return "POST " + endpoint; }

  Error fail(Errc code, const std::string& cause) {
    failures.fetch_add(1, std::memory_order_relaxed);
    return make_error(code, where() + ": " + cause, "embedder.url");
  }

  CURL* acquire(Clock::time_point deadline) {
    std::unique_lock lk(mu);
    while (idle.empty() && created >= o.pool_size)
      if (cv.wait_until(lk, deadline) == std::cv_status::timeout &&
          idle.empty() && created >= o.pool_size)
        return nullptr;
    if (!idle.empty()) {
      CURL* h = idle.back();
      idle.pop_back();
      return h;
    }
    CURL* h = curl_easy_init();
    if (h) ++created;
    return h;
  }

  void release(CURL* h) {
    {
      std::lock_guard lk(mu);
      idle.push_back(h);
    }
    cv.notify_one();
  }

  void perform(CURL* h, const std::string& body, Reply& r) {
    curl_easy_setopt(h, CURLOPT_URL, endpoint.c_str());
    curl_easy_setopt(h, CURLOPT_POST, 1L);
    curl_easy_setopt(h, CURLOPT_POSTFIELDS, body.data());
    curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE,
                     static_cast<curl_off_t>(body.size()));
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS,
                     static_cast<long>(o.timeout.count()));
    curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS,
                     static_cast<long>(o.timeout.count()));
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(h, CURLOPT_TCP_KEEPALIVE, 1L);
    curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, &on_body);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, &r);
    curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, &on_header);
    curl_easy_setopt(h, CURLOPT_HEADERDATA, &r);
    curl_easy_setopt(h, CURLOPT_ERRORBUFFER, r.error);
    r.code = curl_easy_perform(h);
    if (r.code == CURLE_OK)
      curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &r.status);
  }

  milliseconds backoff(int attempt) {
    thread_local std::minstd_rand rng(std::random_device{}());
    const double base =
        static_cast<double>(o.backoff.count()) * std::pow(2.0, attempt);
    const double capped =
        std::min(base, static_cast<double>(o.max_backoff.count()));
    std::uniform_real_distribution<double> jitter(0.5, 1.0);
    return milliseconds(static_cast<long long>(capped * jitter(rng)));
  }

  /// Parses and checks a 200 response for `n` inputs into `out` rows
  /// [first, first + n).
  Status parse(const std::string& body, std::size_t n, Embeddings& out,
               std::size_t first) {
    thread_local simdjson::dom::parser parser;
    auto obj = json::parse_object(parser, body);
    if (!obj)
      return fail(Errc::io_error, "malformed response: " + obj.error().message);
    simdjson::dom::array data;
    if ((*obj)["data"].get_array().get(data))
      return fail(Errc::io_error,
                  "malformed response: no `data` array in " + snippet(body));
    if (data.size() != n)
      return fail(Errc::io_error, "returned " + std::to_string(data.size()) +
                                      " embeddings for " + std::to_string(n) +
                                      " inputs");
    std::vector<bool> seen(n, false);
    std::size_t pos = 0;
    for (auto el : data) {
      std::int64_t index = static_cast<std::int64_t>(pos);
      if (auto idx = el["index"]; !idx.error()) {
        if (idx.get_int64().get(index))
          return fail(Errc::io_error,
                      "malformed response: `index` is not an integer");
      }
      if (index < 0 || static_cast<std::size_t>(index) >= n || seen[index])
        return fail(Errc::io_error,
                    "malformed response: bad or repeated index " +
                        std::to_string(index));
      seen[index] = true;
      simdjson::dom::array vec;
      if (el["embedding"].get_array().get(vec))
        return fail(Errc::io_error, "malformed response: data[" +
                                        std::to_string(pos) +
                                        "] has no `embedding` array");
      if (vec.size() != o.dim)
        return fail(Errc::invalid_argument,
                    "returned " + std::to_string(vec.size()) +
                        "-dimensional vectors, but embedder.dim is " +
                        std::to_string(o.dim));
      auto row = out.row(first + static_cast<std::size_t>(index));
      std::size_t j = 0;
      for (auto x : vec) {
        double v = 0;
        if (x.get_double().get(v) || !std::isfinite(v))
          return fail(Errc::io_error,
                      "malformed response: a vector component is not a "
                      "finite number");
        row[j++] = static_cast<float>(v);
      }
      l2_normalise(row);
      ++pos;
    }
    return {};
  }

  /// Sends one batch (with retries) and fills its rows.
  Status call(std::span<const std::string> texts, Embeddings& out,
              std::size_t first) {
    JsonWriter w;
    w.begin_object().kv("model", o.model).key("input").begin_array();
    for (const auto& t : texts) w.value(t);
    w.end_array().end_object();
    const std::string body = w.str();
    for (int attempt = 0;; ++attempt) {
      CURL* h = acquire(Clock::now() + o.timeout);
      if (!h)
        return fail(Errc::timeout, "no free connection within " +
                                       std::to_string(o.timeout.count()) +
                                       " ms (pool_size " +
                                       std::to_string(o.pool_size) + ")");
      Reply r;
      perform(h, body, r);
      release(h);
      requests.fetch_add(1, std::memory_order_relaxed);
      const int attempts = attempt + 1;
      const std::string after = " after " + std::to_string(attempts) +
                                (attempts == 1 ? " attempt" : " attempts");
      Errc code = Errc::unavailable;
      std::string cause;
      bool retry = false;
      if (r.code == CURLE_OPERATION_TIMEDOUT) {
        return fail(
            Errc::timeout,
            "timed out after " + std::to_string(o.timeout.count()) + " ms");
      } else if (r.code != CURLE_OK) {
        cause = std::string(curl_easy_strerror(r.code)) +
                (r.error[0] ? ": " : "") + r.error;
        retry = retryable_transport(r.code);
      } else if (r.status == 200) {
        return parse(r.body, texts.size(), out, first);
      } else if (r.status == 429 || r.status >= 500) {
        code = r.status == 429 ? Errc::overloaded : Errc::unavailable;
        cause =
            "HTTP " + std::to_string(r.status) + ": " + server_message(r.body);
        retry = true;
      } else {
        code = r.status >= 400 && r.status < 500 ? Errc::invalid_argument
                                                 : Errc::unavailable;
        return fail(code, "HTTP " + std::to_string(r.status) + ": " +
                              server_message(r.body));
      }
      if (!retry || attempt >= o.max_retries) return fail(code, cause + after);
      milliseconds wait = backoff(attempt);
      if (r.retry_after) {
        if (*r.retry_after > o.max_backoff)
          return fail(Errc::overloaded,
                      cause + "; the server asks to retry after " +
                          std::to_string(r.retry_after->count() / 1000) +
                          " s, longer than embedder.max_backoff_ms (" +
                          std::to_string(o.max_backoff.count()) + ")");
        wait = std::max(wait, *r.retry_after);
      }
      log::get("embedder")
          ->debug("{}: {}; retrying in {} ms", where(), cause, wait.count());
      retries.fetch_add(1, std::memory_order_relaxed);
      std::this_thread::sleep_for(wait);
    }
  }
};

HttpEmbedder::HttpEmbedder(std::unique_ptr<Impl> impl)
    : impl_(std::move(impl)) {}
HttpEmbedder::~HttpEmbedder() = default;

Expected<std::unique_ptr<HttpEmbedder>> HttpEmbedder::create(Options o) {
  if (!o.url.starts_with("http://") && !o.url.starts_with("https://"))
    return make_error(
        Errc::invalid_argument,
        "embedder.url must start with http:// or https://, got \"" + o.url +
            "\"",
        "embedder.url");
  if (o.dim == 0)
    return make_error(Errc::invalid_argument, "embedder.dim must be positive",
                      "embedder.dim");
  if (o.model.empty())
    return make_error(Errc::invalid_argument,
                      "embedder.model must not be empty", "embedder.model");
  if (o.batch_size == 0) o.batch_size = 1;
  if (o.pool_size == 0) o.pool_size = 1;
  if (o.max_retries < 0) o.max_retries = 0;
  global_init();
  while (!o.url.empty() && o.url.back() == '/') o.url.pop_back();
  auto im = std::make_unique<Impl>();
  im->endpoint = o.url + "/embeddings";
  im->id = "http:" + o.model + ":" + std::to_string(o.dim);
  im->headers =
      curl_slist_append(im->headers, "Content-Type: application/json");
  im->headers = curl_slist_append(im->headers, "Accept: application/json");
  im->headers =
      curl_slist_append(im->headers, "Expect:");  // no 100-continue round trip
  if (!o.api_key.empty())
    im->headers = curl_slist_append(
        im->headers, ("Authorization: Bearer " + o.api_key).c_str());
  im->o = std::move(o);
  return std::unique_ptr<HttpEmbedder>(new HttpEmbedder(std::move(im)));
}

std::size_t HttpEmbedder::dim() const {
  return impl_->o.dim;
}
const std::string& HttpEmbedder::id() const {
  return impl_->id;
}
const std::string& HttpEmbedder::endpoint() const {
  return impl_->endpoint;
}

Expected<Embeddings> HttpEmbedder::embed_batch(
    std::span<const std::string> texts) const {
  Embeddings out;
  out.dim = impl_->o.dim;
  out.data.assign(texts.size() * out.dim, 0.0f);
  for (std::size_t first = 0; first < texts.size();
       first += impl_->o.batch_size) {
    const std::size_t n = std::min(impl_->o.batch_size, texts.size() - first);
    if (auto st = impl_->call(texts.subspan(first, n), out, first); !st)
      return st.error();
  }
  return out;
}

HttpEmbedder::Stats HttpEmbedder::stats() const {
  return {impl_->requests.load(), impl_->retries.load(),
          impl_->failures.load()};
}

}  // namespace credence
