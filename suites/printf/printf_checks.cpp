// The printf suite's check: runs a kernel of printf calls on one work-item,
// captures what reaches the process's stdout by the time clFinish returns
// (OpenCL C 3.0 spec 6.15.14.1: the output of a kernel's printf calls is
// flushed when its event completes, and clFinish flushes all of it), and
// judges every call's text against C99's rendering of the same values
// (reference/printf_format.hpp) and its return value against 0 (6.15.14).
#include <cstring>
#include <map>

#include "checks.hpp"
#include "inputs.hpp"
#include "reference/format_convert.hpp"
#include "reference/fp_bits.hpp"
#include "reference/printf_format.hpp"
#include "stdout_capture.hpp"

namespace clconform::suites {
namespace {

using ref::PrintfValue;

struct Call {
  size_t value, format;
};

// One component's value as C99 sees it after OpenCL's argument passing:
// integers keep their type's value, float and half convert exactly to double.
PrintfValue component(const TypeDesc& t, uint64_t bits) {
  PrintfValue v;
  if (t.kind == TypeDesc::Kind::Float) {
    v.kind = PrintfValue::Kind::Float;
    v.f = t.elem_size == 2 ? ref::half_to_double(uint16_t(bits))
          : t.elem_size == 4 ? double(ref::float_from_bits(uint32_t(bits)))
                             : ref::double_from_bits(bits);
  } else if (t.kind == TypeDesc::Kind::Int) {
    v.kind = PrintfValue::Kind::Int;
    v.size = int(t.elem_size);
    const unsigned shift = 64 - 8 * t.elem_size;
    v.i = int64_t(bits << shift) >> shift;
  } else {
    v.kind = PrintfValue::Kind::Uint;
    v.u = bits;
  }
  return v;
}

// "@<value>.<format>@<text>" lines; anything else is reported as stray text.
std::map<std::pair<size_t, size_t>, std::string> split_calls(const std::string& out, std::string& stray,
                                                             size_t& duplicates) {
  std::map<std::pair<size_t, size_t>, std::string> calls;
  size_t pos = 0;
  while (pos < out.size()) {
    size_t nl = out.find('\n', pos);
    if (nl == std::string::npos) nl = out.size();
    const std::string line = out.substr(pos, nl - pos);
    pos = nl + 1;
    size_t dot = line.find('.'), at = line.find('@', 1);
    unsigned long long v = 0, f = 0;
    if (line.size() > 2 && line[0] == '@' && dot != std::string::npos && at != std::string::npos && dot < at &&
        std::sscanf(line.c_str(), "@%llu.%llu@", &v, &f) == 2) {
      if (!calls.emplace(std::make_pair(size_t(v), size_t(f)), line.substr(at + 1)).second) ++duplicates;
    } else if (stray.size() < 200) {
      stray += line + "\\n";
    }
  }
  return calls;
}

std::vector<uint8_t> char_codes(uint64_t seed, uint64_t stream, uint64_t first, size_t n) {
  // %c prints the int converted to unsigned char (C99 7.19.6.1p8): printing
  // codes, some of them with higher bits set that the conversion drops.
  std::vector<uint8_t> out(n * 4);
  for (size_t i = 0; i < n; ++i) {
    uint64_t r = counter_bits(seed, stream, first + i);
    int32_t code = int32_t(32 + (first + i) % 95);
    if ((first + i) >= 95) code += int32_t((r >> 8) % 4) * 256 * ((r & 1) ? -1 : 1);
    std::memcpy(&out[4 * i], &code, 4);
  }
  return out;
}

void check_format(CaseRun& run) {
  const json::Value& p = run.c.params;
  const std::string arg = p.at("arg").as_string();
  std::vector<ref::PrintfFormat> formats;
  for (const auto& f : p.at("formats").as_array()) {
    ref::PrintfFormat fmt;
    std::string error;
    if (!ref::parse_printf_format(f.as_string(), fmt, error)) throw std::runtime_error("bad format in the manifest: " + error);
    formats.push_back(std::move(fmt));
  }
  const size_t nf = formats.size();
  cl::Kernel k = run.kernel();

  // The arguments of every call: args[value][conversion][component].
  std::vector<std::vector<std::vector<PrintfValue>>> args;
  std::vector<std::string> inputs_hex;
  std::vector<uint8_t> in;
  TypeDesc t;
  size_t nvalues = 1;
  if (arg == "value") {
    t = TypeDesc::from_json(p.at("type"));
    const size_t quick = size_t(p.at("values").as_uint());
    nvalues = run.count(quick, quick * 16);
    in = run.c.group == "char" ? char_codes(run.opts.seed, case_stream(run.c.id), run.first(), nvalues)
                               : make_vectors(t, run.opts.seed, case_stream(run.c.id), run.first(), nvalues);
    for (size_t i = 0; i < nvalues; ++i) {
      std::vector<PrintfValue> comps;
      std::string hex;
      for (unsigned l = 0; l < t.n; ++l) {
        uint64_t bits = read_lane(in, t, i, l);
        comps.push_back(component(t, bits));
        hex += (l ? "," : "") + hex_bits(bits, t.elem_size);
      }
      inputs_hex.push_back(hex);
      if (run.c.group == "return") {
        // The kernel passes v, ~v and v ^ 0x5a5a5a5a; each format uses a prefix of them.
        const int32_t v = int32_t(comps[0].i);
        std::vector<std::vector<PrintfValue>> three(3, comps);
        three[1][0].i = ~v;
        three[2][0].i = v ^ 0x5a5a5a5a;
        args.push_back(three);
      } else {
        args.push_back({comps});
      }
    }
  } else if (arg == "string") {
    nvalues = p.at("strings").size();
    for (const auto& s : p.at("strings").as_array()) {
      PrintfValue v;
      v.kind = PrintfValue::Kind::String;
      v.s = s.as_string();
      args.push_back({{v}});
      inputs_hex.push_back("\"" + v.s + "\"");
    }
  } else if (arg == "pointer") {
    nvalues = 2 * p.at("pointers").size();
    PrintfValue v;
    v.kind = PrintfValue::Kind::Pointer;
    for (size_t i = 0; i < nvalues; ++i) {
      args.push_back({{v}});
      inputs_hex.push_back(p.at("pointers").as_array()[i / 2].as_string());
    }
  } else {
    args.push_back({});
    inputs_hex.push_back("");
  }

  // Launch under capture: buffers, one work-item, clFinish.
  std::vector<int32_t> ret(nvalues * nf, int32_t(0xA5A5A5A5));
  std::string captured;
  {
    cl::Buffer ret_buf(run.session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, ret.size() * 4, ret.data());
    cl::Buffer in_buf, g_buf, c_buf;
    cl_uint a = 0;
    if (arg == "value") {
      in_buf = cl::Buffer(run.session.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, in.size(), in.data());
      k.setArg(a++, in_buf);
      k.setArg(a++, ret_buf);
      k.setArg(a++, cl_uint(nvalues));
    } else if (arg == "pointer") {
      int32_t init[2] = {7, 0};
      g_buf = cl::Buffer(run.session.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof init, init);
      c_buf = cl::Buffer(run.session.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof init, init);
      k.setArg(a++, g_buf);
      k.setArg(a++, c_buf);
      k.setArg(a++, ret_buf);
    } else {
      k.setArg(a++, ret_buf);
    }
    StdoutCapture capture;
    if (!capture.ok()) throw std::runtime_error("cannot redirect stdout to capture printf's output");
    run.session.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(1), cl::NDRange(1));
    run.session.queue.finish();
    captured = capture.finish();
    run.session.queue.enqueueReadBuffer(ret_buf, CL_TRUE, 0, ret.size() * 4, ret.data());
  }

