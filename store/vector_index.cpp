// The per-user vector index. The only translation unit that includes
// hnswlib (its 0.6.2 headers define non-inline functions).
//
// On-disk layout of a saved index directory (all integers little-endian):
//
//   meta.json        {"format": 1, "embedder": "hash-v1:384:wordnet-3.0",
//                     "dim": 384, "seq": 1234, "seq_fingerprint": "<16 hex>",
//                     "vectors": 1000, "partitions": 3,
//                     "files": [{"name": "partitions.bin", "size": N,
//                                "hash": "<16 hex>"}, ...]}
//   partitions.bin   "CRVIDX01", u32 dim, u64 partition count, then per
//                    partition (users in sorted order): str user, then one
//                    shard per memory kind (trait, episode, concept,
//                    relationship):
//                      u8 mode (0 flat, 1 graph), u64 slot count,
//                      per slot: str id, u8 flags (1 superseded, 2 removed),
//                                u8 term count, term count * u32 terms;
//                      flat:  slot count * dim f32 (removed slots are not
//                             written; every value is a half, see below);
//                      graph: str file name of the graph
//                    (str = u32 length + bytes)
//   hnsw-<n>.bin     hnswlib's saveIndex format; the graph's labels are
//                    slot positions in its shard.
//
// Vectors are kept at half precision: upsert rounds each normalised vector
// to binary16 (common/half.hpp, the same bits on every CPU). Brute-force
// shards store the halves (half the memory traffic of a scan); graph shards
// store the rounded values as floats, so a shard scores the same vectors
// before and after it migrates to a graph. Files keep f32 rows (exact).
//
// File hashes are hash64 over 1 MiB blocks, chained; they are checked before
// anything is parsed, so a torn or corrupted file is reported, not parsed.

#include "store/vector_index.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <hnswlib/hnswlib.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <queue>
#include <shared_mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "common/half.hpp"
#include "common/hash.hpp"
#include "common/json_reader.hpp"
#include "common/json_writer.hpp"
#include "common/log.hpp"
#include "engine/embedder.hpp"
#include "store/rw_lock.hpp"

namespace credence {

namespace fs = std::filesystem;

std::optional<KindMask> parse_kind_mask(std::string_view list) {
  KindMask mask = 0;
  std::size_t start = 0;
  while (start <= list.size()) {
    auto end = list.find(',', start);
    if (end == std::string_view::npos) end = list.size();
    std::string_view name = list.substr(start, end - start);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    auto kind = parse_memory_kind(name);
    if (!kind) return std::nullopt;
    mask |= kind_bit(*kind);
    start = end + 1;
  }
  return mask;
}

namespace {

using Graph = hnswlib::HierarchicalNSW<float>;

// ---- distance ---------------------------------------------------------------
// hnswlib picks its SIMD kernels at compile time from -m flags, so a baseline
// x86-64 build gets a single-accumulator SSE loop. This space supplies its
// own inner-product distance (1 - a.b on unit vectors), chosen at run time:
// AVX2 + FMA with four accumulators where the CPU has them, else a portable
// loop with eight independent sums (vectorised by the compiler).

float ip_distance_portable(const void* a, const void* b, const void* param) {
  const auto* x = static_cast<const float*>(a);
  const auto* y = static_cast<const float*>(b);
  const std::size_t n = *static_cast<const std::size_t*>(param);
  float s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (std::size_t j = 0; j < 8; ++j) s[j] += x[i + j] * y[i + j];
  float sum = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
  for (; i < n; ++i) sum += x[i] * y[i];
  return 1.0f - sum;
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2,fma"))) float ip_distance_avx2(const void* a,
                                                           const void* b,
                                                           const void* param) {
  const auto* x = static_cast<const float*>(a);
  const auto* y = static_cast<const float*>(b);
  const std::size_t n = *static_cast<const std::size_t*>(param);
  __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps();
  __m256 s2 = _mm256_setzero_ps(), s3 = _mm256_setzero_ps();
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    s0 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i), s0);
    s1 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 8), _mm256_loadu_ps(y + i + 8),
                         s1);
    s2 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 16),
                         _mm256_loadu_ps(y + i + 16), s2);
    s3 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i + 24),
                         _mm256_loadu_ps(y + i + 24), s3);
  }
  for (; i + 8 <= n; i += 8)
    s0 = _mm256_fmadd_ps(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i), s0);
  const __m256 s = _mm256_add_ps(_mm256_add_ps(s0, s1), _mm256_add_ps(s2, s3));
  __m128 h = _mm_add_ps(_mm256_castps256_ps128(s), _mm256_extractf128_ps(s, 1));
  h = _mm_add_ps(h, _mm_movehl_ps(h, h));
  h = _mm_add_ss(h, _mm_shuffle_ps(h, h, 0x55));
  float sum = _mm_cvtss_f32(h);
  for (; i < n; ++i) sum += x[i] * y[i];
  return 1.0f - sum;
}
#endif

/// a . v for a float query and a row of halves.
float dot_half_portable(const float* a, const std::uint16_t* v, std::size_t n) {
  float s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8)
    for (std::size_t j = 0; j < 8; ++j) s[j] += a[i + j] * half_to_float(v[i + j]);
  float sum = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
  for (; i < n; ++i) sum += a[i] * half_to_float(v[i]);
  return sum;
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("avx2,fma,f16c"))) inline __m256 load_halves(const std::uint16_t* v) {
  return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(v)));
}

__attribute__((target("avx2,fma,f16c"))) float dot_half_avx2(const float* a,
                                                             const std::uint16_t* v,
                                                             std::size_t n) {
  auto load = [v](std::size_t i) __attribute__((target("avx2,fma,f16c"))) {
    return load_halves(v + i);
  };
  __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps();
  __m256 s2 = _mm256_setzero_ps(), s3 = _mm256_setzero_ps();
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    s0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i), load(i), s0);
    s1 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 8), load(i + 8), s1);
    s2 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 16), load(i + 16), s2);
    s3 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 24), load(i + 24), s3);
  }
  for (; i + 8 <= n; i += 8) s0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i), load(i), s0);
  const __m256 s = _mm256_add_ps(_mm256_add_ps(s0, s1), _mm256_add_ps(s2, s3));
  __m128 h = _mm_add_ps(_mm256_castps256_ps128(s), _mm256_extractf128_ps(s, 1));
  h = _mm_add_ps(h, _mm_movehl_ps(h, h));
  h = _mm_add_ss(h, _mm_shuffle_ps(h, h, 0x55));
  float sum = _mm_cvtss_f32(h);
  for (; i < n; ++i) sum += a[i] * half_to_float(v[i]);
  return sum;
}
#endif

using DotHalf = float (*)(const float*, const std::uint16_t*, std::size_t);

DotHalf pick_dot_half() {
#if defined(__x86_64__) && defined(__GNUC__)
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
      __builtin_cpu_supports("f16c"))
    return dot_half_avx2;
#endif
  return dot_half_portable;
}

