// The `credence` command line. This is the only translation unit that
// includes CLI11 (it is slow to compile); each subcommand's work lives in
// cli/cmd_*.cpp behind cli/commands.hpp.
#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"

namespace {

using credence::cli::Common;

/// Adds the options every command accepts.
void add_common(CLI::App& app, Common& c, std::vector<std::string>& sets) {
  app.add_option("--config", c.config_path,
                 "TOML configuration file (default: built-in defaults; see "
                 "config/credence.toml)");
  app.add_option("--set", sets,
                 "override a setting, e.g. --set store.sync=os (repeatable; wins over "
                 "the file and CREDENCE_* variables)");
}

bool parse_sets(const std::vector<std::string>& sets, Common& c) {
  for (const auto& s : sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0) {
      std::fprintf(stderr, "credence: --set expects section.key=value, got \"%s\"\n",
                   s.c_str());
      return false;
    }
    c.overrides.emplace_back(s.substr(0, eq), s.substr(eq + 1));
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "credence: an epistemic layer for a chat agent's long-term memory.\n"
      "Detects, classifies and resolves contradictions between memories, tracks\n"
      "their reliability, and gates actions that rely on doubtful memories."};
  app.require_subcommand(1);
  app.set_version_flag("--version", "credence 0.1.0");

  Common common;
  std::vector<std::string> sets;

  // serve
  auto* serve = app.add_subcommand("serve", "run the sidecar (HTTP API on server.listen)");
  add_common(*serve, common, sets);
  std::string listen, data_dir_flag;
  serve->add_option("--listen", listen, "address to listen on, host:port (server.listen)");
  serve->add_option("--data-dir", data_dir_flag, "data directory (store.data_dir)");

  // replay
  auto* replay = app.add_subcommand(
      "replay", "rebuild all state from the event log and print its digest");
  add_common(*replay, common, sets);
  credence::cli::ReplayOptions ro;
  replay->add_option("--data-dir", ro.data_dir, "data directory to replay")->required();
  replay->add_flag("--verify", ro.verify,
                   "compare with the live state's digest; exit 1 on a difference");
  replay->add_flag("--quiet", ro.quiet, "no progress on stderr");

  // log dump / log stats
  auto* logcmd = app.add_subcommand("log", "inspect the event log");
  logcmd->require_subcommand(1);
  auto* dump = logcmd->add_subcommand("dump", "write events as JSON lines to stdout");
  add_common(*dump, common, sets);
  credence::cli::LogDumpOptions lo;
  dump->add_option("--data-dir", lo.data_dir, "data directory")->required();
  dump->add_option("--from", lo.from, "first sequence number (default 1)");
  dump->add_option("--user", lo.user, "only events of this user");
  dump->add_option("--type", lo.type, "only events of this type (e.g. memory.added)");
  dump->add_option("--limit", lo.limit, "stop after this many events");
  auto* stats = logcmd->add_subcommand("stats", "counts by event type and the head");
  add_common(*stats, common, sets);
  std::string stats_dir;
  stats->add_option("--data-dir", stats_dir, "data directory")->required();

  // config
  auto* config = app.add_subcommand("config", "print the effective configuration as TOML");
  add_common(*config, common, sets);
  bool defaults_only = false;
  config->add_flag("--defaults", defaults_only, "print the built-in defaults");

  // classify
  auto* classify = app.add_subcommand(
      "classify",
      "judge memory pairs: JSON lines on stdin ({\"id\", \"existing\": {\"text\", \"kind\", "
      "\"created_at\"?, \"source\"?, \"confidence\"?}, \"incoming\": {...}}), one verdict "
      "line per input on stdout");
  add_common(*classify, common, sets);

