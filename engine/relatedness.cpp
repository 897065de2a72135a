// Topic overlap of two statements through WordNet (see relatedness.hpp).
#include "engine/relatedness.hpp"

#include <algorithm>
#include <array>
#include <unordered_map>

#include "common/string_table.hpp"
#include "engine/wn_fast.hpp"
#include "engine/wordnet.hpp"

namespace credence {
namespace {

using Id = WordNet::SynsetId;
using Ids = wn_fast::Ids;
constexpr std::array<Pos, 4> kPos = {Pos::noun, Pos::verb, Pos::adj, Pos::adv};
constexpr std::size_t kSenses = 3;      // senses compared for a shared meaning or derivation
constexpr std::size_t kTreeSenses = 2;  // noun senses compared in the hierarchy
/// Kinship thresholds (see kinship()): depths in the hypernym hierarchy and steps up to a common ancestor.
constexpr unsigned kKindDepth = 4, kKinDepth = 6, kKinSteps = 3, kFamilyDepth = 4, kFamilySteps = 4;
constexpr unsigned kPartSteps = 5;  // holonym steps from a place to a place that holds it
constexpr std::size_t kMaxChain = 40;

constexpr float kShared = 0.9f, kDerived = 0.85f, kOpposite = 0.8f, kClose = 0.75f, kNear = 0.6f;

/// A sense and the synsets above it through one kind of link (itself
/// included), each with its distance from the sense; sorted by id once
/// built, so two chains meet in one merge.
struct Chain {
  struct Node {
    Id id;
    std::uint8_t dist;
  };
  std::array<Node, kMaxChain> nodes{};
  std::size_t n = 0;
  void add(Id s, unsigned d) {
    for (std::size_t i = 0; i < n; ++i)
      if (nodes[i].id == s) return;
    if (n < kMaxChain) nodes[n++] = {s, static_cast<std::uint8_t>(d)};
  }
  /// Climbs from what is already in the chain, at most max_steps.
  void climb(const WordNet& wn, bool holonyms, unsigned max_steps) {
    for (std::size_t i = 0; i < n; ++i) {
      if (nodes[i].dist >= max_steps) continue;
      const Id at = nodes[i].id;
      const unsigned d = nodes[i].dist + 1u;
      for (Id up : holonyms ? wn.holders(at) : wn.parents(at)) add(up, d);
    }
    std::sort(nodes.begin(), nodes.begin() + static_cast<std::ptrdiff_t>(n),
              [](const Node& x, const Node& y) { return x.id < y.id; });
  }
};

/// Lexicographer files whose nouns name no topic of their own: times
/// ("Tuesday", "week"), quantities and relations.
bool topicless(std::string_view lexfile) {
  return lexfile == "noun.time" || lexfile == "noun.quantity" || lexfile == "noun.relation";
}

/// What the comparisons need of one word, looked up once.
struct Profile {
  const std::string* word = nullptr;
  std::array<Id, kSenses * kPos.size()> senses{};  // first kSenses senses of each part of speech
  std::size_t n_senses = 0;
  struct Link {
    Id target;
    float grade;
  };
  std::array<Link, 32> links{};  // derived forms, antonyms, similar adjectives of those senses
  std::size_t n_links = 0;
  Ids nouns;                            // every noun sense (a place's holders are matched on all)
  std::array<Chain, kTreeSenses> tree;  // hypernyms of the first noun senses
  std::array<std::uint8_t, kTreeSenses> tree_file{};  // their lexicographer files
  std::size_t n_tree = 0;
  Chain holders;                        // places that hold the first noun senses

