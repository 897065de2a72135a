#include "net/llm_client.hpp"

#include <cstdlib>
#include <mutex>
#include <vector>

#include <curl/curl.h>

#include "common/json_reader.hpp"
#include "common/json_writer.hpp"

namespace credence {

namespace {

void global_init() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

std::size_t collect(char* data, std::size_t size, std::size_t n, void* out) {
  static_cast<std::string*>(out)->append(data, size * n);
  return size * n;
}

const char* kSystemPrompt =
    "You judge two statements about the same user stored in an assistant's long-term memory: "
    "an EXISTING memory A and an INCOMING statement B. The core question: can both be true at "
    "the same time? Answer with exactly one label:\n"
    "- true_contradiction: same subject and attribute (or opposite stance on the same thing), "
    "overlapping scope and time, and no sign that the world changed. Both cannot hold.\n"
    "- temporal_change: B says the value changed (moved, switched, quit, started, left X and "
    "joined Y, no longer, now, retired...) or B clearly starts after A.\n"
    "- duplicate: B restates A (paraphrase, synonym, unit change).\n"
    "- compatible: same topic, both can hold (liking two brands, a more specific value, an "
    "addition).\n"
    "- context_dependent: opposite on the surface but qualified by different scopes (time of "
    "day, place, environment, company).\n"
    "- figurative: one side is hyperbole or an idiom, not a literal claim.\n"
    "- unrelated: different subject or attribute.\n"
    "No cue, no change: two different values without a change cue are a true_contradiction. "
    "Precision first: when unsure between true_contradiction and something milder, prefer the "
    "milder label with lower confidence.\n"
    "Reply with ONE JSON object and nothing else: {\"classification\": <label>, "
    "\"confidence\": <0..1>, \"temporal_signal\": <true|false>, \"reasoning\": <one sentence>, "
    "\"surface_context\": <when this is worth raising in conversation, e.g. \\\"user discusses "
    "cars\\\">, \"recommended_resolution\": <supersede_old|ask_user|keep_both|merge|none>}.";

/// The JSON object inside model output that may carry code fences or chatter.
std::string_view json_object_in(std::string_view content) {
  const auto open = content.find('{');
  const auto close = content.rfind('}');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return {};
  return content.substr(open, close - open + 1);
}

}  // namespace

struct LlmClient::Pool {
  std::mutex mu;
  std::vector<CURL*> free;
  ~Pool() {
    for (CURL* c : free) curl_easy_cleanup(c);
  }
  CURL* take() {
    {
      std::lock_guard lk(mu);
      if (!free.empty()) {
        CURL* c = free.back();
        free.pop_back();
        return c;
      }
    }
    return curl_easy_init();
  }
  void give(CURL* c) {
    std::lock_guard lk(mu);
    free.push_back(c);
  }
};

LlmClient::LlmClient(LlmConfig config) : config_(std::move(config)), pool_(std::make_unique<Pool>()) {
  global_init();
}
LlmClient::~LlmClient() = default;

std::string LlmClient::request_body(const PairSide& existing, const PairSide& incoming) const {
  auto side = [](const char* label, const PairSide& x, const char* unknown_time) {
    return std::string(label) + ": \"" + x.text + "\"\n  kind: " + to_string(x.kind) +
           ", source: " + to_string(x.source) +
           ", confidence: " + std::to_string(x.confidence).substr(0, 4) +
           ", created_at: " + (x.created_at ? format_rfc3339(x.created_at) : unknown_time) +
           ", reinforcement_count: " + std::to_string(x.reinforcement_count) +
           ", last_reinforced_at: " +
           (x.last_reinforced_at ? format_rfc3339(x.last_reinforced_at) : "never") + "\n";
  };
  const std::string user_msg = side("A (existing memory)", existing, "unknown") +
                               side("B (incoming statement)", incoming, "now") +
                               "Can A and B both be true at the same time?";
  JsonWriter w;
  w.begin_object().kv("model", config_.model).kv("temperature", 0.0);
  w.key("response_format").begin_object().kv("type", "json_object").end_object();
  w.key("messages").begin_array();
  w.begin_object().kv("role", "system").kv("content", kSystemPrompt).end_object();
  w.begin_object().kv("role", "user").kv("content", user_msg).end_object();
  w.end_array();
  w.end_object();
  return w.str();
}

Expected<LlmVerdict> LlmClient::parse_response(std::string_view body) {
  simdjson::dom::parser parser;
  auto root = json::parse_object(parser, body);
  if (!root) return make_error(Errc::invalid_argument, "LLM response: " + root.error().message);
  simdjson::dom::element content_el;
  std::string_view content;
  if ((*root)["choices"].at(0)["message"]["content"].get(content_el) ||
      content_el.get_string().get(content))
    return make_error(Errc::invalid_argument,
                      "LLM response has no choices[0].message.content string");
  const std::string_view obj = json_object_in(content);
  if (obj.empty())
    return make_error(Errc::invalid_argument,
                      "LLM answer is not JSON (refusal or chatter): " +
                          std::string(content.substr(0, 120)));
  simdjson::dom::parser inner_parser;
  auto inner = json::parse_object(inner_parser, obj);
  if (!inner) return make_error(Errc::invalid_argument, "LLM answer: " + inner.error().message);
  json::ObjReader r(*inner);
  LlmVerdict v;
  const std::string label = r.str("classification");
  auto cls = parse_classification(label);
  if (r.ok() && !cls) r.fail("classification", "unknown label \"" + label + "\"");
  v.confidence = r.opt_num("confidence").value_or(0.5);
  v.temporal_signal = r.opt_bool("temporal_signal").value_or(false);
  v.reasoning = r.opt_str("reasoning").value_or("");
  v.surface_context = r.opt_str("surface_context").value_or("");
  v.recommended_resolution = r.opt_str("recommended_resolution").value_or("");
  if (r.ok() && (v.confidence < 0 || v.confidence > 1))
    r.fail("confidence", "confidence must be in [0, 1]");
  if (!r.ok()) return make_error(Errc::invalid_argument, "LLM answer: " + r.error().message);
  v.classification = *cls;
  return v;
}

Expected<LlmVerdict> LlmClient::classify(const PairSide& existing, const PairSide& incoming) const {
  if (config_.url.empty())
    return make_error(Errc::unavailable, "no LLM configured (llm.url is empty)", "llm.url");
  const std::string endpoint = config_.url + (config_.url.back() == '/' ? "" : "/") + "chat/completions";
  const std::string body = request_body(existing, incoming);
  CURL* c = pool_->take();
  if (!c) return make_error(Errc::internal, "curl_easy_init failed");
  curl_easy_reset(c);
  std::string response;
  curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
  if (!config_.api_key_env.empty()) {
    if (const char* key = std::getenv(config_.api_key_env.c_str()); key && *key)
      headers = curl_slist_append(headers, ("Authorization: Bearer " + std::string(key)).c_str());
  }
  curl_easy_setopt(c, CURLOPT_URL, endpoint.c_str());
  curl_easy_setopt(c, CURLOPT_POST, 1L);
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &response);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(config_.timeout_ms));
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(config_.timeout_ms));
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  const CURLcode rc = curl_easy_perform(c);
  long status = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
  curl_slist_free_all(headers);
  pool_->give(c);
  if (rc == CURLE_OPERATION_TIMEDOUT)
    return make_error(Errc::timeout, endpoint + ": no answer within " +
                                         std::to_string(config_.timeout_ms) + " ms");
  if (rc != CURLE_OK)
    return make_error(Errc::unavailable, endpoint + ": " + curl_easy_strerror(rc));
  if (status < 200 || status >= 300)
    return make_error(Errc::io_error, endpoint + ": HTTP " + std::to_string(status));
  auto v = parse_response(response);
  if (!v) return make_error(v.error().code, endpoint + ": " + v.error().message);
  return v;
}

}  // namespace credence
