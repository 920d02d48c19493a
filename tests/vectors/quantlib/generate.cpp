// Generates tests/vectors/quantlib-vectors.json: reference prices, yields and risk measures for
// the Kosh bond engine (src/shared/bonds), computed with QuantLib 1.29. See README.md.
#include <ql/quantlib.hpp>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace QuantLib;

namespace {

// ---------- deterministic pseudo-random numbers (same file on every run) ----------
unsigned long long seed = 20240229ULL;
double urand() { seed = seed * 6364136223846793005ULL + 1442695040888963407ULL; return double(seed >> 11) / 9007199254740992.0; }
int irand(int lo, int hi) { return lo + int(urand() * (hi - lo + 1)); }
template <class T> T pick(const std::vector<T>& v) { return v[size_t(urand() * v.size())]; }

std::string iso(const Date& d) {
    char b[16];
    std::snprintf(b, sizeof b, "%04d-%02d-%02d", d.year(), int(d.month()), d.dayOfMonth());
    return b;
}
std::string num(double x) { char b[40]; std::snprintf(b, sizeof b, "%.17g", x); return b; }

struct Terms {
    std::string conv;      // IN_GSEC, IN_GSEC_30E, IN_CORP
    Date maturity, issue, first, call;
    double c = 0.0718, red = 100.0, callPrice = 0.0;
    int f = 2;
    std::string leap = "BONDYEAR";
};

Date gridDate(const Terms& t, int k) { return t.maturity - Period(k * (12 / t.f), Months); }
Date finalDate(const Terms& t) { return t.call == Date() ? t.maturity : t.call; }
double finalAmount(const Terms& t) { return t.call == Date() ? t.red : t.callPrice; }

// The unadjusted backward schedule from the final date, starting at issue (or a grid date <= s).
std::vector<Date> scheduleDates(const Terms& t, const Date& s) {
    Date start = t.issue;
    if (start == Date()) { int k = 0; while (gridDate(t, k) > s) ++k; start = gridDate(t, k); }
    Schedule sch(start, finalDate(t), Period(Frequency(t.f)), NullCalendar(), Unadjusted, Unadjusted,
                 DateGeneration::Backward, false, t.first);
    return sch.dates();
}
bool onGrid(const Terms& t, const Date& d) {
    for (int k = 0; k < 12 * 45 + 2; ++k) { Date g = gridDate(t, k); if (g == d) return true; if (g < d) return false; }
    return false;
}

// ---------- G-sec: QuantLib FixedRateBond, and the DESIGN §5 loop on QuantLib day counts ----------
struct GsecOut { double clean, accrued, qlClean, macaulay, modified, convexity; bool matches; };

DayCounter gsecDc(const Terms& t) { return t.conv == "IN_GSEC" ? Thirty360(Thirty360::BondBasis) : Thirty360(Thirty360::European); }

FixedRateBond gsecBond(const Terms& t, const Date& s) {
    std::vector<Date> d = scheduleDates(t, s);
    Schedule schedule(t.issue == Date() ? d.front() : t.issue, finalDate(t), Period(Frequency(t.f)), NullCalendar(),
                      Unadjusted, Unadjusted, DateGeneration::Backward, false, t.first);
    return FixedRateBond(0, 100.0, schedule, {t.c}, gsecDc(t), Unadjusted, finalAmount(t));
}

// DESIGN: regular coupon c/f, first fraction (E-A)/E, one period per regular period; stubs count 30/360 days.
double gsecDesignDirty(const Terms& t, const Date& s, double y, bool* matches, double* accrued) {
    DayCounter dc = gsecDc(t);
    std::vector<Date> d = scheduleDates(t, s);
    double e = 360.0 / t.f, f = t.f;
    size_t k = 1; while (d[k] <= s) ++k;
    auto regular = [&](size_t j) { return onGrid(t, d[j - 1]) && onGrid(t, d[j]); };
    double a = dc.dayCount(d[k - 1], s);
    bool same = true;
    // QuantLib 1.29 also times a part-period as (period days - accrued days): getStepwiseDiscountTime.
    double tt = regular(k) ? (e - a) / e : (dc.dayCount(d[k - 1], d[k]) - a) / e;
    if (regular(k) && dc.dayCount(d[k - 1], d[k]) != e) same = false;
    InterestRate r(y, dc, Compounded, Frequency(t.f));
    double dirty = 0.0;
    for (size_t j = k; j < d.size(); ++j) {
        if (j > k) {
            bool reg = regular(j);
            double days = dc.dayCount(d[j - 1], d[j]);
            if (reg && days != e) same = false;
            tt += reg ? 1.0 : days / e;
        }
        bool reg = regular(j);
        double cpn = reg ? 100.0 * t.c / f : 100.0 * t.c * dc.dayCount(d[j - 1], d[j]) / 360.0;
        if (reg && t.c > 0 && dc.dayCount(d[j - 1], d[j]) != e) same = false;
        double amount = cpn + (j + 1 == d.size() ? finalAmount(t) : 0.0);
        dirty += amount * r.discountFactor(tt / f);
    }
    if (matches) *matches = same;
    if (accrued) *accrued = 100.0 * t.c * a / 360.0;
    return dirty;
}

GsecOut gsecPrice(const Terms& t, const Date& s, double y) {
    Settings::instance().evaluationDate() = s;
    FixedRateBond b = gsecBond(t, s);
    GsecOut o{};
    InterestRate r(y, gsecDc(t), Compounded, Frequency(t.f));
    o.qlClean = BondFunctions::cleanPrice(b, r, s);
    double acc = 0.0;
    double dirty = gsecDesignDirty(t, s, y, &o.matches, &acc);
    o.accrued = BondFunctions::accruedAmount(b, s);
    o.clean = dirty - acc;
    o.macaulay = BondFunctions::duration(b, r, Duration::Macaulay, s);
    o.modified = BondFunctions::duration(b, r, Duration::Modified, s);
    o.convexity = BondFunctions::convexity(b, r, s);
    return o;
}

double gsecYield(const Terms& t, const Date& s, double clean, double guess, bool matches) {
    Settings::instance().evaluationDate() = s;
    if (matches) {
        FixedRateBond b = gsecBond(t, s);
        return BondFunctions::yield(b, clean, gsecDc(t), Compounded, Frequency(t.f), s, 1e-13, 1000, guess);
    }
    double acc = 0.0;
    gsecDesignDirty(t, s, 0.05, nullptr, &acc);
    Brent solver;
    solver.setMaxEvaluations(1000);
    return solver.solve([&](double y) { return gsecDesignDirty(t, s, y, nullptr, nullptr) - acc - clean; },
                        1e-15, guess, -0.9 * t.f, 50.0);
}

// ---------- Corporate: SEBI Actual/Actual amounts, XIRR discounting by QuantLib CashFlows ----------
// One year before d as ActualActual(AFB) steps: 28 Feb of a leap year becomes 29 Feb.
Date afbYearBefore(const Date& d) {
    Date y = d - 1 * Years;
    return y.month() == February && y.dayOfMonth() == 28 && Date::isLeap(y.year()) ? y + 1 : y;
}

// Year fraction of [a, upTo) in the period ending `end`: year-long segments counted back from the anchor
// (maturity for BONDYEAR), each measured with ActualActual(ISMA) on that year.
// YEAREND measures every day of the period by the one year ending on the period end, so a long first
// period's days before that year began count over its length too (ISMA would split them off).
double corpFraction(const Terms& t, const Date& a, const Date& upTo, const Date& end) {
    if (upTo <= a) return 0.0;
    if (t.leap == "YEAREND") return double(upTo - a) / double(end - (end - 1 * Years));
    if (t.leap == "AFB") {
        // ActualActual(AFB) counts whole years back from the period end and divides the leading part-year
        // by 366 iff 29 Feb is one of its days; accrual prorates the year (or part-year) holding upTo.
        ActualActual afb(ActualActual::AFB);
        Date hi = end, lo = afbYearBefore(end);
        while (lo > a && lo >= upTo) { hi = lo; lo = afbYearBefore(lo); }
        if (lo <= a) return afb.yearFraction(a, hi) * double(upTo - a) / double(hi - a);
        return afb.yearFraction(a, lo) + double(upTo - lo) / double(hi - lo);
    }
    Date anchor = t.leap == "BONDYEAR" ? t.maturity : end;
    ActualActual isma(ActualActual::ISMA);
    double sum = 0.0;
    for (int i = 0; i < 200; ++i) {
        Date segEnd = anchor - i * Years, segStart = anchor - (i + 1) * Years;
        Date lo = std::max(segStart, a), hi = std::min(segEnd, upTo);
        if (hi > lo) sum += isma.yearFraction(lo, hi, segStart, segEnd);
        if (segStart <= a) break;
    }
    return sum;
}

struct CorpOut { double clean, accrued, dirty, macaulay, modified, convexity; Leg leg; };

Leg corpLeg(const Terms& t, const Date& s, double* accrued) {
    std::vector<Date> d = scheduleDates(t, s);
    Leg leg;
    for (size_t j = 1; j < d.size(); ++j) {
        double cpn = 100.0 * t.c * corpFraction(t, d[j - 1], d[j], d[j]);
        if (j + 1 == d.size()) cpn += finalAmount(t);
        leg.push_back(ext::make_shared<SimpleCashFlow>(cpn, d[j]));
        if (d[j - 1] <= s && s < d[j] && accrued) *accrued = 100.0 * t.c * corpFraction(t, d[j - 1], s, d[j]);
    }
    return leg;
}

CorpOut corpPrice(const Terms& t, const Date& s, double y) {
    Settings::instance().evaluationDate() = s;
    CorpOut o{};
    o.leg = corpLeg(t, s, &o.accrued);
    InterestRate r(y, Actual365Fixed(), Compounded, Annual);
    o.dirty = CashFlows::npv(o.leg, r, false, s, s);
    o.clean = o.dirty - o.accrued;
    o.macaulay = CashFlows::duration(o.leg, r, Duration::Macaulay, false, s, s);
    o.modified = CashFlows::duration(o.leg, r, Duration::Modified, false, s, s);
    o.convexity = CashFlows::convexity(o.leg, r, false, s, s);
    return o;
}

double corpYield(const Terms& t, const Date& s, double clean, double guess) {
    double acc = 0.0;
    Leg leg = corpLeg(t, s, &acc);
    return CashFlows::yield(leg, clean + acc, Actual365Fixed(), Compounded, Annual, false, s, s, 1e-13, 1000, guess);
}

// ---------- cases ----------
struct Case { std::string id; Terms t; Date s; double y, y2; };

Date ymd(int y, int m, int d) { return Date(d, Month(m), y); }

int firstGridOnOrBefore(const Terms& t, const Date& s) { int k = 0; while (gridDate(t, k) > s) ++k; return k; }

Case randomCase(bool corp, int n) {
    Case cs;
    Terms& t = cs.t;
    t.conv = corp ? "IN_CORP" : (urand() < 0.7 ? "IN_GSEC" : "IN_GSEC_30E");
    t.f = pick<int>({1, 2, 2, 2, 4, 12});
    t.c = pick<double>({0.0, 0.0526, 0.0718, 0.0775, 0.0899, 0.10, 0.12, 0.035, 0.0001, std::round(urand() * 1500) / 1e4});
    Date s = ymd(2020, 1, 1) + irand(0, 4000);
    int tenor = pick<int>({1, 2, 3, 6, 9, 12, 18, 24, 36, 60, 84, 120, 180, 240, 360, 480});
    Date m = s + Period(tenor, Months) + irand(-10, 10);
    if (m.dayOfMonth() > 28 && urand() < 0.8) m = ymd(m.year(), int(m.month()), irand(1, 28));
    if (m <= s + 3) m = s + 4 + irand(0, 20);
    t.maturity = m;
    if (urand() < 0.1) t.red = pick<double>({101.0, 105.0});
    if (corp) t.leap = pick<std::string>({"BONDYEAR", "BONDYEAR", "AFB", "YEAREND"});
    int K = firstGridOnOrBefore(t, s);
    double r = urand();
    if (r < 0.15) s = gridDate(t, K);
    else if (r < 0.25) s = gridDate(t, K > 0 ? K - 1 : K) - 1;
    else if (r < 0.35) s = gridDate(t, K) + 1;
    if (s >= m) s = m - 1;
    K = firstGridOnOrBefore(t, s);
    std::string kind = "plain";
    if (urand() < 0.2 && K >= 1) {
        bool lng = urand() < 0.5 && !(corp && t.f == 1 && t.leap != "BONDYEAR");
        int kF = std::max(1, K + irand(-2, 1));
        t.first = gridDate(t, kF);
        Date a = gridDate(t, kF + (lng ? 2 : 1)), b = gridDate(t, kF + (lng ? 1 : 0));
        t.issue = a + irand(1, std::max(1, int(b - a) - 2));
        if (t.issue > s) s = t.issue + irand(0, int(t.first - t.issue) - 1);
        kind = lng ? "long-first" : "short-first";
    } else if (urand() < 0.12 && K >= 2) {
        int kc = irand(1, K - 1);
        t.call = gridDate(t, kc);
        t.callPrice = pick<double>({100.0, 101.0, 102.5});
        kind = "call";
    }
    cs.s = s;
    auto ry = [] { return urand() < 0.5 ? pick<double>({-0.05, -0.02, 0.0, 0.01, 0.05, 0.0718, 0.085, 0.12, 0.2, 0.5, 1.0}) : -0.05 + urand() * 1.05; };
    cs.y = ry();
    cs.y2 = ry();
    cs.id = std::string(corp ? "corp-" : "gsec-") + kind + "-" + std::to_string(n);
    return cs;
}

std::string termsJson(const Terms& t) {
    std::string o = "{\"convention\":\"" + t.conv + "\",\"maturity\":\"" + iso(t.maturity) + "\",\"couponRate\":" + num(t.c) +
                    ",\"frequency\":" + std::to_string(t.f);
    if (t.red != 100.0) o += ",\"redemption\":" + num(t.red);
    if (t.issue != Date()) o += ",\"issueDate\":\"" + iso(t.issue) + "\"";
    if (t.first != Date()) o += ",\"firstCouponDate\":\"" + iso(t.first) + "\"";
    if (t.call != Date()) o += ",\"callDate\":\"" + iso(t.call) + "\",\"callPrice\":" + num(t.callPrice);
    if (t.conv == "IN_CORP" && t.leap != "BONDYEAR") o += ",\"leapRule\":\"" + t.leap + "\"";
    return o + "}";
}

void printCorp(const std::vector<Case>& corp) {
    for (size_t i = 0; i < corp.size(); ++i) {
        const Case& cs = corp[i];
        CorpOut o = corpPrice(cs.t, cs.s, cs.y);
        std::string line = "{\"id\":\"" + cs.id + "\",\"terms\":" + termsJson(cs.t) + ",\"settlement\":\"" + iso(cs.s) +
                           "\",\"yield\":" + num(cs.y) + ",\"cleanPrice\":" + num(o.clean) + ",\"accruedInterest\":" + num(o.accrued) +
                           ",\"macaulay\":" + num(o.macaulay) + ",\"modified\":" + num(o.modified) + ",\"convexity\":" + num(o.convexity) +
                           ",\"reference\":\"QuantLib CashFlows npv/yield, Actual365Fixed Compounded Annual\"";
        double q = std::round(corpPrice(cs.t, cs.s, cs.y2).clean * 1e4) / 1e4;
        if (q > 0.5 && q <= 250.0) line += ",\"quote\":" + num(q) + ",\"quoteYield\":" + num(corpYield(cs.t, cs.s, q, cs.y2 * 1.05 + 0.013));
        std::printf("%s}%s\n", line.c_str(), i + 1 < corp.size() ? "," : "");
    }
}

Date nearestLeapDay(const Date& d) {
    int y = d.year();
    while (!Date::isLeap(y)) ++y;
    return ymd(y, 2, 29);
}

// Corporate property suite: first coupons 1-6 periods long or short, under every leap rule, with
// maturities, issue and settlement dates on and around 29 February.
Case suiteCase(int n) {
    Case cs;
    Terms& t = cs.t;
    t.conv = "IN_CORP";
    t.f = pick<int>({1, 2, 2, 4, 12});
    t.leap = pick<std::string>({"BONDYEAR", "AFB", "YEAREND"});
    t.c = pick<double>({0.0526, 0.079, 0.0899, 0.10, 0.0001, std::round(urand() * 1500) / 1e4});
    Date leap = nearestLeapDay(ymd(2020, 1, 1) + irand(0, 7000));
    Date m = leap + Period(pick<int>({12, 24, 36, 60, 120, 240}), Months) + irand(-3, 3);
    double r = urand();
    if (r < 0.2) m = nearestLeapDay(m);
    else if (r < 0.35) m = ymd(m.year(), 2, 28);
    t.maturity = m;
    // The first coupon sits on the grid a few periods after the leap day; the issue is one period
    // (short) or 2-6 periods (long) before it, so 29 Feb falls inside or next to the first period.
    int kF = 1;
    while (gridDate(t, kF + 1) > leap + 200) ++kF;
    bool lng = urand() < 0.6;
    int periods = lng ? irand(2, t.f == 12 ? 6 : t.f == 1 ? 2 : 3) : 1;
    t.first = gridDate(t, kF);
    Date a = gridDate(t, kF + periods), b = gridDate(t, kF + periods - 1);
    t.issue = a + irand(1, std::max(1, int(b - a) - 1));
    double w = urand();
    Date s = w < 0.25 ? leap + irand(-3, 3) : w < 0.85 ? t.issue + irand(0, int(t.first - t.issue) - 1) : t.first + irand(0, 400);
    if (s < t.issue) s = t.issue;
    if (s >= t.maturity) s = t.maturity - 1;
    cs.s = s;
    auto ry = [] { return urand() < 0.5 ? pick<double>({-0.02, 0.0, 0.05, 0.079, 0.12, 0.5}) : -0.05 + urand() * 0.6; };
    cs.y = ry();
    cs.y2 = ry();
    cs.id = "suite-" + std::string(lng ? "long" : "short") + "-first-" + t.leap + "-f" + std::to_string(t.f) + "-" + std::to_string(n);
    return cs;
}

int corpSuite(int count) {
    seed = 20280229ULL;
    std::vector<Case> corp;
    for (int i = 0; i < count; ++i) corp.push_back(suiteCase(i));
    std::printf("{\n\"generator\":\"tests/vectors/quantlib/generate.cpp corp-suite\",\n\"quantlib\":\"%s\",\n\"corp\":[\n", QL_VERSION);
    printCorp(corp);
    std::printf("]\n}\n");
    std::fprintf(stderr, "corp suite %zu\n", corp.size());
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "corp-suite") return corpSuite(2000);
    std::vector<Case> gsec, corp;
    auto G = [&](std::string id, std::string conv, Date m, double c, int f, Date s, double y, double y2) {
        Case cs; cs.id = id; cs.t.conv = conv; cs.t.maturity = m; cs.t.c = c; cs.t.f = f; cs.s = s; cs.y = y; cs.y2 = y2;
        return cs;
    };
    // Hand-picked: named real-world shapes and the edge cases of DESIGN §5.
    gsec.push_back(G("gsec-7.18GS2033", "IN_GSEC", ymd(2033, 7, 24), 0.0718, 2, ymd(2024, 3, 15), 0.0705, 0.071));
    gsec.push_back(G("gsec-on-coupon-date", "IN_GSEC", ymd(2033, 7, 24), 0.0718, 2, ymd(2024, 1, 24), 0.0705, 0.08));
    gsec.push_back(G("gsec-day-before-coupon", "IN_GSEC", ymd(2033, 7, 24), 0.0718, 2, ymd(2024, 1, 23), 0.0705, 0.06));
    gsec.push_back(G("gsec-day-after-coupon", "IN_GSEC", ymd(2033, 7, 24), 0.0718, 2, ymd(2024, 1, 25), 0.0705, 0.06));
    gsec.push_back(G("gsec-leap-day", "IN_GSEC", ymd(2034, 8, 22), 0.071, 2, ymd(2024, 2, 29), 0.069, 0.07));
    gsec.push_back(G("gsec-final-period", "IN_GSEC", ymd(2024, 7, 24), 0.0718, 2, ymd(2024, 5, 10), 0.068, 0.09));
    gsec.push_back(G("gsec-1-month", "IN_GSEC", ymd(2024, 4, 15), 0.0735, 2, ymd(2024, 3, 15), 0.067, 1.0));
    gsec.push_back(G("gsec-40-year", "IN_GSEC", ymd(2063, 11, 6), 0.0746, 2, ymd(2024, 6, 3), 0.0712, -0.05));
    gsec.push_back(G("gsec-zero-strip", "IN_GSEC", ymd(2035, 6, 2), 0.0, 2, ymd(2024, 9, 12), 0.0701, 0.5));
    gsec.push_back(G("gsec-yield-minus-5pc", "IN_GSEC", ymd(2030, 10, 10), 0.05, 2, ymd(2024, 12, 2), -0.05, 0.99));
    gsec.push_back(G("gsec-yield-100pc", "IN_GSEC", ymd(2030, 10, 10), 0.05, 2, ymd(2024, 12, 2), 1.0, -0.049));
    gsec.push_back(G("gsec-30E-month-end", "IN_GSEC_30E", ymd(2031, 5, 31), 0.0768, 2, ymd(2024, 3, 31), 0.07, 0.072));
    gsec.push_back(G("gsec-settle-31st", "IN_GSEC", ymd(2030, 7, 15), 0.0718, 2, ymd(2024, 3, 31), 0.07, 0.071));
    gsec.push_back(G("gsec-eom-maturity-divergent", "IN_GSEC", ymd(2030, 8, 31), 0.0718, 2, ymd(2024, 4, 10), 0.07, 0.071));
    corp.push_back(G("corp-leap-bondyear", "IN_CORP", ymd(2029, 3, 15), 0.0825, 2, ymd(2024, 2, 29), 0.08, 0.085));
    corp.push_back(G("corp-annual-10y", "IN_CORP", ymd(2034, 9, 26), 0.0779, 1, ymd(2024, 11, 4), 0.0785, 0.0801));
    corp.push_back(G("corp-on-coupon-date", "IN_CORP", ymd(2034, 9, 26), 0.0779, 1, ymd(2024, 9, 26), 0.0785, 0.07));
    corp.push_back(G("corp-final-period", "IN_CORP", ymd(2025, 1, 20), 0.0915, 4, ymd(2024, 12, 2), 0.089, 0.5));
    corp.push_back(G("corp-zero-coupon", "IN_CORP", ymd(2027, 5, 5), 0.0, 1, ymd(2024, 2, 28), 0.0825, 0.0799));
    corp.push_back(G("corp-monthly", "IN_CORP", ymd(2028, 2, 29), 0.095, 12, ymd(2024, 3, 1), 0.1, 0.11));
    // A long first coupon spanning 29 Feb of the year before the one ending on the first coupon date.
    Case lf = G("corp-long-first-leap-YEAREND", "IN_CORP", ymd(2029, 6, 30), 0.079, 2, ymd(2024, 11, 11), 0.08, 0.081);
    lf.t.issue = ymd(2024, 4, 10);
    lf.t.first = ymd(2025, 6, 30);
    lf.t.leap = "YEAREND";
    corp.push_back(lf);
    for (std::string rule : {"AFB", "YEAREND"}) {
        Case cs = G("corp-leap-" + rule, "IN_CORP", ymd(2029, 3, 15), 0.0825, 2, ymd(2024, 2, 29), 0.08, 0.085);
        cs.t.leap = rule;
        corp.push_back(cs);
        Case q = G("corp-leap-annual-" + rule, "IN_CORP", ymd(2030, 6, 10), 0.0825, 1, ymd(2024, 1, 10), 0.08, 0.085);
        q.t.leap = rule;
        corp.push_back(q);
    }
    for (int i = 0; i < 420; ++i) gsec.push_back(randomCase(false, i));
    for (int i = 0; i < 320; ++i) corp.push_back(randomCase(true, i));