  std::string stray;
  size_t duplicates = 0;
  auto calls = split_calls(captured, stray, duplicates);
  std::map<std::string, std::string> pointer_text;
  for (size_t i = 0; i < nvalues; ++i) {
    for (size_t f = 0; f < nf; ++f) {
      const auto& fa = args[i];
      std::vector<std::vector<PrintfValue>> used(fa.begin(), fa.begin() + std::min(fa.size(), formats[f].specs.size()));
      const std::string fmt_text = p.at("formats").as_array()[f].as_string();
      Mismatch m;
      m.index = run.first() + i;
      m.inputs = {fmt_text, inputs_hex[i]};
      // Known-failure entries select wrong texts by their format: "text <format>".
      m.edge = "text " + fmt_text;
      // The return value (6.15.14: 0 on success).
      if (ret[i * nf + f] != 0) {
        Mismatch r = m;
        r.output = "printf returned " + std::to_string(ret[i * nf + f]);
        r.expected = "0";
        r.note = "return value (6.15.14: 0 on success, -1 otherwise)";
        r.edge = "return value";
        WrongBits b;
        b.in_format = b.out_format = 'i';
        b.output = uint64_t(uint32_t(ret[i * nf + f]));
        b.expected = 0;
        r.bits = b;
        run.result.fail(r);
      }
      auto it = calls.find({i, f});
      if (it == calls.end()) {
        m.output = "(no output)";
        m.expected = ref::render_format(formats[f], used);
        m.note = "the call's text did not reach stdout by clFinish (6.15.14.1)";
        run.result.fail(m);
        continue;
      }
      std::string why = ref::judge_format(formats[f], used, it->second);
      if (why.empty() && arg == "pointer") {
        // The same pointer printed twice gives the same text.
        auto [prev, fresh] = pointer_text.emplace(inputs_hex[i], it->second);
        if (!fresh && prev->second != it->second) why = "the same pointer printed as '" + prev->second + "' and '" + it->second + "'";
      }
      if (!why.empty()) {
        m.output = it->second;
        m.expected = arg == "pointer" ? "printing characters" : ref::render_format(formats[f], used);
        m.note = why;
        run.result.fail(m);
      } else {
        run.result.pass();
      }
    }
  }
  if (!stray.empty() || duplicates) {
    Mismatch m;
    m.output = stray.substr(0, 200);
    m.expected = "(nothing)";
    m.note = std::to_string(duplicates) + " duplicate call texts; text that no call printed";
    m.edge = "stray text";
    run.result.fail(m);
  }
  const std::string n_calls = std::to_string(nvalues * nf);
  run.result.detail = n_calls + " printf calls (" + std::to_string(nf) + " formats x " + std::to_string(nvalues) +
                      (arg == "value" ? " values" : arg == "string" ? " literal strings" : arg == "pointer" ? " pointers" : " call") +
                      "; the catalog's quick count is " + std::to_string(p.at("calls").as_uint()) + ")" +
                      (run.result.failed() ? ", " + std::to_string(run.result.failed()) + " wrong" : "");
}

}  // namespace

void register_printf_checks() { register_check("printf.format", check_format); }

}  // namespace clconform::suites
