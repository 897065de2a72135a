#include "store/prescreen_service.hpp"

#include "engine/lexicon.hpp"
#include "engine/text_terms.hpp"

namespace credence {

namespace {
using Micros = std::chrono::microseconds;
Micros since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration_cast<Micros>(std::chrono::steady_clock::now() -
                                            t0);
}
}  // namespace

Expected<Prescreen::Options> Prescreen::options_from(const PrescreenConfig& c) {
  Options o;
  o.k = static_cast<std::size_t>(c.k);
  o.screen.min_similarity = static_cast<float>(c.min_similarity);
  o.screen.high_similarity = static_cast<float>(c.high_similarity);
  o.screen.min_keyword_overlap =
      static_cast<std::size_t>(c.min_keyword_overlap);
  o.screen.max_candidates = static_cast<std::size_t>(c.max_candidates);
  o.screen.keep_duplicates = c.keep_duplicates;
  auto ingestion = parse_kind_mask(c.ingestion_kinds);
  if (!ingestion)
    return make_error(Errc::invalid_argument,
                      "unknown memory kind in prescreen.ingestion_kinds",
                      "prescreen.ingestion_kinds");
  auto drift = parse_kind_mask(c.drift_kinds);
  if (!drift)
    return make_error(Errc::invalid_argument,
                      "unknown memory kind in prescreen.drift_kinds",
                      "prescreen.drift_kinds");
  o.ingestion_kinds = *ingestion;
  o.drift_kinds = *drift;
  return o;
}

Prescreen::Prescreen(const MemoryIndex& index, const StateStore& state,
                     Options options, std::shared_ptr<const Lexicon> lexicon)
    : index_(index), state_(state), options_(std::move(options)), lexicon_(std::move(lexicon)) {}

std::vector<std::string> Prescreen::cue_targets(const Claim& claim) const {
  std::vector<std::string> out;
  if (!lexicon_) return out;
  for (const auto& phrase : claim.change_cues)
    if (const CueDef* cue = lexicon_->cue_by_phrase(phrase))
      out.insert(out.end(), cue->targets.begin(), cue->targets.end());
  return out;
}

Expected<Prescreen::Result> Prescreen::candidates(const Request& rq) const {
  Result res;
  auto t0 = std::chrono::steady_clock::now();
  if (rq.embedding.empty()) {
    auto v = index_.embedder().embed(rq.text);
    if (!v) return v.error();
    res.embedding = std::move(*v);
  } else {
    res.embedding = rq.embedding;
  }
  res.embed_time = since(t0);

  t0 = std::chrono::steady_clock::now();
  VectorQuery q;
  q.k = options_.k;
  q.min_similarity = options_.screen.min_similarity;
  q.kinds = rq.kinds ? *rq.kinds
                     : (rq.context == DetectionContext::ingestion
                            ? options_.ingestion_kinds
                            : options_.drift_kinds);
  q.include_superseded = rq.include_history;
  q.exclude_id = rq.self_id;
  q.terms = text::terms(rq.text);
  const auto targets = cue_targets(rq.claim);
  q.keys = query_keys(rq.claim, targets);
  auto hits = index_.search(rq.user, res.embedding, q);
  if (!hits) return hits.error();
  res.search_time = since(t0);
  res.neighbours = hits->size();

  t0 = std::chrono::steady_clock::now();
  ScreenOptions so = options_.screen;
  so.self_id = rq.self_id;
  state_.read([&](const State& s) {
    std::vector<Neighbour> ns;
    ns.reserve(hits->size());
    for (const auto& h : *hits) {
      const Memory* m = s.memory(h.id);
      if (!m || m->deleted() || m->user != rq.user)
        continue;  // the index lags the state
      if (m->superseded() && !rq.include_history) continue;
      ns.push_back({m->id, m->kind, h.similarity, &m->claim, m->text, m->superseded(),
                    h.key_match});
    }
    auto screened = screen(rq.claim, rq.text, ns, so, targets);
    res.candidates = std::move(screened.kept);
    res.dropped = std::move(screened.dropped);
  });
  res.filter_time = since(t0);
  return res;
}

Expected<Prescreen::Result> Prescreen::candidates(
    const std::string& user, const Claim& claim,
    const std::string& text) const {
  Request rq;
  rq.user = user;
  rq.claim = claim;
  rq.text = text;
  return candidates(rq);
}

Expected<Prescreen::Result> Prescreen::candidates_for_memory(
    const std::string& memory_id, bool include_history) const {
  Request rq;
  const bool found = state_.read([&](const State& s) {
    const Memory* m = s.memory(memory_id);
    if (!m || m->deleted()) return false;
    rq.user = m->user;
    rq.claim = m->claim;
    rq.text = m->text;
    return true;
  });
  if (!found)
    return make_error(Errc::not_found, "no live memory " + memory_id,
                      "memory_id");
  rq.context = DetectionContext::drift;
  rq.include_history = include_history;
  rq.self_id = memory_id;
  return candidates(rq);
}

Expected<std::vector<VectorHit>> Prescreen::nearest(const std::string& user,
                                                    std::string_view text, std::size_t k,
                                                    bool include_history) const {
  auto v = index_.embedder().embed(text);
  if (!v) return v.error();
  VectorQuery q;
  q.k = k;
  q.min_similarity = 1e-6f;
  q.include_superseded = include_history;
  q.terms = text::terms(text);
  return index_.search(user, *v, q);
}

}  // namespace credence