hnswlib::DISTFUNC<float> pick_distance() {
#if defined(__x86_64__) && defined(__GNUC__)
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    return ip_distance_avx2;
#endif
  return ip_distance_portable;
}

/// Cosine distance on unit vectors, for hnswlib.
class CosineSpace final : public hnswlib::SpaceInterface<float> {
 public:
  explicit CosineSpace(std::size_t dim) : dim_(dim), fn_(pick_distance()) {}
  std::size_t get_data_size() override { return dim_ * sizeof(float); }
  hnswlib::DISTFUNC<float> get_dist_func() override { return fn_; }
  void* get_dist_func_param() override { return &dim_; }

 private:
  std::size_t dim_;
  hnswlib::DISTFUNC<float> fn_;
};
constexpr char kMagic[8] = {'C', 'R', 'V', 'I', 'D', 'X', '0', '1'};
constexpr std::int64_t kFormat = 2;  // 2: memories carry claim keys
constexpr std::size_t kRandomSeed = 100;

constexpr std::size_t kKinds = 4;
constexpr hnswlib::tableint kNoNode = ~hnswlib::tableint{0};

struct Slot {
  std::string id;
  bool superseded = false;
  bool removed = false;
  std::vector<std::uint32_t> terms;  // text::terms, for the postings
};

/// The vectors of one memory kind of one user.
struct Shard {
  std::vector<Slot> slots;  // label = position
  std::vector<std::uint16_t> flat;  // slots.size() * dim halves while there is no graph
  std::unique_ptr<Graph> graph;
  std::vector<hnswlib::tableint>
      internal;                // label -> graph node (graph shards)
  std::size_t live = 0;        // slots not removed
  std::size_t superseded = 0;  // live and superseded
  std::size_t tombstones =
      0;  // removed slots still stored (flat rows or graph marks)
  // term -> labels whose text has it (may name removed slots: checked on use)
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> postings;

  void post(std::uint32_t label) {
    for (std::uint32_t t : slots[label].terms) postings[t].push_back(label);
  }
};

struct Loc {
  MemoryKind kind;
  std::uint32_t label;
};

struct Partition {
  mutable RwLock mu;    // searches share it; writers hold it briefly
  std::mutex write_mu;  // serialises writers (incl. a migration)
  std::array<Shard, kKinds> shards;
  std::unordered_map<std::string, Loc> by_id;  // live entries

  Shard& shard(MemoryKind k) { return shards[static_cast<std::size_t>(k)]; }
  const Shard& shard(MemoryKind k) const {
    return shards[static_cast<std::size_t>(k)];
  }
};

/// The flag filters only (cheap: no string compare).
bool passes_flags(const Slot& s, const VectorQuery& q) {
  return !s.removed && (q.include_superseded || !s.superseded);
}

bool passes(const Slot& s, const VectorQuery& q) {
  return passes_flags(s, q) && (q.exclude_id.empty() || s.id != q.exclude_id);
}

/// A hit inside one shard: similarity, kind, label.
struct Scored {
  float sim;
  MemoryKind kind;
  std::uint32_t label;
};

/// Ranks hits: more similar first, then by kind and label, so that equally
/// similar memories (identical texts) come out in the same order whichever
/// way they were found: the graph walk, the rare-term candidates or an exact
/// scan. The answer is then a function of the index's contents alone.
inline bool better(const Scored& a, const Scored& b) {
  if (a.sim != b.sim) return a.sim > b.sim;
  if (a.kind != b.kind) return a.kind < b.kind;
  return a.label < b.label;
}

/// Keeps the k best hits (by `better`).
class TopK {
 public:
  explicit TopK(std::size_t k) : k_(k) {}
  /// Whether this hit would be kept now.
  bool admits(const Scored& h) const { return heap_.size() < k_ || better(h, heap_.top()); }
  void offer(const Scored& h) {
    if (heap_.size() < k_) {
      heap_.push(h);
    } else if (better(h, heap_.top())) {
      heap_.pop();
      heap_.push(h);
    }
  }
  /// Best first.
  std::vector<Scored> take() {
    std::vector<Scored> out;
    while (!heap_.empty()) {
      out.push_back(heap_.top());
      heap_.pop();
    }
    std::reverse(out.begin(), out.end());
    return out;
  }

 private:
  struct Worse {
    bool operator()(const Scored& a, const Scored& b) const { return better(a, b); }
  };
  std::size_t k_;
  std::priority_queue<Scored, std::vector<Scored>, Worse> heap_;  // worst on top
};

std::string hex16(std::uint64_t v) {
  static const char* d = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) s[i] = d[v & 15];
  return s;
}

std::optional<std::uint64_t> parse_hex16(std::string_view s) {
  if (s.size() != 16) return std::nullopt;
  std::uint64_t v = 0;
  for (char c : s) {
    v <<= 4;
    if (c >= '0' && c <= '9')
      v |= static_cast<std::uint64_t>(c - '0');
    else if (c >= 'a' && c <= 'f')
      v |= static_cast<std::uint64_t>(c - 'a' + 10);
    else
      return std::nullopt;
  }
  return v;
}

/// Chained hash64 over 1 MiB blocks; nullopt when the file cannot be read.
std::optional<std::pair<std::uint64_t, std::uint64_t>> hash_file(
    const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::vector<char> buf(1 << 20);
  std::uint64_t h = 0x43524944u, size = 0, block = 0;
  while (in) {
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    const auto n = static_cast<std::size_t>(in.gcount());
    if (n == 0) break;
    h = mix64(h ^ hash64(std::string_view(buf.data(), n), block++));
    size += n;
  }
  if (in.bad()) return std::nullopt;
  return std::make_pair(size, h);
}

bool fsync_path(const fs::path& p) {
  const int fd = ::open(p.c_str(), O_RDONLY);
  if (fd < 0) return false;
  const bool ok = ::fsync(fd) == 0;
  ::close(fd);
  return ok;
}

/// Removes a directory of saved index files, shrinking each large file in
/// 8 MiB steps with a pause between them before unlinking it. On a file
/// system mounted with online discard, unlinking a 150 MB file issues the
/// whole TRIM at once and the event log's fsyncs wait behind it (~50 ms);
/// in steps the discards are spread out (as RocksDB's rate-limited SST
/// deletion does).
void remove_paced(const fs::path& dir) {
  std::error_code ec;
  constexpr off_t kStep = off_t{8} << 20;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file(ec)) continue;
    const int fd = ::open(entry.path().c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) continue;
    struct stat st {};
    if (::fstat(fd, &st) == 0) {
      for (off_t size = st.st_size; size > kStep;) {
        size -= kStep;
        if (::ftruncate(fd, size) != 0) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
    }
    ::close(fd);
  }
  fs::remove_all(dir, ec);
}

