#include "vector_values.hpp"

#include "inputs.hpp"

namespace clconform::suites::vectors {

uint64_t Elements::get(size_t i) const {
  uint64_t v = 0;
  for (unsigned b = 0; b < size_; ++b) v |= uint64_t(bytes_.at(i * size_ + b)) << (8 * b);
  return v;
}

void Elements::set(size_t i, uint64_t bits) {
  for (unsigned b = 0; b < size_; ++b) bytes_.at(i * size_ + b) = uint8_t(bits >> (8 * b));
}

uint64_t tagged_bits(const TypeDesc& elem, uint64_t random, unsigned tag, unsigned tag_bits) {
  const unsigned bits = 8 * elem.elem_size;
  const uint64_t all = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
  if (elem.kind != TypeDesc::Kind::Float) return ((random << tag_bits) | tag) & all;
  const unsigned mant_bits = elem.elem_size == 8 ? 52 : elem.elem_size == 4 ? 23 : 10;
  const uint64_t bias = elem.elem_size == 8 ? 1023 : elem.elem_size == 4 ? 127 : 15;
  const uint64_t mant = ((random << tag_bits) | tag) & ((uint64_t(1) << mant_bits) - 1);
  const uint64_t exponent = bias - 8 + (random >> 40) % 17;
  const uint64_t sign = (random >> 63) & 1;
  return (sign << (bits - 1)) | (exponent << mant_bits) | mant;
}

Elements distinct_elements(const TypeDesc& elem, uint64_t seed, uint64_t stream, uint64_t first, size_t count,
                           size_t period) {
  unsigned tag_bits = 0;
  while ((size_t(1) << tag_bits) < period) ++tag_bits;
  Elements out(elem.elem_size, count);
  for (size_t i = 0; i < count; ++i) {
    const uint64_t at = first + i;
    out.set(i, tagged_bits(elem, counter_bits(seed, stream, at), unsigned(at % period), tag_bits));
  }
  return out;
}

ModeKernel mode_kernel(CaseRun& run) {
  const json::Value& params = run.c.params;
  if (!run.opts.full() || !params.has("full")) return {run.kernel(), &params, run.c.program + "/" + run.c.kernel};
  const json::Value& full = params.at("full");
  const std::string& program = full.at("program").as_string();
  const ProgramDesc* desc = run.suite.program_in_mode(run.c, true);
  if (!desc) throw json::ParseError("case " + run.c.id + " names unknown program " + program);
  const BuiltProgram& built = run.session.programs.get(run.suite, *desc);
  if (!built.ok) throw BuildFailed{&built};
  const std::string& kernel = full.at("kernel").as_string();
  return {cl::Kernel(built.program, kernel.c_str()), &full, program + "/" + kernel};
}

std::map<std::string, std::string> parse_item(const std::string& item) {
  std::map<std::string, std::string> out;
  size_t at = 0;
  while (at < item.size()) {
    size_t end = item.find(' ', at);
    if (end == std::string::npos) end = item.size();
    const std::string word = item.substr(at, end - at);
    const size_t colon = word.find(':');
    if (colon == std::string::npos) throw json::ParseError("malformed item '" + item + "'");
    out[word.substr(0, colon)] = word.substr(colon + 1);
    at = end + 1;
  }
  return out;
}

unsigned item_number(const std::map<std::string, std::string>& item, const std::string& key) {
  auto it = item.find(key);
  if (it == item.end()) throw json::ParseError("item lacks '" + key + "'");
  return unsigned(std::stoul(it->second));
}

std::string vector_name(const TypeDesc& elem, unsigned n) {
  return n == 1 ? elem.elem : elem.elem + std::to_string(n);
}

}  // namespace clconform::suites::vectors
