#pragma once
// Request plumbing shared by the API's route files (server/api.cpp,
// server/api_beliefs.cpp): JSON bodies and errors, field checks, and asking
// the actors. Included only by those translation units (it pulls in
// cpp-httplib, simdjson and CAF).

#include <chrono>
#include <functional>
#include <optional>
#include <string>

#include <caf/all.hpp>
#include <httplib.h>

#include "actors/messages.hpp"
#include "actors/supervisor.hpp"
#include "common/json_reader.hpp"
#include "common/json_writer.hpp"
#include "engine/wordnet.hpp"
#include "server/api.hpp"
#include "server/render.hpp"

namespace credence::api {

inline constexpr std::size_t kMaxTextBytes = 8 * 1024;
inline constexpr std::size_t kMaxUserBytes = 256;


// ---- plumbing ---------------------------------------------------------------------

inline void send_json(httplib::Response& res, int status, const std::string& body) {
  res.status = status;
  res.set_content(body, "application/json");
}

inline void send_error(httplib::Response& res, int status, const std::string& code,
                const std::string& message, const std::string& field = {}) {
  send_json(res, status, render_error(code, message, field));
}

inline void send_error(httplib::Response& res, const Error& e) {
  send_error(res, http_status(e.code), error_code(e.code), e.message, e.field);
  if (e.code == Errc::overloaded || e.code == Errc::unavailable || e.code == Errc::timeout)
    res.set_header("Retry-After", "1");
}

inline RenderContext render_ctx(ApiContext& ctx) {
  return RenderContext{&ctx.svc->policy, ctx.wordnet.get(), ctx.svc->clock->now()};
}

/// Parses a JSON object body; answers 415/400 and returns nullopt on failure.
inline std::optional<json::ObjReader> parse_body(const httplib::Request& req, httplib::Response& res,
                                          simdjson::dom::parser& parser) {
  const std::string ct = req.get_header_value("Content-Type");
  if (ct.rfind("application/json", 0) != 0) {
    send_error(res, 415, "unsupported_media_type",
               "Content-Type must be application/json (got \"" + ct + "\")");
    return std::nullopt;
  }
  auto obj = json::parse_object(parser, req.body);
  if (!obj) {
    send_error(res, 400, "invalid_argument", obj.error().message);
    return std::nullopt;
  }
  return json::ObjReader(*obj);
}

inline bool valid_user(const std::string& u) {
  if (u.empty() || u.size() > kMaxUserBytes) return false;
  return std::none_of(u.begin(), u.end(),
                      [](char c) { return static_cast<unsigned char>(c) < 0x20; });
}

/// Reads and checks `user` from a body; records the error on the reader.
inline std::string body_user(json::ObjReader& r) {
  std::string u = r.str("user");
  if (r.ok() && !valid_user(u))
    r.fail("user", "field `user` must be 1-256 characters without control characters");
  return u;
}

/// `user` from the query string; answers 400 when missing or malformed.
inline std::optional<std::string> query_user(const httplib::Request& req, httplib::Response& res) {
  if (!req.has_param("user")) {
    send_error(res, 400, "invalid_argument", "query parameter `user` is required", "user");
    return std::nullopt;
  }
  std::string u = req.get_param_value("user");
  if (!valid_user(u)) {
    send_error(res, 400, "invalid_argument",
               "query parameter `user` must be 1-256 characters without control characters",
               "user");
    return std::nullopt;
  }
  return u;
}

template <class E, class Parse>
inline std::optional<E> enum_field(json::ObjReader& r, const char* key, Parse parse,
                            const std::string& allowed) {
  auto s = r.opt_str(key);
  if (!s) return std::nullopt;
  auto v = parse(*s);
  if (!v) r.fail(key, "field `" + r.field(key) + "` must be one of " + allowed + ", got \"" + *s + "\"");
  return v;
}

inline std::optional<double> unit_field(json::ObjReader& r, const char* key) {
  auto v = r.opt_num(key);
  if (v && !(*v >= 0.0 && *v <= 1.0)) r.fail(key, "field `" + r.field(key) + "` must be in [0, 1]");
  return v;
}

inline std::optional<Millis> time_field(json::ObjReader& r, const char* key) {
  auto s = r.opt_str(key);
  if (!s) return std::nullopt;
  auto t = parse_rfc3339(*s);
  if (!t) r.fail(key, "field `" + r.field(key) + "` must be an RFC 3339 time, e.g. 2026-11-22T09:00:00Z");
  return t;
}

/// Text fields: required, non-blank, at most 8 KiB (413 above).
inline bool check_text(json::ObjReader& r, httplib::Response& res, const std::string& text,
                const char* key = "text") {
  if (!r.ok()) return true;
  if (text.size() > kMaxTextBytes) {
    send_error(res, 413, "payload_too_large",
               "field `" + std::string(key) + "` is " + std::to_string(text.size()) +
                   " bytes; the limit is 8192",
               key);
    return false;
  }
  if (text.find_first_not_of(" \t\r\n") == std::string::npos)
    r.fail(key, "field `" + std::string(key) + "` must not be empty");
  return true;
}

/// Sends `msg` to the supervisor and waits for a reply of type Reply.
template <class Reply, class Msg>
Expected<Reply> ask(ApiContext& ctx, Msg msg, std::chrono::milliseconds timeout) {
  caf::scoped_actor self{*ctx.sys};
  std::optional<Expected<Reply>> out;
  self->request(ctx.supervisor, timeout, std::move(msg))
      .receive([&](Reply& r) { out.emplace(std::move(r)); },
               [&](caf::error& err) {
                 if (err == caf::sec::request_timeout) {
                   out.emplace(make_error(Errc::overloaded,
                                          "the request was not handled in time; retry later"));
                 } else {
                   out.emplace(make_error(Errc::unavailable, "credence is not ready: " +
                                                                 ctx.sys->render(err)));
                 }
               });
  return std::move(*out);
}

/// Sends a per-user command (WriteCommand, MessageCommand, DecideCommand) to
/// the user's ingestion shard and waits for its reply: straight to the shard
/// with a reply sink when the shard is up (no scoped actor, no supervisor
/// hop, no CAF timer), else through the supervisor.
template <class Reply, class Msg>
Expected<Reply> ask_shard(ApiContext& ctx, const std::string& user, Msg msg,
                          std::chrono::milliseconds timeout) {
  caf::actor shard = ctx.shards ? ctx.shards->pick(user) : caf::actor{};
  if (!shard) return ask<Reply>(ctx, std::move(msg), timeout);
  auto sink = std::make_shared<ReplySink<Reply>>();
  msg.sink = sink;
  caf::anon_send(shard, std::move(msg));
  if (auto r = sink->wait_for(timeout)) return std::move(*r);
  return make_error(Errc::overloaded, "the request was not handled in time; retry later");
}

inline std::chrono::milliseconds command_timeout(ApiContext& ctx) {
  return ctx.svc->deadline + std::chrono::seconds(15);
}
/// A message waits for its own deadline when it has one.
inline std::chrono::milliseconds message_timeout(ApiContext& ctx, const MessageCommand& cmd) {
  return (cmd.deadline ? *cmd.deadline : ctx.svc->deadline) + std::chrono::seconds(15);
}

/// Runs a per-user decision in the user's turn (through ingestion).
inline Expected<DecideReply> decide(ApiContext& ctx, const std::string& user,
                             std::function<Expected<std::vector<Event>>(const State&)> fn) {
  auto r = ask_shard<DecideReply>(ctx, user, DecideCommand{user, std::move(fn), nullptr},
                                  command_timeout(ctx));
  if (!r) return r;
  if (r->error) return *r->error;
  return r;
}

template <class F>
auto read_state(ApiContext& ctx, F&& f) {
  return ctx.svc->store->read(std::forward<F>(f));
}

inline const Memory* user_memory(const State& s, const std::string& id, const std::string& user) {
  const Memory* m = s.memory(id);
  return m && m->user == user ? m : nullptr;
}

}  // namespace credence::api

namespace credence::api {

using Handler = void (*)(ApiContext&, const httplib::Request&, httplib::Response&);
struct Route {
  const char* method;
  const char* path;  ///< OpenAPI template
  Handler handler;
};
/// The routes of the uncertainty ledger (server/api_beliefs.cpp).
const std::vector<Route>& belief_routes();

}  // namespace credence::api
