-- wrk script for bench/http_load: POSTs varied statements for the users of a
-- store made by `credence_bench_log --generate` (user0 .. user999).
--   wrk ... -s bench/http/post.lua URL -- /v1/messages|/v1/memories [prefix]
-- Each wrk thread numbers its own requests, so no two bodies are equal (an
-- equal body would be a duplicate, not a new statement). Latencies beyond
-- wrk's own histogram are written by done() as p50/p90/p99/p99.9 lines.

local things = {"paris", "honda", "tea", "coffee", "acme", "globex", "python", "rust",
                "berlin", "tokyo", "tennis", "jazz", "vegetables", "cats", "the gym"}
local forms = {"I like %s", "I hate %s", "I work at %s", "I live in %s",
               "I moved to %s last month", "I no longer like %s", "My favorite is %s",
               "I switched from tea to %s", "I sometimes enjoy %s at the weekend",
               "I have never been to %s"}

local threads = {}
local next_id = 0

function setup(thread)
  thread:set("tid", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  path = args[1] or "/v1/messages"
  prefix = args[2] or "run"
  n = 0
  kind = (path == "/v1/memories") and ',"kind":"trait"' or ""
end

function request()
  n = n + 1
  local k = n * 64 + tid  -- unique across up to 64 wrk threads
  -- n walks all 1,000 users (7 is prime to 1000); threads start apart.
  local user = "user" .. ((n * 7 + tid * 131) % 1000)
  local text = string.format(forms[(k % #forms) + 1], things[((k * 31) % #things) + 1])
  local body = string.format('{"user":"%s"%s,"text":"%s (%s %d)"}', user, kind, text, prefix, k)
  return wrk.format("POST", path, {["Content-Type"] = "application/json"}, body)
end

function done(summary, latency, requests)
  local errors = summary.errors.status + summary.errors.connect + summary.errors.read +
                 summary.errors.write + summary.errors.timeout
  io.write(string.format("requests %d\n", summary.requests))
  io.write(string.format("errors %d (non-2xx %d, timeouts %d)\n", errors,
                         summary.errors.status, summary.errors.timeout))
  io.write(string.format("req_per_s %.0f\n", summary.requests / (summary.duration / 1e6)))
  for _, p in ipairs({50, 90, 99, 99.9}) do
    io.write(string.format("p%s_ms %.2f\n", p, latency:percentile(p) / 1000))
  end
  io.write(string.format("max_ms %.2f\n", latency.max / 1000))
end