/// Binary writer of a file in 1 MiB chunks. When `pace` is set, each chunk's
/// writeback starts as soon as it is written and the one before it is waited
/// for (sync_file_range, like RocksDB's bytes_per_sync), so a save never
/// leaves more than ~2 MiB dirty. Left to the final fsync, a 150 MB save put
/// that much writeback in the disk queue at once and every event-log fsync
/// queued behind it: all writers stalled ~140 ms once per save.
class Writer {
 public:
  static constexpr std::size_t kChunk = std::size_t{1} << 20;
  Writer(const fs::path& path, bool pace) : pace_(pace) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  }
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;
  ~Writer() {
    if (fd_ >= 0) ::close(fd_);
  }
  void bytes(const void* p, std::size_t n) {
    const char* c = static_cast<const char*>(p);
    while (n > 0) {
      const std::size_t take = std::min(n, kChunk - buf_.size());
      buf_.insert(buf_.end(), c, c + take);
      c += take;
      n -= take;
      if (buf_.size() == kChunk) {
        full_.push_back(std::move(buf_));
        buf_ = {};
        buf_.reserve(kChunk);
      }
    }
  }
  /// Writes the full chunks buffered so far (called with no lock held: with
  /// `pace` it waits for the disk).
  void drain() {
    for (auto& chunk : full_) write_chunk(chunk);
    full_.clear();
  }
  void u8(std::uint8_t v) { bytes(&v, 1); }
  void u32(std::uint32_t v) { bytes(&v, 4); }
  void u64(std::uint64_t v) { bytes(&v, 8); }
  void str(std::string_view s) {
    u32(static_cast<std::uint32_t>(s.size()));
    bytes(s.data(), s.size());
  }
  /// Writes what is buffered and closes the file; false if any write failed.
  bool finish() {
    drain();
    write_chunk(buf_);
    const bool ok = fd_ >= 0 && !failed_ && ::close(fd_) == 0;
    fd_ = -1;
    return ok;
  }

 private:
  void write_chunk(std::vector<char>& buf) {
    if (buf.empty() || fd_ < 0 || failed_) {
      buf.clear();
      return;
    }
    std::size_t off = 0;
    while (off < buf.size()) {
      const ssize_t w = ::write(fd_, buf.data() + off, buf.size() - off);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) {
        failed_ = true;
        break;
      }
      off += static_cast<std::size_t>(w);
    }
    if (pace_ && !failed_) {
      const auto at = static_cast<off64_t>(written_);
      ::sync_file_range(fd_, at, static_cast<off64_t>(buf.size()),
                        SYNC_FILE_RANGE_WRITE);
      if (written_ >= kChunk)
        ::sync_file_range(fd_, at - static_cast<off64_t>(kChunk),
                          static_cast<off64_t>(kChunk),
                          SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE |
                              SYNC_FILE_RANGE_WAIT_AFTER);
    }
    written_ += buf.size();
    buf.clear();
  }

  int fd_ = -1;
  bool pace_;
  bool failed_ = false;
  std::size_t written_ = 0;
  std::vector<char> buf_;                // the chunk being filled
  std::vector<std::vector<char>> full_;  // full chunks not yet written
};

/// Bounds-checked reader over a byte buffer; `ok()` turns false on overrun.
class Reader {
 public:
  explicit Reader(std::string_view data) : d_(data) {}
  bool bytes(void* p, std::size_t n) {
    if (!ok_ || d_.size() - pos_ < n) return ok_ = false;
    std::memcpy(p, d_.data() + pos_, n);
    pos_ += n;
    return true;
  }
  std::uint8_t u8() {
    std::uint8_t v = 0;
    bytes(&v, 1);
    return v;
  }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    bytes(&v, 4);
    return v;
  }
  std::uint64_t u64() {
    std::uint64_t v = 0;
    bytes(&v, 8);
    return v;
  }
  std::string str() {
    const std::uint32_t n = u32();
    if (!ok_ || d_.size() - pos_ < n) {
      ok_ = false;
      return {};
    }
    std::string s(d_.substr(pos_, n));
    pos_ += n;
    return s;
  }
  std::size_t remaining() const { return d_.size() - pos_; }
  bool ok() const { return ok_; }

 private:
  std::string_view d_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

struct FileEntry {
  std::string name;
  std::uint64_t size = 0;
  std::uint64_t hash = 0;
};

struct FullMeta {
  VectorIndex::Meta meta;
  std::vector<FileEntry> files;
};

Expected<FullMeta> read_full_meta(const std::string& dir) {
  const fs::path path = fs::path(dir) / "meta.json";
  std::error_code ec;
  if (!fs::exists(path, ec))
    return make_error(Errc::not_found, "no vector index at " + dir);
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof())
    return make_error(Errc::io_error, "cannot read " + path.string());
  simdjson::dom::parser parser;
  auto obj = json::parse_object(parser, text);
  if (!obj)
    return make_error(Errc::corruption,
                      path.string() + ": " + obj.error().message);
  json::ObjReader r(*obj);
  FullMeta m;
  const auto format = r.integer("format");
  m.meta.embedder_id = r.str("embedder");
  m.meta.dim = static_cast<std::size_t>(r.integer("dim"));
  m.meta.seq = r.opt_uint("seq").value_or(0);
  const auto fp = parse_hex16(r.str("seq_fingerprint"));
  m.meta.vectors = static_cast<std::size_t>(r.integer("vectors"));
  if (auto files = r.opt_array("files")) {
    for (auto el : *files) {
      simdjson::dom::object fo;
      if (el.get_object().get(fo)) {
        r.fail("files", "expected objects");
        break;
      }
      json::ObjReader fr(fo, "files");
      FileEntry f;
      f.name = fr.str("name");
      f.size = fr.opt_uint("size").value_or(0);
      const auto h = parse_hex16(fr.str("hash"));
      if (!fr.ok() || !h || f.name.find('/') != std::string::npos) {
        r.fail("files", "malformed file entry");
        break;
      }
      f.hash = *h;
      m.files.push_back(std::move(f));
    }
  } else {
    r.fail("files", "missing");
  }
  if (!r.ok())
    return make_error(Errc::corruption,
                      path.string() + ": " + r.error().message);
  if (format != kFormat)
    return make_error(Errc::unsupported, path.string() + ": index format " +
                                             std::to_string(format) +
                                             ", this build reads " +
                                             std::to_string(kFormat));
  if (!fp)
    return make_error(Errc::corruption,
                      path.string() + ": bad seq_fingerprint");
  m.meta.seq_fingerprint = *fp;
  return m;
}

}  // namespace

// ---- Impl -------------------------------------------------------------------

struct VectorIndex::Impl {
  Options o;
  mutable CosineSpace space;  // hnswlib wants a non-const pointer
  hnswlib::DISTFUNC<float> distance;
  void* distance_param;
  DotHalf dot_half;
  mutable RwLock map_mu;
  std::unordered_map<std::string, std::unique_ptr<Partition>> parts;

  explicit Impl(Options opt)
      : o(opt),
        space(opt.dim),
        distance(space.get_dist_func()),
        distance_param(space.get_dist_func_param()),
        dot_half(pick_dot_half()) {}

  float similarity(const float* a, const void* b) const {
    return 1.0f - distance(a, b, distance_param);
  }
  /// Against a brute-force row (halves).
  float similarity_half(const float* a, const std::uint16_t* row) const {
    return dot_half(a, row, o.dim);
  }

