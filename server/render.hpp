#pragma once
/// \file render.hpp
/// The public JSON forms of the API (docs/openapi.yaml): memories (with
/// their past-tense reading once superseded and their current strength),
/// uncertainty records (with both memories), errors. Pure functions of the
/// state; no HTTP here.

#include <string>

#include "common/expected.hpp"
#include "common/time.hpp"
#include "engine/policy.hpp"
#include "engine/state.hpp"
#include "engine/uncertainty.hpp"

namespace credence {

class JsonWriter;
class WordNet;

struct RenderContext {
  const Policy* policy = nullptr;
  const WordNet* wordnet = nullptr;  ///< for past-tense readings (may be null)
  Millis now = 0;
};

void render_memory(JsonWriter& w, const Memory& m, const RenderContext& rc);
/// A compact form (id, kind, text, reliability) for nesting in records.
void render_memory_brief(JsonWriter& w, const Memory& m, const RenderContext& rc);
void render_uncertainty(JsonWriter& w, const Uncertainty& u, const State& s,
                        const RenderContext& rc);
void render_conflict(JsonWriter& w, const Conflict& c, const State& s, const RenderContext& rc);
void render_assessment(JsonWriter& w, const Assessment& a);

/// {"error": {"code": ..., "message": ..., "field": ...}}
std::string render_error(const std::string& code, const std::string& message,
                         const std::string& field = {});
/// The HTTP status for an error code.
int http_status(Errc code);
/// The "code" string of an error body.
const char* error_code(Errc code);

}  // namespace credence
