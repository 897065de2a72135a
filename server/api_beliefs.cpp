// The uncertainty ledger over HTTP (issue 8): /v1/beliefs.
//
// Beliefs are scoped per user: a belief's namespace is stored as
// "<user>:<namespace>" and every route checks that prefix, so a user's
// request never reads or changes another user's beliefs. Mutations run in the
// user's turn (through ingestion), are validated against the ledger first
// (weights, unknown ids, dependency cycles; the Error names the field) and
// are appended as belief.* events.
#include <set>

#include "engine/ledger.hpp"
#include "engine/ledger_codec.hpp"
#include "engine/ledger_events.hpp"
#include "server/api_common.hpp"

namespace credence::api {

namespace {

std::string scoped_ns(const std::string& user, const std::string& ns) { return user + ":" + ns; }

bool owned(const Belief& b, const std::string& user) {
  return b.ns.size() > user.size() && b.ns.compare(0, user.size(), user) == 0 &&
         b.ns[user.size()] == ':';
}

std::optional<Belief> user_belief(const State& s, const std::string& id, const std::string& user) {
  auto b = s.ledger().get(id);
  if (!b || !owned(*b, user)) return std::nullopt;
  return b;
}

void render_belief(JsonWriter& w, const Belief& b, const State& s, const LedgerConfig& cfg) {
  const auto colon = b.ns.find(':');
  w.begin_object();
  w.kv("id", b.id);
  w.kv("claim", b.claim);
  w.kv("namespace", colon == std::string::npos ? b.ns : b.ns.substr(colon + 1));
  w.key("confidence");
  write_interval(w, b.confidence);
  w.kv("status", to_string(b.status));
  if (b.verdict) {
    w.kv("verdict", to_string(*b.verdict));
  } else {
    w.key("verdict").null();
  }
  w.kv("evidence_count", static_cast<unsigned long long>(b.evidence_count()));
  w.kv("supporting_count", static_cast<unsigned long long>(b.supporting_count));
  w.kv("opposing_count", static_cast<unsigned long long>(b.opposing_count));
  w.kv("supporting_weight", b.supporting_weight);
  w.kv("opposing_weight", b.opposing_weight);
  w.key("inferred_from").begin_array();
  for (const auto& d : b.inferred_from)
    w.begin_object().kv("parent_id", d.parent_id).kv("weight", d.weight).end_object();
  w.end_array();
  w.key("tags").begin_array();
  for (const auto& t : b.tags) w.value(t);
  w.end_array();
  w.kv("actionable", s.ledger().is_actionable(b.id, cfg.min_confidence_for_action));
  w.kv("decay_rate_per_hour", b.decay_rate);
  w.kv("first_asserted", format_rfc3339(b.first_asserted));
  w.kv("last_updated", format_rfc3339(b.last_updated));
  w.end_object();
}

/// {"belief": ..., "chain": [{"depth", "belief"}...]}
std::string belief_with_chain(ApiContext& ctx, const std::string& id, const std::string& user) {
  JsonWriter w;
  read_state(ctx, [&](const State& s) {
    auto b = user_belief(s, id, user);
    w.begin_object().key("belief");
    if (b) {
      render_belief(w, *b, s, ctx.svc->ledger_config);
    } else {
      w.null();
    }
    w.key("chain").begin_array();
    if (auto chain = s.ledger().confidence_chain(id)) {
      for (const auto& link : *chain) {
        if (!owned(link.belief, user)) continue;
        w.begin_object().kv("depth", link.depth).key("belief");
        render_belief(w, link.belief, s, ctx.svc->ledger_config);
        w.end_object();
      }
    }
    w.end_array().end_object();
    return 0;
  });
  return w.str();
}

std::vector<std::string> ids_of(simdjson::dom::array arr, json::ObjReader& r, const char* key) {
  std::vector<std::string> out;
  for (auto el : arr) {
    std::string_view sv;
    if (el.get_string().get(sv)) {
      r.fail(key, std::string("field `") + key + "` must be an array of belief ids");
      return {};
    }
    out.emplace_back(sv);
  }
  return out;
}

void post_beliefs(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  json::ObjReader& r = *body;
  r.only_keys({"user", "claim", "namespace", "evidence", "confidence", "tags", "depends_on"});
  const std::string user = body_user(r);
  Assertion a;
  a.claim = r.str("claim");
  if (!check_text(r, res, a.claim, "claim")) return;
  a.ns = scoped_ns(user, r.opt_str("namespace").value_or("default"));
  if (auto arr = r.opt_array("evidence")) {
    std::size_t i = 0;
    for (auto el : *arr) {
      simdjson::dom::object o;
      const std::string field = "evidence[" + std::to_string(i++) + "]";
      if (el.get_object().get(o)) {
        r.fail("evidence", "field `" + field + "` must be an object");
        break;
      }
      json::ObjReader er(o, field);
      Evidence e = read_evidence(er);
      if (!er.ok()) {
        r.fail("evidence", er.error().message);
        // Keep the precise field name of the item.
        auto err = er.error();
        send_error(res, 400, "invalid_argument", err.message, err.field);
        return;
      }
      if (e.timestamp == 0) e.timestamp = ctx.svc->clock->now();
      a.evidence.push_back(std::move(e));
    }
  }
  if (auto c = r.obj("confidence")) {
    a.confidence.lower = c->opt_num("lower");
    a.confidence.point = c->opt_num("point");
    a.confidence.upper = c->opt_num("upper");
  }
  a.tags = r.opt_str_array("tags").value_or(std::vector<std::string>{});
  std::vector<Dependency> deps;
  if (auto arr = r.opt_array("depends_on")) {
    std::size_t i = 0;
    for (auto el : *arr) {
      simdjson::dom::object o;
      const std::string field = "depends_on[" + std::to_string(i++) + "]";
      if (el.get_object().get(o)) {
        r.fail("depends_on", "field `" + field + "` must be an object");
        break;
      }
      json::ObjReader dr(o, field);
      Dependency d;
      d.parent_id = dr.str("parent_id");
      d.weight = dr.opt_num("weight").value_or(1.0);
      if (dr.ok() && !(d.weight >= 0 && d.weight <= 1))
        dr.fail("weight", "field `" + dr.field("weight") + "` must be in [0, 1]");
      if (!dr.ok()) return send_error(res, dr.error());
      deps.push_back(d);
    }
  }
  if (!r.ok()) return send_error(res, r.error());
  Services* svc = ctx.svc;
  a.id = new_belief_id(svc->clock->now());
  const std::string id = a.id;
  auto d = decide(ctx, user, [=](const State& s) -> Expected<std::vector<Event>> {
    const UncertaintyLedger& led = s.ledger();
    if (auto st = led.check_assertion(a); !st) return st.error();
    for (std::size_t i = 0; i < deps.size(); ++i) {
      auto parent = led.get(deps[i].parent_id);
      if (!parent || !owned(*parent, user))
        return make_error(Errc::not_found, "no belief " + deps[i].parent_id + " for this user",
                          "depends_on[" + std::to_string(i) + "].parent_id");
    }
    const Millis now = svc->clock->now();
    std::vector<Event> evs{events::belief_asserted(user, a, svc->ledger_config, now)};
    for (const auto& dep : deps)
      evs.push_back(events::belief_depends_on(user, a.id, dep.parent_id, dep.weight,
                                              svc->ledger_config, now));
    return evs;
  });
  if (!d) return send_error(res, d.error());
  send_json(res, 201, belief_with_chain(ctx, id, user));
}

void get_beliefs(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  auto user = query_user(req, res);
  if (!user) return;
  BeliefQuery q;
  if (req.has_param("namespace")) q.ns = scoped_ns(*user, req.get_param_value("namespace"));
  if (req.has_param("status")) {
    q.status = parse_belief_status(req.get_param_value("status"));
    if (!q.status)
      return send_error(res, 400, "invalid_argument",
                        "query parameter `status` must be one of confirmed, probable, uncertain, "
                        "contested, refuted, unknown",
                        "status");
  }
  if (req.has_param("min_confidence")) {
    char* end = nullptr;
    const std::string v = req.get_param_value("min_confidence");
    const double m = std::strtod(v.c_str(), &end);
    if (v.empty() || *end || !(m >= 0 && m <= 1))
      return send_error(res, 400, "invalid_argument",
                        "query parameter `min_confidence` must be a number in [0, 1]",
                        "min_confidence");
    q.min_confidence = m;
  }
  if (req.has_param("tag")) q.tags.push_back(req.get_param_value("tag"));
  JsonWriter w;
  read_state(ctx, [&](const State& s) {
    w.begin_object().key("beliefs").begin_array();
    for (const auto& b : s.ledger().query(q))
      if (owned(b, *user)) render_belief(w, b, s, ctx.svc->ledger_config);
    w.end_array().end_object();
    return 0;
  });
  send_json(res, 200, w.str());
}

void get_belief(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  auto user = query_user(req, res);
  if (!user) return;
  const std::string id = req.matches[1];
  const bool found = read_state(ctx, [&](const State& s) { return user_belief(s, id, *user).has_value(); });
  if (!found) return send_error(res, 404, "not_found", "no belief " + id + " for this user", "id");
  send_json(res, 200, belief_with_chain(ctx, id, *user));
}

/// Runs a validated belief mutation in the user's turn, answers belief + chain.
void mutate(ApiContext& ctx, httplib::Response& res, const std::string& user, const std::string& id,
            std::function<Expected<std::vector<Event>>(const State&)> fn) {
  auto d = decide(ctx, user, [=](const State& s) -> Expected<std::vector<Event>> {
    if (!user_belief(s, id, user))
      return make_error(Errc::not_found, "no belief " + id + " for this user", "id");
    return fn(s);
  });
  if (!d) return send_error(res, d.error());
  send_json(res, 200, belief_with_chain(ctx, id, user));
}

void post_evidence(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  json::ObjReader& r = *body;
  r.only_keys({"user", "source_id", "source_type", "supports", "weight", "timestamp"});
  const std::string user = body_user(r);
  if (!r.ok()) return send_error(res, r.error());
  Evidence e = read_evidence(r);
  if (!r.ok()) return send_error(res, r.error());
  Services* svc = ctx.svc;
  if (e.timestamp == 0) e.timestamp = svc->clock->now();
  const std::string id = req.matches[1];
  mutate(ctx, res, user, id, [=](const State& s) -> Expected<std::vector<Event>> {
    if (auto st = s.ledger().check_evidence(id, e); !st) return st.error();
    return std::vector<Event>{events::belief_evidence_added(user, id, e, svc->ledger_config,
                                                            svc->clock->now())};
  });
}

void post_belief_resolve(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  json::ObjReader& r = *body;
  r.only_keys({"user", "status", "reason"});
  const std::string user = body_user(r);
  const std::string status = r.str("status");
  const std::string reason = r.opt_str("reason").value_or("");
  if (!r.ok()) return send_error(res, r.error());
  auto st = belief_status_from(status, "status");
  if (!st) return send_error(res, st.error());
  Services* svc = ctx.svc;
  const std::string id = req.matches[1];
  const BeliefStatus s_ = *st;
  mutate(ctx, res, user, id, [=](const State&) -> Expected<std::vector<Event>> {
    return std::vector<Event>{
        events::belief_resolved(user, id, s_, reason, svc->ledger_config, svc->clock->now())};
  });
}

void post_depends_on(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  json::ObjReader& r = *body;
  r.only_keys({"user", "parent_id", "weight"});
  const std::string user = body_user(r);
  const std::string parent = r.str("parent_id");
  const double weight = r.opt_num("weight").value_or(1.0);
  if (r.ok() && !(weight >= 0 && weight <= 1)) r.fail("weight", "field `weight` must be in [0, 1]");
  if (!r.ok()) return send_error(res, r.error());
  Services* svc = ctx.svc;
  const std::string id = req.matches[1];
  mutate(ctx, res, user, id, [=](const State& s) -> Expected<std::vector<Event>> {
    if (!user_belief(s, parent, user))
      return make_error(Errc::not_found, "no belief " + parent + " for this user", "parent_id");
    if (auto st = s.ledger().check_dependency(id, parent, weight); !st) {
      Error e = st.error();
      if (e.field == "depends_on") e.code = Errc::conflict;  // a cycle
      return e;
    }
    return std::vector<Event>{events::belief_depends_on(user, id, parent, weight,
                                                        svc->ledger_config, svc->clock->now())};
  });
}

void post_aggregate(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  thread_local simdjson::dom::parser parser;
  auto body = parse_body(req, res, parser);
  if (!body) return;
  json::ObjReader& r = *body;
  r.only_keys({"user", "ids"});
  const std::string user = body_user(r);
  std::vector<std::string> ids;
  if (auto arr = r.opt_array("ids")) {
    ids = ids_of(*arr, r, "ids");
  } else if (r.ok()) {
    r.fail("ids", "field `ids` is required");
  }
  if (r.ok() && ids.size() > 10000) r.fail("ids", "field `ids` may hold at most 10000 ids");
  if (!r.ok()) return send_error(res, r.error());
  JsonWriter w;
  std::string missing;
  read_state(ctx, [&](const State& s) {
    for (const auto& id : ids)
      if (!user_belief(s, id, user) && missing.empty()) missing = id;
    if (!missing.empty()) return 0;
    UncertaintyAggregator agg(s.ledger());
    w.begin_object().kv("aggregate", agg.aggregate(ids)).kv("worst_case", agg.worst_case(ids))
        .kv("best_case", agg.best_case(ids)).kv("any_contested", agg.any_contested(ids))
        .kv("all_confirmed", agg.all_confirmed(ids)).kv("count", ids.size()).end_object();
    return 0;
  });
  if (!missing.empty())
    return send_error(res, 404, "not_found", "no belief " + missing + " for this user", "ids");
  send_json(res, 200, w.str());
}

void get_actionable(ApiContext& ctx, const httplib::Request& req, httplib::Response& res) {
  auto user = query_user(req, res);
  if (!user) return;
  std::optional<double> threshold;
  if (req.has_param("threshold")) {
    char* end = nullptr;
    const std::string v = req.get_param_value("threshold");
    const double t = std::strtod(v.c_str(), &end);
    if (v.empty() || *end || !(t >= 0 && t <= 1))
      return send_error(res, 400, "invalid_argument",
                        "query parameter `threshold` must be a number in [0, 1]", "threshold");
    threshold = t;
  }
  const std::string id = req.matches[1];
  JsonWriter w;
  std::optional<Error> err;
  read_state(ctx, [&](const State& s) {
    if (!user_belief(s, id, *user)) {
      err = make_error(Errc::not_found, "no belief " + id + " for this user", "id");
      return 0;
    }
    auto a = s.ledger().actionability(id, threshold.value_or(ctx.svc->ledger_config.min_confidence_for_action));
    if (!a) {
      err = a.error();
      return 0;
    }
    w.begin_object().kv("id", id).kv("actionable", a->actionable).kv("point", a->point)
        .kv("threshold", a->threshold).kv("status", to_string(a->status)).end_object();
    return 0;
  });
  if (err) return send_error(res, *err);
  send_json(res, 200, w.str());
}

}  // namespace

const std::vector<Route>& belief_routes() {
  static const std::vector<Route> r = {
      {"POST", "/v1/beliefs", post_beliefs},
      {"GET", "/v1/beliefs", get_beliefs},
      {"POST", "/v1/beliefs/aggregate", post_aggregate},
      {"GET", "/v1/beliefs/{id}", get_belief},
      {"POST", "/v1/beliefs/{id}/evidence", post_evidence},
      {"POST", "/v1/beliefs/{id}/resolve", post_belief_resolve},
      {"POST", "/v1/beliefs/{id}/depends_on", post_depends_on},
      {"GET", "/v1/beliefs/{id}/actionable", get_actionable},
  };
  return r;
}

}  // namespace credence::api