  Partition* find(const std::string& user) const {
    std::shared_lock lk(map_mu);
    auto it = parts.find(user);
    return it == parts.end() ? nullptr : it->second.get();
  }

  Partition& get_or_create(const std::string& user) {
    if (Partition* p = find(user)) return *p;
    std::unique_lock lk(map_mu);
    auto& slot = parts[user];
    if (!slot) slot = std::make_unique<Partition>();
    return *slot;
  }

  std::unique_ptr<Graph> new_graph(std::size_t capacity) const {
    auto g = std::make_unique<Graph>(&space, capacity, o.hnsw_m,
                                     o.ef_construction, kRandomSeed);
    g->setEf(o.ef_search);
    return g;
  }

  /// Inserts `labels` into `g` (the vector of label l is `row(l)`), with up
  /// to build_threads threads (hnswlib supports concurrent addPoint).
  template <class RowFn>
  Status parallel_insert(Graph& g, const std::vector<std::uint32_t>& labels,
                         RowFn row) const {
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::string failure;
    std::mutex failure_mu;
    auto work = [&] {
      for (std::size_t i = next++; i < labels.size() && !failed; i = next++) {
        try {
          g.addPoint(row(labels[i]), labels[i]);
        } catch (const std::exception& e) {
          std::lock_guard lk(failure_mu);
          failure = e.what();
          failed = true;
        }
      }
    };
    const std::size_t threads = std::max<std::size_t>(
        1, std::min(o.build_threads, labels.size() / 256 + 1));
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (failed) return make_error(Errc::internal, "hnswlib: " + failure);
    return {};
  }

  /// Builds the graph of a flat shard. Caller holds p.write_mu only;
  /// searches keep using the flat array until the swap.
  Status migrate(Partition& p, MemoryKind kind, const std::string& user) const {
    const auto t0 = std::chrono::steady_clock::now();
    Shard& sh = p.shard(kind);
    std::unique_ptr<Graph> g;
    std::vector<std::uint32_t> labels;
    {
      std::shared_lock lk(p.mu);
      for (std::uint32_t i = 0; i < sh.slots.size(); ++i)
        if (!sh.slots[i].removed) labels.push_back(i);
      try {
        g = new_graph(std::max<std::size_t>(2 * sh.slots.size(), 1024));
      } catch (const std::exception& e) {
        return make_error(Errc::internal, std::string("hnswlib: ") + e.what());
      }
      // The rounded values as floats: the graph scores what the scan did.
      std::vector<float> rows(sh.flat.size());
      for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = half_to_float(sh.flat[i]);
      const float* base = rows.data();
      const std::size_t dim = o.dim;
      if (auto st = parallel_insert(
              *g, labels, [&](std::uint32_t l) { return base + l * dim; });
          !st)
        return st;
    }
    std::vector<hnswlib::tableint> internal(sh.slots.size(), kNoNode);
    for (std::uint32_t l : labels) internal[l] = g->label_lookup_.at(l);
    {
      std::unique_lock lk(p.mu);
      sh.graph = std::move(g);
      sh.internal = std::move(internal);
      std::vector<std::uint16_t>().swap(sh.flat);
    }
    log::get("index")->info(
        "{} shard of user {} migrated to HNSW: {} vectors in {} ms",
        to_string(kind), user, labels.size(),
        std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - t0)
            .count());
    return {};
  }

  /// Drops removed rows of a flat shard. Caller holds write_mu and mu.
  void compact_flat(Partition& p, MemoryKind kind) const {
    Shard& sh = p.shard(kind);
    std::vector<Slot> slots;
    std::vector<std::uint16_t> flat;
    slots.reserve(sh.live);
    flat.reserve(sh.live * o.dim);
    for (std::size_t i = 0; i < sh.slots.size(); ++i) {
      if (sh.slots[i].removed) continue;
      p.by_id[sh.slots[i].id] =
          Loc{kind, static_cast<std::uint32_t>(slots.size())};
      slots.push_back(std::move(sh.slots[i]));
      flat.insert(
          flat.end(), sh.flat.begin() + static_cast<std::ptrdiff_t>(i * o.dim),
          sh.flat.begin() + static_cast<std::ptrdiff_t>((i + 1) * o.dim));
    }
    sh.slots = std::move(slots);
    sh.flat = std::move(flat);
    sh.tombstones = 0;
    sh.postings.clear();
    for (std::uint32_t l = 0; l < sh.slots.size(); ++l) sh.post(l);
  }

  Status grow_if_full(Shard& sh, std::size_t extra) const {
    Graph& g = *sh.graph;
    if (g.cur_element_count + extra <= g.max_elements_) return {};
    try {
      g.resizeIndex(std::max(2 * g.max_elements_, g.cur_element_count + extra));
    } catch (const std::exception& e) {
      return make_error(Errc::internal, std::string("hnswlib: ") + e.what());
    }
    return {};
  }

  /// Exact search of a shard. Caller holds p.mu (shared).
  void scan(const Shard& sh, MemoryKind kind, const float* q,
            const VectorQuery& vq, TopK& top) const {
    // The id filter (a string compare) only for hits that would be kept.
    auto offer = [&](std::uint32_t l, float sim) {
      const Scored h{sim, kind, l};
      if (sim < vq.min_similarity || !top.admits(h)) return;
      if (!vq.exclude_id.empty() && sh.slots[l].id == vq.exclude_id) return;
      top.offer(h);
    };
    if (!sh.graph) {
      for (std::uint32_t l = 0; l < sh.slots.size(); ++l) {
        if (!passes_flags(sh.slots[l], vq)) continue;
        offer(l, similarity_half(q, sh.flat.data() + static_cast<std::size_t>(l) * o.dim));
      }
      return;
    }
    const Graph& g = *sh.graph;
    for (hnswlib::tableint i = 0; i < g.cur_element_count; ++i) {
      if (g.isMarkedDeleted(i)) continue;
      const auto l = static_cast<std::uint32_t>(g.getExternalLabel(i));
      if (!passes_flags(sh.slots[l], vq)) continue;
      offer(l, similarity(q, g.getDataByInternalId(i)));
    }
  }

  /// Graph search of a shard, over-fetching for the filters. Caller holds
  /// p.mu (shared).
  void graph_search(const Shard& sh, MemoryKind kind, const float* q,
                    const VectorQuery& vq, TopK& top) const {
    // Widening stops here; a larger shard returns what it found rather
    // than scanning everything (the superseded filter rarely needs it).
    constexpr std::size_t kMaxFetch = 4096;
    std::size_t fetch = vq.k + (vq.exclude_id.empty() ? 0 : 1);
    for (;;) {
      fetch = std::min(fetch, sh.live);
      auto heap = sh.graph->searchKnn(q, fetch);
      std::vector<std::pair<float, std::uint32_t>> found;  // nearest first
      found.reserve(heap.size());
      while (!heap.empty()) {
        found.emplace_back(1.0f - heap.top().first,
                           static_cast<std::uint32_t>(heap.top().second));
        heap.pop();
      }
      std::reverse(found.begin(), found.end());
      std::vector<Scored> best;
      bool below_floor = false;
      for (const auto& [sim, label] : found) {
        if (sim < vq.min_similarity) {
          below_floor = true;
          break;
        }
        // Past k, only hits tied with the k-th (TopK breaks the tie by label).
        if (best.size() >= vq.k && sim < best.back().sim) break;
        if (passes(sh.slots[label], vq)) best.push_back({sim, kind, label});
      }
      // The last hit fetched ties the k-th: more tied hits may lie past the
      // window, and the lowest labels among them must win (TopK's order).
      const bool tie_at_edge = best.size() >= vq.k && !below_floor && found.size() == fetch &&
                               !found.empty() && found.back().first == best[vq.k - 1].sim &&
                               fetch < kMaxFetch;
      const bool enough =
          (best.size() >= vq.k && !tie_at_edge) || below_floor || fetch >= sh.live;
      // The graph found fewer than asked (deletions can strand nodes), or the
      // filters need more than a graph search should fetch: be exact when the
      // shard is small enough, else settle for what was found.
      const bool small =
          sh.live <= 4 * std::max<std::size_t>(o.hnsw_threshold, kMaxFetch);
      if (!enough && (found.size() < fetch || fetch * 4 >= sh.live) && small) {
        scan(sh, kind, q, vq, top);
        return;
      }
      if (enough || found.size() < fetch || fetch >= kMaxFetch) {
        add_term_candidates(sh, kind, q, vq, best);
        for (const auto& h : best) top.offer(h);
        return;
      }
      fetch *= 4;
    }
  }

  /// Scores exactly the memories that share a rare term with the query and
  /// adds those not already in `best`. Caller holds p.mu (shared).
  void add_term_candidates(const Shard& sh, MemoryKind kind, const float* q,
                           const VectorQuery& vq,
                           std::vector<Scored>& best) const {
    if (vq.terms.empty() || o.term_postings == 0) return;
    constexpr std::size_t kMaxCandidates = 512;
    // The rarest terms first: they say the most and cost the least.
    std::vector<const std::vector<std::uint32_t>*> lists;
    for (std::uint32_t t : vq.terms) {
      auto it = sh.postings.find(t);
      if (it != sh.postings.end() && it->second.size() <= o.term_postings)
        lists.push_back(&it->second);
    }
    if (lists.empty()) return;
    std::sort(lists.begin(), lists.end(), [](const auto* a, const auto* b) {
      return a->size() < b->size();
    });
    std::unordered_set<std::uint32_t> seen;
    for (const auto& h : best) seen.insert(h.label);
    std::vector<hnswlib::tableint> nodes;
    std::vector<std::uint32_t> labels;
    for (const auto* list : lists) {
      for (std::uint32_t label : *list) {
        if (labels.size() >= kMaxCandidates) break;
        if (!seen.insert(label).second || !passes(sh.slots[label], vq))
          continue;
        if (label >= sh.internal.size() || sh.internal[label] == kNoNode)
          continue;
        labels.push_back(label);
        nodes.push_back(sh.internal[label]);
      }
    }
    const Graph& g = *sh.graph;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      if (i + 4 < nodes.size())
        __builtin_prefetch(g.getDataByInternalId(nodes[i + 4]));
      const float sim = similarity(q, g.getDataByInternalId(nodes[i]));
      if (sim >= vq.min_similarity) best.push_back({sim, kind, labels[i]});
    }
  }
};