  void build(const WordNet& wn, const std::string& w) {
    word = &w;
    for (Pos pos : kPos) {
      const Ids all = wn.synsets(w, pos);
      if (pos == Pos::noun) nouns = all;
      for (Id s : wn_fast::first_senses(all, kSenses)) {
        senses[n_senses++] = s;
        for (const auto& p : wn.kin(s)) {
          const bool opposite = p.rel == WordNet::Rel::antonym || p.rel == WordNet::Rel::similar;
          if (n_links < links.size()) links[n_links++] = {p.target, opposite ? kOpposite : kDerived};
        }
      }
    }
    for (Id s : wn_fast::first_senses(nouns, kTreeSenses)) {
      const std::string_view file = WordNet::lexfile_name(wn.synset(s).lexfile);
      if (topicless(file)) continue;
      tree_file[n_tree] = wn.synset(s).lexfile;
      tree[n_tree].add(s, 0);
      tree[n_tree++].climb(wn, false, 64);
    }
    for (Id s : wn_fast::first_senses(nouns, kSenses)) holders.add(s, 0);
    holders.climb(wn, true, kPartSteps);
  }
  bool has_sense(Id s) const {
    return std::find(senses.begin(), senses.begin() + static_cast<std::ptrdiff_t>(n_senses), s) !=
           senses.begin() + static_cast<std::ptrdiff_t>(n_senses);
  }
};

bool top_file(std::uint8_t lexfile) { return std::string_view(WordNet::lexfile_name(lexfile)) == "noun.Tops"; }

/// How close the first noun senses of two words are in the hypernym
/// hierarchy, for senses of one domain (one lexicographer file, unless one
/// is a top concept such as "food"): 1 close kin (one is a kind of the other
/// within three steps, or both are within three steps of a common ancestor
/// of depth >= kKinDepth), 2 one family (a common ancestor of depth >=
/// kFamilyDepth within four steps of each), 0 otherwise.
int kinship(const WordNet& wn, const Profile& x, const Profile& y) {
  int best = 0;
  for (std::size_t i = 0; i < x.n_tree; ++i)
    for (std::size_t j = 0; j < y.n_tree; ++j) {
      if (x.tree_file[i] != y.tree_file[j] && !top_file(x.tree_file[i]) && !top_file(y.tree_file[j])) continue;
      const Chain& a = x.tree[i];
      const Chain& b = y.tree[j];
      for (std::size_t u = 0, v = 0; u < a.n && v < b.n;) {
        if (a.nodes[u].id < b.nodes[v].id) {
          ++u;
        } else if (b.nodes[v].id < a.nodes[u].id) {
          ++v;
        } else {
          const unsigned d = wn.depth(a.nodes[u].id), da = a.nodes[u].dist, db = b.nodes[v].dist;
          const bool kind_of = (da == 0 || db == 0) && da + db <= kKinSteps && d >= kKindDepth;
          if (kind_of || (da <= kKinSteps && db <= kKinSteps && d >= kKinDepth)) return 1;
          if (da <= kFamilySteps && db <= kFamilySteps && d >= kFamilyDepth) best = 2;
          ++u, ++v;
        }
      }
    }
  return best;
}

float similarity(const WordNet& wn, const Profile& x, const Profile& y) {
  if (*x.word == *y.word) return 1.0f;
  if (x.n_senses == 0 || y.n_senses == 0) return 0.0f;  // a word WordNet does not know matches only itself
  for (std::size_t i = 0; i < x.n_senses; ++i)
    if (y.has_sense(x.senses[i])) return kShared;
  float best = 0.0f;
  for (std::size_t i = 0; i < x.n_links; ++i)
    if (y.has_sense(x.links[i].target)) best = std::max(best, x.links[i].grade);
  for (std::size_t i = 0; i < y.n_links; ++i)
    if (x.has_sense(y.links[i].target)) best = std::max(best, y.links[i].grade);
  if (best > 0.0f) return best;
  // A place within another ("Rome" / "Italy", "Osaka" / "Asia").
  auto held_by = [](const Profile& part, const Profile& whole) {
    for (std::size_t i = 0; i < part.holders.n; ++i)
      if (part.holders.nodes[i].dist > 0 && wn_fast::contains(whole.nouns, part.holders.nodes[i].id)) return true;
    return false;
  };
  if (held_by(x, y) || held_by(y, x)) return kClose;
  switch (kinship(wn, x, y)) {
    case 1: return kClose;
    case 2: return kNear;
    default: return 0.0f;
  }
}

}  // namespace

float word_similarity(const WordNet& wn, const std::string& x, const std::string& y) {
  Profile px, py;
  px.build(wn, x);
  py.build(wn, y);
  return similarity(wn, px, py);
}

namespace {

/// Profiles of the words met lately on this thread: a user's memories reuse
/// their vocabulary, so most words are looked up once. Bounded: the table is
/// emptied, before a comparison takes any profile from it, when the
/// comparison's words could take it past kCachedWords.
constexpr std::size_t kCachedWords = 2048;

class ProfileCache {
 public:
  /// Makes room for `words` more profiles; call before taking any.
  void reserve(const WordNet& wn, std::size_t words) {
    if (wn_ != &wn || table_.size() + words > kCachedWords) {
      table_.clear();
      wn_ = &wn;
    }
  }
  /// The profile of `w`; stays valid until the next reserve().
  const Profile& get(const WordNet& wn, const std::string& w) {
    auto it = table_.find(w);
    if (it == table_.end()) {
      it = table_.emplace(w, Profile()).first;
      it->second.build(wn, it->first);
    }
    return it->second;
  }

 private:
  WordMap<Profile> table_;  // node-based: references survive inserts
  const WordNet* wn_ = nullptr;
};

}  // namespace

TopicOverlap topic_overlap(const WordNet& wn, std::span<const std::string> a, std::span<const std::string> b) {
  TopicOverlap t;
  if (a.empty() || b.empty()) return t;
  constexpr std::size_t kMaxWords = 32;
  std::array<const Profile*, kMaxWords> pa{}, pb{};
  const std::size_t na = std::min(a.size(), kMaxWords), nb = std::min(b.size(), kMaxWords);
  thread_local ProfileCache cache;
  cache.reserve(wn, na + nb);
  for (std::size_t i = 0; i < na; ++i) pa[i] = &cache.get(wn, a[i]);
  for (std::size_t j = 0; j < nb; ++j) pb[j] = &cache.get(wn, b[j]);
  std::array<float, kMaxWords> best_a{}, best_b{};
  for (std::size_t i = 0; i < na; ++i)
    for (std::size_t j = 0; j < nb; ++j) {
      const float s = similarity(wn, *pa[i], *pb[j]);
      best_a[i] = std::max(best_a[i], s);
      best_b[j] = std::max(best_b[j], s);
      if (s >= 1.0f) {
        ++t.same;
        continue;
      }
      t.best = std::max(t.best, s);
      if (s >= kDerived) ++t.synonym;
      else if (s >= kClose) ++t.close;
      else if (s >= kNear) ++t.near;
    }
  auto cover = [](const std::array<float, kMaxWords>& v, std::size_t n) {
    const auto k = std::count_if(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n), [](float s) { return s >= kClose; });
    return static_cast<float>(k) / static_cast<float>(n);
  };
  t.cover_a = cover(best_a, na);
  t.cover_b = cover(best_b, nb);
  return t;
}

}  // namespace credence
