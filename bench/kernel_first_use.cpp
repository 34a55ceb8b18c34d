// Where a driver spends the time of a program's first use: building it,
// creating each kernel, and each kernel's first and second launch. Some
// drivers compile a kernel's machine code only when it is first created or
// launched, which a case then pays outside its recorded build time.
//
//   kernel_first_use [--device SEL] [--all] [--items N]
//                    [--background OTHER [--own-context]] FILE KERNEL...
//
// --device takes what `clconform run --device` takes. FILE is an OpenCL C
// source whose KERNELs take (__global const T* in, __global T* out), as the
// vectors suite's do; each is launched on N
// work-items (64, the suite's count) with 64 MiB zeroed buffers. --all
// creates every kernel of the program with clCreateKernelsInProgram right
// after the build, and times that first. --background builds the program
// OTHER in a second thread meanwhile (in a context of its own with
// --own-context), starting half a second before FILE's build: whether a
// driver lets one thread's compile block another thread's calls, and
// whether two builds overlap. Times are host wall seconds; "at" is seconds
// since the start.
#include <CL/opencl.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "device.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

int usage() {
  std::fprintf(stderr,
               "usage: kernel_first_use [--device SEL] [--all] [--items N] [--background OTHER [--own-context]] "
               "FILE KERNEL...\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string device_sel;  // "": $CLCONFORM_DEVICE or the first device, as clconform run
  bool all = false, own_context = false;
  std::string background;
  size_t items = 64;
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--device" && i + 1 < argc) device_sel = argv[++i];
    else if (a == "--all") all = true;
    else if (a == "--own-context") own_context = true;
    else if (a == "--background" && i + 1 < argc) background = argv[++i];
    else if (a == "--items" && i + 1 < argc) items = std::strtoul(argv[++i], nullptr, 10);
    else if (!a.empty() && a[0] == '-') return usage();
    else args.push_back(a);
  }
  if (args.size() < 2) return usage();
  std::thread other;
  int rc = 0;
  try {
    const std::string text = read_file(args[0]);
    const std::string other_text = background.empty() ? "" : read_file(background);
    const cl::Device dev = clconform::select_device(device_sel).device;
    std::printf("device %s, driver %s\nfile %s\n", dev.getInfo<CL_DEVICE_NAME>().c_str(),
                dev.getInfo<CL_DRIVER_VERSION>().c_str(), args[0].c_str());
    cl::Context ctx(dev);
    cl::CommandQueue q(ctx, dev);
    const size_t bytes = size_t(64) << 20;
    cl::Buffer bin(ctx, CL_MEM_READ_WRITE, bytes), bout(ctx, CL_MEM_READ_WRITE, bytes);
    q.enqueueFillBuffer(bin, cl_uchar(0), 0, bytes);
    q.enqueueFillBuffer(bout, cl_uchar(0), 0, bytes);
    q.finish();

    const auto start = std::chrono::steady_clock::now();
    if (!background.empty()) {
      other = std::thread([&] {
        try {
          cl::Context own = own_context ? cl::Context(dev) : ctx;
          cl::Program p(own, other_text);
          p.build({dev});
          std::printf("background build of %s done at %.3f s\n", background.c_str(), seconds_since(start));
        } catch (const cl::Error& e) {
          std::fprintf(stderr, "kernel_first_use: background %s failed (%d)\n", e.what(), e.err());
        }
      });
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    auto t0 = std::chrono::steady_clock::now();
    cl::Program prog(ctx, text);
    prog.build({dev});
    std::printf("build                     %8.3f s (at %.3f s)\n", seconds_since(t0), seconds_since(start));
    if (all) {
      t0 = std::chrono::steady_clock::now();
      std::vector<cl::Kernel> every;
      prog.createKernels(&every);
      std::printf("create all %3zu kernels    %8.3f s\n", every.size(), seconds_since(t0));
    }
    for (size_t k = 1; k < args.size(); ++k) {
      t0 = std::chrono::steady_clock::now();
      cl::Kernel kern(prog, args[k].c_str());
      const double create = seconds_since(t0);
      kern.setArg(0, bin);
      kern.setArg(1, bout);
      double launch[2];
      for (double& l : launch) {
        t0 = std::chrono::steady_clock::now();
        q.enqueueNDRangeKernel(kern, cl::NullRange, cl::NDRange(items), cl::NullRange);
        q.finish();
        l = seconds_since(t0);
      }
      std::printf("%-24s  create %8.3f s, first launch %8.3f s, second %8.3f s (at %.3f s)\n", args[k].c_str(), create,
                  launch[0], launch[1], seconds_since(start));
    }
  } catch (const cl::BuildError& e) {
    std::fprintf(stderr, "kernel_first_use: build failed (%d)\n", e.err());
    for (const auto& log : e.getBuildLog()) std::fprintf(stderr, "%s\n", log.second.c_str());
    rc = 1;
  } catch (const cl::Error& e) {
    std::fprintf(stderr, "kernel_first_use: %s failed (%d)\n", e.what(), e.err());
    rc = 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kernel_first_use: %s\n", e.what());
    rc = 1;
  }
  if (other.joinable()) other.join();
  return rc;
}
