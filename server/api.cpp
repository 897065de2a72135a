// The HTTP API. Route table at the bottom (api_routes / install_api).
#include "server/api.hpp"
#include "server/api_common.hpp"

#include <algorithm>
#include <cstring>
#include <regex>
#include <set>

#include <caf/all.hpp>
#include <httplib.h>

#include "actors/background_actors.hpp"
#include "actors/drift_actor.hpp"
#include "actors/messages.hpp"
#include "common/json_reader.hpp"
#include "common/json_writer.hpp"
#include "common/log.hpp"
#include "engine/events.hpp"
#include "engine/wordnet.hpp"
#include "server/render.hpp"

namespace credence {

namespace {

using namespace api;

// ---- memories ---------------------------------------------------------------------

/// Stored responses of idempotent writes (meta keys "resp/<user>\0<key>").
std::string idem_meta_key(const std::string& user, const std::string& key) {
  std::string k = "resp/" + user;
  k.push_back('\0');
  k += key;
  return k;
}

/// Answers a repeated idempotency key with the first answer (stored), or,
/// if the process died between appending and storing it, with an answer
/// rebuilt from the first event. Returns false when the key is new.
bool replay_idempotent(ApiContext& ctx, httplib::Response& res, const std::string& user,
                       const std::string& key) {
  EventLog& log = ctx.svc->store->log();
  if (auto stored = log.get_meta(idem_meta_key(user, key)); stored && *stored) {
    const std::string& v = **stored;
    const auto nl = v.find('\n');
    send_json(res, std::stoi(v.substr(0, nl)), v.substr(nl + 1));
    res.set_header("Idempotent-Replay", "true");
    return true;
  }
  auto seq = log.find_idempotent(user, key);
  if (!seq) return false;
  auto evs = log.read(*seq, 1);
  std::string mid;
  if (evs && !evs->empty() && (*evs)[0].type == events::kMemoryAdded) {
    thread_local simdjson::dom::parser parser;
    if (auto obj = json::parse_object(parser, (*evs)[0].payload)) {
      json::ObjReader r(*obj);
      if (auto mem = r.obj("memory")) mid = mem->opt_str("id").value_or("");
    }
  }
  JsonWriter w;
  read_state(ctx, [&](const State& s) {
    w.begin_object().key("memory");
    if (const Memory* x = user_memory(s, mid, user)) {
      render_memory(w, *x, render_ctx(ctx));
    } else {
      w.null();
    }
    w.kv("action", mid.empty() ? "NOOP" : "ADD").kv("tier", "clean");
    w.key("conflicts").begin_array().end_array();
    w.key("uncertainties").begin_array().end_array().end_object();
    return 0;
  });
  res.set_header("Idempotent-Replay", "true");
  send_json(res, 201, w.str());
  return true;
}

void post_memories(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  json::ObjReader& r = *body;
  r.only_keys({"user", "kind", "text", "source", "confidence", "importance", "valid_from",
               "mode", "supersedes", "force", "idempotency_key"});
  WriteCommand cmd;
  Memory& m = cmd.request.memory;
  m.user = body_user(r);
  const auto kind = enum_field<MemoryKind>(r, "kind", parse_memory_kind, enum_names<MemoryKind>());
  if (r.ok() && !r.has("kind")) r.fail("kind", "field `kind` is required");
  m.text = r.str("text");
  if (!check_text(r, res, m.text)) return;
  m.source = enum_field<Source>(r, "source", parse_source, enum_names<Source>()).value_or(Source::explicit_);
  m.confidence = unit_field(r, "confidence").value_or(m.source == Source::explicit_ ? 0.9 : 0.5);
  m.importance = unit_field(r, "importance").value_or(0.5);
  m.valid_from = time_field(r, "valid_from");
  const std::string mode = r.opt_str("mode").value_or("guarded");
  if (r.ok() && mode != "guarded" && mode != "ingest")
    r.fail("mode", "field `mode` must be one of guarded, ingest, got \"" + mode + "\"");
  cmd.request.supersedes = r.opt_str("supersedes").value_or("");
  cmd.request.force = r.opt_bool("force").value_or(false);
  const std::string idem = r.opt_str("idempotency_key").value_or("");
  if (r.ok() && idem.size() > 200)
    r.fail("idempotency_key", "field `idempotency_key` is longer than 200 characters");
  if (!r.ok()) return send_error(res, r.error());
  if (kind) m.kind = *kind;
  cmd.request.guarded = mode == "guarded";

  EventLog& log = ctx.svc->store->log();
  if (!idem.empty() && replay_idempotent(ctx, res, m.user, idem)) return;
  cmd.request.memory.id = ctx.svc->ids->next("mem");
  const std::string user = m.user;
  if (!idem.empty()) cmd.idempotency_key = idem;
  auto reply = ask_shard<WriteReply>(ctx, user, std::move(cmd), command_timeout(ctx));
  if (!reply) return send_error(res, reply.error());
  if (reply->error) return send_error(res, *reply->error);
  if (reply->replayed && replay_idempotent(ctx, res, user, idem)) return;
  const WriteOutcome& out = reply->outcome;
  JsonWriter w;
  int status = 201;
  read_state(ctx, [&](const State& s) {
    const RenderContext rc = render_ctx(ctx);
    w.begin_object();
    if (out.tier == WriteTier::block) {
      status = 409;
      w.key("error").begin_object().kv("code", "conflict")
          .kv("message", "the statement contradicts a concept with high confidence; resolve it "
                         "by sending `supersedes` with the memory it replaces, or `force`")
          .key("field").null().end_object();
    }
    w.key("memory");
    if (const Memory* x = out.memory_id.empty() ? nullptr : s.memory(out.memory_id)) {
      render_memory(w, *x, rc);
    } else {
      w.null();
    }
    if (out.tier == WriteTier::block) {
      w.key("action").null();
    } else {
      w.kv("action", to_string(out.action));
    }
    w.kv("tier", to_string(out.tier));
    w.kv("deferred", reply->deferred);
    w.key("conflicts").begin_array();
    for (const auto& c : out.conflicts) render_conflict(w, c, s, rc);
    w.end_array();
    w.key("uncertainties").begin_array();
    for (const auto& id : out.uncertainties)
      if (const Uncertainty* u = s.uncertainty(id)) render_uncertainty(w, *u, s, rc);
    w.end_array();
    w.key("superseded").begin_array();
    for (const auto& id : out.superseded)
      if (const Memory* x = s.memory(id)) render_memory(w, *x, rc);
    w.end_array();
    w.end_object();
    return 0;
  });
  const std::string body_out = w.str();
  if (!idem.empty() && status != 409) {
    EventLog::Txn t;
    t.meta_puts.emplace_back(idem_meta_key(user, idem), std::to_string(status) + "\n" + body_out);
    (void)log.commit(std::move(t));
  }
  send_json(res, status, body_out);
}

std::optional<bool> bool_param(const httplib::Request& req, httplib::Response& res,
                               const char* name) {
  if (!req.has_param(name)) return false;
  const std::string v = req.get_param_value(name);
  if (v == "true" || v == "1") return true;
  if (v == "false" || v == "0") return false;
  send_error(res, 400, "invalid_argument",
             std::string("query parameter `") + name + "` must be true or false", name);
  return std::nullopt;
}

std::optional<std::optional<Millis>> time_param(const httplib::Request& req,
                                                httplib::Response& res, const char* name) {
  if (!req.has_param(name)) return std::optional<Millis>();
  auto t = parse_rfc3339(req.get_param_value(name));
  if (!t) {
    send_error(res, 400, "invalid_argument",
               std::string("query parameter `") + name + "` must be an RFC 3339 time", name);
    return std::nullopt;
  }
  return std::optional<Millis>(*t);
}

std::optional<std::size_t> k_param(const httplib::Request& req, httplib::Response& res,
                                   std::size_t def) {
  if (!req.has_param("k")) return def;
  const std::string v = req.get_param_value("k");
  char* end = nullptr;
  const long k = std::strtol(v.c_str(), &end, 10);
  if (v.empty() || *end || k < 1 || k > 1000) {
    send_error(res, 400, "invalid_argument", "query parameter `k` must be an integer in [1, 1000]", "k");
    return std::nullopt;
  }
  return static_cast<std::size_t>(k);
}

void get_memories(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  auto user = query_user(req, res);
  if (!user) return;
  MemoryQuery q;
  if (req.has_param("kind")) {
    q.kind = parse_memory_kind(req.get_param_value("kind"));
    if (!q.kind)
      return send_error(res, 400, "invalid_argument",
                        "query parameter `kind` must be one of " + enum_names<MemoryKind>(), "kind");
  }
  auto as_of = time_param(req, res, "as_of");
  if (!as_of) return;
  auto known_at = time_param(req, res, "known_at");
  if (!known_at) return;
  auto hist = bool_param(req, res, "include_superseded");
  if (!hist) return;
  auto k = k_param(req, res, 100);
  if (!k) return;
  q.as_of = *as_of;
  q.known_at = *known_at;
  q.include_superseded = *hist;
  std::vector<std::pair<std::string, double>> ranked;
  const bool has_q = req.has_param("q") && !req.get_param_value("q").empty();
  if (has_q) {
    const std::string text = req.get_param_value("q");
    if (text.size() > kMaxTextBytes)
      return send_error(res, 413, "payload_too_large", "query parameter `q` is over 8 KiB", "q");
    if (ctx.search) {
      for (const auto& c : ctx.search(*user, text, std::max<std::size_t>(*k * 4, 50)))
        ranked.emplace_back(c.memory_id, c.similarity);
    } else {
      const auto topic = simple_keywords(text);
      read_state(ctx, [&](const State& s) {
        for (const auto& id : s.user_memories(*user)) {
          const Memory* m = s.memory(id);
          if (!m) continue;
          const auto kw = simple_keywords(m->text);
          std::size_t n = 0;
          for (const auto& t : topic) n += std::count(kw.begin(), kw.end(), t);
          if (n) ranked.emplace_back(id, static_cast<double>(n) / static_cast<double>(topic.size()));
        }
        return 0;
      });
      std::stable_sort(ranked.begin(), ranked.end(),
                       [](const auto& a, const auto& b) { return a.second > b.second; });
    }
  }
  JsonWriter w;
  read_state(ctx, [&](const State& s) {
    const RenderContext rc = render_ctx(ctx);
    auto list = query_memories(s, *user, q);
    w.begin_object().key("memories").begin_array();
    std::size_t n = 0;
    if (has_q) {
      std::set<const Memory*> allowed(list.begin(), list.end());
      for (const auto& [id, score] : ranked) {
        const Memory* m = s.memory(id);
        if (!m || !allowed.count(m) || n >= *k) continue;
        render_memory(w, *m, rc);
        ++n;
      }
    } else {
      for (const Memory* m : list) {
        if (n++ >= *k) break;
        render_memory(w, *m, rc);
      }
    }
    w.end_array().end_object();
    return 0;
  });
  send_json(res, 200, w.str());
}

void get_memory(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  auto user = query_user(req, res);
  if (!user) return;
  const std::string id = req.matches[1];
  JsonWriter w;
  const bool found = read_state(ctx, [&](const State& s) {
    const Memory* m = user_memory(s, id, *user);
    if (!m) return false;
    const RenderContext rc = render_ctx(ctx);
    w.begin_object().key("memory");
    render_memory(w, *m, rc);
    w.key("history").begin_array();
    for (const Memory* h : supersession_chain(s, id)) render_memory(w, *h, rc);
    w.end_array();
    w.key("uncertainties").begin_array();
    for (const auto& rid : s.memory_uncertainties(id))
      if (const Uncertainty* u = s.uncertainty(rid)) render_uncertainty(w, *u, s, rc);
    w.end_array();
    w.key("relationships").begin_array();
    for (const auto& rid : s.memory_relationships(id)) {
      const Relationship* rel = s.relationship(rid);
      if (!rel) continue;
      w.begin_object().kv("id", rel->id).kv("type", rel->type).kv("from", rel->from)
          .kv("to", rel->to).kv("detail", rel->detail)
          .kv("created_at", format_rfc3339(rel->created_at)).end_object();
    }
    w.end_array().end_object();
    return true;
  });
  if (!found) return send_error(res, 404, "not_found", "no memory " + id + " for this user", "id");
  send_json(res, 200, w.str());
}

void reply_memory(ApiContext& ctx, httplib::Response& res, const std::string& id,
                  const std::string& extra_key = {}, const std::string& extra_id = {}) {
  JsonWriter w;
  read_state(ctx, [&](const State& s) {
    const RenderContext rc = render_ctx(ctx);
    w.begin_object().key("memory");
    if (const Memory* m = s.memory(id)) {
      render_memory(w, *m, rc);
    } else {
      w.null();
    }
    if (!extra_key.empty()) {
      w.key(extra_key);
      if (const Memory* x = extra_id.empty() ? nullptr : s.memory(extra_id)) {
        render_memory(w, *x, rc);
      } else {
        w.null();
      }
    }
    w.end_object();
    return 0;
  });
  send_json(res, 200, w.str());
}

void post_reinforce(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  body->only_keys({"user"});
  const std::string user = body_user(*body);
  if (!body->ok()) return send_error(res, body->error());
  const std::string id = req.matches[1];
  Services* svc = ctx.svc;
  auto r = decide(ctx, user, [=](const State& s) {
    return decide_reinforce(s, user, id, svc->policy, *svc->ids, svc->clock->now());
  });
  if (!r) return send_error(res, r.error());
  reply_memory(ctx, res, id);
}

void post_correct(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  json::ObjReader& r = *body;
  r.only_keys({"user", "text", "kind", "was_true_once", "detail"});
  const std::string user = body_user(r);
  Correction c;
  c.memory_id = req.matches[1];
  c.was_true_once = r.opt_bool("was_true_once").value_or(false);
  c.detail = r.opt_str("detail").value_or("");
  const auto kind = enum_field<MemoryKind>(r, "kind", parse_memory_kind, enum_names<MemoryKind>());
  if (auto text = r.opt_str("text")) {
    if (!check_text(r, res, *text)) return;
    Memory y;
    y.id = ctx.svc->ids->next("mem");
    y.text = *text;
    y.source = Source::explicit_;
    y.confidence = 1.0;
    c.replacement = y;
  }
  if (!r.ok()) return send_error(res, r.error());
  Services* svc = ctx.svc;
  std::string replacement_id;
  if (c.replacement) {
    replacement_id = c.replacement->id;
    // The correction keeps the corrected memory's kind unless told otherwise.
    const bool known = read_state(ctx, [&](const State& s) {
      const Memory* x = user_memory(s, c.memory_id, user);
      if (x) {
        c.replacement->kind = kind.value_or(x->kind);
        c.replacement->importance = x->importance;
      }
      return x != nullptr;
    });
    if (!known) return send_error(res, 404, "not_found", "no memory " + c.memory_id + " for this user", "id");
    c.replacement->claim = svc->normalize(c.replacement->text, c.replacement->kind, std::nullopt);
  }
  auto d = decide(ctx, user, [=](const State& s) {
    return decide_correction(s, user, c, svc->policy, *svc->ids, svc->clock->now());
  });
  if (!d) return send_error(res, d.error());
  reply_memory(ctx, res, c.memory_id, "replacement", replacement_id);
}

void delete_memory(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  auto user = query_user(req, res);
  if (!user) return;
  const std::string id = req.matches[1];
  const std::string u = *user;
  Services* svc = ctx.svc;
  auto d = decide(ctx, u, [=](const State& s) {
    return decide_delete(s, u, id, "deleted by the user", svc->clock->now());
  });
  if (!d) return send_error(res, d.error());
  reply_memory(ctx, res, id);
}

// ---- messages and context ------------------------------------------------------------

void post_messages(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  json::ObjReader& r = *body;
  r.only_keys({"user", "text", "deadline_ms"});
  MessageCommand cmd;
  cmd.user = body_user(r);
  cmd.text = r.str("text");
  if (!check_text(r, res, cmd.text)) return;
  if (auto d = r.opt_int("deadline_ms")) {
    if (*d < 1 || *d > 60000) {
      r.fail("deadline_ms", "field `deadline_ms` must be in [1, 60000]");
    } else {
      cmd.deadline = std::chrono::milliseconds(*d);
    }
  }
  if (!r.ok()) return send_error(res, r.error());
  const std::string user = cmd.user;
  const auto timeout = message_timeout(ctx, cmd);
  auto reply = ask_shard<MessageReply>(ctx, user, std::move(cmd), timeout);
  if (!reply) return send_error(res, reply.error());
  if (reply->error) return send_error(res, *reply->error);
  const MessageOutcome& out = reply->outcome;
  JsonWriter w;
  read_state(ctx, [&](const State& s) {
    const RenderContext rc = render_ctx(ctx);
    w.begin_object().key("contradictions").begin_array();
    for (const auto& c : out.contradictions) {
      w.begin_object().kv("uncertainty_id", c.uncertainty_id)
          .kv("classification", to_string(c.classification))
          .kv("severity", to_string(c.severity));
      w.key("memory");
      if (const Memory* m = s.memory(c.existing_id)) {
        render_memory_brief(w, *m, rc);
      } else {
        w.null();
      }
      w.key("incoming");
      if (const Memory* m = s.memory(c.incoming_id)) {
        render_memory_brief(w, *m, rc);
      } else {
        w.null();
      }
      w.kv("hint", c.hint).kv("weave", c.weave).end_object();
    }
    w.end_array().key("auto_resolved").begin_array();
    for (const auto& a : out.auto_resolved) {
      w.begin_object().key("superseded");
      if (const Memory* m = s.memory(a.superseded_id)) {
        render_memory(w, *m, rc);
      } else {
        w.null();
      }
      w.key("new");
      if (const Memory* m = s.memory(a.new_id)) {
        render_memory(w, *m, rc);
      } else {
        w.null();
      }
      w.end_object();
    }
    w.end_array().key("reinforced").begin_array();
    for (const auto& id : out.reinforced) w.value(id);
    w.end_array().key("ambiguous").begin_array();
    for (const auto& id : out.ambiguous) w.value(id);
    w.end_array();
    w.kv("deferred", reply->deferred).kv("candidates", reply->candidates)
        .kv("elapsed_ms", reply->elapsed_ms).end_object();
    return 0;
  });
  send_json(res, 200, w.str());
}

void post_context(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  json::ObjReader& r = *body;
  r.only_keys({"user", "text", "topic", "k"});
  const std::string user = body_user(r);
  std::string text = r.opt_str("text").value_or(r.opt_str("topic").value_or(""));
  if (r.ok() && !r.has("text") && !r.has("topic")) r.fail("text", "field `text` (or `topic`) is required");
  if (!check_text(r, res, text, r.has("text") ? "text" : "topic")) return;
  std::size_t k = 10;
  if (auto kk = r.opt_int("k")) {
    if (*kk < 1 || *kk > 100) {
      r.fail("k", "field `k` must be in [1, 100]");
    } else {
      k = static_cast<std::size_t>(*kk);
    }
  }
  if (!r.ok()) return send_error(res, r.error());
  Services* svc = ctx.svc;
  const Claim claim = svc->normalize(text, MemoryKind::episode, std::nullopt);
  std::vector<std::string> topic = simple_keywords(text);
  for (const auto& kw : claim.keywords) topic.push_back(kw);
  std::vector<std::pair<std::string, double>> cands;
  if (ctx.search)
    for (const auto& c : ctx.search(user, text, k * 3)) cands.emplace_back(c.memory_id, c.similarity);
  auto outcome = std::make_shared<ContextOutcome>();
  auto d = decide(ctx, user, [=](const State& s) -> Expected<std::vector<Event>> {
    *outcome = assemble_context(s, user, topic, cands, k, svc->policy, svc->clock->now());
    return outcome->events;
  });
  if (!d) return send_error(res, d.error());
  JsonWriter w;
  read_state(ctx, [&](const State& s) {
    const RenderContext rc = render_ctx(ctx);
    w.begin_object().key("memories").begin_array();
    for (const auto& it : outcome->items) {
      const Memory* m = s.memory(it.memory_id);
      if (!m) continue;
      w.begin_object().key("memory");
      render_memory(w, *m, rc);
      w.kv("weight", it.weight).kv("relevance", it.relevance).kv("score", it.score)
          .kv("reliability", to_string(m->reliability)).end_object();
    }
    w.end_array().key("hints").begin_array();
    for (const auto& h : outcome->hints) {
      w.begin_object().kv("uncertainty_id", h.uncertainty_id).kv("type", to_string(h.type))
          .kv("severity", to_string(h.severity));
      w.key("memory_a");
      if (const Memory* m = s.memory(h.memory_a)) {
        render_memory_brief(w, *m, rc);
      } else {
        w.null();
      }
      w.key("memory_b");
      if (const Memory* m = h.memory_b.empty() ? nullptr : s.memory(h.memory_b)) {
        render_memory_brief(w, *m, rc);
      } else {
        w.null();
      }
      w.kv("hint", h.hint).end_object();
    }
    w.end_array().end_object();
    return 0;
  });
  send_json(res, 200, w.str());
}

// ---- uncertainties ------------------------------------------------------------------

void get_uncertainties(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  auto user = query_user(req, res);
  if (!user) return;
  std::optional<RecordState> state;
  std::optional<Severity> severity;
  std::optional<UncertaintyType> type;
  if (req.has_param("state") && !(state = parse_record_state(req.get_param_value("state"))))
    return send_error(res, 400, "invalid_argument",
                      "query parameter `state` must be one of " + enum_names<RecordState>(), "state");
  if (req.has_param("severity") && !(severity = parse_severity(req.get_param_value("severity"))))
    return send_error(res, 400, "invalid_argument",
                      "query parameter `severity` must be one of " + enum_names<Severity>(),
                      "severity");
  if (req.has_param("type") && !(type = parse_uncertainty_type(req.get_param_value("type"))))
    return send_error(res, 400, "invalid_argument",
                      "query parameter `type` must be one of " + enum_names<UncertaintyType>(),
                      "type");
  JsonWriter w;
  read_state(ctx, [&](const State& s) {
    const RenderContext rc = render_ctx(ctx);
    w.begin_object().key("uncertainties").begin_array();
    for (const auto& id : s.user_uncertainties(*user)) {
      const Uncertainty* u = s.uncertainty(id);
      if (!u || (state && u->state != *state) || (severity && u->severity != *severity) ||
          (type && u->type != *type))
        continue;
      render_uncertainty(w, *u, s, rc);
    }
    w.end_array().end_object();
    return 0;
  });
  send_json(res, 200, w.str());
}

bool render_record(ApiContext& ctx, const std::string& id, const std::string& user,
                   JsonWriter& w) {
  return read_state(ctx, [&](const State& s) {
    const Uncertainty* u = s.uncertainty(id);
    if (!u || u->user != user) return false;
    w.begin_object().key("uncertainty");
    render_uncertainty(w, *u, s, render_ctx(ctx));
    w.end_object();
    return true;
  });
}

void get_uncertainty(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  auto user = query_user(req, res);
  if (!user) return;
  JsonWriter w;
  const std::string id = req.matches[1];
  if (!render_record(ctx, id, *user, w))
    return send_error(res, 404, "not_found", "no uncertainty " + id + " for this user", "id");
  send_json(res, 200, w.str());
}

void post_resolve(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  json::ObjReader& r = *body;
  r.only_keys({"user", "winner", "loser", "detail"});
  const std::string user = body_user(r);
  const std::string winner = r.str("winner");
  const std::string loser = r.opt_str("loser").value_or("supersede");
  if (r.ok() && loser != "supersede" && loser != "delete")
    r.fail("loser", "field `loser` must be one of supersede, delete, got \"" + loser + "\"");
  const std::string detail = r.opt_str("detail").value_or("");
  if (!r.ok()) return send_error(res, r.error());
  const std::string id = req.matches[1];
  Services* svc = ctx.svc;
  auto d = decide(ctx, user, [=](const State& s) {
    return decide_resolve(s, user, id, winner, loser == "delete", detail, svc->policy, *svc->ids,
                          svc->clock->now());
  });
  if (!d) return send_error(res, d.error());
  JsonWriter w;
  render_record(ctx, id, user, w);
  send_json(res, 200, w.str());
}

void post_dismiss(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  body->only_keys({"user"});
  const std::string user = body_user(*body);
  if (!body->ok()) return send_error(res, body->error());
  const std::string id = req.matches[1];
  Services* svc = ctx.svc;
  auto d = decide(ctx, user, [=](const State& s) {
    return decide_dismiss(s, user, id, svc->policy, svc->clock->now());
  });
  if (!d) return send_error(res, d.error());
  JsonWriter w;
  render_record(ctx, id, user, w);
  send_json(res, 200, w.str());
}

// ---- action gate, concepts, background, users -------------------------------------------

void post_act_check(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  json::ObjReader& r = *body;
  r.only_keys({"user", "action", "memory_ids", "confidence"});
  GateCommand cmd;
  cmd.user = body_user(r);
  cmd.action = r.str("action");
  if (!check_text(r, res, cmd.action, "action")) return;
  if (r.ok() && !r.has("memory_ids")) r.fail("memory_ids", "field `memory_ids` is required");
  cmd.memory_ids = r.opt_str_array("memory_ids").value_or(std::vector<std::string>{});
  if (r.ok() && cmd.memory_ids.size() > 100)
    r.fail("memory_ids", "field `memory_ids` may hold at most 100 ids");
  cmd.confidence = unit_field(r, "confidence").value_or(1.0);
  if (!r.ok()) return send_error(res, r.error());
  auto reply = ask<GateReply>(ctx, cmd, command_timeout(ctx));
  if (!reply) return send_error(res, reply.error());
  if (reply->error) return send_error(res, *reply->error);
  const GateOutcome& g = reply->outcome;
  JsonWriter w;
  w.begin_object().kv("decision", g.clarify ? "clarify" : "proceed").kv("confidence", g.confidence);
  w.key("doubtful").begin_array();
  for (const auto& id : g.doubtful) w.value(id);
  w.end_array();
  if (g.clarify) {
    w.kv("reliability_warning", g.reliability_warning).kv("clarify_prompt", g.clarify_prompt);
  } else {
    w.key("reliability_warning").null().key("clarify_prompt").null();
  }
  w.end_object();
  send_json(res, 200, w.str());
}

void post_concepts(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  json::ObjReader& r = *body;
  r.only_keys({"user", "text", "source", "confidence", "importance", "episodes"});
  ConsolidateCommand cmd;
  Memory& c = cmd.extracted;
  c.user = body_user(r);
  c.text = r.str("text");
  if (!check_text(r, res, c.text)) return;
  c.source = enum_field<Source>(r, "source", parse_source, enum_names<Source>()).value_or(Source::inferred);
  c.confidence = unit_field(r, "confidence").value_or(0.7);
  c.importance = unit_field(r, "importance").value_or(0.5);
  cmd.episodes = r.opt_str_array("episodes").value_or(std::vector<std::string>{});
  if (!r.ok()) return send_error(res, r.error());
  c.id = ctx.svc->ids->next("mem");
  auto reply = ask<ConsolidateReply>(ctx, cmd, command_timeout(ctx));
  if (!reply) return send_error(res, reply.error());
  if (reply->error) return send_error(res, *reply->error);
  const WriteOutcome& out = reply->outcome;
  JsonWriter w;
  read_state(ctx, [&](const State& s) {
    const RenderContext rc = render_ctx(ctx);
    w.begin_object().key("memory");
    if (const Memory* m = out.memory_id.empty() ? nullptr : s.memory(out.memory_id)) {
      render_memory(w, *m, rc);
    } else {
      w.null();
    }
    w.kv("action", to_string(out.action)).kv("tier", to_string(out.tier));
    w.key("conflicts").begin_array();
    for (const auto& cf : out.conflicts) render_conflict(w, cf, s, rc);
    w.end_array().key("uncertainties").begin_array();
    for (const auto& id : out.uncertainties)
      if (const Uncertainty* u = s.uncertainty(id)) render_uncertainty(w, *u, s, rc);
    w.end_array().end_object();
    return 0;
  });
  send_json(res, 201, w.str());
}

void post_drift_run(ApiContext& ctx, const httplib::Request&, httplib::Response& res) {
  caf::scoped_actor self{*ctx.sys};
  std::optional<DriftReport> rep;
  std::optional<Error> err;
  self->request(ctx.supervisor, std::chrono::minutes(5), drift_atom::value, run_atom::value)
      .receive([&](DriftReport& r) { rep = std::move(r); },
               [&](caf::error& e) { err = make_error(Errc::unavailable, ctx.sys->render(e)); });
  if (err) return send_error(res, *err);
  if (rep->error) return send_error(res, *rep->error);
  JsonWriter w;
  w.begin_object().kv("domain", rep->domain).kv("budget", rep->budget).kv("sampled", rep->sampled)
      .kv("pairs", rep->pairs).kv("events", rep->events)
      .kv("deferred_resolved", rep->deferred_resolved).kv("elapsed_ms", rep->elapsed_ms);
  w.key("users").begin_object();
  for (const auto& [user, cap] : rep->user_budgets) {
    const auto it = rep->sampled_by_user.find(user);
    w.key(user).begin_object().kv("budget", cap)
        .kv("sampled", it == rep->sampled_by_user.end() ? std::size_t{0} : it->second).end_object();
  }
  w.end_object().end_object();
  send_json(res, 200, w.str());
}

void post_decay_run(ApiContext& ctx, const httplib::Request&, httplib::Response& res) {
  caf::scoped_actor self{*ctx.sys};
  std::optional<DecayReport> rep;
  std::optional<Error> err;
  self->request(ctx.supervisor, std::chrono::minutes(5), decay_atom::value, run_atom::value)
      .receive([&](DecayReport& r) { rep = std::move(r); },
               [&](caf::error& e) { err = make_error(Errc::unavailable, ctx.sys->render(e)); });
  if (err) return send_error(res, *err);
  if (rep->error) return send_error(res, *rep->error);
  JsonWriter w;
  w.begin_object().kv("deleted", rep->deleted).kv("expired", rep->expired).kv("stale", rep->stale)
      .kv("elapsed_ms", rep->elapsed_ms).end_object();
  send_json(res, 200, w.str());
}

void get_user(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  const std::string user = req.matches[1];
  JsonWriter w;
  read_state(ctx, [&](const State& s) {
    const UserSettings* u = s.user(user);
    std::size_t live = 0, open = 0;
    for (const auto& id : s.user_memories(user))
      if (const Memory* m = s.memory(id); m && !m->deleted() && !m->superseded()) ++live;
    for (const auto& id : s.user_uncertainties(user))
      if (const Uncertainty* x = s.uncertainty(id); x && x->active()) ++open;
    w.begin_object().kv("user", user)
        .kv("tolerance", tolerance_of(s, user, ctx.svc->policy.tolerance))
        .kv("drift_budget", drift_budget(tolerance_of(s, user, ctx.svc->policy.tolerance),
                                         ctx.svc->policy.tolerance))
        .kv("memories", live).kv("open_uncertainties", open)
        .kv("corrections", u ? u->corrections : 0u).kv("reinforcements", u ? u->reinforcements : 0u)
        .kv("dismissals", u ? u->dismissals : 0u).kv("engagements", u ? u->engagements : 0u)
        .kv("dismissal_streak", u ? u->dismissal_streak : 0u)
        .kv("action_checks", u ? u->action_checks : 0u)
        .kv("clarify_decisions", u ? u->clarify_decisions : 0u).end_object();
    return 0;
  });
  send_json(res, 200, w.str());
}

// ---- routes -----------------------------------------------------------------------------

const std::vector<Route>& routes() {
  static const std::vector<Route> r = [] {
    std::vector<Route> v = {
      {"POST", "/v1/memories", post_memories},
      {"GET", "/v1/memories", get_memories},
      {"GET", "/v1/memories/{id}", get_memory},
      {"DELETE", "/v1/memories/{id}", delete_memory},
      {"POST", "/v1/memories/{id}/reinforce", post_reinforce},
      {"POST", "/v1/memories/{id}/correct", post_correct},
      {"POST", "/v1/messages", post_messages},
      {"POST", "/v1/context", post_context},
      {"GET", "/v1/uncertainties", get_uncertainties},
      {"GET", "/v1/uncertainties/{id}", get_uncertainty},
      {"POST", "/v1/uncertainties/{id}/resolve", post_resolve},
      {"POST", "/v1/uncertainties/{id}/dismiss", post_dismiss},
      {"POST", "/v1/act/check", post_act_check},
      {"POST", "/v1/concepts", post_concepts},
      {"POST", "/v1/drift/run", post_drift_run},
      {"POST", "/v1/decay/run", post_decay_run},
      {"GET", "/v1/users/{user}", get_user},
    };
    // /v1/beliefs/aggregate must be matched before /v1/beliefs/{id}.
    for (const auto& b : belief_routes()) v.push_back(b);
    return v;
  }();
  return r;
}

std::string to_regex(const std::string& path) {
  return std::regex_replace(path, std::regex(R"(\{[a-z_]+\})"), "([^/]+)");
}

bool constant_time_equal(const std::string& a, const std::string& b) {
  unsigned char diff = static_cast<unsigned char>(a.size() != b.size());
  const std::size_t n = std::max(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    const auto x = static_cast<unsigned char>(i < a.size() ? a[i] : 0);
    const auto y = static_cast<unsigned char>(i < b.size() ? b[i] : 0);
    diff = static_cast<unsigned char>(diff | (x ^ y));
  }
  return diff == 0;
}

thread_local std::chrono::steady_clock::time_point t_request_start;
thread_local const char* t_route = "unmatched";

}  // namespace

std::vector<RouteInfo> api_routes() {
  std::vector<RouteInfo> out;
  for (const auto& r : routes()) out.push_back({r.method, r.path});
  for (const char* p : {"/healthz", "/readyz", "/metrics", "/openapi.json"}) out.push_back({"GET", p});
  return out;
}

void install_api(httplib::Server& server, ApiContext& ctx) {
  const auto& cfg = ctx.config.server;
  server.set_payload_max_length(static_cast<std::size_t>(cfg.max_body_bytes));
  const std::string token = cfg.auth_token;
  const int capacity = static_cast<int>(cfg.threads + cfg.max_queue);

  server.set_pre_routing_handler([&ctx, token, capacity](const httplib::Request& req,
                                                         httplib::Response& res) {
    t_request_start = std::chrono::steady_clock::now();
    t_route = "unmatched";
    if (!token.empty() && req.path != "/healthz") {
      const std::string h = req.get_header_value("Authorization");
      const std::string prefix = "Bearer ";
      if (h.rfind(prefix, 0) != 0 || !constant_time_equal(h.substr(prefix.size()), token)) {
        res.set_header("WWW-Authenticate", "Bearer");
        send_error(res, 401, "unauthorized", "a valid `Authorization: Bearer <token>` header is required");
        return httplib::Server::HandlerResponse::Handled;
      }
    }
    if (ctx.inflight.load() >= capacity) {
      res.set_header("Retry-After", "1");
      send_error(res, 503, "overloaded", "too many requests in flight; retry later");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (req.has_header("Content-Length") && req.body.size() > static_cast<std::size_t>(ctx.config.server.max_body_bytes)) {
      send_error(res, 413, "payload_too_large", "the request body is over the limit");
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });

  for (const auto& r : routes()) {
    const std::string pattern = to_regex(r.path);
    const char* path = r.path;
    auto handler = [&ctx, h = r.handler, path](const httplib::Request& req, httplib::Response& res) {
      t_route = path;
      ++ctx.inflight;
      try {
        h(ctx, req, res);
      } catch (const std::exception& e) {
        log::get("api")->error("{} {} failed: {}", req.method, req.path, e.what());
        send_error(res, 500, "internal", std::string("internal error: ") + e.what());
      }
      --ctx.inflight;
    };
    const std::string m = r.method;
    if (m == "GET") {
      server.Get(pattern, handler);
    } else if (m == "POST") {
      server.Post(pattern, handler);
    } else if (m == "DELETE") {
      server.Delete(pattern, handler);
    }
  }

  server.Get("/healthz", [](const httplib::Request&, httplib::Response& res) {
    t_route = "/healthz";
    send_json(res, 200, "{\"status\":\"ok\"}");
  });
  server.Get("/readyz", [&ctx](const httplib::Request&, httplib::Response& res) {
    t_route = "/readyz";
    JsonWriter w;
    const bool degraded = ctx.degraded && ctx.degraded->load();
    w.begin_object().kv("status", degraded ? "degraded" : "ready")
        .kv("applied_seq", static_cast<unsigned long long>(ctx.svc->store->applied_seq()))
        .kv("head", static_cast<unsigned long long>(ctx.svc->store->log().head())).end_object();
    send_json(res, degraded ? 503 : 200, w.str());
  });
  server.Get("/metrics", [&ctx](const httplib::Request&, httplib::Response& res) {
    t_route = "/metrics";
    if (ctx.svc->metrics) {
      // Records by state, refreshed at scrape time.
      std::map<std::string, double> by_state;
      ctx.svc->store->read([&](const State& s) {
        for (const auto& [id, u] : s.uncertainties()) by_state[to_string(u.state)] += 1;
        ctx.svc->metrics->gauge("credence_memories", "Live memories").set(static_cast<double>(s.live_memory_count()));
        ctx.svc->metrics
            ->gauge("credence_pending_classifications",
                    "Classifications that missed their deadline, waiting for a drift cycle")
            .set(static_cast<double>(s.pending_all().size()));
        return 0;
      });
      for (const char* st : {"open", "surfaced", "resolved", "decayed"})
        ctx.svc->metrics->gauge("credence_uncertainties", "Uncertainty records by state", {{"state", st}})
            .set(by_state[st]);
      res.set_content(ctx.svc->metrics->render(), "text/plain; version=0.0.4");
    } else {
      res.set_content("", "text/plain; version=0.0.4");
    }
  });
  server.Get("/openapi.json", [](const httplib::Request&, httplib::Response& res) {
    t_route = "/openapi.json";
    res.set_content(openapi_json(), "application/json");
  });

  server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    if (res.status == 404) {
      send_error(res, 404, "not_found", "no route " + req.method + " " + req.path);
    } else if (res.status == 413) {
      send_error(res, 413, "payload_too_large", "the request body is over the limit");
    } else if (res.status == 400) {
      send_error(res, 400, "invalid_argument", "malformed HTTP request");
    } else {
      send_error(res, res.status, "error", "HTTP " + std::to_string(res.status));
    }
  });
  server.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
    std::string what = "unknown";
    try {
      std::rethrow_exception(ep);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    send_error(res, 500, "internal", "internal error: " + what);
  });
  server.set_logger([&ctx](const httplib::Request& req, const httplib::Response& res) {
    if (!ctx.svc->metrics) return;
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_request_start).count();
    ctx.svc->metrics->histogram("credence_http_request_seconds", "HTTP request latency by route",
                                {{"method", req.method}, {"route", t_route}})
        .observe(secs);
    ctx.svc->metrics->counter("credence_http_requests_total", "HTTP requests by route and status",
                              {{"method", req.method}, {"route", t_route}, {"status", std::to_string(res.status)}})
        .inc();
  });
}

}  // namespace credence
