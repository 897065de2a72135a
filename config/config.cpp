#include "config/config.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <optional>
#include <sstream>

#include <toml++/toml.h>

extern char** environ;

namespace credence {

namespace {

enum class Type { string, integer, floating, boolean };

struct Field {
  std::string section;
  std::string key;
  Type type;
  std::function<void*(Config&)> ptr;
  std::vector<std::string> choices;  // allowed values for enum-like strings
  double min = -INFINITY;
  double max = INFINITY;
  std::vector<std::string> env_aliases;
  bool kind_list = false;  // a comma-separated list of memory kinds

  std::string name() const { return section + "." + key; }
  std::string env() const {
    std::string e = "CREDENCE_" + section + "_" + key;
    for (auto& c : e) c = static_cast<char>(std::toupper(c));
    return e;
  }
};

template <class T>
constexpr Type type_of() {
  if constexpr (std::is_same_v<T, std::string>) return Type::string;
  else if constexpr (std::is_same_v<T, bool>) return Type::boolean;
  else if constexpr (std::is_same_v<T, std::int64_t>) return Type::integer;
  else return Type::floating;
}

template <class S, class T>
Field field(const char* section, const char* key, S Config::*sec, T S::*m) {
  Field f;
  f.section = section;
  f.key = key;
  f.type = type_of<T>();
  f.ptr = [sec, m](Config& c) -> void* { return &((c.*sec).*m); };
  return f;
}

/// A field of one of the Policy's sub-structs (Config::policy.<sub>.<member>).
template <class S, class T>
Field pfield(const char* section, const char* key, S Policy::*sub, T S::*m) {
  Field f;
  f.section = section;
  f.key = key;
  f.type = type_of<T>();
  f.ptr = [sub, m](Config& c) -> void* { return &((c.policy.*sub).*m); };
  return f;
}

Field with_choices(Field f, std::vector<std::string> choices) {
  f.choices = std::move(choices);
  return f;
}
Field with_range(Field f, double lo, double hi) {
  f.min = lo;
  f.max = hi;
  return f;
}
Field with_alias(Field f, std::string alias) {
  f.env_aliases.push_back(std::move(alias));
  return f;
}

/// Comma-separated memory kind names, e.g. "trait,concept".
Field with_kind_list(Field f) {
  f.kind_list = true;
  return f;
}

/// [embedder], [index] and [prescreen] (issue 4).
void add_vector_settings(std::vector<Field>& v) {
  using C = Config;
  using E = EmbedderConfig;
  using I = IndexConfig;
  using P = PrescreenConfig;
  v.push_back(with_choices(field("embedder", "kind", &C::embedder, &E::kind),
                           {"hash", "http"}));
  v.push_back(with_range(field("embedder", "dim", &C::embedder, &E::dim), 8, 16384));
  v.push_back(field("embedder", "url", &C::embedder, &E::url));
  v.push_back(field("embedder", "model", &C::embedder, &E::model));
  v.push_back(field("embedder", "api_key_env", &C::embedder, &E::api_key_env));
  v.push_back(with_range(field("embedder", "timeout_ms", &C::embedder, &E::timeout_ms),
                         1, 600000));
  v.push_back(with_range(field("embedder", "max_retries", &C::embedder, &E::max_retries),
                         0, 20));
  v.push_back(with_range(field("embedder", "backoff_ms", &C::embedder, &E::backoff_ms),
                         1, 60000));
  v.push_back(with_range(
      field("embedder", "max_backoff_ms", &C::embedder, &E::max_backoff_ms), 1, 600000));
  v.push_back(with_range(field("embedder", "batch_size", &C::embedder, &E::batch_size),
                         1, 4096));
  v.push_back(with_range(field("embedder", "pool_size", &C::embedder, &E::pool_size),
                         1, 256));
  v.push_back(with_range(
      field("embedder", "cache_entries", &C::embedder, &E::cache_entries), 0, 1 << 24));
  v.push_back(with_range(
      field("index", "hnsw_threshold", &C::index, &I::hnsw_threshold), 1, 1 << 30));
  v.push_back(with_range(field("index", "hnsw_m", &C::index, &I::hnsw_m), 4, 128));
  v.push_back(with_range(
      field("index", "hnsw_ef_construction", &C::index, &I::hnsw_ef_construction), 8,
      4096));
  v.push_back(with_range(
      field("index", "hnsw_ef_search", &C::index, &I::hnsw_ef_search), 1, 4096));
  v.push_back(with_range(
      field("index", "build_threads", &C::index, &I::build_threads), 1, 256));
  v.push_back(with_range(
      field("index", "term_postings", &C::index, &I::term_postings), 0, 1 << 24));
  v.push_back(with_range(
      field("index", "save_interval_s", &C::index, &I::save_interval_s), 0, 1 << 24));
  v.push_back(with_range(field("prescreen", "k", &C::prescreen, &P::k), 1, 1000));
  v.push_back(with_range(
      field("prescreen", "min_similarity", &C::prescreen, &P::min_similarity), -1, 1));
  v.push_back(with_range(
      field("prescreen", "high_similarity", &C::prescreen, &P::high_similarity), -1, 1));
  v.push_back(with_range(field("prescreen", "min_keyword_overlap", &C::prescreen,
                               &P::min_keyword_overlap),
                         0, 100));
  v.push_back(with_range(
      field("prescreen", "max_candidates", &C::prescreen, &P::max_candidates), 1, 1000));
  v.push_back(
      field("prescreen", "keep_duplicates", &C::prescreen, &P::keep_duplicates));
  v.push_back(with_kind_list(
      field("prescreen", "ingestion_kinds", &C::prescreen, &P::ingestion_kinds)));
  v.push_back(with_kind_list(
      field("prescreen", "drift_kinds", &C::prescreen, &P::drift_kinds)));
}

/// The schema: every setting credence reads. Order = order in credence.toml.
const std::vector<Field>& schema() {
  static const std::vector<Field> fields = [] {
    using C = Config;
    std::vector<Field> v;
    v.push_back(field("server", "listen", &C::server, &ServerConfig::listen));
    v.push_back(with_alias(
        field("server", "auth_token", &C::server, &ServerConfig::auth_token),
        "CREDENCE_AUTH_TOKEN"));
    v.push_back(with_range(field("server", "max_body_bytes", &C::server,
                                 &ServerConfig::max_body_bytes),
                           1024, 1 << 30));
    v.push_back(with_range(
        field("server", "threads", &C::server, &ServerConfig::threads), 1, 256));
    v.push_back(with_range(
        field("server", "max_queue", &C::server, &ServerConfig::max_queue), 1,
        1 << 20));
    v.push_back(field("store", "data_dir", &C::store, &StoreConfig::data_dir));
    v.push_back(with_choices(
        field("store", "sync", &C::store, &StoreConfig::sync), {"fsync", "os"}));
    v.push_back(with_range(field("store", "group_commit_max_events", &C::store,
                                 &StoreConfig::group_commit_max_events),
                           1, 1 << 20));
    v.push_back(with_range(field("store", "block_cache_mb", &C::store,
                                 &StoreConfig::block_cache_mb),
                           1, 1 << 20));
    v.push_back(with_range(field("store", "state_flush_ms", &C::store,
                                 &StoreConfig::state_flush_ms),
                           1, 3600000));
    v.push_back(with_choices(field("log", "level", &C::log, &LogConfig::level),
                             {"trace", "debug", "info", "warn", "error",
                              "critical", "off"}));
    v.push_back(with_choices(
        field("log", "format", &C::log, &LogConfig::format), {"text", "json"}));

    using P = Policy;
    using RP = ReliabilityPolicy;
    auto unit = [](Field f) { return with_range(std::move(f), 0.0, 1.0); };
    auto pos = [](Field f) { return with_range(std::move(f), 0.0, 1e9); };
    for (auto [k, m] : {std::pair{"factor_reliable", &RP::factor_reliable},
                        {"factor_uncertain", &RP::factor_uncertain},
                        {"factor_contradicted", &RP::factor_contradicted},
                        {"factor_superseded", &RP::factor_superseded},
                        {"floor", &RP::floor},
                        {"weight_trait", &RP::weight_trait},
                        {"weight_concept", &RP::weight_concept},
                        {"weight_episode", &RP::weight_episode},
                        {"weight_relationship", &RP::weight_relationship}})
      v.push_back(unit(pfield("reliability", k, &P::reliability, m)));

    using DP = DecayPolicy;
    for (auto [k, m] : {std::pair{"rate_trait", &DP::rate_trait},
                        {"rate_concept", &DP::rate_concept},
                        {"rate_episode", &DP::rate_episode},
                        {"rate_relationship", &DP::rate_relationship},
                        {"mult_reliable", &DP::mult_reliable},
                        {"mult_uncertain", &DP::mult_uncertain},
                        {"mult_contradicted", &DP::mult_contradicted},
                        {"mult_superseded", &DP::mult_superseded}})
      v.push_back(pos(pfield("decay", k, &P::decay, m)));
    v.push_back(unit(pfield("decay", "floor", &P::decay, &DP::floor)));
    v.push_back(pfield("decay", "delete_reliable_episodes", &P::decay, &DP::delete_reliable_episodes));
    for (auto [k, m] : {std::pair{"stale_days_trait", &DP::stale_days_trait},
                        {"stale_days_concept", &DP::stale_days_concept},
                        {"stale_days_episode", &DP::stale_days_episode},
                        {"stale_days_relationship", &DP::stale_days_relationship}})
      v.push_back(pos(pfield("decay", k, &P::decay, m)));
    v.push_back(with_range(field("decay", "interval_s", &C::pipeline, &PipelineConfig::decay_interval_s), 1, 1e9));

    using XP = ResolutionPolicy;
    v.push_back(with_range(pfield("resolution", "dominance_ratio", &P::resolution, &XP::dominance_ratio), 1.0, 100.0));
    v.push_back(with_range(pfield("resolution", "evidence_ratio", &P::resolution, &XP::evidence_ratio), 1.0, 100.0));
    v.push_back(unit(pfield("resolution", "reinforce_gain", &P::resolution, &XP::reinforce_gain)));
    v.push_back(with_range(pfield("resolution", "tolerance_scaling", &P::resolution, &XP::tolerance_scaling), 0.0, 10.0));
    v.push_back(pfield("resolution", "record_ambiguous", &P::resolution, &XP::record_ambiguous));
    v.push_back(unit(pfield("resolution", "clarified_confidence", &P::resolution, &XP::clarified_confidence)));
    v.push_back(unit(pfield("resolution", "near_duplicate_similarity", &P::resolution, &XP::near_duplicate_similarity)));

    using SP = SurfacingPolicy;
    v.push_back(with_range(pfield("surfacing", "max_unengaged", &P::surfacing, &SP::max_unengaged), 1, 1000));
    v.push_back(with_range(pfield("surfacing", "max_hints", &P::surfacing, &SP::max_hints), 0, 100));
    for (auto [k, m] : {std::pair{"weight_low", &SP::weight_low},
                        {"weight_medium", &SP::weight_medium},
                        {"weight_high", &SP::weight_high},
                        {"weight_critical", &SP::weight_critical},
                        {"min_topic_match", &SP::min_topic_match}})
      v.push_back(unit(pfield("surfacing", k, &P::surfacing, m)));
    v.push_back(with_range(pfield("surfacing", "cooldown_s", &P::surfacing, &SP::cooldown_s), 0, 1e9));
    v.push_back(with_range(pfield("surfacing", "expire_after_days", &P::surfacing, &SP::expire_after_days), 1, 36500));

    using TP = TolerancePolicy;
    for (auto [k, m] : {std::pair{"baseline", &TP::baseline}, {"min", &TP::min}, {"max", &TP::max}})
      v.push_back(unit(pfield("tolerance", k, &P::tolerance, m)));
    for (auto [k, m] : {std::pair{"correction", &TP::correction},
                        {"reinforcement", &TP::reinforcement},
                        {"dismissal", &TP::dismissal}})
      v.push_back(with_range(pfield("tolerance", k, &P::tolerance, m), -1.0, 1.0));
    v.push_back(with_range(pfield("tolerance", "dismissals_before_nudge", &P::tolerance, &TP::dismissals_before_nudge), 1, 1000));
    v.push_back(with_range(pfield("tolerance", "budget_min", &P::tolerance, &TP::budget_min), 1, 1000));
    v.push_back(with_range(pfield("tolerance", "budget_max", &P::tolerance, &TP::budget_max), 1, 1000));

    v.push_back(unit(pfield("gate", "confidence_penalty", &P::gate, &GatePolicy::confidence_penalty)));
    v.push_back(pfield("gate", "clarify_superseded", &P::gate, &GatePolicy::clarify_superseded));

    using PC = PipelineConfig;
    v.push_back(with_range(field("ingestion", "deadline_ms", &C::pipeline, &PC::deadline_ms), 1, 600000));
    v.push_back(with_range(field("ingestion", "shards", &C::pipeline, &PC::shards), 1, 64));
    v.push_back(with_range(field("ingestion", "actor_threads", &C::pipeline, &PC::actor_threads), 1, 64));
    v.push_back(with_range(field("ingestion", "idle_naps", &C::pipeline, &PC::idle_naps), 0, 100000));
    v.push_back(with_choices(field("classifier", "mode", &C::pipeline, &PC::mode),
                             {"embedded", "cascade", "llm"}));
    v.push_back(with_range(field("classifier", "max_inflight", &C::pipeline, &PC::llm_max_inflight), 1, 1024));
    v.push_back(field("llm", "url", &C::llm, &LlmSettings::url));
    v.push_back(field("llm", "model", &C::llm, &LlmSettings::model));
    v.push_back(field("llm", "api_key_env", &C::llm, &LlmSettings::api_key_env));
    v.push_back(with_range(field("llm", "timeout_ms", &C::llm, &LlmSettings::timeout_ms), 1, 600000));
    v.push_back(with_range(field("drift", "interval_s", &C::pipeline, &PC::drift_interval_s), 1, 1e9));
    v.push_back(with_range(field("drift", "candidates", &C::pipeline, &PC::drift_candidates), 1, 100));

    using LC = LedgerConfig;
    for (auto [k, m] : {std::pair{"default_confidence", &LC::default_confidence},
                        {"contested_threshold", &LC::contested_threshold},
                        {"refuted_threshold", &LC::refuted_threshold},
                        {"min_confidence_for_action", &LC::min_confidence_for_action}})
      v.push_back(unit(field("ledger", k, &C::ledger, m)));
    v.push_back(pos(field("ledger", "decay_rate_per_hour", &C::ledger, &LC::decay_rate_per_hour)));
    v.push_back(
        field("judge", "wordnet_dir", &C::judge, &JudgeConfig::wordnet_dir));
    v.push_back(
        field("judge", "lexicon_dir", &C::judge, &JudgeConfig::lexicon_dir));
    v.push_back(with_range(field("judge", "high_confidence", &C::judge,
                                 &JudgeConfig::high_confidence),
                           0.0, 1.0));
    v.push_back(with_range(field("judge", "med_confidence", &C::judge,
                                 &JudgeConfig::med_confidence),
                           0.0, 1.0));
    v.push_back(field("judge", "learned_fallback", &C::judge, &JudgeConfig::learned_fallback));
    v.push_back(with_range(field("judge", "learned_min_probability", &C::judge,
                                 &JudgeConfig::learned_min_probability),
                           0.0, 1.0));
    add_vector_settings(v);
    return v;
  }();
  return fields;
}

const Field* find_field(std::string_view section, std::string_view key) {
  for (const auto& f : schema())
    if (f.section == section && f.key == key) return &f;
  return nullptr;
}

bool known_section(std::string_view section) {
  for (const auto& f : schema())
    if (f.section == section) return true;
  return false;
}

const char* type_name(Type t) {
  switch (t) {
    case Type::string: return "a string";
    case Type::integer: return "an integer";
    case Type::floating: return "a number";
    case Type::boolean: return "true or false";
  }
  return "?";
}

/// Sets a field from its textual form (env / command line).
Status set_from_text(Config& c, const Field& f, const std::string& text,
                     const std::string& origin) {
  auto bad = [&](const char* what) {
    return make_error(Errc::invalid_argument,
                      origin + ": `" + f.name() + "` must be " + what +
                          ", got \"" + text + "\"",
                      f.name());
  };
  void* p = f.ptr(c);
  switch (f.type) {
    case Type::string:
      *static_cast<std::string*>(p) = text;
      return {};
    case Type::integer: {
      errno = 0;
      char* end = nullptr;
      long long v = std::strtoll(text.c_str(), &end, 10);
      if (text.empty() || *end != '\0' || errno) return bad("an integer");
      *static_cast<std::int64_t*>(p) = v;
      return {};
    }
    case Type::floating: {
      errno = 0;
      char* end = nullptr;
      double v = std::strtod(text.c_str(), &end);
      if (text.empty() || *end != '\0' || errno || !std::isfinite(v))
        return bad("a number");
      *static_cast<double*>(p) = v;
      return {};
    }
    case Type::boolean:
      if (text == "true" || text == "1" || text == "yes" || text == "on") {
        *static_cast<bool*>(p) = true;
      } else if (text == "false" || text == "0" || text == "no" ||
                 text == "off") {
        *static_cast<bool*>(p) = false;
      } else {
        return bad("true or false");
      }
      return {};
  }
  return {};
}

/// Sets a field from a TOML node; errors carry file:line.
Status set_from_toml(Config& c, const Field& f, const toml::node& node,
                     const std::string& where) {
  void* p = f.ptr(c);
  auto bad = [&] {
    return make_error(Errc::invalid_argument,
                      where + ": `" + f.name() + "` must be " +
                          type_name(f.type),
                      f.name());
  };
  switch (f.type) {
    case Type::string:
      if (!node.is_string()) return bad();
      *static_cast<std::string*>(p) = *node.value<std::string>();
      return {};
    case Type::integer:
      if (!node.is_integer()) return bad();
      *static_cast<std::int64_t*>(p) = *node.value<std::int64_t>();
      return {};
    case Type::floating:
      if (!node.is_number()) return bad();
      *static_cast<double*>(p) = *node.value<double>();
      return {};
    case Type::boolean:
      if (!node.is_boolean()) return bad();
      *static_cast<bool*>(p) = *node.value<bool>();
      return {};
  }
  return {};
}

std::string render_value(Config& c, const Field& f) {
  void* p = f.ptr(c);
  std::ostringstream os;
  switch (f.type) {
    case Type::string: {
      os << '"';
      for (char ch : *static_cast<std::string*>(p)) {
        if (ch == '"' || ch == '\\') os << '\\';
        os << ch;
      }
      os << '"';
      break;
    }
    case Type::integer: os << *static_cast<std::int64_t*>(p); break;
    case Type::floating: {
      std::ostringstream tmp;
      tmp.precision(17);
      tmp << *static_cast<double*>(p);
      std::string s = tmp.str();
      // Shortest form that round-trips, and always with a decimal point.
      for (int prec = 1; prec <= 17; ++prec) {
        std::ostringstream t2;
        t2.precision(prec);
        t2 << *static_cast<double*>(p);
        if (std::strtod(t2.str().c_str(), nullptr) ==
            *static_cast<double*>(p)) {
          s = t2.str();
          break;
        }
      }
      if (s.find_first_of(".eE") == std::string::npos) s += ".0";
      os << s;
      break;
    }
    case Type::boolean: os << (*static_cast<bool*>(p) ? "true" : "false"); break;
  }
  return os.str();
}

Status validate_relations(const Config& c) {
  if (auto st = validate_ledger_config(c.ledger); !st) {
    Error e = st.error();
    e.field = "ledger." + e.field;
    return e;
  }
  if (c.pipeline.mode != "embedded" && c.llm.url.empty())
    return make_error(Errc::invalid_argument,
                      "`classifier.mode` is \"" + c.pipeline.mode +
                          "\" but `llm.url` is empty; set llm.url (or CREDENCE_LLM_URL)",
                      "llm.url");
  const auto& t = c.policy.tolerance;
  if (!(t.min <= t.baseline && t.baseline <= t.max))
    return make_error(Errc::invalid_argument,
                      "`tolerance.baseline` must lie within [tolerance.min, tolerance.max]",
                      "tolerance.baseline");
  if (t.budget_min > t.budget_max)
    return make_error(Errc::invalid_argument,
                      "`tolerance.budget_min` must not exceed `tolerance.budget_max`",
                      "tolerance.budget_min");
  return {};
}

/// Checks a comma-separated list of memory kind names; returns the first
/// bad name ("" for an empty entry), nullopt when every name is known.
std::optional<std::string> bad_kind(const std::string& list) {
  static const char* kinds[] = {"trait", "episode", "concept", "relationship"};
  std::size_t start = 0;
  while (start <= list.size()) {
    auto end = list.find(',', start);
    if (end == std::string::npos) end = list.size();
    std::string name = list.substr(start, end - start);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    bool ok = false;
    for (const char* k : kinds) ok = ok || name == k;
    if (!ok) return name;
    start = end + 1;
  }
  return std::nullopt;
}

Status validate(Config& c) {
  for (const auto& f : schema()) {
    void* p = f.ptr(c);
    if (f.kind_list) {
      if (auto bad = bad_kind(*static_cast<std::string*>(p)))
        return make_error(Errc::invalid_argument,
                          "`" + f.name() +
                              "` must list memory kinds (trait, episode, concept, "
                              "relationship) separated by commas, got \"" +
                              *bad + "\"",
                          f.name());
      continue;
    }
    if (!f.choices.empty()) {
      const auto& s = *static_cast<std::string*>(p);
      bool ok = false;
      std::string list;
      for (const auto& ch : f.choices) {
        ok = ok || ch == s;
        list += (list.empty() ? "" : ", ") + ch;
      }
      if (!ok)
        return make_error(Errc::invalid_argument,
                          "`" + f.name() + "` must be one of " + list +
                              ", got \"" + s + "\"",
                          f.name());
    }
    double v = 0;
    if (f.type == Type::integer)
      v = static_cast<double>(*static_cast<std::int64_t*>(p));
    else if (f.type == Type::floating)
      v = *static_cast<double*>(p);
    else
      continue;
    if (!(v >= f.min && v <= f.max)) {
      std::ostringstream os;
      os << "`" << f.name() << "` must be in [" << f.min << ", " << f.max
         << "], got " << v;
      return make_error(Errc::invalid_argument, os.str(), f.name());
    }
  }
  return validate_relations(c);
}

}  // namespace

EnvMap process_env() {
  EnvMap env;
  for (char** e = environ; e && *e; ++e) {
    std::string_view kv(*e);
    if (kv.rfind("CREDENCE_", 0) != 0) continue;
    auto eq = kv.find('=');
    if (eq == std::string_view::npos) continue;
    env.emplace(std::string(kv.substr(0, eq)), std::string(kv.substr(eq + 1)));
  }
  return env;
}

Expected<Config> load_config(
    const std::optional<std::string>& path, const EnvMap& env,
    const std::vector<std::pair<std::string, std::string>>& overrides) {
  Config c;
  if (path) {
    toml::table root;
    try {
      root = toml::parse_file(*path);
    } catch (const toml::parse_error& e) {
      std::ostringstream os;
      os << *path << ":" << e.source().begin.line << ": " << e.description();
      return make_error(Errc::invalid_argument, os.str());
    }
    for (auto&& [sk, sv] : root) {
      const std::string section(sk.str());
      const std::string where =
          *path + ":" + std::to_string(sv.source().begin.line);
      if (!known_section(section) || !sv.is_table())
        return make_error(Errc::invalid_argument,
                          where + ": unknown section `" + section + "`",
                          section);
      for (auto&& [kk, kv] : *sv.as_table()) {
        const std::string key(kk.str());
        const std::string kwhere =
            *path + ":" + std::to_string(kv.source().begin.line);
        const Field* f = find_field(section, key);
        if (!f)
          return make_error(Errc::invalid_argument,
                            kwhere + ": unknown key `" + section + "." + key +
                                "`",
                            section + "." + key);
        if (auto st = set_from_toml(c, *f, kv, kwhere); !st) return st.error();
      }
    }
  }
  for (const auto& f : schema()) {
    std::vector<std::string> names = {f.env()};
    names.insert(names.end(), f.env_aliases.begin(), f.env_aliases.end());
    for (const auto& n : names) {
      auto it = env.find(n);
      if (it == env.end()) continue;
      if (auto st = set_from_text(c, f, it->second, "environment " + n); !st)
        return st.error();
    }
  }
  for (const auto& [name, value] : overrides) {
    auto dot = name.find('.');
    const Field* f = dot == std::string::npos
                         ? nullptr
                         : find_field(name.substr(0, dot), name.substr(dot + 1));
    if (!f)
      return make_error(Errc::invalid_argument,
                        "command line: unknown setting `" + name + "`", name);
    if (auto st = set_from_text(c, *f, value, "command line"); !st)
      return st.error();
  }
  if (auto st = validate(c); !st) return st.error();
  if (c.judge.med_confidence > c.judge.high_confidence)
    return make_error(Errc::invalid_argument,
                      "`judge.med_confidence` must not exceed "
                      "`judge.high_confidence`",
                      "judge.med_confidence");
  if (c.embedder.max_backoff_ms < c.embedder.backoff_ms)
    return make_error(Errc::invalid_argument,
                      "`embedder.max_backoff_ms` must be at least `embedder.backoff_ms`",
                      "embedder.max_backoff_ms");
  if (c.prescreen.high_similarity < c.prescreen.min_similarity)
    return make_error(Errc::invalid_argument,
                      "`prescreen.high_similarity` must be at least `prescreen.min_similarity`",
                      "prescreen.high_similarity");
  return c;
}

std::vector<SettingInfo> describe_settings() {
  Config defaults;
  std::vector<SettingInfo> out;
  for (const auto& f : schema()) {
    const char* t = f.type == Type::string    ? "string"
                    : f.type == Type::integer ? "integer"
                    : f.type == Type::floating ? "float"
                                               : "bool";
    out.push_back({f.section, f.key, t, render_value(defaults, f), f.env()});
  }
  return out;
}

std::string render_toml(const Config& cfg) {
  Config c = cfg;
  std::string out;
  std::string section;
  for (const auto& f : schema()) {
    if (f.section != section) {
      if (!section.empty()) out += "\n";
      section = f.section;
      out += "[" + section + "]\n";
    }
    out += f.key + " = " + render_value(c, f) + "\n";
  }
  return out;
}

}  // namespace credence
