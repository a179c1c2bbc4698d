//! @file clc_cli.hpp
//! @brief clc::cli: the one strict command-line parser of the project's tools (clc-bench and its
//! subcommands, clc-sim, clc-trace-align). Every value is parsed whole ("8x8x8junk", "abc", "" are
//! errors), numbers are range-checked, and an error is a sentence naming the option and the value.
//! `--help` and `--version` are built in. Nothing here prints or exits: `parse` returns what to do
//! and the text to show; the tool's main prints it and exits 0 (help, version) or 2 (misuse).
#pragma once

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "clc/status.hpp"

namespace clc::cli {

//! The commit this build was made from ("abc1234", "abc1234+dirty"; $CLC_GIT_COMMIT at build time
//! overrides it), regenerated at every build.
char const* build_commit();
//! "clc 0.1.0 (commit <id>)": the project's version and `build_commit()`.
std::string version_string();

//! What `Parser::parse` decided.
enum class Outcome {
  Run,      //!< arguments accepted: run the tool
  Help,     //!< --help: print `text` to stdout, exit 0
  Version,  //!< --version: print `text` to stdout, exit 0
  Misuse,   //!< bad arguments: print `text` to stderr, exit 2
};

struct Result {
  Outcome outcome = Outcome::Run;
  std::string text;
  //! The process exit code for every outcome but Run (0 for help and version, 2 for misuse).
  int exit_code() const { return outcome == Outcome::Misuse ? 2 : 0; }
};

//! Whole-string parses (false on empty, trailing characters, overflow, non-finite).
bool parse_int(std::string const& s, long long lo, long long hi, long long* out);
bool parse_double(std::string const& s, double lo, double hi, double* out);

class Parser {
 public:
  //! `program`: e.g. "clc-bench gemm"; `summary`: one line for --help.
  Parser(std::string program, std::string summary);

  //! --name (no value).
  Parser& flag(std::string const& name, bool* out, std::string const& help);
  //! --name N with lo <= N <= hi.
  Parser& integer(std::string const& name, int lo, int hi, int* out, std::string const& help);
  //! --name N, one of `allowed`.
  Parser& integer_of(std::string const& name, std::vector<int> const& allowed, int* out, std::string const& help);
  //! --name X with lo <= X <= hi (finite).
  Parser& number(std::string const& name, double lo, double hi, double* out, std::string const& help);
  //! --name TEXT (non-empty).
  Parser& text(std::string const& name, std::string const& metavar, std::string* out, std::string const& help);
  //! --name WORD with WORD one of `choices`; `*out` is set to its index.
  Parser& choice(std::string const& name, std::vector<std::string> const& choices, int* out, std::string const& help);
  //! --name VALUE handled by `parse` (repeatable when `repeatable`); its Error's message says what is
  //! wrong with the value (the parser adds the option's name).
  Parser& custom(std::string const& name, std::string const& metavar, std::string const& help,
                 std::function<Error(std::string const&)> parse, bool repeatable = false);
  //! A required positional argument (in the order declared), e.g. an input file.
  Parser& positional(std::string const& metavar, std::string* out, std::string const& help);
  //! Free text appended to --help (examples, notes).
  Parser& epilog(std::string const& text);

  //! Parses argv[first..argc). Accepts "--name value" and "--name=value".
  Result parse(int argc, char const* const* argv, int first = 1) const;
  Result parse(std::vector<std::string> const& args) const;
  std::string help() const;

 private:
  struct Option {
    std::string name, metavar, help;
    bool takes_value = true;
    bool repeatable = false;
    std::function<Error(std::string const&)> apply;
  };
  Option const* find(std::string const& name) const;
  Parser& add(Option o);

  struct Positional {
    std::string metavar, help;
    std::string* out;
  };
  std::string program_, summary_, epilog_;
  std::vector<Option> options_;
  std::vector<Positional> positionals_;
};

}  // namespace clc::cli
