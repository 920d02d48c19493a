// QuantLib 1.29 timing harness for tests/bench/bonds.bench.ts: the same two bonds, the same
// settlement, price-from-yield and yield-from-price in a loop. Prints one JSON object.
#include <ql/quantlib.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>

using namespace QuantLib;

// Best-of-5 mean µs per call (each round n/5 calls) after a warm-up, as the TypeScript side does.
template <class F> double usPerOp(int n, F&& f) {
    volatile double sink = 0;
    for (int i = 0; i < n / 10 + 1; ++i) sink = sink + f(i);  // warm-up
    double best = 1e300;
    int per = n / 5 > 0 ? n / 5 : 1;
    for (int round = 0; round < 5; ++round) {
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < per; ++i) sink = sink + f(i);
        auto t1 = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double, std::micro>(t1 - t0).count() / per);
    }
    return best;
}

int main(int argc, char** argv) {
    int n = argc > 1 ? std::atoi(argv[1]) : 20000;
    Date s(15, March, 2024);
    Settings::instance().evaluationDate() = s;
    // 10-year semi-annual G-sec, settlement mid-period.
    Date gm(24, July, 2034);
    Schedule sch(Date(24, January, 2024), gm, Period(Semiannual), NullCalendar(), Unadjusted, Unadjusted,
                 DateGeneration::Backward, false);
    Thirty360 dc(Thirty360::BondBasis);
    FixedRateBond gsec(0, 100.0, sch, {0.0718}, dc, Unadjusted, 100.0);
    // 10-year annual corporate: SEBI Act/Act amounts precomputed, XIRR discounting as in the vectors.
    Date cm(26, September, 2034);
    Leg leg;
    for (int k = 10; k >= 0; --k) {
        Date end = cm - k * Years;
        if (end <= s) continue;
        // An annual coupon spans exactly one bond-year, so SEBI Act/Act pays the full 7.79.
        double amt = 100.0 * 0.0779;
        if (k == 0) amt += 100.0;
        leg.push_back(ext::make_shared<SimpleCashFlow>(amt, end));
    }
    Actual365Fixed a365;
    double gp = 0, cp = 0;
    double gPrice = usPerOp(n, [&](int i) {
        return gp = BondFunctions::cleanPrice(gsec, 0.07 + 1e-6 * (i % 100), dc, Compounded, Semiannual, s);
    });
    double gYield = usPerOp(n / 10, [&](int i) {
        return BondFunctions::yield(gsec, gp + 1e-4 * (i % 100), dc, Compounded, Semiannual, s, 1e-10, 100, 0.05);
    });
    double cPrice = usPerOp(n, [&](int i) {
        return cp = CashFlows::npv(leg, InterestRate(0.078 + 1e-6 * (i % 100), a365, Compounded, Annual), false, s, s);
    });
    double cYield = usPerOp(n / 10, [&](int i) {
        return CashFlows::yield(leg, cp + 1e-4 * (i % 100), a365, Compounded, Annual, false, s, s, 1e-10, 100, 0.05);
    });
    std::printf("{\"gsecPrice\":%.4f,\"gsecYield\":%.4f,\"corpPrice\":%.4f,\"corpYield\":%.4f}\n", gPrice, gYield, cPrice, cYield);
    return 0;
}
