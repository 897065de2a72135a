#!/usr/bin/env python3
"""Build step: converts docs/openapi.yaml to JSON and writes a C++ source that
returns it from credence::openapi_json(). Usage: embed_yaml_as_json.py IN OUT"""
import json
import sys

import yaml

with open(sys.argv[1], encoding="utf-8") as f:
    doc = yaml.safe_load(f)
text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
# Split into chunks below the compiler's string-literal comfort zone.
chunks = [text[i:i + 4000] for i in range(0, len(text), 4000)]
with open(sys.argv[2], "w", encoding="utf-8") as out:
    out.write("// Generated from docs/openapi.yaml by cmake/embed_yaml_as_json.py. Do not edit.\n")
    out.write("#include <string>\n\nnamespace credence {\n\nconst std::string& openapi_json() {\n")
    out.write("  static const std::string doc = std::string()\n")
    for c in chunks:
        out.write('      + R"credence_openapi(' + c + ')credence_openapi"\n')
    out.write("      ;\n  return doc;\n}\n\n}  // namespace credence\n")
