#pragma once
// A temporary directory removed when the object goes out of scope.
#include <filesystem>
#include <random>
#include <string>

namespace credence::test {

class TmpDir {
 public:
  TmpDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() /
            ("credence-test-" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TmpDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TmpDir(const TmpDir&) = delete;
  TmpDir& operator=(const TmpDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string str() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace credence::test
