// `credence config`: print the effective settings (or the defaults) as TOML.
#include <cstdio>

#include "cli/commands.hpp"
#include "cli/setup.hpp"

namespace credence::cli {

int cmd_config(const Common& c, bool defaults_only) {
  if (defaults_only) {
    std::fputs(render_toml(Config{}).c_str(), stdout);
    return 0;
  }
  auto cfg = load_or_report(c);
  if (!cfg) return 2;
  std::fputs(render_toml(*cfg).c_str(), stdout);
  return 0;
}

}  // namespace credence::cli
