// Cycle loop around a Verilated `mccp_soc` (class Vtop, built with --prefix Vtop by
// mccp.device.build.build_model) for mccp.soc.sim (ctypes).
//
// The program is in the RAM before the first clock: the model's initial block reads
// the hex file named by the plusarg +mem=<path> ($readmemh in mccp_soc_ram).  The loop
// collects the console bytes and stops at the first write to the EXIT register or at
// a cycle limit.  Every cycle: clk low -> eval -> clk high -> eval -> sample the
// registered outputs (each pulse lasts one cycle, so it is seen once).
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "Vtop.h"
#include "verilated.h"

#if VM_TRACE_FST
#include "verilated_fst_c.h"
#define SOC_TRACE 1
using TraceFile = VerilatedFstC;
#elif VM_TRACE_VCD || (VM_TRACE && !VM_TRACE_FST)
#include "verilated_vcd_c.h"
#define SOC_TRACE 1
using TraceFile = VerilatedVcdC;
#endif

struct Soc {
    VerilatedContext* ctx;
    Vtop* top;
#ifdef SOC_TRACE
    TraceFile* tfp = nullptr;
#endif
    uint64_t cycle = 0;
    std::string console;
    bool exited = false;
    uint32_t exit_code = 0;
    uint64_t exit_cycle = 0;

    Soc(const char* plusargs, const char* trace_path) {
        ctx = new VerilatedContext;
        // "+name=value" words, space separated, for the model's $value$plusargs
        std::vector<std::string> words{"soc"};
        std::string cur;
        for (const char* p = plusargs; p && *p; ++p) {
            if (*p == ' ') {
                if (!cur.empty()) words.push_back(cur);
                cur.clear();
            } else {
                cur.push_back(*p);
            }
        }
        if (!cur.empty()) words.push_back(cur);
        std::vector<const char*> argv;
        for (auto& w : words) argv.push_back(w.c_str());
        ctx->commandArgs(static_cast<int>(argv.size()), argv.data());
#ifdef SOC_TRACE
        if (trace_path && *trace_path) ctx->traceEverOn(true);
#endif
        top = new Vtop{ctx, "top"};
#ifdef SOC_TRACE
        if (trace_path && *trace_path) {
            tfp = new TraceFile;
            top->trace(tfp, 99);
            tfp->open(trace_path);
        }
#else
        (void)trace_path;
#endif
        top->clk_i = 0;
        top->rst_ni = 0;
        top->eval();
    }

    ~Soc() {
#ifdef SOC_TRACE
        if (tfp) {
            tfp->close();
            delete tfp;
        }
#endif
        top->final();
        delete top;
        delete ctx;
    }

    void tick() {
        top->clk_i = 0;
        top->eval();
        ctx->timeInc(1);
#ifdef SOC_TRACE
        if (tfp) tfp->dump(ctx->time());
#endif
        top->clk_i = 1;
        top->eval();
        ctx->timeInc(1);
#ifdef SOC_TRACE
        if (tfp) tfp->dump(ctx->time());
#endif
        ++cycle;
        if (top->console_valid_o) console.push_back(static_cast<char>(top->console_data_o));
        if (top->exit_valid_o && !exited) {
            exited = true;
            exit_code = top->exit_code_o;
            exit_cycle = cycle;
        }
    }

    void reset(unsigned cycles) {
        top->rst_ni = 0;
        for (unsigned i = 0; i < cycles; ++i) tick();
        top->rst_ni = 1;
    }
};

extern "C" {

Soc* soc_new(const char* plusargs, const char* trace_path) { return new Soc(plusargs, trace_path); }
void soc_free(Soc* s) { delete s; }
void soc_reset(Soc* s, unsigned cycles) { s->reset(cycles); }
uint64_t soc_cycle(Soc* s) { return s->cycle; }

// Run until the program writes EXIT or `max_cycles` more cycles pass: 1 exited, 0 limit.
int soc_run(Soc* s, uint64_t max_cycles) {
    for (uint64_t i = 0; i < max_cycles && !s->exited; ++i) s->tick();
    return s->exited ? 1 : 0;
}

uint32_t soc_exit_code(Soc* s) { return s->exit_code; }
uint64_t soc_exit_cycle(Soc* s) { return s->exit_cycle; }
uint64_t soc_console_len(Soc* s) { return s->console.size(); }

// Copies up to `cap` console bytes from the start into buf; returns the number copied.
uint64_t soc_console(Soc* s, char* buf, uint64_t cap) {
    uint64_t n = s->console.size() < cap ? s->console.size() : cap;
    std::memcpy(buf, s->console.data(), n);
    return n;
}

}  // extern "C"
