#include "clc_cli.hpp"

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <set>

namespace clc::cli {

#ifndef CLC_VERSION
#  define CLC_VERSION "unknown"
#endif
std::string version_string() { return std::string("clc ") + CLC_VERSION + " (commit " + build_commit() + ")"; }

bool parse_int(std::string const& s, long long lo, long long hi, long long* out) {
  if (s.empty()) return false;
  errno = 0;
  char* end = nullptr;
  long long const v = std::strtoll(s.c_str(), &end, 10);
  if (errno != 0 || end != s.c_str() + s.size() || v < lo || v > hi) return false;
  *out = v;
  return true;
}

bool parse_double(std::string const& s, double lo, double hi, double* out) {
  if (s.empty()) return false;
  errno = 0;
  char* end = nullptr;
  double const v = std::strtod(s.c_str(), &end);
  if (errno != 0 || end != s.c_str() + s.size() || !std::isfinite(v) || v < lo || v > hi) return false;
  *out = v;
  return true;
}

namespace {
std::string num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}
}  // namespace

Parser::Parser(std::string program, std::string summary) : program_(std::move(program)), summary_(std::move(summary)) {}

Parser& Parser::add(Option o) {
  options_.push_back(std::move(o));
  return *this;
}

Parser& Parser::flag(std::string const& name, bool* out, std::string const& help) {
  Option o{name, "", help, false, false, [out](std::string const&) {
             *out = true;
             return success();
           }};
  return add(std::move(o));
}

Parser& Parser::integer(std::string const& name, int lo, int hi, int* out, std::string const& help) {
  return add({name, "N", help, true, false, [=](std::string const& v) {
                long long x = 0;
                if (!parse_int(v, lo, hi, &x))
                  return invalid_argument("expected a whole number from " + std::to_string(lo) + " to " +
                                          std::to_string(hi));
                *out = int(x);
                return success();
              }});
}

Parser& Parser::integer_of(std::string const& name, std::vector<int> const& allowed, int* out,
                           std::string const& help) {
  return add({name, "N", help, true, false, [=](std::string const& v) {
                long long x = 0;
                std::string list;
                for (int a : allowed) list += (list.empty() ? "" : ", ") + std::to_string(a);
                if (!parse_int(v, INT_MIN, INT_MAX, &x)) return invalid_argument("expected one of " + list);
                for (int a : allowed)
                  if (x == a) {
                    *out = a;
                    return success();
                  }
                return invalid_argument("expected one of " + list);
              }});
}

Parser& Parser::number(std::string const& name, double lo, double hi, double* out, std::string const& help) {
  return add({name, "X", help, true, false, [=](std::string const& v) {
                double x = 0;
                if (!parse_double(v, lo, hi, &x)) return invalid_argument("expected a number from " + num(lo) + " to " + num(hi));
                *out = x;
                return success();
              }});
}

Parser& Parser::text(std::string const& name, std::string const& metavar, std::string* out, std::string const& help) {
  return add({name, metavar, help, true, false, [out](std::string const& v) {
                if (v.empty()) return invalid_argument("expected a non-empty value");
                *out = v;
                return success();
              }});
}

Parser& Parser::choice(std::string const& name, std::vector<std::string> const& choices, int* out,
                       std::string const& help) {
  std::string list;
  for (auto const& c : choices) list += (list.empty() ? "" : "|") + c;
  return add({name, list, help, true, false, [=](std::string const& v) {
                for (std::size_t i = 0; i < choices.size(); ++i)
                  if (v == choices[i]) {
                    *out = int(i);
                    return success();
                  }
                return invalid_argument("expected one of " + list);
              }});
}

Parser& Parser::custom(std::string const& name, std::string const& metavar, std::string const& help,
                       std::function<Error(std::string const&)> parse, bool repeatable) {
  return add({name, metavar, help, true, repeatable, std::move(parse)});
}

Parser& Parser::positional(std::string const& metavar, std::string* out, std::string const& help) {
  positionals_.push_back({metavar, help, out});
  return *this;
}

Parser& Parser::epilog(std::string const& text) {
  epilog_ += text;
  return *this;
}

Parser::Option const* Parser::find(std::string const& name) const {
  for (auto const& o : options_)
    if (o.name == name) return &o;
  return nullptr;
}

std::string Parser::help() const {
  std::string usage = program_ + " [options]";
  for (auto const& p : positionals_) usage += " " + p.metavar;
  std::string h = program_ + ": " + summary_ + "\n\nusage: " + usage + "\n\n";
  for (auto const& p : positionals_) h += "  " + p.metavar + "  " + p.help + "\n";
  if (!positionals_.empty()) h += "\n";
  std::size_t width = 0;
  auto left = [](Option const& o) { return o.name + (o.takes_value ? " " + o.metavar : std::string()); };
  for (auto const& o : options_) width = std::max(width, left(o).size());
  width = std::max(width, std::string("--version").size());
  auto line = [&](std::string const& l, std::string const& text) {
    h += "  " + l + std::string(width - l.size() + 2, ' ') + text + "\n";
  };
  for (auto const& o : options_) line(left(o), o.help + (o.repeatable ? " (repeatable)" : ""));
  line("--help", "print this help and exit");
  line("--version", "print the version and exit");
  if (!epilog_.empty()) h += "\n" + epilog_;
  return h;
}

Result Parser::parse(int argc, char const* const* argv, int first) const {
  std::vector<std::string> args;
  for (int i = first; i < argc; ++i) args.emplace_back(argv[i]);
  return parse(args);
}

Result Parser::parse(std::vector<std::string> const& args) const {
  std::set<std::string> seen;
  std::size_t next_positional = 0;
  auto misuse = [&](std::string const& why) {
    return Result{Outcome::Misuse, program_ + ": " + why + "\n(`" + program_ + " --help` lists the options)\n"};
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string a = args[i];
    if (a == "--help" || a == "-h") return Result{Outcome::Help, help()};
    if (a == "--version") return Result{Outcome::Version, version_string() + "\n"};
    std::string value;
    bool inline_value = false;
    if (a.rfind("--", 0) == 0) {
      std::size_t const eq = a.find('=');
      if (eq != std::string::npos) {
        value = a.substr(eq + 1);
        a = a.substr(0, eq);
        inline_value = true;
      }
    } else {
      if (next_positional >= positionals_.size()) return misuse("unexpected argument '" + a + "'");
      *positionals_[next_positional++].out = a;
      continue;
    }
    Option const* o = find(a);
    if (o == nullptr) return misuse("unknown option '" + a + "'");
    if (!o->repeatable && !seen.insert(a).second) return misuse("option " + a + " given twice");
    if (!o->takes_value) {
      if (inline_value) return misuse("option " + a + " takes no value (got '" + value + "')");
      (void)o->apply("");
      continue;
    }
    if (!inline_value) {
      if (i + 1 >= args.size()) return misuse("option " + a + " needs a value (" + o->metavar + ")");
      value = args[++i];
    }
    Error const e = o->apply(value);
    if (!e.ok()) return misuse(a + " '" + value + "': " + e.message);
  }
  if (next_positional < positionals_.size()) return misuse("missing argument " + positionals_[next_positional].metavar);
  return Result{};
}

}  // namespace clc::cli
