// The Google side of `first_verdict` (benches/report/first_verdict.rs): how
// long Google's robots.txt library takes from a fetched file to its first
// verdict, `RobotsMatcher::OneAgentAllowedByRobots` (it parses the file and
// matches one URL in one call), and how long its tokeniser alone takes
// (`ParseRobotsTxt` with a handler that does nothing).
//
// This file is ours; Google's library is not in this repository. The Rust
// side compiles this file together with `robots.cc` from a checkout of
// google/robotstxt that the caller names (see first_verdict.rs), so the
// library is always built from its public source at benchmark time.
//
//   first_verdict_google CASES ROUNDS
//
// CASES is a file of lines `ROBOTS_PATH<TAB>AGENT<TAB>URL`. For each case, and
// each of the two operations, it prints the fastest of ROUNDS timed batches,
// in nanoseconds per call, and the verdict (so both sides can be compared):
//   INDEX<TAB>ONE_CALL_NS<TAB>PARSE_ONLY_NS<TAB>allowed|disallowed
// A batch repeats the call enough times to last about 50 µs, so the clock's
// own cost is a small share of it.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "robots.h"

namespace {

// Counts what it is handed, so the compiler cannot drop the parse; that is
// all the work it adds (one increment per line).
class CountingHandler : public googlebot::RobotsParseHandler {
 public:
  void HandleRobotsStart() override {}
  void HandleRobotsEnd() override {}
  void HandleUserAgent(int, absl::string_view) override { ++lines; }
  void HandleAllow(int, absl::string_view) override { ++lines; }
  void HandleDisallow(int, absl::string_view) override { ++lines; }
  void HandleSitemap(int, absl::string_view) override { ++lines; }
  void HandleUnknownAction(int, absl::string_view,
                           absl::string_view) override {
    ++lines;
  }
  uint64_t lines = 0;
};

struct Case {
  std::string body;
  std::string agent;
  std::string url;
};

using Clock = std::chrono::steady_clock;

// Nanoseconds per call of `f`: the fastest of `rounds` batches, each batch
// long enough (about 50 µs) that reading the clock costs little.
template <typename F>
double FastestPerCall(int rounds, F f) {
  auto start = Clock::now();
  f();
  double once = std::chrono::duration<double, std::nano>(Clock::now() - start)
                    .count();
  int64_t batch = once > 50000.0 ? 1 : static_cast<int64_t>(50000.0 / (once + 1.0)) + 1;
  double best = 1e300;
  for (int r = 0; r < rounds; ++r) {
    start = Clock::now();
    for (int64_t i = 0; i < batch; ++i) f();
    double ns = std::chrono::duration<double, std::nano>(Clock::now() - start)
                    .count() /
                static_cast<double>(batch);
    if (ns < best) best = ns;
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: first_verdict_google CASES ROUNDS\n";
    return 2;
  }
  std::ifstream list(argv[1]);
  const int rounds = std::stoi(argv[2]);
  std::vector<Case> cases;
  std::string line;
  while (std::getline(list, line)) {
    std::istringstream fields(line);
    std::string path, agent, url;
    if (!std::getline(fields, path, '\t') || !std::getline(fields, agent, '\t') ||
        !std::getline(fields, url)) {
      std::cerr << "bad case line: " << line << "\n";
      return 2;
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) {
      std::cerr << "cannot read " << path << "\n";
      return 2;
    }
    std::string body((std::istreambuf_iterator<char>(file)),
                     std::istreambuf_iterator<char>());
    cases.push_back(Case{std::move(body), agent, url});
  }
  volatile uint64_t sink = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    bool allowed = false;
    double one_call = FastestPerCall(rounds, [&] {
      googlebot::RobotsMatcher matcher;
      allowed = matcher.OneAgentAllowedByRobots(c.body, c.agent, c.url);
      sink = sink + allowed;
    });
    double parse_only = FastestPerCall(rounds, [&] {
      CountingHandler handler;
      googlebot::ParseRobotsTxt(c.body, &handler);
      sink = sink + handler.lines;
    });
    std::printf("%zu\t%.1f\t%.1f\t%s\n", i, one_call, parse_only,
                allowed ? "allowed" : "disallowed");
  }
  return sink == 42 ? 1 : 0;
}
