#include "engine/prescreen.hpp"

#include <algorithm>
#include <cctype>

#include "common/hash.hpp"
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
    case KeepReason::same_topic:
      return "same_topic";
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

/// Whether fold(s) == s: lower case, single spaces, trimmed. Claims are
/// stored folded, so this is the usual case and costs no allocation.
bool is_folded(std::string_view s) {
  if (!s.empty() && (s.front() == ' ' || s.back() == ' ')) return false;
  char prev = 'x';
  for (unsigned char c : s) {
    if (std::isupper(c) || (std::isspace(c) && (c != ' ' || prev == ' '))) return false;
    prev = static_cast<char>(c);
  }
  return true;
}

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

/// fold(s), without a copy when s is already folded.
class Folded {
 public:
  explicit Folded(std::string_view s) {
    if (is_folded(s)) {
      view_ = s;
    } else {
      buf_ = fold(s);
      view_ = buf_;
    }
  }
  std::string_view view() const { return view_; }

 private:
  std::string buf_;
  std::string_view view_;
};

bool folded_equal(std::string_view folded, std::string_view s) {
  return Folded(s).view() == folded;
}

bool known(SubjectKind k, const std::string& subject) {
  return k == SubjectKind::present && !subject.empty();
}

/// A small sorted set of strings (a claim has a handful of values or
/// keywords; a vector beats a tree of nodes).
using WordSet = std::vector<std::string>;