// ---- public
// -------------------------------------------------------------------

VectorIndex::VectorIndex(Options options)
    : impl_(std::make_unique<Impl>(options)) {}
VectorIndex::~VectorIndex() = default;

const VectorIndex::Options& VectorIndex::options() const {
  return impl_->o;
}

Status VectorIndex::upsert(const std::string& user, const std::string& id,
                           MemoryKind kind, std::span<const float> vector,
                           bool superseded, std::vector<std::uint32_t> terms) {
  Item item{id, kind, superseded, std::move(terms)};
  return upsert_batch(user, std::span<const Item>(&item, 1), vector);
}

Status VectorIndex::upsert_batch(const std::string& user,
                                 std::span<const Item> items,
                                 std::span<const float> vectors) {
  auto& im = *impl_;
  const std::size_t dim = im.o.dim;
  if (vectors.size() != items.size() * dim)
    return make_error(Errc::invalid_argument,
                      "vector index: expected " + std::to_string(items.size()) +
                          " vectors of " + std::to_string(dim) +
                          " floats, got " + std::to_string(vectors.size()) +
                          " floats");
  for (const auto& it : items)
    if (static_cast<std::size_t>(it.kind) >= kKinds)
      return make_error(Errc::invalid_argument,
                        "vector index: unknown memory kind");
  if (items.empty()) return {};
  std::vector<float> unit(vectors.begin(), vectors.end());
  for (std::size_t i = 0; i < items.size(); ++i)
    l2_normalise({unit.data() + i * dim, dim});
  // Stored at half precision (see the top of this file).
  std::vector<std::uint16_t> halves(unit.size());
  for (std::size_t i = 0; i < unit.size(); ++i) {
    halves[i] = float_to_half(unit[i]);
    unit[i] = half_to_float(halves[i]);
  }
  auto row = [&](std::size_t i) { return unit.data() + i * dim; };
  auto half_row = [&](std::size_t i) { return halves.data() + i * dim; };

  Partition& p = im.get_or_create(user);
  std::lock_guard writer(p.write_mu);

  // The last occurrence of an id in the batch wins.
  std::vector<std::size_t> order;
  {
    std::unordered_map<std::string_view, std::size_t> last;
    for (std::size_t i = 0; i < items.size(); ++i) last[items[i].id] = i;
    for (std::size_t i = 0; i < items.size(); ++i)
      if (last[items[i].id] == i) order.push_back(i);
  }
  // Replacements in place (same kind): new vector and flag.
  std::array<std::vector<std::size_t>, kKinds> fresh;
  for (std::size_t i : order) {
    auto it = p.by_id.find(items[i].id);
    if (it != p.by_id.end() && it->second.kind != items[i].kind) {
      // The kind changed: retire the old entry, add it to its new shard.
      std::unique_lock lk(p.mu);
      Shard& old = p.shard(it->second.kind);
      Slot& s = old.slots[it->second.label];
      if (s.superseded) --old.superseded;
      s.removed = true;
      --old.live;
      ++old.tombstones;
      if (old.graph) {
        try {
          old.graph->markDelete(it->second.label);
        } catch (const std::exception& e) {
          return make_error(Errc::internal,
                            std::string("hnswlib: ") + e.what());
        }
      }
      p.by_id.erase(it);
      it = p.by_id.end();
    }
    if (it == p.by_id.end()) {
      fresh[static_cast<std::size_t>(items[i].kind)].push_back(i);
      continue;
    }
    std::unique_lock lk(p.mu);
    Shard& sh = p.shard(it->second.kind);
    Slot& s = sh.slots[it->second.label];
    if (s.terms != items[i].terms) {
      s.terms =
          items[i].terms;  // old postings go stale; harmless, checked on use
      sh.post(it->second.label);
    }
    if (s.superseded != items[i].superseded) {
      if (items[i].superseded)
        ++sh.superseded;
      else
        --sh.superseded;
      s.superseded = items[i].superseded;
    }
    if (sh.graph) {
      try {
        sh.graph->addPoint(row(i), it->second.label);
      } catch (const std::exception& e) {
        return make_error(Errc::internal, std::string("hnswlib: ") + e.what());
      }
    } else {
      std::copy(half_row(i), half_row(i) + dim,
                sh.flat.begin() +
                    static_cast<std::ptrdiff_t>(it->second.label * dim));
    }
  }

  for (std::size_t k = 0; k < kKinds; ++k) {
    if (fresh[k].empty()) continue;
    const auto kind = static_cast<MemoryKind>(k);
    Shard& sh = p.shards[k];
    auto add_slots = [&] {
      for (std::size_t i : fresh[k]) {
        const auto label = static_cast<std::uint32_t>(sh.slots.size());
        sh.slots.push_back(
            {items[i].id, items[i].superseded, false, items[i].terms});
        sh.post(label);
        p.by_id[items[i].id] = Loc{kind, label};
        ++sh.live;
        if (items[i].superseded) ++sh.superseded;
      }
    };
    if (!sh.graph) {
      {
        std::unique_lock lk(p.mu);
        // Grow geometrically: reserving the exact new size would copy the
        // whole shard on every single insert.
        const std::size_t need = sh.flat.size() + fresh[k].size() * dim;
        if (need > sh.flat.capacity()) sh.flat.reserve(std::max(need, 2 * sh.flat.capacity()));
        for (std::size_t i : fresh[k])
          sh.flat.insert(sh.flat.end(), half_row(i), half_row(i) + dim);
        add_slots();
      }
      if (sh.live > im.o.hnsw_threshold)
        if (auto st = im.migrate(p, kind, user); !st) return st;
      continue;
    }
    // A graph shard: searches of this user wait while the points go in.
    std::unique_lock lk(p.mu);
    if (auto st = im.grow_if_full(sh, fresh[k].size()); !st) return st;
    const auto first = static_cast<std::uint32_t>(sh.slots.size());
    std::vector<std::uint32_t> labels;
    for (std::size_t j = 0; j < fresh[k].size(); ++j)
      labels.push_back(first + static_cast<std::uint32_t>(j));
    if (auto st = im.parallel_insert(
            *sh.graph, labels,
            [&](std::uint32_t l) { return row(fresh[k][l - first]); });
        !st)
      return st;
    sh.internal.resize(first + labels.size(), kNoNode);
    for (std::uint32_t l : labels)
      sh.internal[l] = sh.graph->label_lookup_.at(l);
    add_slots();
  }
  return {};
}

