//! @file test_main.cpp
//! @brief GoogleTest main with a watchdog: a test that runs longer than CLC_TEST_TIMEOUT_S seconds
//! (default 300) is reported by name and the process exits non-zero, so a hang is a failure with a
//! message instead of a stuck CI job. Device waits additionally trap after CLC_HANG_TIMEOUT_NS.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

#include <gtest/gtest.h>

namespace {

class Watchdog : public testing::EmptyTestEventListener {
 public:
  explicit Watchdog(int seconds) : seconds_(seconds), thread_([this] { loop(); }) {}
  ~Watchdog() override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      quit_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  void OnTestStart(testing::TestInfo const& info) override {
    std::lock_guard<std::mutex> lock(mu_);
    name_ = std::string(info.test_suite_name()) + "." + info.name();
    deadline_ = std::chrono::steady_clock::now() + std::chrono::seconds(seconds_);
    armed_ = true;
    cv_.notify_all();
  }
  void OnTestEnd(testing::TestInfo const&) override {
    std::lock_guard<std::mutex> lock(mu_);
    armed_ = false;
  }

 private:
  void loop() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!quit_) {
      if (armed_ && std::chrono::steady_clock::now() > deadline_) {
        std::fprintf(stderr, "\n[  WATCHDOG ] %s did not finish within %d s: treating it as a hang (FAILED)\n",
                     name_.c_str(), seconds_);
        std::fflush(stderr);
        std::fflush(stdout);
        std::_Exit(3);
      }
      cv_.wait_for(lock, std::chrono::milliseconds(200));
    }
  }

  int seconds_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool quit_ = false;
  bool armed_ = false;
  std::string name_;
  std::chrono::steady_clock::time_point deadline_;
  std::thread thread_;
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  int seconds = 300;
  if (char const* s = std::getenv("CLC_TEST_TIMEOUT_S")) seconds = std::atoi(s) > 0 ? std::atoi(s) : seconds;
  // Owned by GoogleTest's listener list from here on.
  testing::UnitTest::GetInstance()->listeners().Append(new Watchdog(seconds));
  return RUN_ALL_TESTS();
}
