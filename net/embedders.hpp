#pragma once
/// \file embedders.hpp
/// Builds the embedder named in the [embedder] configuration section.

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "common/expected.hpp"
#include "config/config.hpp"
#include "engine/embedder.hpp"

namespace credence {

class WordNet;

/// Reads an environment variable (nullopt when unset). Tests pass their own.
using EnvLookup =
    std::function<std::optional<std::string>(const std::string& name)>;

/// The process environment.
std::optional<std::string> getenv_lookup(const std::string& name);

/// The configured embedder (`hash` or `http`) behind the embedding cache
/// (`embedder.cache_entries`). `wordnet` feeds the hash embedder's lemmas and
/// synsets (null: without them). For `http`, the API key is read from the
/// variable named by `embedder.api_key_env`; naming a variable that is not
/// set is an error (rather than silently calling without a key).
Expected<std::shared_ptr<const Embedder>> make_embedder(
    const EmbedderConfig& config, std::shared_ptr<const WordNet> wordnet,
    const EnvLookup& env = getenv_lookup);

}  // namespace credence