bool VectorIndex::remove(const std::string& user, const std::string& id) {
  Partition* p = impl_->find(user);
  if (!p) return false;
  std::lock_guard writer(p->write_mu);
  auto it = p->by_id.find(id);
  if (it == p->by_id.end()) return false;
  std::unique_lock lk(p->mu);
  const Loc loc = it->second;
  Shard& sh = p->shard(loc.kind);
  Slot& s = sh.slots[loc.label];
  if (s.superseded) --sh.superseded;
  s.removed = true;
  --sh.live;
  ++sh.tombstones;
  p->by_id.erase(it);
  if (sh.graph) {
    try {
      sh.graph->markDelete(loc.label);
    } catch (const std::exception& e) {
      log::get("index")->error("markDelete {} of user {}: {}", id, user,
                               e.what());
    }
  } else if (sh.tombstones > 64 && sh.tombstones > sh.live) {
    impl_->compact_flat(*p, loc.kind);
  }
  return true;
}

bool VectorIndex::set_superseded(const std::string& user, const std::string& id,
                                 bool superseded) {
  Partition* p = impl_->find(user);
  if (!p) return false;
  std::lock_guard writer(p->write_mu);
  auto it = p->by_id.find(id);
  if (it == p->by_id.end()) return false;
  std::unique_lock lk(p->mu);
  Shard& sh = p->shard(it->second.kind);
  Slot& s = sh.slots[it->second.label];
  if (s.superseded != superseded) {
    if (superseded)
      ++sh.superseded;
    else
      --sh.superseded;
    s.superseded = superseded;
  }
  return true;
}

std::optional<VectorIndex::EntryInfo> VectorIndex::find(
    const std::string& user, const std::string& id) const {
  Partition* p = impl_->find(user);
  if (!p) return std::nullopt;
  std::shared_lock lk(p->mu);
  auto it = p->by_id.find(id);
  if (it == p->by_id.end()) return std::nullopt;
  return EntryInfo{
      it->second.kind,
      p->shard(it->second.kind).slots[it->second.label].superseded};
}

Expected<std::vector<VectorHit>> VectorIndex::search(
    const std::string& user, std::span<const float> query,
    const VectorQuery& q) const {
  const std::size_t dim = impl_->o.dim;
  if (query.size() != dim)
    return make_error(Errc::invalid_argument, "vector index: query has " +
                                                  std::to_string(query.size()) +
                                                  " dimensions, the index " +
                                                  std::to_string(dim));
  std::vector<VectorHit> hits;
  if (q.k == 0) return hits;
  const Partition* p = impl_->find(user);
  if (!p) return hits;
  std::vector<float> unit(query.begin(), query.end());
  l2_normalise(unit);
  TopK top(q.k);
  std::shared_lock lk(p->mu);
  for (std::size_t k = 0; k < kKinds; ++k) {
    const auto kind = static_cast<MemoryKind>(k);
    const Shard& sh = p->shards[k];
    if ((q.kinds & kind_bit(kind)) == 0 || sh.live == 0) continue;
    if (!sh.graph || q.exact) {
      impl_->scan(sh, kind, unit.data(), q, top);
    } else {
      impl_->graph_search(sh, kind, unit.data(), q, top);
    }
  }
  std::unordered_set<std::uint64_t> seen;  // kind << 32 | label
  auto loc_key = [](MemoryKind kind, std::uint32_t label) {
    return static_cast<std::uint64_t>(kind) << 32 | label;
  };
  for (const auto& h : top.take()) {
    const Slot& s = p->shard(h.kind).slots[h.label];
    hits.push_back({s.id, h.kind, h.sim, s.superseded, false});
    seen.insert(loc_key(h.kind, h.label));
  }
  if (q.keys.empty() || q.key_limit == 0) return hits;
  for (std::size_t k = 0; k < kKinds; ++k) {
    const auto kind = static_cast<MemoryKind>(k);
    const Shard& sh = p->shards[k];
    if ((q.kinds & kind_bit(kind)) == 0 || sh.live == 0) continue;
    for (std::uint32_t key : q.keys) {
      auto it = sh.postings.find(key);
      if (it == sh.postings.end()) continue;
      std::size_t taken = 0;
      // Most recently indexed first: postings are appended in label order.
      for (auto r = it->second.rbegin(); r != it->second.rend() && taken < q.key_limit; ++r) {
        const std::uint32_t label = *r;
        const Slot& s = sh.slots[label];
        if (!passes(s, q) || std::find(s.terms.begin(), s.terms.end(), key) == s.terms.end())
          continue;  // removed, filtered, or a stale posting
        float sim = 0;
        if (!sh.graph) {
          sim = impl_->similarity_half(unit.data(),
                                       sh.flat.data() + static_cast<std::size_t>(label) * dim);
        } else if (label < sh.internal.size() && sh.internal[label] != kNoNode) {
          sim = impl_->similarity(unit.data(),
                                  sh.graph->getDataByInternalId(sh.internal[label]));
        } else {
          continue;
        }
        if (!seen.insert(loc_key(kind, label)).second) continue;
        ++taken;
        hits.push_back({s.id, kind, sim, s.superseded, true});
      }
    }
  }
  return hits;
}

