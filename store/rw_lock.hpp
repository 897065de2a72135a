#pragma once
/// \file rw_lock.hpp
/// A reader-writer lock that prefers writers.
///
/// std::shared_mutex in libstdc++ is a default glibc rwlock, which prefers
/// readers: a steady stream of overlapping searches can starve a writer for
/// ever. This one makes new readers wait while a writer is waiting, so a
/// writer gets in as soon as the current readers finish. Meets the
/// SharedMutex requirements (use it with std::shared_lock / unique_lock).

#include <pthread.h>

namespace credence {

class RwLock {
 public:
  RwLock() {
    pthread_rwlockattr_t attr;
    pthread_rwlockattr_init(&attr);
    pthread_rwlockattr_setkind_np(&attr,
                                  PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
    pthread_rwlock_init(&lock_, &attr);
    pthread_rwlockattr_destroy(&attr);
  }
  ~RwLock() { pthread_rwlock_destroy(&lock_); }
  RwLock(const RwLock&) = delete;
  RwLock& operator=(const RwLock&) = delete;

  void lock() { pthread_rwlock_wrlock(&lock_); }
  bool try_lock() { return pthread_rwlock_trywrlock(&lock_) == 0; }
  void unlock() { pthread_rwlock_unlock(&lock_); }
  void lock_shared() { pthread_rwlock_rdlock(&lock_); }
  bool try_lock_shared() { return pthread_rwlock_tryrdlock(&lock_) == 0; }
  void unlock_shared() { pthread_rwlock_unlock(&lock_); }

 private:
  pthread_rwlock_t lock_;
};

}  // namespace credence