void sort_unique(WordSet& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

bool contains(const WordSet& set, const std::string& x) {
  return std::binary_search(set.begin(), set.end(), x);
}

WordSet value_set(const std::vector<std::string>& values) {
  WordSet out;
  out.reserve(values.size());
  for (const auto& v : values)
    if (auto f = fold(v); !f.empty()) out.push_back(std::move(f));
  sort_unique(out);
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

WordSet keywords(const Claim& c, std::string_view text, bool use_claim) {
  WordSet out;
  if (use_claim) {
    out.reserve(c.keywords.size());
    for (const auto& k : c.keywords) out.push_back(text::light_stem(Folded(k).view()));
  } else {
    for (const auto& w : text::content_words(text)) out.push_back(text::light_stem(w));
  }
  sort_unique(out);
  return out;
}

/// Words in both sets.
std::size_t overlap(const WordSet& a, const WordSet& b) { return text::common_count(a, b); }

bool numeric(const std::string& v) {
  return !v.empty() && std::all_of(v.begin(), v.end(), [](unsigned char c) {
    return std::isdigit(c) || c == '.' || c == '-' || c == ' ';
  });
}

std::uint32_t key_hash(std::string_view kind, std::string_view a, std::string_view b = {}) {
  std::string k;
  k.reserve(kind.size() + a.size() + b.size() + 1);
  k.append(kind).append(a).push_back('|');
  k.append(b);
  return static_cast<std::uint32_t>(hash64(k, 0x636c6b79) >> 32);
}

void add_keys(const Claim& c, std::vector<std::uint32_t>& out) {
  if (known(c.subject_kind, c.subject)) {
    const std::string subj = fold(c.subject);
    if (!c.slot.empty()) out.push_back(key_hash("s:", subj, fold(c.slot)));
    if (!c.domain.empty()) out.push_back(key_hash("d:", subj, fold(c.domain)));
  }
  for (const auto& v : c.values)
    if (auto f = fold(v); !f.empty() && !numeric(f)) out.push_back(key_hash("v:", f));
}

void sort_unique(std::vector<std::uint32_t>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

bool contains_folded(std::span<const std::string> list, std::string_view folded) {
  for (const auto& x : list)
    if (folded_equal(folded, x)) return true;
  return false;
}

}  // namespace

std::vector<std::uint32_t> claim_keys(const Claim& c) {
  std::vector<std::uint32_t> out;
  add_keys(c, out);
  sort_unique(out);
  return out;
}

std::vector<std::uint32_t> query_keys(const Claim& c, std::span<const std::string> cue_targets) {
  std::vector<std::uint32_t> out;
  add_keys(c, out);
  for (const auto& v : c.from_values)
    if (auto f = fold(v); !f.empty() && !numeric(f)) out.push_back(key_hash("v:", f));
  if (known(c.subject_kind, c.subject) && !c.change_cues.empty()) {
    const std::string subj = fold(c.subject);
    for (const auto& t : cue_targets) {
      out.push_back(key_hash("s:", subj, fold(t)));
      out.push_back(key_hash("d:", subj, fold(t)));
    }
  }
  sort_unique(out);
  return out;
}

Screened screen(const Claim& in, std::string_view in_text,
                std::span<const Neighbour> neighbours, const ScreenOptions& o,
                std::span<const std::string> cue_targets) {
  Screened out;
  const bool in_subject = known(in.subject_kind, in.subject);
  const bool in_slot = !in.slot.empty();
  const std::string in_subject_f = fold(in.subject);
  const std::string in_slot_f = fold(in.slot);
  const auto in_values = value_set(in.values);
  const auto in_from = value_set(in.from_values);
  const bool cue = !in.change_cues.empty() || !in.from_values.empty();
  const int in_modality = modality_polarity(in.modality);
  WordSet in_kw_claim, in_kw_text;
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

  const std::string in_domain_f = fold(in.domain);
  // Structural reasons (tier 0) are judged before the rest (tier 1).
  std::vector<std::pair<int, PrescreenCandidate>> kept;
  for (const auto& n : neighbours) {
    auto drop = [&](DropReason r) {
      out.dropped.push_back({n.memory_id, n.similarity, r});
    };
    auto keep = [&](KeepReason r, int tier) {
      kept.push_back({tier, {n.memory_id, n.kind, n.similarity, r, n.superseded}});
    };
    if (!o.self_id.empty() && n.memory_id == o.self_id) {
      drop(DropReason::self);
      continue;
    }
    if ((n.similarity < o.min_similarity && !n.key_match) || !n.claim) {
      drop(DropReason::below_floor);
      continue;
    }
    const Claim& c = *n.claim;
    const auto values = value_set(c.values);
    bool from_match = false;
    for (const auto& v : values) from_match = from_match || contains(in_from, v);
    if (from_match) {  // "I left Acme" next to "I work at Acme"
      keep(KeepReason::change_cue, 0);
      continue;
    }
    const bool subject = known(c.subject_kind, c.subject);
    const bool slot = !c.slot.empty();
    const Folded slot_fold(c.slot);
    const std::string_view slot_f = slot_fold.view();
    const bool same_domain = !in_domain_f.empty() && folded_equal(in_domain_f, c.domain);
    // A change cue reaches the slots it names ("moved to" -> residence) and,
    // across slots, the statement's own domain ("I started eating meat" next
    // to "I'm a vegetarian").
    const bool cue_applies =
        cue && (same_domain || (slot && contains_folded(cue_targets, slot_f)) ||
                (!c.domain.empty() && contains_folded(cue_targets, Folded(c.domain).view())));
    if (in_subject && subject && !folded_equal(in_subject_f, c.subject)) {
      drop(DropReason::different_subject);
      continue;
    }
    // Opposite stances on one topic across slots: a habit against a strong
    // dislike ("I drink green tea every afternoon" / "I can't stand green
    // tea"), a denial against a use ("I don't have pets" / ...).
    if (same_domain && in.stance * c.stance < 0 && in_slot_f != slot_f &&
        (n.similarity >= o.min_similarity || shared_keywords(n) >= 1)) {
      keep(KeepReason::opposite_stance, 1);
      continue;
    }
    if (in_slot && slot && in_slot_f != slot_f && !cue_applies) {
      // Different attributes of one topic ("I'm vegan" / "I had a cheese
      // omelette"): only the judge's world knowledge can tell, so they go
      // last, when the budget has room.
      if (same_domain)
        keep(KeepReason::same_topic, 2);
      else
        drop(DropReason::different_slot);
      continue;
    }
    if (in_subject && subject && in_slot && slot && in_slot_f == slot_f) {
      const bool same_object = in.object.empty() || c.object.empty() ||
                               Folded(in.object).view() == Folded(c.object).view();
      const int modality = modality_polarity(c.modality);
      if ((in.stance * c.stance < 0 && same_object) ||
          in_modality * modality < 0) {
        keep(KeepReason::opposite_stance, 0);
      } else if (!in_values.empty() && !values.empty() && in_values != values) {
        keep(KeepReason::value_divergence, 0);
      } else if (cue) {
        keep(KeepReason::change_cue, 0);
      } else if (!in_values.empty() && in_values == values &&
                 in.stance == c.stance) {
        if (o.keep_duplicates)
          keep(KeepReason::same_value, 1);
        else
          drop(DropReason::duplicate);
      } else if (in_values.empty() && values.empty()) {
        // Nothing extracted as a value: compare what each side names.
        const auto mine = keywords(in, in_text, true);
        const auto theirs = keywords(c, n.text, true);
        const std::size_t common = overlap(mine, theirs);
        if (common < mine.size() && common < theirs.size())
          keep(KeepReason::value_divergence, 0);
        else
          drop(DropReason::no_divergence);
      } else {
        drop(DropReason::no_divergence);
      }
      continue;
    }
    // Subject or slot unknown (or a cue that reaches across slots): fall
    // back on the cue, the domain, similarity and shared words.
    const std::size_t shared = shared_keywords(n);
    if (cue && (shared >= 1 || cue_applies)) {
      keep(KeepReason::change_cue, 1);
    } else if (same_domain && in.stance * c.stance < 0) {
      keep(KeepReason::opposite_stance, 1);
    } else if (n.similarity < o.high_similarity) {
      drop(DropReason::not_similar_enough);
    } else if (shared < o.min_keyword_overlap) {
      drop(DropReason::no_keyword_overlap);
    } else {
      keep(KeepReason::similar_unslotted, 1);
    }
  }
  std::stable_sort(kept.begin(), kept.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first < b.first : a.second.similarity > b.second.similarity;
  });
  for (std::size_t i = 0; i < kept.size(); ++i) {
    auto& c = kept[i].second;
    if (i < o.max_candidates) {
      out.kept.push_back(std::move(c));
    } else {
      out.dropped.push_back({c.memory_id, c.similarity, DropReason::over_budget});
    }
  }
  return out;
}

}  // namespace credence