void VectorIndex::set_ef_search(std::size_t ef) {
  std::shared_lock lk(impl_->map_mu);
  impl_->o.ef_search = ef;
  for (auto& [user, p] : impl_->parts) {
    std::unique_lock plk(p->mu);
    for (auto& sh : p->shards)
      if (sh.graph) sh.graph->setEf(ef);
  }
}

VectorIndex::PartitionInfo VectorIndex::partition(
    const std::string& user) const {
  const Partition* p = impl_->find(user);
  if (!p) return {};
  std::shared_lock lk(p->mu);
  PartitionInfo info{p->by_id.size(), false};
  for (const auto& sh : p->shards) info.hnsw = info.hnsw || sh.graph != nullptr;
  return info;
}

VectorIndex::Stats VectorIndex::stats() const {
  Stats s;
  std::shared_lock lk(impl_->map_mu);
  for (const auto& [user, p] : impl_->parts) {
    std::shared_lock plk(p->mu);
    ++s.partitions;
    bool graph = false;
    for (const auto& sh : p->shards) {
      s.vectors += sh.live;
      s.superseded += sh.superseded;
      s.tombstones += sh.tombstones;
      if (sh.graph) {
        ++s.graphs;
        graph = true;
      }
    }
    if (graph) ++s.hnsw_partitions;
  }
  return s;
}

// ---- persistence
// ----------------------------------------------------------------

Status VectorIndex::save(const std::string& dir, const Meta& meta,
                         bool fsync) const {
  const auto& im = *impl_;
  const fs::path target(dir);
  const fs::path tmp = target.string() + ".tmp";
  const fs::path old = target.string() + ".old";
  std::error_code ec;
  fs::remove_all(tmp, ec);
  fs::create_directories(tmp, ec);
  if (ec)
    return make_error(Errc::io_error,
                      "cannot create " + tmp.string() + ": " + ec.message());

  std::vector<std::pair<std::string, const Partition*>> parts;
  {
    std::shared_lock lk(im.map_mu);
    for (const auto& [user, p] : im.parts) parts.emplace_back(user, p.get());
  }
  std::sort(parts.begin(), parts.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });

  std::vector<std::string> files = {"partitions.bin"};
  std::size_t vectors = 0;
  {
    Writer w(tmp / "partitions.bin", fsync);
    w.bytes(kMagic, sizeof kMagic);
    w.u32(static_cast<std::uint32_t>(im.o.dim));
    w.u64(parts.size());
    for (const auto& [user, p] : parts) {
      const std::size_t graphs_before = files.size();
      {
        std::shared_lock lk(p->mu);
        w.str(user);
        for (const Shard& sh : p->shards) {
          vectors += sh.live;
          w.u8(sh.graph ? 1 : 0);
          auto write_slot = [&](const Slot& s) {
            w.str(s.id);
            w.u8(static_cast<std::uint8_t>((s.superseded ? 1 : 0) |
                                           (s.removed ? 2 : 0)));
            const std::size_t n = std::min<std::size_t>(s.terms.size(), 255);
            w.u8(static_cast<std::uint8_t>(n));
            for (std::size_t t = 0; t < n; ++t) w.u32(s.terms[t]);
          };
          if (!sh.graph) {
            w.u64(sh.live);
            for (const auto& s : sh.slots)
              if (!s.removed) write_slot(s);
            std::vector<float> row(im.o.dim);
            for (std::size_t l = 0; l < sh.slots.size(); ++l) {
              if (sh.slots[l].removed) continue;
              for (std::size_t j = 0; j < row.size(); ++j)
                row[j] = half_to_float(sh.flat[l * im.o.dim + j]);
              w.bytes(row.data(), row.size() * sizeof(float));
            }
          } else {
            w.u64(sh.slots.size());
            for (const auto& s : sh.slots) write_slot(s);
            const std::string name =
                "hnsw-" + std::to_string(files.size()) + ".bin";
            w.str(name);
            try {
              sh.graph->saveIndex((tmp / name).string());
            } catch (const std::exception& e) {
              return make_error(Errc::io_error, "saving a graph of user " +
                                                    user + ": " + e.what());
            }
            files.push_back(name);
          }
        }
      }
      // The partition's lock is released before any disk wait, so a save
      // never holds back a writer of that user.
      w.drain();
      // hnswlib writes a whole graph at once: sync it now, so its writeback
      // is one graph's worth, not every graph's at the end.
      for (std::size_t f = graphs_before; fsync && f < files.size(); ++f)
        if (!fsync_path(tmp / files[f]))
          return make_error(Errc::io_error,
                            "cannot sync " + (tmp / files[f]).string());
    }
    if (!w.finish())
      return make_error(Errc::io_error,
                        "cannot write " + (tmp / "partitions.bin").string());
  }

  JsonWriter j;
  j.begin_object()
      .kv("format", kFormat)
      .kv("embedder", meta.embedder_id)
      .kv("dim", static_cast<std::uint64_t>(im.o.dim))
      .kv("seq", meta.seq)
      .kv("seq_fingerprint", hex16(meta.seq_fingerprint))
      .kv("vectors", static_cast<std::uint64_t>(vectors))
      .kv("partitions", static_cast<std::uint64_t>(parts.size()))
      .key("files")
      .begin_array();
  for (const auto& name : files) {
    auto h = hash_file(tmp / name);
    if (!h)
      return make_error(Errc::io_error,
                        "cannot read back " + (tmp / name).string());
    // Graph files were synced as each was written.
    if (fsync && name == files.front() && !fsync_path(tmp / name))
      return make_error(Errc::io_error, "cannot sync " + (tmp / name).string());
    j.begin_object()
        .kv("name", name)
        .kv("size", h->first)
        .kv("hash", hex16(h->second))
        .end_object();
  }
  j.end_array().end_object();
  {
    std::ofstream out(tmp / "meta.json", std::ios::binary | std::ios::trunc);
    out << j.view() << '\n';
    out.flush();
    if (!out)
      return make_error(Errc::io_error,
                        "cannot write " + (tmp / "meta.json").string());
  }
  if (fsync && (!fsync_path(tmp / "meta.json") || !fsync_path(tmp)))
    return make_error(Errc::io_error, "cannot sync " + tmp.string());

  // Swap: dir -> dir.old, tmp -> dir, drop dir.old. A crash in between
  // leaves no `dir`, which the owner treats as "rebuild".
  fs::remove_all(old, ec);
  if (fs::exists(target, ec)) {
    fs::rename(target, old, ec);
    if (ec)
      return make_error(Errc::io_error,
                        "cannot move " + target.string() + ": " + ec.message());
  }
  fs::rename(tmp, target, ec);
  if (ec)
    return make_error(Errc::io_error,
                      "cannot move " + tmp.string() + ": " + ec.message());
  remove_paced(old);
  if (fsync)
    fsync_path(target.parent_path().empty() ? fs::path(".")
                                            : target.parent_path());
  return {};
}