  // eval
  auto* eval = app.add_subcommand("eval", "measure the judge on labelled data");
  add_common(*eval, common, sets);
  credence::cli::EvalOptions eo;
  eval->add_option("--dataset", eo.dataset, "the labelled file")->required();
  eval->add_option("--format", eo.format, "pairs | sick | breaking-nli")
      ->required()
      ->check(CLI::IsMember({"pairs", "sick", "breaking-nli"}));
  eval->add_option("--json", eo.json_out, "also write the figures as JSON to this file");
  eval->add_option("--split", eo.split,
                   "only this part: pairs `split` (a, b), SICK SemEval_set (TRAIN, TRIAL), or a "
                   "Breaking NLI category");
  eval->add_flag("--errors", eo.errors, "print each misclassified item as a JSON line on stderr");
  eval->add_option("--scene", eo.scene,
                   "NLI data: auto (from the dataset's annotation guidelines: breaking-nli same, "
                   "sick separate), same, or separate")
      ->check(CLI::IsMember({"auto", "same", "separate"}));
  eval->add_option("--features", eo.features_out,
                   "pairs: write each pair's learned-fallback features and label as JSON lines to "
                   "this file (training data for scripts/train-judge-model)");
  eval->add_flag("--dump", eo.dump, "print every item with its verdict as a JSON line on stderr");
  eval->add_flag("--quiet", eo.quiet, "no progress on stderr");
  eval->add_flag("--prescreen", eo.prescreen,
                 "pairs: run each pair through the pre-screen ([embedder], [prescreen]) before "
                 "the judge; report what it keeps");

  // bench
  auto* bench = app.add_subcommand("bench", "measure the daemon's parts in process");
  bench->require_subcommand(1);
  auto* bench_ingest = bench->add_subcommand(
      "ingest",
      "the actor pipeline without HTTP: fill the store through the ingestion actors, then "
      "closed-loop callers send messages or memory writes; prints requests/s, latency "
      "percentiles and CPU per request");
  add_common(*bench_ingest, common, sets);
  credence::cli::BenchIngestOptions bo;
  std::string bench_dir;
  bench_ingest->add_option("--data-dir", bench_dir, "data directory (store.data_dir)")->required();
  bench_ingest->add_option("--route", bo.route, "messages | memories (default messages)")
      ->check(CLI::IsMember({"messages", "memories"}));
  bench_ingest->add_option("--clients", bo.clients, "concurrent callers (default 8)")
      ->check(CLI::Range(1, 256));
  bench_ingest->add_option("--seconds", bo.seconds, "length of the measured run (default 20)")
      ->check(CLI::Range(1, 3600));
  bench_ingest->add_option("--fill", bo.fill,
                           "live memories to reach first, written as traits (default 100000)");
  bench_ingest->add_option("--users", bo.users, "users the statements spread over (default 1000)")
      ->check(CLI::Range(1, 1000000));
  bench_ingest->add_flag(
      "--varied", bo.varied,
      "each caller numbers its own statements, so every user says every kind of statement "
      "(far more conflicts per message); default: one sequence, the statements and order of "
      "bench/http_load.sh");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (!parse_sets(sets, common)) return 2;

  if (serve->parsed()) {
    if (!listen.empty()) common.overrides.emplace_back("server.listen", listen);
    if (!data_dir_flag.empty()) common.overrides.emplace_back("store.data_dir", data_dir_flag);
    return credence::cli::cmd_serve(common);
  }
  if (bench_ingest->parsed()) {
    common.overrides.emplace_back("store.data_dir", bench_dir);
    return credence::cli::cmd_bench_ingest(common, bo);
  }
  if (replay->parsed()) return credence::cli::cmd_replay(common, ro);
  if (dump->parsed()) return credence::cli::cmd_log_dump(common, lo);
  if (stats->parsed()) return credence::cli::cmd_log_stats(common, stats_dir);
  if (config->parsed()) return credence::cli::cmd_config(common, defaults_only);
  if (classify->parsed()) return credence::cli::cmd_classify(common);
  if (eval->parsed()) return credence::cli::cmd_eval(common, eo);
  return 2;
}
