#include "engine/embedder.hpp"

#include <algorithm>
#include <cmath>

#include "common/hash.hpp"
#include "engine/text_terms.hpp"
#include "engine/wordnet.hpp"

namespace credence {

Expected<std::vector<float>> Embedder::embed(std::string_view text) const {
  const std::string one(text);
  auto batch = embed_batch(std::span<const std::string>(&one, 1));
  if (!batch) return batch.error();
  return std::move(batch->data);
}

void l2_normalise(std::span<float> v) {
  double sum = 0;
  for (float x : v) sum += static_cast<double>(x) * x;
  if (sum <= 0) return;
  const auto inv = static_cast<float>(1.0 / std::sqrt(sum));
  for (float& x : v) x *= inv;
}

float dot(std::span<const float> a, std::span<const float> b) {
  // Four independent sums let the compiler keep several lanes busy.
  float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  std::size_t i = 0;
  const std::size_t n = std::min(a.size(), b.size());
  for (; i + 4 <= n; i += 4) {
    s0 += a[i] * b[i];
    s1 += a[i + 1] * b[i + 1];
    s2 += a[i + 2] * b[i + 2];
    s3 += a[i + 3] * b[i + 3];
  }
  for (; i < n; ++i) s0 += a[i] * b[i];
  return (s0 + s1) + (s2 + s3);
}

// ---- hash embedder --------------------------------------------------------

namespace {

// Seeds that keep the feature families apart in hash space. Changing any of
// them (or a weight below) changes every vector: bump kHashVersion then.
constexpr const char* kHashVersion = "hash-v1";
constexpr std::uint64_t kSeedLemma = 0x6c656d6d61000001ULL;
constexpr std::uint64_t kSeedTrigram = 0x7472696772000002ULL;
constexpr std::uint64_t kSeedSynset = 0x73796e7365000003ULL;
constexpr std::uint64_t kSeedBigram = 0x6269677261000004ULL;

// Relative weights of one word's features before the word is scaled to unit
// weight. Synsets outweigh the surface form so that synonyms land close.
constexpr float kLemmaWeight = 0.6f;
constexpr float kTrigramWeight = 0.4f;  // shared by all trigrams of the word
constexpr float kFirstSenseWeight = 1.0f;
constexpr float kOtherSenseWeight = 0.45f;
constexpr float kHypernymWeight = 0.45f;
constexpr float kDerivedWeight = 0.45f;
constexpr float kBigramWeight = 0.5f;

constexpr Pos kAllPos[] = {Pos::noun, Pos::verb, Pos::adj, Pos::adv};

std::uint64_t synset_key(const WordNet& wn, WordNet::SynsetId id) {
  const auto& s = wn.synset(id);
  return mix64(kSeedSynset ^
               (static_cast<std::uint64_t>(s.pos) << 32 | s.offset));
}

}  // namespace

HashEmbedder::HashEmbedder(std::size_t dim,
                           std::shared_ptr<const WordNet> wordnet)
    : dim_(dim == 0 ? 1 : dim), wordnet_(std::move(wordnet)) {
  id_ = std::string(kHashVersion) + ":" + std::to_string(dim_) +
        (wordnet_ ? ":wordnet-3.0" : ":no-wordnet");
}

void HashEmbedder::add(std::span<float> out, std::uint64_t key,
                       float weight) const {
  const std::uint64_t h = mix64(key);
  const float sign = (h >> 63) ? -1.0f : 1.0f;
  out[(h & 0x7fffffffffffffffULL) % dim_] += sign * weight;
}

void HashEmbedder::word_features(const std::string& w,
                                 std::vector<Feature>& out,
                                 std::string& lemma) const {
  const std::size_t first = out.size();
  lemma = w;
  if (wordnet_) {
    const WordNet& wn = *wordnet_;
    // Lemmas: the first base form in each part of speech ("lives" -> life,
    // live), since there is no tagger to say which one is meant.
    std::vector<std::string> lemmas;
    std::vector<WordNet::SynsetId> senses[4];
    for (Pos pos : kAllPos) {
      for (const auto& form : wn.base_forms(w, pos)) {
        if (std::find(lemmas.begin(), lemmas.end(), form) == lemmas.end())
          lemmas.push_back(form);
        auto& ids = senses[static_cast<int>(pos)];
        for (auto id : wn.synsets(form, pos))
          if (std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
      }
    }
    if (!lemmas.empty()) {
      // A verb-looking inflection names its verb lemma, otherwise the noun's.
      lemma = lemmas.front();
      const bool verbish =
          w.size() > 4 && (w.ends_with("ing") || w.ends_with("ed"));
      if (verbish) {
        auto vf = wn.base_forms(w, Pos::verb);
        if (!vf.empty()) lemma = vf.front();
      }
      const float lw =
          kLemmaWeight / std::sqrt(static_cast<float>(lemmas.size()));
      for (const auto& l : lemmas) out.push_back({hash64(l, kSeedLemma), lw});
    } else {
      out.push_back({hash64(w, kSeedLemma), kLemmaWeight});
    }
    // The part of speech with the most senses is taken as the primary one.
    int primary = -1;
    for (int p = 0; p < 4; ++p)
      if (!senses[p].empty() &&
          (primary < 0 || senses[p].size() > senses[primary].size()))
        primary = p;
    if (primary >= 0) {
      const auto& ps = senses[primary];
      out.push_back({synset_key(wn, ps[0]), kFirstSenseWeight});
      if (ps.size() > 1)
        out.push_back({synset_key(wn, ps[1]), kOtherSenseWeight});
      // The hypernym and the derivationally related sense of the first sense
      // share the synset key space, so "mom" (is-a mother) meets "mother"
      // and "allergic" (derived from allergy) meets "allergy".
      bool hypernym = false, derived = false;
      for (auto ptr : wn.pointers(ps[0])) {
        if (!hypernym && (ptr.rel == WordNet::Rel::hypernym ||
                          ptr.rel == WordNet::Rel::instance_hypernym)) {
          out.push_back({synset_key(wn, ptr.target), kHypernymWeight});
          hypernym = true;
        } else if (!derived && (ptr.rel == WordNet::Rel::derivation ||
                                ptr.rel == WordNet::Rel::pertainym)) {
          const bool ours =
              ptr.src_word == 0 ||
              std::find(lemmas.begin(), lemmas.end(),
                        wn.word(ps[0], ptr.src_word - 1)) != lemmas.end();
          if (ours) {
            out.push_back({synset_key(wn, ptr.target), kDerivedWeight});
            derived = true;
          }
        }
      }
      for (int p = 0; p < 4; ++p)
        if (p != primary && !senses[p].empty())
          out.push_back({synset_key(wn, senses[p][0]), kOtherSenseWeight});
    }
  } else {
    out.push_back({hash64(w, kSeedLemma), kLemmaWeight});
  }
  // Character trigrams of the surface form, with word boundaries.
  const std::string padded = "<" + w + ">";
  const std::size_t n = padded.size() - 2;
  const float tw = kTrigramWeight / std::sqrt(static_cast<float>(n));
  for (std::size_t i = 0; i < n; ++i)
    out.push_back(
        {hash64(std::string_view(padded).substr(i, 3), kSeedTrigram), tw});
  // Scale the word to unit weight.
  float sum = 0;
  for (std::size_t i = first; i < out.size(); ++i)
    sum += out[i].weight * out[i].weight;
  const float inv = 1.0f / std::sqrt(sum);
  for (std::size_t i = first; i < out.size(); ++i) out[i].weight *= inv;
}

void HashEmbedder::embed_into(std::string_view text,
                              std::span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  auto words = text::content_words(text);
  if (words.empty())
    words = text::words(text);  // "Is it?" still means something
  std::vector<Feature> features;
  features.reserve(words.size() * 16);
  std::string lemma, prev;
  for (const auto& w : words) {
    word_features(w, features, lemma);
    if (!prev.empty())
      features.push_back(
          {hash64(prev + ' ' + lemma, kSeedBigram), kBigramWeight});
    prev = lemma;
  }
  for (const auto& f : features) add(out, f.key, f.weight);
  l2_normalise(out);
}

Expected<Embeddings> HashEmbedder::embed_batch(
    std::span<const std::string> texts) const {
  Embeddings e;
  e.dim = dim_;
  e.data.assign(texts.size() * dim_, 0.0f);
  for (std::size_t i = 0; i < texts.size(); ++i) embed_into(texts[i], e.row(i));
  return e;
}

Expected<std::vector<float>> HashEmbedder::embed(std::string_view text) const {
  std::vector<float> v(dim_);
  embed_into(text, v);
  return v;
}

// ---- caching decorator ----------------------------------------------------

CachingEmbedder::CachingEmbedder(std::shared_ptr<const Embedder> inner,
                                 std::size_t capacity)
    : inner_(std::move(inner)), capacity_(capacity) {}

bool CachingEmbedder::lookup(const std::string& text,
                             std::span<float> out) const {
  std::lock_guard lk(mu_);
  auto it = map_.find(text);
  if (it == map_.end()) {
    ++stats_.misses;
    return false;
  }
  ++stats_.hits;
  lru_.splice(lru_.begin(), lru_, it->second);
  std::copy(it->second->second.begin(), it->second->second.end(), out.begin());
  return true;
}

void CachingEmbedder::insert(const std::string& text,
                             std::span<const float> v) const {
  if (capacity_ == 0) return;
  std::lock_guard lk(mu_);
  if (map_.count(text)) return;
  lru_.emplace_front(text, std::vector<float>(v.begin(), v.end()));
  map_.emplace(lru_.front().first, lru_.begin());
  while (lru_.size() > capacity_) {
    map_.erase(lru_.back().first);
    lru_.pop_back();
  }
}

Expected<Embeddings> CachingEmbedder::embed_batch(
    std::span<const std::string> texts) const {
  Embeddings out;
  out.dim = inner_->dim();
  out.data.assign(texts.size() * out.dim, 0.0f);
  std::vector<std::size_t> missing;
  std::vector<std::string> missing_texts;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    if (!lookup(texts[i], out.row(i))) {
      missing.push_back(i);
      missing_texts.push_back(texts[i]);
    }
  }
  if (missing.empty()) return out;
  auto got = inner_->embed_batch(missing_texts);
  if (!got) return got.error();
  for (std::size_t j = 0; j < missing.size(); ++j) {
    auto row = got->row(j);
    std::copy(row.begin(), row.end(), out.row(missing[j]).begin());
    insert(missing_texts[j], row);
  }
  return out;
}

CachingEmbedder::Stats CachingEmbedder::stats() const {
  std::lock_guard lk(mu_);
  return stats_;
}

}  // namespace credence
