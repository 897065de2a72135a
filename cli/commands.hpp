#pragma once
/// \file commands.hpp
/// The bodies of the `credence` subcommands. cli/main.cpp (the only TU that
/// includes CLI11) parses flags into these option structs and calls them.
/// Each returns the process exit code.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace credence::cli {

/// Options every command shares.
struct Common {
  std::optional<std::string> config_path;
  std::vector<std::pair<std::string, std::string>> overrides;  ///< --set k=v and flags
};

int cmd_serve(const Common& c);

/// `credence bench ingest`: the pipeline without HTTP (cli/cmd_bench.cpp).
struct BenchIngestOptions {
  std::string route = "messages";  ///< messages | memories
  std::uint64_t clients = 8;
  int seconds = 20;
  std::uint64_t fill = 100000;  ///< live memories to reach before measuring
  std::uint64_t users = 1000;
  bool varied = false;  ///< each caller numbers its own statements (see cmd_bench.cpp)
};
int cmd_bench_ingest(const Common& c, const BenchIngestOptions& o);

struct ReplayOptions {
  std::string data_dir;
  bool verify = false;
  bool quiet = false;
};
int cmd_replay(const Common& c, const ReplayOptions& o);

struct LogDumpOptions {
  std::string data_dir;
  std::uint64_t from = 1;
  std::optional<std::string> user;
  std::optional<std::string> type;
  std::optional<std::uint64_t> limit;
};
int cmd_log_dump(const Common& c, const LogDumpOptions& o);
int cmd_log_stats(const Common& c, const std::string& data_dir);

int cmd_config(const Common& c, bool defaults_only);

/// `credence classify`: pair lines on stdin, verdict lines on stdout.
int cmd_classify(const Common& c);

struct EvalOptions {
  std::string dataset;
  std::string format;  ///< pairs | sick | breaking-nli
  std::optional<std::string> json_out;
  /// pairs: the `split` field (a, b); sick: the SemEval_set (TRAIN, TRIAL);
  /// breaking-nli: a category.
  std::optional<std::string> split;
  bool errors = false;  ///< misclassified items as JSON lines on stderr
  bool dump = false;    ///< every item as a JSON line on stderr
  bool quiet = false;   ///< no progress on stderr
  /// pairs: put each pair through the pre-screen (embedder + claim filter)
  /// first; a dropped pair is never judged.
  bool prescreen = false;
  /// NLI data: "same" assumes both sentences describe one scene, "separate"
  /// does not; "auto" follows the dataset's annotation guidelines (Breaking
  /// NLI / SNLI: same; SICK: separate).
  std::string scene = "auto";
  /// pairs: write each pair's learned-fallback features (from the structural
  /// verdict alone) with its label as JSON lines to this file, the training
  /// data of scripts/train-judge-model.
  std::optional<std::string> features_out;
};
int cmd_eval(const Common& c, const EvalOptions& o);

}  // namespace credence::cli
