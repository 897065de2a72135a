#include "engine/claim.hpp"

#include <algorithm>

#include "common/json_reader.hpp"
#include "common/json_writer.hpp"

namespace credence {

const char* to_string(ScopeDim d) {
  switch (d) {
    case ScopeDim::env: return "env";
    case ScopeDim::team: return "team";
    case ScopeDim::place: return "place";
    case ScopeDim::time_of_day: return "time_of_day";
    case ScopeDim::day: return "day";
    case ScopeDim::setting: return "setting";
    case ScopeDim::audience: return "audience";
    case ScopeDim::season: return "season";
  }
  return "?";
}

void ClaimScope::set(ScopeDim d, std::string value) {
  auto it = std::find_if(dims_.begin(), dims_.end(), [d](const auto& p) { return p.first >= d; });
  if (it != dims_.end() && it->first == d) {
    if (value.empty()) dims_.erase(it);
    else it->second = std::move(value);
  } else if (!value.empty()) {
    dims_.emplace(it, d, std::move(value));
  }
}

std::string claim_key(const Claim& c) {
  if (c.subject.empty() || c.slot.empty()) return {};
  std::string k = c.subject;
  k += '\x1f';
  k += c.slot;
  k += '\x1f';
  k += c.object;
  for (ScopeDim d : kScopeDims) {
    const std::string& v = c.scope.get(d);
    if (v.empty()) continue;
    k += '\x1f';
    k += to_string(d);
    k += '=';
    k += v;
  }
  return k;
}

const char* to_string(SubjectKind v) {
  switch (v) {
    case SubjectKind::present: return "PRESENT";
    case SubjectKind::fuzzy: return "FUZZY";
    case SubjectKind::missing: return "MISSING";
  }
  return "MISSING";
}

const char* to_string(Modality v) {
  switch (v) {
    case Modality::none: return "none";
    case Modality::must: return "must";
    case Modality::should: return "should";
    case Modality::may: return "may";
    case Modality::must_not: return "must_not";
    case Modality::should_not: return "should_not";
    case Modality::may_not: return "may_not";
  }
  return "none";
}

const char* to_string(Tense v) {
  switch (v) {
    case Tense::present: return "present";
    case Tense::past: return "past";
    case Tense::future: return "future";
  }
  return "present";
}

namespace {

void write_list(JsonWriter& w, const char* key,
                const std::vector<std::string>& v) {
  if (v.empty()) return;
  w.key(key).begin_array();
  for (const auto& s : v) w.value(s);
  w.end_array();
}

void write_str(JsonWriter& w, const char* key, const std::string& v) {
  if (!v.empty()) w.kv(key, v);
}

template <class E>
E parse_named(const std::string& s, E fallback, E last) {
  for (int i = 0; i <= static_cast<int>(last); ++i) {
    if (s == to_string(static_cast<E>(i))) return static_cast<E>(i);
  }
  return fallback;
}

}  // namespace

void write_claim(JsonWriter& w, const Claim& c) {
  w.begin_object();
  write_str(w, "subject", c.subject);
  w.kv("subject_kind", to_string(c.subject_kind));
  write_str(w, "slot", c.slot);
  write_str(w, "object", c.object);
  write_list(w, "values", c.values);
  if (c.stance != 0) w.kv("stance", c.stance);
  if (c.modality != Modality::none) w.kv("modality", to_string(c.modality));
  if (!c.scope.empty()) {
    w.key("scope").begin_object();
    for (ScopeDim d : kScopeDims) write_str(w, to_string(d), c.scope.get(d));
    w.end_object();
  }
  if (c.tense != Tense::present) w.kv("tense", to_string(c.tense));
  if (c.valid_from) w.kv("valid_from", format_rfc3339(*c.valid_from));
  if (c.valid_until) w.kv("valid_until", format_rfc3339(*c.valid_until));
  write_list(w, "change_cues", c.change_cues);
  write_list(w, "from_values", c.from_values);
  write_str(w, "domain", c.domain);
  if (c.figurative) w.kv("figurative", true);
  write_list(w, "keywords", c.keywords);
  write_str(w, "predicate", c.predicate);
  if (c.count) w.kv("count", *c.count);
  if (c.period) w.kv("period", *c.period);
  write_list(w, "possessions", c.possessions);
  if (c.correction) w.kv("correction", true);
  if (c.additive) w.kv("additive", true);
  if (c.history) w.kv("history", true);
  if (c.never) w.kv("never", true);
  if (c.strong) w.kv("strong", true);
  write_list(w, "amounts", c.amounts);
  w.end_object();
}

Claim read_claim(json::ObjReader& r) {
  Claim c;
  c.subject = r.opt_str("subject").value_or("");
  c.subject_kind = parse_named(r.opt_str("subject_kind").value_or("MISSING"),
                               SubjectKind::missing, SubjectKind::missing);
  c.slot = r.opt_str("slot").value_or("");
  c.object = r.opt_str("object").value_or("");
  c.values = r.opt_str_array("values").value_or(std::vector<std::string>{});
  c.stance = static_cast<int>(r.opt_int("stance").value_or(0));
  c.modality = parse_named(r.opt_str("modality").value_or("none"),
                           Modality::none, Modality::may_not);
  if (auto s = r.obj("scope")) {
    for (ScopeDim d : kScopeDims) c.scope.set(d, s->opt_str(to_string(d)).value_or(""));
  }
  c.tense = parse_named(r.opt_str("tense").value_or("present"), Tense::present,
                        Tense::future);
  if (auto v = r.opt_str("valid_from")) c.valid_from = parse_rfc3339(*v);
  if (auto v = r.opt_str("valid_until")) c.valid_until = parse_rfc3339(*v);
  c.change_cues =
      r.opt_str_array("change_cues").value_or(std::vector<std::string>{});
  c.from_values =
      r.opt_str_array("from_values").value_or(std::vector<std::string>{});
  c.domain = r.opt_str("domain").value_or("");
  c.figurative = r.opt_bool("figurative").value_or(false);
  c.keywords = r.opt_str_array("keywords").value_or(std::vector<std::string>{});
  c.predicate = r.opt_str("predicate").value_or("");
  c.count = r.opt_num("count");
  c.period = r.opt_num("period");
  c.possessions =
      r.opt_str_array("possessions").value_or(std::vector<std::string>{});
  c.correction = r.opt_bool("correction").value_or(false);
  c.additive = r.opt_bool("additive").value_or(false);
  c.history = r.opt_bool("history").value_or(false);
  c.never = r.opt_bool("never").value_or(false);
  c.strong = r.opt_bool("strong").value_or(false);
  c.amounts = r.opt_str_array("amounts").value_or(std::vector<std::string>{});
  return c;
}

}  // namespace credence