Expected<VectorIndex::Meta> VectorIndex::read_meta(const std::string& dir) {
  auto m = read_full_meta(dir);
  if (!m) return m.error();
  return m->meta;
}

Expected<std::unique_ptr<VectorIndex>> VectorIndex::load(const std::string& dir,
                                                         Options options) {
  auto fm = read_full_meta(dir);
  if (!fm) return fm.error();
  if (fm->meta.dim != options.dim)
    return make_error(Errc::unsupported,
                      "vector index at " + dir + " has dimension " +
                          std::to_string(fm->meta.dim) + ", expected " +
                          std::to_string(options.dim));
  const fs::path base(dir);
  std::map<std::string, FileEntry> files;
  for (const auto& f : fm->files) {
    auto h = hash_file(base / f.name);
    if (!h)
      return make_error(Errc::corruption,
                        "vector index file " + f.name + " is missing");
    if (h->first != f.size || h->second != f.hash)
      return make_error(Errc::corruption,
                        "vector index file " + f.name +
                            " does not match its recorded size and hash");
    files.emplace(f.name, f);
  }
  if (!files.count("partitions.bin"))
    return make_error(Errc::corruption,
                      "vector index at " + dir + " lists no partitions.bin");

  std::string data;
  {
    std::ifstream in(base / "partitions.bin", std::ios::binary);
    data.resize(files["partitions.bin"].size);
    in.read(data.data(), static_cast<std::streamsize>(data.size()));
    if (static_cast<std::size_t>(in.gcount()) != data.size())
      return make_error(
          Errc::corruption,
          "vector index file partitions.bin is shorter than recorded");
  }
  auto corrupt = [&](const std::string& what) {
    return make_error(
        Errc::corruption,
        "vector index " + (base / "partitions.bin").string() + ": " + what);
  };
  auto index = std::make_unique<VectorIndex>(options);
  auto& im = *index->impl_;
  Reader r(data);
  char magic[8];
  if (!r.bytes(magic, 8) || std::memcmp(magic, kMagic, 8) != 0)
    return corrupt("bad magic");
  if (r.u32() != options.dim)
    return corrupt("dimension differs from meta.json");
  const std::uint64_t count = r.u64();
  const std::size_t dim = options.dim;
  for (std::uint64_t n = 0; n < count && r.ok(); ++n) {
    auto p = std::make_unique<Partition>();
    const std::string user = r.str();
    for (std::size_t k = 0; k < kKinds; ++k) {
      const auto kind = static_cast<MemoryKind>(k);
      Shard& sh = p->shards[k];
      const std::uint8_t mode = r.u8();
      const std::uint64_t slots = r.u64();
      if (!r.ok() || mode > 1 || slots > r.remaining() / 6)
        return corrupt("truncated partition");
      sh.slots.reserve(slots);
      for (std::uint64_t i = 0; i < slots && r.ok(); ++i) {
        Slot s;
        s.id = r.str();
        const std::uint8_t flags = r.u8();
        if (flags > 3)
          return corrupt("bad entry in the partition of user " + user);
        s.superseded = flags & 1;
        s.removed = flags & 2;
        const std::uint8_t nterms = r.u8();
        s.terms.resize(nterms);
        for (auto& t : s.terms) t = r.u32();
        if (!s.removed) {
          if (!p->by_id
                   .emplace(s.id, Loc{kind, static_cast<std::uint32_t>(
                                                sh.slots.size())})
                   .second)
            return corrupt("memory " + s.id + " appears twice");
          ++sh.live;
          if (s.superseded) ++sh.superseded;
        } else {
          ++sh.tombstones;
        }
        sh.slots.push_back(std::move(s));
      }
      if (!r.ok()) return corrupt("truncated partition of user " + user);
      for (std::uint32_t l = 0; l < sh.slots.size(); ++l) sh.post(l);
      if (mode == 0) {
        if (sh.tombstones != 0) return corrupt("removed entry in a flat shard");
        if (r.remaining() / sizeof(float) / dim < slots)
          return corrupt("truncated vectors");
        std::vector<float> rows(slots * dim);
        r.bytes(rows.data(), rows.size() * sizeof(float));
        sh.flat.resize(rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) sh.flat[i] = float_to_half(rows[i]);
        continue;
      }
      const std::string name = r.str();
      if (!r.ok() || !files.count(name))
        return corrupt("graph file " + name + " not listed");
      try {
        sh.graph = std::make_unique<Graph>(&im.space, (base / name).string(),
                                           false, 0);
      } catch (const std::exception& e) {
        return make_error(Errc::corruption,
                          "vector index graph " + name + ": " + e.what());
      }
      Graph& g = *sh.graph;
      const std::size_t expect_element = g.size_links_level0_ +
                                         dim * sizeof(float) +
                                         sizeof(hnswlib::labeltype);
      if (g.size_data_per_element_ != expect_element)
        return corrupt("graph " + name + " was built for another dimension");
      std::size_t marked = 0;
      sh.internal.assign(sh.slots.size(), kNoNode);
      for (hnswlib::tableint i = 0; i < g.cur_element_count; ++i) {
        const auto label = g.getExternalLabel(i);
        if (label >= sh.slots.size())
          return corrupt("graph " + name + " has an unknown label");
        sh.internal[label] = i;
        if (g.isMarkedDeleted(i) != sh.slots[label].removed)
          return corrupt("graph " + name +
                         " disagrees with the entries on deletions");
        marked += g.isMarkedDeleted(i) ? 1 : 0;
      }
      if (g.cur_element_count - marked != sh.live)
        return corrupt("graph " + name + " holds " +
                       std::to_string(g.cur_element_count - marked) +
                       " vectors for " + std::to_string(sh.live) + " entries");
      g.setEf(options.ef_search);
    }
    im.parts.emplace(user, std::move(p));
  }
  if (!r.ok()) return corrupt("truncated");
  if (r.remaining() != 0) return corrupt("trailing bytes");
  return index;
}

}  // namespace credence
