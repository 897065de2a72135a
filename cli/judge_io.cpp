#include "cli/judge_io.hpp"

#include "common/json_reader.hpp"

namespace credence::cli {

namespace {

PairSide read_side(json::ObjReader& r) {
  PairSide s;
  r.only_keys({"text", "kind", "created_at", "valid_from", "source", "confidence", "id"});
  s.text = r.str("text");
  if (r.ok() && s.text.empty()) r.fail("text", "field `" + r.field("text") + "`: must not be empty");
  if (auto k = r.opt_str("kind")) {
    if (auto mk = parse_memory_kind(*k)) s.kind = *mk;
    else r.fail("kind", "field `" + r.field("kind") + "`: expected one of " + enum_names<MemoryKind>());
  }
  if (auto src = r.opt_str("source")) {
    if (auto sv = parse_source(*src)) s.source = *sv;
    else r.fail("source", "field `" + r.field("source") + "`: expected one of " + enum_names<Source>());
  }
  if (auto c = r.opt_num("confidence")) {
    if (*c < 0 || *c > 1) r.fail("confidence", "field `" + r.field("confidence") + "`: must be in [0, 1]");
    else s.confidence = *c;
  }
  for (const char* key : {"created_at", "valid_from"}) {
    if (auto t = r.opt_str(key)) {
      auto ms = parse_rfc3339(*t);
      if (!ms) r.fail(key, "field `" + r.field(key) + "`: expected an RFC 3339 time");
      else if (std::string_view(key) == "created_at") s.created_at = *ms;
      else s.valid_from = *ms;
    }
  }
  return s;
}

}  // namespace

Expected<PairLine> parse_pair_line(std::string_view line) {
  simdjson::dom::parser parser;
  auto obj = json::parse_object(parser, line);
  if (!obj) return obj.error();
  json::ObjReader r(*obj);
  PairLine p;
  p.id = r.opt_str("id").value_or("");
  if (auto e = r.obj("existing", true)) p.existing = read_side(*e);
  if (r.ok())
    if (auto i = r.obj("incoming", true)) p.incoming = read_side(*i);
  std::optional<std::string> label = r.opt_str("label");
  if (!label) label = r.opt_str("expected");
  if (label) {
    if (auto c = parse_classification(*label)) p.label = *c;
    else r.fail("label", "field `label`: expected one of " + enum_names<Classification>());
  }
  p.split = r.opt_str("split").value_or("");
  if (!r.ok()) return r.error();
  return p;
}

JudgeInput to_input(const PairSide& s, const Claim* claim) {
  JudgeInput in;
  in.text = s.text;
  in.claim = claim;
  in.kind = s.kind;
  in.source = s.source;
  in.confidence = s.confidence;
  in.created_at = s.created_at;
  in.valid_from = s.valid_from;
  return in;
}

}  // namespace credence::cli
