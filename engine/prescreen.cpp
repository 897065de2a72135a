#include "engine/prescreen.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "engine/text_terms.hpp"

namespace credence {

const char* to_string(KeepReason r) {
  switch (r) {
    case KeepReason::value_divergence:
      return "value_divergence";
    case KeepReason::opposite_stance:
      return "opposite_stance";
    case KeepReason::change_cue:
      return "change_cue";
    case KeepReason::similar_unslotted:
      return "similar_unslotted";
    case KeepReason::same_value:
      return "same_value";
  }
  return "?";
}

const char* to_string(DropReason r) {
  switch (r) {
    case DropReason::below_floor:
      return "below_floor";
    case DropReason::self:
      return "self";
    case DropReason::different_subject:
      return "different_subject";
    case DropReason::different_slot:
      return "different_slot";
    case DropReason::no_divergence:
      return "no_divergence";
    case DropReason::duplicate:
      return "duplicate";
    case DropReason::not_similar_enough:
      return "not_similar_enough";
    case DropReason::no_keyword_overlap:
      return "no_keyword_overlap";
    case DropReason::over_budget:
      return "over_budget";
  }
  return "?";
}

namespace {

/// Lower case, runs of white space as one space, trimmed.
std::string fold(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (unsigned char c : s) {
    if (!std::isspace(c)) {
      out.push_back(static_cast<char>(std::tolower(c)));
    } else if (!out.empty() && out.back() != ' ') {
      out.push_back(' ');
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

bool known(SubjectKind k, const std::string& subject) {
  return k == SubjectKind::present && !subject.empty();
}

std::set<std::string> value_set(const std::vector<std::string>& values) {
  std::set<std::string> out;
  for (const auto& v : values)
    if (auto f = fold(v); !f.empty()) out.insert(std::move(f));
  return out;
}

/// +1 for must/should/may, -1 for their negations, 0 for none.
int modality_polarity(Modality m) {
  switch (m) {
    case Modality::must:
    case Modality::should:
    case Modality::may:
      return 1;
    case Modality::must_not:
    case Modality::should_not:
    case Modality::may_not:
      return -1;
    case Modality::none:
      return 0;
  }
  return 0;
}

std::set<std::string> keywords(const Claim& c, std::string_view text,
                               bool use_claim) {
  std::set<std::string> out;
  if (use_claim) {
    for (const auto& k : c.keywords) out.insert(text::light_stem(fold(k)));
  } else {
    for (const auto& w : text::content_words(text))
      out.insert(text::light_stem(w));
  }
  return out;
}

std::size_t overlap(const std::set<std::string>& a,
                    const std::set<std::string>& b) {
  std::size_t n = 0;
  for (const auto& x : a) n += b.count(x);
  return n;
}

}  // namespace

Screened screen(const Claim& in, std::string_view in_text,
                std::span<const Neighbour> neighbours, const ScreenOptions& o) {
  Screened out;
  const bool in_subject = known(in.subject_kind, in.subject);
  const bool in_slot = !in.slot.empty();
  const std::string in_subject_f = fold(in.subject);
  const std::string in_slot_f = fold(in.slot);
  const auto in_values = value_set(in.values);
  const auto in_from = value_set(in.from_values);
  const bool cue = !in.change_cues.empty() || !in.from_values.empty();
  const int in_modality = modality_polarity(in.modality);
  std::set<std::string> in_kw_claim, in_kw_text;
  bool have_in_kw_claim = false, have_in_kw_text = false;

  auto shared_keywords = [&](const Neighbour& n) {
    const bool use_claim = !in.keywords.empty() && !n.claim->keywords.empty();
    auto& mine = use_claim ? in_kw_claim : in_kw_text;
    bool& have = use_claim ? have_in_kw_claim : have_in_kw_text;
    if (!have) {
      mine = keywords(in, in_text, use_claim);
      have = true;
    }
    return overlap(mine, keywords(*n.claim, n.text, use_claim));
  };

  std::vector<PrescreenCandidate> kept;
  for (const auto& n : neighbours) {
    auto drop = [&](DropReason r) {
      out.dropped.push_back({n.memory_id, n.similarity, r});
    };
    auto keep = [&](KeepReason r) {
      kept.push_back({n.memory_id, n.kind, n.similarity, r, n.superseded});
    };
    if (!o.self_id.empty() && n.memory_id == o.self_id) {
      drop(DropReason::self);
      continue;
    }
    if (n.similarity < o.min_similarity || !n.claim) {
      drop(DropReason::below_floor);
      continue;
    }
    const Claim& c = *n.claim;
    const bool subject = known(c.subject_kind, c.subject);
    const bool slot = !c.slot.empty();
    if (in_subject && subject && in_subject_f != fold(c.subject)) {
      drop(DropReason::different_subject);
      continue;
    }
    if (in_slot && slot && in_slot_f != fold(c.slot)) {
      drop(DropReason::different_slot);
      continue;
    }
    if (in_subject && subject && in_slot && slot) {
      const auto values = value_set(c.values);
      const bool same_object = in.object.empty() || c.object.empty() ||
                               fold(in.object) == fold(c.object);
      const int modality = modality_polarity(c.modality);
      if ((in.stance * c.stance < 0 && same_object) ||
          in_modality * modality < 0) {
        keep(KeepReason::opposite_stance);
      } else if (!in_values.empty() && !values.empty() && in_values != values) {
        keep(KeepReason::value_divergence);
      } else if (cue) {
        keep(KeepReason::change_cue);
      } else if (!in_values.empty() && in_values == values &&
                 in.stance == c.stance) {
        if (o.keep_duplicates)
          keep(KeepReason::same_value);
        else
          drop(DropReason::duplicate);
      } else {
        drop(DropReason::no_divergence);
      }
      continue;
    }
    // Subject or slot unknown: fall back on similarity and shared words.
    const std::size_t shared = shared_keywords(n);
    bool from_match = false;
    for (const auto& v : value_set(c.values))
      from_match = from_match || in_from.count(v);
    if (cue && (shared >= 1 || from_match)) {
      keep(KeepReason::change_cue);
    } else if (n.similarity < o.high_similarity) {
      drop(DropReason::not_similar_enough);
    } else if (shared < o.min_keyword_overlap) {
      drop(DropReason::no_keyword_overlap);
    } else {
      keep(KeepReason::similar_unslotted);
    }
  }
  std::stable_sort(
      kept.begin(), kept.end(),
      [](const PrescreenCandidate& a, const PrescreenCandidate& b) {
        return a.similarity > b.similarity;
      });
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (i < o.max_candidates) {
      out.kept.push_back(std::move(kept[i]));
    } else {
      out.dropped.push_back(
          {kept[i].memory_id, kept[i].similarity, DropReason::over_budget});
    }
  }
  return out;
}

}  // namespace credence
