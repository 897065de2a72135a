#pragma once
/// \file embedder.hpp
/// Text embeddings for the vector pre-screen: the `Embedder` interface, the
/// offline `hash` embedder, and a caching decorator.
///
/// An embedder turns texts into fixed-size vectors whose inner product
/// measures how alike the texts are. Every vector returned is L2-normalised
/// (or all zeros for a text without words), so cosine similarity is a dot
/// product. `id()` names the model and its dimension; the vector index stores
/// it and rebuilds itself when the configured embedder has another id.
///
/// Errors are values (`Expected`), never exceptions: a remote embedder names
/// the endpoint and the cause in the error message.
///
/// Threading: every method of every implementation is thread-safe (const and
/// internally synchronised); one instance serves all callers.

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/expected.hpp"

namespace credence {

class WordNet;

/// Row-major embeddings, one row of `dim` floats per input text.
struct Embeddings {
  std::size_t dim = 0;
  std::vector<float> data;

  std::size_t size() const { return dim == 0 ? 0 : data.size() / dim; }
  std::span<const float> row(std::size_t i) const {
    return {data.data() + i * dim, dim};
  }
  std::span<float> row(std::size_t i) { return {data.data() + i * dim, dim}; }
};

class Embedder {
 public:
  virtual ~Embedder() = default;

  /// Dimension of every vector returned.
  virtual std::size_t dim() const = 0;
  /// Model and dimension, e.g. "hash-v1:384:wordnet-3.0" or
  /// "http:nomic-embed-text:768". Stored with the index.
  virtual const std::string& id() const = 0;
  /// Embeds many texts: one row per input, in input order.
  virtual Expected<Embeddings> embed_batch(
      std::span<const std::string> texts) const = 0;
  /// Embeds one text (by default a batch of one).
  virtual Expected<std::vector<float>> embed(std::string_view text) const;
};

/// L2-normalises `v` in place; leaves an all-zero vector unchanged.
void l2_normalise(std::span<float> v);
/// Inner product of two vectors of the same length.
float dot(std::span<const float> a, std::span<const float> b);

/// The default, offline embedder: signed feature hashing into `dim` buckets.
///
/// Features of each content word (stopwords dropped, see
/// engine/text_terms.hpp): its lemma (WordNet morphology, e.g. "worked" ->
/// "work"), its character trigrams ("<ca", "car", "ar>"), the WordNet synsets
/// of its most common senses and the hypernym of the first one. The synset
/// features put synonyms on the same buckets ("car" and "automobile" share the
/// synset {car, auto, automobile, machine, motorcar}); the trigrams tolerate
/// typos and inflections. Each word's features are scaled to unit weight so
/// long words do not dominate, adjacent content words add a bigram feature, and
/// the sum is L2-normalised. Deterministic across runs, builds and machines
/// (hash64 is stable); without WordNet it still works (lemmas and synsets
/// are skipped) under a different id.
class HashEmbedder final : public Embedder {
 public:
  /// `wordnet` may be null (no lemmas or synsets).
  HashEmbedder(std::size_t dim, std::shared_ptr<const WordNet> wordnet);

  std::size_t dim() const override { return dim_; }
  const std::string& id() const override { return id_; }
  Expected<Embeddings> embed_batch(
      std::span<const std::string> texts) const override;
  Expected<std::vector<float>> embed(std::string_view text) const override;

  /// Writes the embedding of `text` into `out` (size dim()). Never fails.
  void embed_into(std::string_view text, std::span<float> out) const;

 private:
  struct Feature {
    std::uint64_t key;
    float weight;
  };
  void word_features(const std::string& word, std::vector<Feature>& out,
                     std::string& lemma) const;
  void add(std::span<float> out, std::uint64_t key, float weight) const;

  std::size_t dim_;
  std::shared_ptr<const WordNet> wordnet_;
  std::string id_;
};

/// An LRU cache of embeddings in front of another embedder, so a text that
/// is pre-screened and then stored as a memory is embedded once. Same id and
/// dimension as the wrapped embedder.
class CachingEmbedder final : public Embedder {
 public:
  CachingEmbedder(std::shared_ptr<const Embedder> inner, std::size_t capacity);

  std::size_t dim() const override { return inner_->dim(); }
  const std::string& id() const override { return inner_->id(); }
  Expected<Embeddings> embed_batch(
      std::span<const std::string> texts) const override;

  struct Stats {
    std::uint64_t hits = 0;
    std::uint64_t misses = 0;
  };
  Stats stats() const;

 private:
  bool lookup(const std::string& text, std::span<float> out) const;
  void insert(const std::string& text, std::span<const float> v) const;

  std::shared_ptr<const Embedder> inner_;
  std::size_t capacity_;
  mutable std::mutex mu_;
  using Entry = std::pair<std::string, std::vector<float>>;
  mutable std::list<Entry> lru_;  // most recent first
  mutable std::unordered_map<std::string_view, std::list<Entry>::iterator> map_;
  mutable Stats stats_;
};

}  // namespace credence