    std::printf("{\n\"generator\":\"tests/vectors/quantlib/generate.cpp\",\n\"quantlib\":\"%s\",\n", QL_VERSION);
    std::printf("\"gsec\":[\n");
    int divergent = 0, mismatched = 0;
    for (size_t i = 0; i < gsec.size(); ++i) {
        const Case& cs = gsec[i];
        GsecOut o = gsecPrice(cs.t, cs.s, cs.y);
        if (o.matches && std::fabs(o.clean - o.qlClean) > 1e-11) { ++mismatched; std::fprintf(stderr, "mismatch %s: design %.12f ql %.12f\n", cs.id.c_str(), o.clean, o.qlClean); }
        if (!o.matches) ++divergent;
        std::string line = "{\"id\":\"" + cs.id + "\",\"terms\":" + termsJson(cs.t) + ",\"settlement\":\"" + iso(cs.s) +
                           "\",\"yield\":" + num(cs.y) + ",\"cleanPrice\":" + num(o.matches ? o.qlClean : o.clean) +
                           ",\"accruedInterest\":" + num(o.accrued) + ",\"reference\":\"" +
                           (o.matches ? "QuantLib FixedRateBond" : "DESIGN loop on QuantLib Thirty360/InterestRate") + "\"";
        if (o.matches) line += ",\"macaulay\":" + num(o.macaulay) + ",\"modified\":" + num(o.modified) + ",\"convexity\":" + num(o.convexity);
        else line += ",\"quantlibFixedRateBondClean\":" + num(o.qlClean);
        double q = std::round(gsecPrice(cs.t, cs.s, cs.y2).clean * 1e4) / 1e4;
        if (q > 0.5 && q <= 250.0)
            line += ",\"quote\":" + num(q) + ",\"quoteYield\":" + num(gsecYield(cs.t, cs.s, q, cs.y2 * 1.05 + 0.013, o.matches));
        std::printf("%s}%s\n", line.c_str(), i + 1 < gsec.size() ? "," : "");
    }
    std::printf("],\n\"corp\":[\n");
    printCorp(corp);
    std::printf("]\n}\n");
    std::fprintf(stderr, "gsec %zu (divergent from FixedRateBond: %d, design/QL mismatch on matching cases: %d), corp %zu\n",
                 gsec.size(), divergent, mismatched, corp.size());
    return mismatched == 0 ? 0 : 1;
}
